import { Alert, Badge, Button, Card, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Switch, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTO_SMS_TRIGGERS, AutoSmsBody, CampaignKeyBody, type AutoSmsView, type CampaignKeyView, type CodeNameView } from '@qr/contracts';
import { useState } from 'react';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { ScrollingTable } from '../../components/scrolling-table';
import { checked, serverErrors, type FormErrors } from '../promos';
import { messagingKeys, smsApi } from './messaging-api';

const TRIGGER_LABELS: Record<(typeof AUTO_SMS_TRIGGERS)[number], string> = {
  form_submitted: 'A form is submitted',
  reward_redeemed: 'A reward is redeemed',
  referral_converted: 'A referral joins',
};
const codeOptions = (codes: readonly CodeNameView[], none: string) => [
  { value: '', label: none },
  ...codes.map((code) => ({ value: code.code_id, label: code.name })),
];
const nameOf = (codes: readonly CodeNameView[], codeId: string | null) =>
  codeId === null ? 'Any code' : (codes.find((code) => code.code_id === codeId)?.name ?? codeId);

/** Spec §7 "send SMS campaign keys": words people text in to join the audience or get a reward. */
export function CampaignKeys({ orgId, codes, writable }: { orgId: string; codes: readonly CodeNameView[]; writable: boolean }) {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: messagingKeys.campaignKeys(orgId), queryFn: () => smsApi.keys(orgId), enabled: orgId !== '' });
  const [keyword, setKeyword] = useState('');
  const [action, setAction] = useState<'join' | 'reward'>('join');
  const [reply, setReply] = useState('');
  const [codeId, setCodeId] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: messagingKeys.campaignKeys(orgId) });
  const create = useMutation({
    mutationFn: (body: CampaignKeyBody) => smsApi.createKey(body),
    onSuccess: async () => (setKeyword(''), setReply(''), await refresh()),
  });
  const remove = useMutation({ mutationFn: (key: CampaignKeyView) => smsApi.removeKey(orgId, key.keyword), onSuccess: refresh });
  const submit = () => {
    const result = checked(CampaignKeyBody, { org_id: orgId, keyword, action, reply, ...(codeId ? { code_id: codeId } : {}) });
    setErrors(result.errors ?? {});
    if (result.data) create.mutate(result.data);
  };
  const shown = { ...serverErrors(create.error), ...errors };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Campaign keys
        </Title>
        {keys.isError && <Alert color="red">{describeError(keys.error)}</Alert>}
        {keys.isPending && <Skeleton height={60} />}
        {keys.data?.length === 0 && <Text>No keywords yet. Add one below, such as JOIN, and print it beside your number.</Text>}
        {keys.data && keys.data.length > 0 && (
          <ScrollingTable label="Campaign keys" minWidth={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Keyword</Table.Th>
                <Table.Th>Does</Table.Th>
                <Table.Th>Reply</Table.Th>
                <Table.Th>Uses</Table.Th>
                {writable && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => (
                <Table.Tr key={key.keyword}>
                  <Table.Td ff="monospace">{key.keyword}</Table.Td>
                  <Table.Td>{key.action === 'join' ? 'Joins the audience' : `Reward of ${nameOf(codes, key.code_id)}`}</Table.Td>
                  <Table.Td style={BREAK_ANYWHERE}>{key.reply}</Table.Td>
                  <Table.Td>{key.uses.toLocaleString('en')}</Table.Td>
                  {writable && (
                    <Table.Td>
                      <Button size="xs" color="red" variant="subtle" onClick={() => remove.mutate(key)} aria-label={`Delete the keyword ${key.keyword}`}>
                        Delete
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollingTable>
        )}
        {remove.isError && <Alert color="red">{describeError(remove.error)}</Alert>}
        {writable && (
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Keyword" value={keyword} onChange={(event) => setKeyword(event.currentTarget.value)} error={shown['keyword']} />
              <NativeSelect
                label="What it does"
                data={[
                  { value: 'join', label: 'Joins the audience' },
                  { value: 'reward', label: 'Gives a reward' },
                ]}
                value={action}
                onChange={(event) => setAction(event.currentTarget.value === 'reward' ? 'reward' : 'join')}
              />
              <NativeSelect
                label="Keyword code"
                data={codeOptions(codes, 'No code')}
                value={codeId}
                onChange={(event) => setCodeId(event.currentTarget.value)}
                error={shown['code_id']}
              />
            </SimpleGrid>
            <Textarea label="Reply" autosize minRows={2} value={reply} onChange={(event) => setReply(event.currentTarget.value)} error={shown['reply']} />
            {create.isError && <Alert color="red">{describeError(create.error)}</Alert>}
            <Button onClick={submit} loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
              Add keyword
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** Spec §7 "auto SMS": a text sent when something happens on a code, switched on and off. */
export function AutoSmsRules({ orgId, codes, writable }: { orgId: string; codes: readonly CodeNameView[]; writable: boolean }) {
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: messagingKeys.autoSms(orgId), queryFn: () => smsApi.autoRules(orgId), enabled: orgId !== '' });
  const [trigger, setTrigger] = useState<AutoSmsBody['trigger']>('form_submitted');
  const [codeId, setCodeId] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: messagingKeys.autoSms(orgId) });
  const create = useMutation({ mutationFn: (body: AutoSmsBody) => smsApi.createAutoRule(body), onSuccess: async () => (setMessage(''), await refresh()) });
  const toggle = useMutation({
    mutationFn: (rule: AutoSmsView) =>
      smsApi.updateAutoRule(rule.rule_id, {
        trigger: rule.trigger,
        message: rule.message,
        enabled: !rule.enabled,
        ...(rule.code_id ? { code_id: rule.code_id } : {}),
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (rule: AutoSmsView) => smsApi.removeAutoRule(rule.rule_id), onSuccess: refresh });
  const submit = () => {
    const result = checked(AutoSmsBody, { org_id: orgId, trigger, message, ...(codeId ? { code_id: codeId } : {}) });
    setErrors(result.errors ?? {});
    if (result.data) create.mutate(result.data);
  };
  const shown = { ...serverErrors(create.error), ...errors };
  const failure = toggle.error ?? remove.error;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Auto SMS
        </Title>
        {rules.isError && <Alert color="red">{describeError(rules.error)}</Alert>}
        {rules.isPending && <Skeleton height={60} />}
        {rules.data?.length === 0 && <Text>No automatic texts yet. Add one below: a thank-you when a form is submitted, for instance.</Text>}
        {rules.data?.map((rule) => (
          <Card key={rule.rule_id} withBorder padding="sm">
            <Stack gap={4}>
              <Group justify="space-between" wrap="wrap">
                <Text fw={600}>{`${TRIGGER_LABELS[rule.trigger]} · ${nameOf(codes, rule.code_id)}`}</Text>
                <Badge color={rule.enabled ? 'teal' : 'gray'}>{rule.enabled ? 'On' : 'Off'}</Badge>
              </Group>
              <Text size="sm" style={BREAK_ANYWHERE}>
                {rule.message}
              </Text>
              <Text size="xs" c="dimmed">{`${rule.sent.toLocaleString('en')} sent`}</Text>
              {writable && (
                <Group gap="xs">
                  <Switch label={`Send when ${TRIGGER_LABELS[rule.trigger].toLowerCase()}`} checked={rule.enabled} onChange={() => toggle.mutate(rule)} />
                  <Button
                    size="xs"
                    color="red"
                    variant="subtle"
                    onClick={() => remove.mutate(rule)}
                    aria-label={`Delete the auto SMS when ${TRIGGER_LABELS[rule.trigger].toLowerCase()}`}
                  >
                    Delete
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        ))}
        {failure && <Alert color="red">{describeError(failure)}</Alert>}
        {writable && (
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                label="When"
                data={AUTO_SMS_TRIGGERS.map((value) => ({ value, label: TRIGGER_LABELS[value] }))}
                value={trigger}
                onChange={(event) => setTrigger(AUTO_SMS_TRIGGERS.find((value) => value === event.currentTarget.value) ?? 'form_submitted')}
              />
              <NativeSelect label="On code" data={codeOptions(codes, 'Any code')} value={codeId} onChange={(event) => setCodeId(event.currentTarget.value)} />
            </SimpleGrid>
            <Textarea
              label="Automatic text"
              autosize
              minRows={2}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              error={shown['message']}
            />
            {create.isError && <Alert color="red">{describeError(create.error)}</Alert>}
            <Button onClick={submit} loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
              Add auto SMS
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
