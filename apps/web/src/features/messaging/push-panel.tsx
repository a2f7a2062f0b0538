import { Alert, Button, Card, Group, NativeSelect, Radio, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SendPushBody } from '@qr/contracts';
import { useState } from 'react';
import { codeKeys, codesApi } from '../codes';
import { checked, serverErrors, type FormErrors } from '../promos';
import { messagingKeys } from './messaging-api';
import { sendPush, type PushSendResult } from './push-api';

const RESULT_COLORS: Record<PushSendResult['status'], string> = { sent: 'teal', scheduled: 'blue', unexpected: 'yellow', no_body: 'red', failed: 'red' };

/** Spec §7 "send push notification": now or at a time, to a code's subscribers or every one; the result said as spec §4 says. */
export function PushPanel({ orgId }: { orgId: string }) {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [codeId, setCodeId] = useState('');
  const [mode, setMode] = useState<'now' | 'later'>('now');
  const [sendAt, setSendAt] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const codes = useQuery({ queryKey: codeKeys.names(orgId), queryFn: () => codesApi.names(orgId), enabled: orgId !== '' });
  const queryClient = useQueryClient();
  // A push is sent as a push campaign: the list above shows it, with its progress.
  const send = useMutation({
    mutationFn: (request: SendPushBody) => sendPush(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
  });
  const submit = () => {
    const at = new Date(sendAt);
    const result = checked(SendPushBody, {
      org_id: orgId,
      title,
      body,
      ...(codeId === '' ? {} : { code_id: codeId }),
      ...(mode === 'later' ? { send_at: Number.isNaN(at.getTime()) ? sendAt : at.toISOString() } : {}),
    });
    setErrors(result.errors ?? {});
    if (result.data) send.mutate(result.data);
  };
  const shown = { ...(send.data?.status === 'failed' ? serverErrors(send.data.problem) : {}), ...errors };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Send push notification
        </Title>
        <TextInput label="Notification title" value={title} onChange={(event) => setTitle(event.currentTarget.value)} error={shown['title']} />
        <Textarea label="Notification text" autosize minRows={2} value={body} onChange={(event) => setBody(event.currentTarget.value)} error={shown['body']} />
        <NativeSelect
          label="Subscribers of"
          description="A tap opens this code's link; for every code, the code each browser subscribed on"
          data={[{ value: '', label: 'Every code' }, ...(codes.data ?? []).map((code) => ({ value: code.code_id, label: code.name }))]}
          value={codeId}
          onChange={(event) => setCodeId(event.currentTarget.value)}
          error={shown['code_id']}
        />
        <Radio.Group label="Send" value={mode} onChange={(picked) => setMode(picked === 'later' ? 'later' : 'now')}>
          <Group mt="xs">
            <Radio value="now" label="Now" />
            <Radio value="later" label="At a time" />
          </Group>
        </Radio.Group>
        {mode === 'later' && (
          <TextInput
            type="datetime-local"
            label="Push at"
            description="In this browser’s time"
            value={sendAt}
            onChange={(event) => setSendAt(event.currentTarget.value)}
            error={shown['send_at']}
          />
        )}
        {send.data && (
          <Alert color={RESULT_COLORS[send.data.status]} role={send.data.status === 'failed' ? 'alert' : 'status'}>
            {send.data.message}
          </Alert>
        )}
        <Group>
          <Button onClick={submit} loading={send.isPending}>
            {mode === 'now' ? 'Send push notification' : 'Schedule push notification'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
