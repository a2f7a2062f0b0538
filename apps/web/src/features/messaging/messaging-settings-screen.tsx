import { Alert, Badge, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OutboxMessageView } from '@qr/contracts';
import { useState } from 'react';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { LabelledPagination } from '../../components/labelled-pagination';
import { ScrollingTable } from '../../components/scrolling-table';
import { ConsentLookup } from './consent-lookup';
import { CHANNEL_LABELS } from './campaign-editor';
import { useMessagingRecord } from './campaign-list';
import { when } from './campaign-results';
import { ConnectionCard } from './messaging-connections';
import { connectionsApi, messagingKeys, OUTBOX_PAGE_SIZE } from './messaging-api';

const kilobytes = (size: number) => `${Math.max(1, Math.round(size / 1024)).toLocaleString('en')} KB`;

/**
 * One kept message as its recipient would see it. The HTML is the organisation's own template with a
 * recipient's values, so it is drawn in a sandbox with every permission off: no script, no form, no
 * navigation of this page.
 */
function OutboxMessage({ message, onClose }: { message: OutboxMessageView; onClose(): void }) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h5" style={BREAK_ANYWHERE}>
            {message.subject ?? `${CHANNEL_LABELS[message.channel]} to ${message.recipient}`}
          </Title>
          <Button size="xs" variant="default" onClick={onClose}>
            Close the message
          </Button>
        </Group>
        <Text size="sm" style={BREAK_ANYWHERE}>{`To ${message.recipient} · ${when(message.created_at)}`}</Text>
        {message.html !== null ? (
          <iframe
            title={`Preview of the message to ${message.recipient}`}
            sandbox=""
            srcDoc={message.html}
            style={{ width: '100%', minHeight: 420, border: '1px solid var(--mantine-color-default-border)' }}
          />
        ) : (
          <Text style={{ ...BREAK_ANYWHERE, whiteSpace: 'pre-wrap' }}>{message.text}</Text>
        )}
        {message.attachments.length > 0 && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Attachments
            </Text>
            <List size="sm">
              {message.attachments.map((attachment) => (
                <List.Item key={attachment.filename} style={BREAK_ANYWHERE}>
                  {`${attachment.filename} (${attachment.content_type}, ${kilobytes(attachment.size)})`}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** What went to the outbox rather than a provider: newest first, each opened to read. */
function Outbox({ orgId }: { orgId: string }) {
  const [page, setPage] = useState(1);
  const [openedId, setOpenedId] = useState<string | null>(null);
  const outbox = useQuery({
    queryKey: messagingKeys.outbox(orgId, page),
    queryFn: () => connectionsApi.outbox(orgId, page),
    enabled: orgId !== '',
    placeholderData: (previous) => previous,
  });
  const opened = outbox.data?.items.find((message) => message.message_id === openedId);
  const pages = outbox.data ? Math.ceil(outbox.data.total / OUTBOX_PAGE_SIZE) : 0;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Outbox
      </Title>
      <Text c="dimmed">Messages kept here because no provider was connected when they were sent, and test sends.</Text>
      {outbox.isError && <Alert color="red">{describeError(outbox.error)}</Alert>}
      {outbox.isPending && <Skeleton height={120} />}
      {outbox.data?.items.length === 0 && <Text>The outbox is empty. Send a test from a campaign to see how a message looks.</Text>}
      {opened && <OutboxMessage message={opened} onClose={() => setOpenedId(null)} />}
      {outbox.data && outbox.data.items.length > 0 && (
        <ScrollingTable label="Outbox messages" minWidth={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>To</Table.Th>
              <Table.Th>Channel</Table.Th>
              <Table.Th>Subject or text</Table.Th>
              <Table.Th>Kept</Table.Th>
              <Table.Th>Read</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {outbox.data.items.map((message) => (
              <Table.Tr key={message.message_id}>
                <Table.Td style={BREAK_ANYWHERE}>{message.recipient}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{CHANNEL_LABELS[message.channel]}</Badge>
                </Table.Td>
                <Table.Td style={BREAK_ANYWHERE}>{message.subject ?? message.text.slice(0, 80)}</Table.Td>
                <Table.Td>{when(message.created_at)}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => setOpenedId(message.message_id)} aria-label={`Read the message to ${message.recipient}`}>
                    Read
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollingTable>
      )}
      <LabelledPagination label="Pages of the outbox" total={pages > 1 ? pages : 0} value={page} onChange={setPage} />
    </Stack>
  );
}

/** `/admin/messaging` (ours): the providers messages go through, the consent ledger by address, and the outbox messages go to without a provider. */
export function MessagingSettingsScreen() {
  const { orgId, writable } = useMessagingRecord();
  const connections = useQuery({ queryKey: messagingKeys.connections(orgId), queryFn: () => connectionsApi.list(orgId), enabled: orgId !== '' });
  return (
    <Stack>
      <Title order={1}>Messaging settings</Title>
      <Text c="dimmed">Email goes out through your SMTP server and texts through Twilio. Until one is connected, its messages wait in the outbox below.</Text>
      {connections.isError && <Alert color="red">{describeError(connections.error)}</Alert>}
      {connections.isPending && <Skeleton height={160} />}
      {connections.data && (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {connections.data.connections.map((connection) => (
            <ConnectionCard key={connection.provider} orgId={orgId} connection={connection} writable={writable} />
          ))}
        </SimpleGrid>
      )}
      {orgId !== '' && <ConsentLookup orgId={orgId} writable={writable} />}
      <Outbox orgId={orgId} />
    </Stack>
  );
}
