import { Alert, Button, Card, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INVITATION_ACTIONS, InvitationBody, QrImageFormat, SendEmailQrBody, type CampaignView, type SendResultView } from '@qr/contracts';
import { useState } from 'react';
import { describeError } from '../../api/api-problem';
import { codeKeys, codesApi } from '../codes';
import { checked, serverErrors, type FormErrors } from '../promos';
import { CHANNEL_LABELS } from './campaign-editor';
import { campaignsApi, messagingKeys } from './messaging-api';

const ACTION_LABELS: Record<InvitationBody['action'], string> = {
  visit: 'Visit the code',
  join_loyalty: 'Join its loyalty card',
  refer_friend: 'Refer a friend',
  claim_promo: 'Claim its offer',
};

/** The organisation's codes as choices, the first one chosen until someone picks. */
function useCodeChoices(orgId: string) {
  const codes = useQuery({ queryKey: codeKeys.names(orgId), queryFn: () => codesApi.names(orgId), enabled: orgId !== '' });
  return (codes.data ?? []).map((code) => ({ value: code.code_id, label: code.name }));
}

/** Spec §7 "campaign invitation message": a draft inviting a code's customers to its action, opened in the editor. */
export function InvitationStarter({ orgId, onDrafted }: { orgId: string; onDrafted: (campaign: CampaignView) => void }) {
  const choices = useCodeChoices(orgId);
  const [codeId, setCodeId] = useState('');
  const [action, setAction] = useState<InvitationBody['action']>('visit');
  const [channel, setChannel] = useState<InvitationBody['channel']>('email');
  const [errors, setErrors] = useState<FormErrors>({});
  const draft = useMutation({ mutationFn: (body: InvitationBody) => campaignsApi.invitation(body), onSuccess: onDrafted });
  const submit = () => {
    const result = checked(InvitationBody, { org_id: orgId, code_id: codeId || choices[0]?.value, action, channel });
    setErrors(result.errors ?? {});
    if (result.data) draft.mutate(result.data);
  };
  const shown = { ...serverErrors(draft.error), ...errors };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Invite to a code
        </Title>
        <Text size="sm" c="dimmed">
          A draft inviting the code’s customers to do something there, in words you can change before sending.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label="Code"
            data={choices}
            value={codeId || choices[0]?.value || ''}
            onChange={(event) => setCodeId(event.currentTarget.value)}
            error={shown['code_id']}
          />
          <NativeSelect
            label="Invite them to"
            data={INVITATION_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] }))}
            value={action}
            onChange={(event) => setAction(event.currentTarget.value as InvitationBody['action'])}
          />
          <NativeSelect
            label="By"
            data={(['email', 'sms', 'push'] as const).map((value) => ({ value, label: CHANNEL_LABELS[value] }))}
            value={channel}
            onChange={(event) => setChannel(event.currentTarget.value as InvitationBody['channel'])}
          />
        </SimpleGrid>
        {choices.length === 0 ? (
          <Text size="sm">Create a code first: an invitation leads to one.</Text>
        ) : (
          <Button variant="default" onClick={submit} loading={draft.isPending} style={{ alignSelf: 'flex-start' }}>
            Draft the invitation
          </Button>
        )}
        {draft.isError && !shown['code_id'] && <Alert color="red">{describeError(draft.error)}</Alert>}
      </Stack>
    </Card>
  );
}

const resultText = (result: SendResultView) =>
  result.status === 'sent' ? (result.outbox ? 'Sent to the outbox: connect SMTP to deliver it.' : 'Sent.') : `Not sent yet: ${result.status}.`;

/** Spec §7 "send email with QR codes attached": `amount` new one-time codes of a code, in one email to one address. */
export function EmailQrSender({ orgId }: { orgId: string }) {
  const choices = useCodeChoices(orgId);
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ to: '', base_code_id: '', name: 'Tickets', amount: 1, type: 'png' as QrImageFormat, width: 300, height: 300 });
  const [errors, setErrors] = useState<FormErrors>({});
  const send = useMutation({
    mutationFn: (body: SendEmailQrBody) => campaignsApi.emailQr(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
  });
  const set = (change: Partial<typeof values>) => setValues((before) => ({ ...before, ...change }));
  const submit = () => {
    const result = checked(SendEmailQrBody, { org_id: orgId, ...values, base_code_id: values.base_code_id || choices[0]?.value });
    setErrors(result.errors ?? {});
    if (result.data) send.mutate(result.data);
  };
  const shown = { ...serverErrors(send.error), ...errors };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Email QR codes
        </Title>
        <Text size="sm" c="dimmed">
          New one-time codes of a code, each its own QR image, in one email: tickets for one person, say.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="To" type="email" value={values.to} onChange={(event) => set({ to: event.currentTarget.value })} error={shown['to']} />
          <NativeSelect
            label="Codes of"
            data={choices}
            value={values.base_code_id || choices[0]?.value || ''}
            onChange={(event) => set({ base_code_id: event.currentTarget.value })}
            error={shown['base_code_id']}
          />
          <TextInput
            label="Name"
            description="The files are named after it"
            value={values.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={shown['name']}
          />
          <NumberInput label="How many" min={1} max={20} value={values.amount} onChange={(amount) => set({ amount: Number(amount) })} error={shown['amount']} />
          <NativeSelect
            label="Image type"
            data={QrImageFormat.options.map((value) => ({ value, label: value.toUpperCase() }))}
            value={values.type}
            onChange={(event) => set({ type: event.currentTarget.value as QrImageFormat })}
          />
          <SimpleGrid cols={2}>
            <NumberInput label="Width (px)" value={values.width} onChange={(width) => set({ width: Number(width) })} error={shown['width']} />
            <NumberInput label="Height (px)" value={values.height} onChange={(height) => set({ height: Number(height) })} error={shown['height']} />
          </SimpleGrid>
        </SimpleGrid>
        {choices.length === 0 ? (
          <Text size="sm">Create a code first: the QR codes are its one-time codes.</Text>
        ) : (
          <Button onClick={submit} loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
            Send the email
          </Button>
        )}
        {send.data && (
          <Alert color={send.data.status === 'sent' ? 'teal' : 'yellow'} role="status">
            {resultText(send.data)}
          </Alert>
        )}
        {send.isError && Object.keys(serverErrors(send.error)).length === 0 && <Alert color="red">{describeError(send.error)}</Alert>}
      </Stack>
    </Card>
  );
}
