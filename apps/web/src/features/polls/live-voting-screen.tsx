import { Alert, Anchor, Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePollBody, PollStatus, PollView } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { LabelledPagination } from '../../components/labelled-pagination';
import { ScrollingTable } from '../../components/scrolling-table';
import { codeKeys, codesApi } from '../codes';
import { isRole, useOrganizationRecord } from '../organization';
import { CreatePollForm } from './poll-form';
import { KIND_LABELS } from './poll-form-draft';
import { votersInWords } from './poll-results';
import { pollKeys, pollsApi, POLLS_PAGE_SIZE } from './polls-api';

export const STATUS_LABELS: Record<PollStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  open: { label: 'Open', color: 'green' },
  closed: { label: 'Closed', color: 'red' },
};

export const pollScreenPath = (pollId: string) => `/admin/live-voting/${encodeURIComponent(pollId)}`;

function PollsTable({ polls, codeNames }: { polls: readonly PollView[]; codeNames: ReadonlyMap<string, string> }) {
  return (
    <ScrollingTable label="Polls" minWidth={720}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Question</Table.Th>
          <Table.Th>Kind</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Voters</Table.Th>
          <Table.Th>Code</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {polls.map((poll) => (
          <Table.Tr key={poll.poll_id}>
            <Table.Td style={BREAK_ANYWHERE}>
              <Anchor component={Link} to={pollScreenPath(poll.poll_id)}>
                {poll.question}
              </Anchor>
            </Table.Td>
            <Table.Td>{KIND_LABELS[poll.kind]}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_LABELS[poll.status].color}>{STATUS_LABELS[poll.status].label}</Badge>
            </Table.Td>
            <Table.Td>{votersInWords(poll.voters)}</Table.Td>
            <Table.Td>{codeNames.get(poll.code_id) ?? poll.code_id}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollingTable>
  );
}

/** `/admin/live-voting`: the organisation's polls (issue 57) and a new one's form; a created poll opens on its own screen. */
export function LiveVotingScreen() {
  const { record } = useOrganizationRecord();
  const orgId = record.org_id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const writable = isRole(record.role) && can.write('engagement', record.role);
  const [page, setPage] = useState(1);
  const polls = useQuery({ queryKey: pollKeys.list(orgId, page), queryFn: () => pollsApi.list(orgId, page), enabled: orgId !== '' });
  const codes = useQuery({ queryKey: codeKeys.names(orgId), queryFn: () => codesApi.names(orgId), enabled: orgId !== '' });
  const codeNames = new Map((codes.data ?? []).map((code) => [code.code_id, code.name]));
  const create = useMutation({
    mutationFn: (body: CreatePollBody) => pollsApi.create(body),
    onSuccess: async (poll) => {
      await queryClient.invalidateQueries({ queryKey: pollKeys.all });
      void navigate(pollScreenPath(poll.poll_id));
    },
  });
  const pages = Math.ceil((polls.data?.total ?? 0) / POLLS_PAGE_SIZE);

  return (
    <Stack>
      <Title order={1}>Live voting</Title>
      <Text c="dimmed">Ask the room: visitors vote on their phones from the poll’s QR code, and the results move on every screen as the votes come in.</Text>
      {polls.isError && <Alert color="red">{describeError(polls.error)}</Alert>}
      {polls.data?.items.length === 0 && <Text>{writable ? 'No polls yet. Create the first one below.' : 'No polls yet.'}</Text>}
      {polls.data && polls.data.items.length > 0 && <PollsTable polls={polls.data.items} codeNames={codeNames} />}
      {pages > 1 && <LabelledPagination label="Pages of polls" total={pages} value={page} onChange={setPage} />}
      {writable && orgId !== '' && (
        <Card withBorder maw={760}>
          <Title order={2} size="h4" mb="sm">
            New poll
          </Title>
          {codes.data?.length === 0 ? (
            <Text>
              A poll belongs to a QR code.{' '}
              <Anchor component={Link} to="/admin/create-qr-code">
                Create a code
              </Anchor>{' '}
              first.
            </Text>
          ) : (
            <CreatePollForm orgId={orgId} codes={codes.data ?? []} pending={create.isPending} failure={create.error} onSubmit={(body) => create.mutate(body)} />
          )}
        </Card>
      )}
    </Stack>
  );
}
