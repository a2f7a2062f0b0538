import { Alert, Badge, Button, Card, Checkbox, Group, NumberInput, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SmtpConnectionBody, TwilioConnectionBody, type ConnectionsView, type ConnectionView, type MessagingProvider } from '@qr/contracts';
import { useState, type ReactNode } from 'react';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { checked, serverErrors, type FormErrors } from '../promos';
import { connectionsApi, messagingKeys } from './messaging-api';

const PROVIDER_NAMES: Record<MessagingProvider, string> = { smtp: 'Email by SMTP', twilio: 'SMS by Twilio' };

function SmtpForm({ orgId, onDone }: { orgId: string; onDone(now: ConnectionsView): void }) {
  const [values, setValues] = useState({
    host: '',
    port: 587 as number | string,
    secure: false,
    user: '',
    password: '',
    from: '',
    from_name: '',
    rate_per_second: 20 as number | string,
  });
  const set = (change: Partial<typeof values>) => setValues((current) => ({ ...current, ...change }));
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useMutation({ mutationFn: (body: SmtpConnectionBody) => connectionsApi.connectSmtp(body), onSuccess: onDone });
  const submit = () => {
    const result = checked(SmtpConnectionBody, { org_id: orgId, ...values, port: Number(values.port), rate_per_second: Number(values.rate_per_second) });
    setErrors(result.errors ?? {});
    if (result.data) save.mutate(result.data);
  };
  const shown = { ...serverErrors(save.error), ...errors };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="SMTP host" value={values.host} onChange={(event) => set({ host: event.currentTarget.value })} error={shown['host']} />
        <NumberInput label="Port" min={1} max={65535} value={values.port} onChange={(port) => set({ port })} error={shown['port']} />
        <TextInput label="User name" value={values.user} onChange={(event) => set({ user: event.currentTarget.value })} error={shown['user']} />
        <PasswordInput label="Password" value={values.password} onChange={(event) => set({ password: event.currentTarget.value })} error={shown['password']} />
        <TextInput label="From address" value={values.from} onChange={(event) => set({ from: event.currentTarget.value })} error={shown['from']} />
        <TextInput label="From name" value={values.from_name} onChange={(event) => set({ from_name: event.currentTarget.value })} error={shown['from_name']} />
        <NumberInput
          label="Messages a second"
          min={1}
          max={1000}
          value={values.rate_per_second}
          onChange={(rate_per_second) => set({ rate_per_second })}
          error={shown['rate_per_second']}
        />
      </SimpleGrid>
      <Checkbox label="TLS from the first byte (port 465)" checked={values.secure} onChange={(event) => set({ secure: event.currentTarget.checked })} />
      {save.isError && (
        <Alert color="red" role="alert">
          {describeError(save.error)}
        </Alert>
      )}
      <Button onClick={submit} loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
        Connect SMTP
      </Button>
    </Stack>
  );
}

function TwilioForm({ orgId, onDone }: { orgId: string; onDone(now: ConnectionsView): void }) {
  const [values, setValues] = useState({ account_sid: '', auth_token: '', from: '', verify_service_sid: '' });
  const set = (change: Partial<typeof values>) => setValues((current) => ({ ...current, ...change }));
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useMutation({ mutationFn: (body: TwilioConnectionBody) => connectionsApi.connectTwilio(body), onSuccess: onDone });
  const submit = () => {
    const { verify_service_sid, ...rest } = values;
    const result = checked(TwilioConnectionBody, {
      org_id: orgId,
      ...rest,
      ...(verify_service_sid.trim() ? { verify_service_sid: verify_service_sid.trim() } : {}),
    });
    setErrors(result.errors ?? {});
    if (result.data) save.mutate(result.data);
  };
  const shown = { ...serverErrors(save.error), ...errors };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Account SID"
          value={values.account_sid}
          onChange={(event) => set({ account_sid: event.currentTarget.value })}
          error={shown['account_sid']}
        />
        <PasswordInput
          label="Auth token"
          value={values.auth_token}
          onChange={(event) => set({ auth_token: event.currentTarget.value })}
          error={shown['auth_token']}
        />
        <TextInput
          label="From number"
          description="Such as +15005550006"
          value={values.from}
          onChange={(event) => set({ from: event.currentTarget.value })}
          error={shown['from']}
        />
        <TextInput
          label="Verify service SID"
          description="Optional: VA…, for phone-number verification"
          value={values.verify_service_sid}
          onChange={(event) => set({ verify_service_sid: event.currentTarget.value })}
          error={shown['verify_service_sid']}
        />
      </SimpleGrid>
      {save.isError && (
        <Alert color="red" role="alert">
          {describeError(save.error)}
        </Alert>
      )}
      <Button onClick={submit} loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
        Connect Twilio
      </Button>
    </Stack>
  );
}

/** One provider: connected with what it is, and a disconnect; or the API's hint and the form to connect it. */
export function ConnectionCard({ orgId, connection, writable }: { orgId: string; connection: ConnectionView; writable: boolean }) {
  const queryClient = useQueryClient();
  const refresh = (now: ConnectionsView) => queryClient.setQueryData(messagingKeys.connections(orgId), now);
  const disconnect = useMutation({ mutationFn: () => connectionsApi.disconnect(orgId, connection.provider), onSuccess: refresh });
  const name = PROVIDER_NAMES[connection.provider];
  const form: ReactNode = connection.provider === 'smtp' ? <SmtpForm orgId={orgId} onDone={refresh} /> : <TwilioForm orgId={orgId} onDone={refresh} />;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {name}
          </Title>
          <Badge color={connection.connected ? 'teal' : 'gray'}>{connection.connected ? 'Connected' : 'Not connected'}</Badge>
        </Group>
        {connection.connected ? (
          <>
            <Text style={BREAK_ANYWHERE}>{connection.summary}</Text>
            {writable && (
              <Button color="red" variant="light" onClick={() => disconnect.mutate()} loading={disconnect.isPending} style={{ alignSelf: 'flex-start' }}>
                {`Disconnect ${connection.provider === 'smtp' ? 'SMTP' : 'Twilio'}`}
              </Button>
            )}
            {disconnect.isError && <Alert color="red">{describeError(disconnect.error)}</Alert>}
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {connection.hint}
            </Text>
            {writable && form}
          </>
        )}
      </Stack>
    </Card>
  );
}
