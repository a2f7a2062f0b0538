import { Alert, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentStatus } from '@qr/contracts';
import { useState } from 'react';
import { describeError } from '../../api/api-problem';
import { ScrollingTable } from '../../components/scrolling-table';
import { serverErrors } from '../promos';
import { consentsApi, messagingKeys } from './messaging-api';

const STATUS_LABELS = { given: 'Consented', withdrawn: 'Opted out', unknown: 'Never asked' } as const;
const SOURCE_LABELS: Record<string, string> = {
  form: 'A form’s consent box',
  sms_keyword: 'A keyword texted in',
  unsubscribe_link: 'The unsubscribe link',
  list_unsubscribe: 'The mail app’s unsubscribe',
  push_subscription: 'Notifications turned on',
  staff: 'Recorded by staff',
};

/**
 * The consent ledger by address: whether an email or phone number may be messaged, how that came
 * about, and a consent or withdrawal staff were told of (a paper form, a phone call), with a note.
 */
export function ConsentLookup({ orgId, writable }: { orgId: string; writable: boolean }) {
  const [typed, setTyped] = useState('');
  const [address, setAddress] = useState('');
  const [note, setNote] = useState('');
  const queryClient = useQueryClient();
  const consent = useQuery({
    queryKey: [...messagingKeys.all, 'consent', orgId, address],
    queryFn: () => consentsApi.get(orgId, address),
    enabled: address !== '',
    retry: false,
  });
  const record = useMutation({
    mutationFn: (status: ConsentStatus) => consentsApi.record({ org_id: orgId, address, status, note }),
    onSuccess: (view) => {
      queryClient.setQueryData([...messagingKeys.all, 'consent', orgId, address], view);
      setNote('');
    },
  });
  const lookUpError = consent.isError ? (serverErrors(consent.error)['address'] ?? describeError(consent.error)) : undefined;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Consent
        </Title>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Email or phone number"
            description="A phone with its country code, such as +442079460958"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={lookUpError}
            style={{ flex: '1 1 16rem' }}
          />
          <Button variant="default" onClick={() => setAddress(typed.trim())} loading={consent.isFetching}>
            Look up
          </Button>
        </Group>
        {consent.data && (
          <Stack gap="xs">
            <Group gap="xs">
              <Text fw={700}>{consent.data.address}</Text>
              <Badge color={consent.data.status === 'given' ? 'teal' : consent.data.status === 'withdrawn' ? 'red' : 'gray'}>
                {STATUS_LABELS[consent.data.status]}
              </Badge>
            </Group>
            {consent.data.history.length > 0 && (
              <ScrollingTable label="How consent changed" minWidth={480}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>How</Table.Th>
                    <Table.Th>Note</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {consent.data.history.map((entry) => (
                    <Table.Tr key={`${entry.at}-${entry.status}`}>
                      <Table.Td>{new Date(entry.at).toLocaleString()}</Table.Td>
                      <Table.Td>{STATUS_LABELS[entry.status]}</Table.Td>
                      <Table.Td>{SOURCE_LABELS[entry.source] ?? entry.source}</Table.Td>
                      <Table.Td>{entry.note ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </ScrollingTable>
            )}
            {writable && (
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  label="Note"
                  description="Optional: where you were told"
                  value={note}
                  onChange={(event) => setNote(event.currentTarget.value)}
                  style={{ flex: '1 1 14rem' }}
                />
                <Button variant="default" onClick={() => record.mutate('given')} loading={record.isPending && record.variables === 'given'}>
                  Record consent
                </Button>
                <Button variant="default" color="red" onClick={() => record.mutate('withdrawn')} loading={record.isPending && record.variables === 'withdrawn'}>
                  Record opt-out
                </Button>
              </Group>
            )}
            {record.isError && <Alert color="red">{describeError(record.error)}</Alert>}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
