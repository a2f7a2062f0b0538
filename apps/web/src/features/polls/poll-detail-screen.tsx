import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PollAction, PollView, UpdatePollBody } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { describeError, retryUnlessRefused } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyTextButton } from '../../components/copy-text-button';
import { LinkQrImage } from '../../components/link-qr-image';
import { PageLoader } from '../../components/page-loader';
import { saveFile } from '../codes';
import { isRole, useOrganizationRecord } from '../organization';
import { pollScreenPath, STATUS_LABELS } from './live-voting-screen';
import { EditPollForm } from './poll-form';
import { KIND_LABELS } from './poll-form-draft';
import { PollResults, votersInWords } from './poll-results';
import { voterUrlOf } from './poll-voter-link';
import { pollKeys, pollsApi, useStaffPollLive, type PollExportFormat } from './polls-api';

/** What each control says, by the action it sends. */
const ACTION_LABELS: Record<Exclude<PollAction, 'reset'>, string> = {
  open: 'Open voting',
  close: 'Close voting',
  reveal: 'Reveal results',
  hide: 'Hide results',
};

/** The poll and its results, kept live by the staff's stream. */
export function usePollWithResults(pollId: string) {
  const poll = useQuery({ queryKey: pollKeys.poll(pollId), queryFn: () => pollsApi.get(pollId), retry: retryUnlessRefused });
  const results = useQuery({ queryKey: pollKeys.results(pollId), queryFn: () => pollsApi.results(pollId), retry: retryUnlessRefused });
  useStaffPollLive(pollId);
  return { poll, results };
}

function Controls({ poll, onEdit, onReset, onDelete }: { poll: PollView; onEdit(): void; onReset(): void; onDelete(): void }) {
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: (action: PollAction) => pollsApi.act(poll.poll_id, action),
    onSuccess: (next) => {
      queryClient.setQueryData(pollKeys.poll(poll.poll_id), next);
      return queryClient.invalidateQueries({ queryKey: pollKeys.all });
    },
  });
  const actions: Exclude<PollAction, 'reset'>[] = [poll.status === 'open' ? 'close' : 'open', poll.results_hidden ? 'reveal' : 'hide'];
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {actions.map((action) => (
          <Button key={action} loading={act.isPending && act.variables === action} onClick={() => act.mutate(action)}>
            {ACTION_LABELS[action]}
          </Button>
        ))}
        {poll.voters === 0 && (
          <Button variant="default" onClick={onEdit}>
            Edit
          </Button>
        )}
        <Button variant="default" onClick={onReset}>
          Reset
        </Button>
        <Button variant="subtle" color="red" onClick={onDelete}>
          Delete
        </Button>
      </Group>
      {act.isError && <Alert color="red">{describeError(act.error)}</Alert>}
    </Stack>
  );
}

function VoterLink({ poll }: { poll: PollView }) {
  const link = voterUrlOf(poll.poll_id);
  return (
    <Card withBorder>
      <Group align="flex-start" gap="lg">
        <LinkQrImage url={link} alt={`QR code of the voters’ page of ${poll.question}`} size={140} />
        <Stack gap="xs" style={{ flex: 1, minWidth: 240 }}>
          <Group align="flex-end" gap="xs">
            <TextInput label="Voters vote at" value={link} readOnly w={420} maw="100%" />
            <CopyTextButton value={link} label="Copy the voter link" />
          </Group>
          <Anchor component={Link} to={`${pollScreenPath(poll.poll_id)}/present`}>
            Open the presenter view
          </Anchor>
        </Stack>
      </Group>
    </Card>
  );
}

function Exports({ pollId }: { pollId: string }) {
  const download = useMutation({
    mutationFn: async (format: PollExportFormat) => saveFile(await pollsApi.exportFile(pollId, format), `poll-${pollId}.${format}`),
  });
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={600}>Export the votes</Text>
        <Button size="xs" variant="default" loading={download.isPending && download.variables === 'csv'} onClick={() => download.mutate('csv')}>
          CSV
        </Button>
        <Button size="xs" variant="default" loading={download.isPending && download.variables === 'zip'} onClick={() => download.mutate('zip')}>
          Zip
        </Button>
      </Group>
      {download.isError && <Alert color="red">{describeError(download.error)}</Alert>}
    </Stack>
  );
}

/** `/admin/live-voting/{pollId}`: one poll's controls, live results, voter link and exports (issue 57). */
export function PollDetailScreen() {
  const { pollId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { record } = useOrganizationRecord();
  const writable = isRole(record.role) && can.write('engagement', record.role);
  const { poll, results } = usePollWithResults(pollId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<'reset' | 'delete' | null>(null);
  const update = useMutation({
    mutationFn: (body: UpdatePollBody) => pollsApi.update(pollId, body),
    onSuccess: async (next) => {
      queryClient.setQueryData(pollKeys.poll(pollId), next);
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: pollKeys.all });
    },
  });
  const reset = useMutation({
    mutationFn: () => pollsApi.act(pollId, 'reset'),
    onSuccess: async (next) => {
      queryClient.setQueryData(pollKeys.poll(pollId), next);
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: pollKeys.all });
    },
  });
  const remove = useMutation({
    mutationFn: () => pollsApi.remove(pollId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: pollKeys.all });
      void navigate('/admin/live-voting');
    },
  });

  const back = (
    <Anchor component={Link} to="/admin/live-voting" size="sm" style={{ alignSelf: 'flex-start' }}>
      ← Live voting
    </Anchor>
  );
  if (poll.isPending) return <PageLoader />;
  if (poll.isError)
    return (
      <Stack>
        {back}
        <Title order={1}>This poll could not be opened</Title>
        <Alert color="red">{describeError(poll.error)}</Alert>
      </Stack>
    );
  const { data } = poll;
  const status = STATUS_LABELS[data.status];
  return (
    <Stack>
      <Stack gap={0}>
        {back}
        <Title order={1} style={BREAK_ANYWHERE}>
          {data.question}
        </Title>
      </Stack>
      <Group gap="xs">
        <Badge color={status.color}>{status.label}</Badge>
        <Badge color="gray" variant="light">
          {KIND_LABELS[data.kind]}
        </Badge>
        <Badge color={data.results_hidden ? 'orange' : 'teal'} variant="light">
          {data.results_hidden ? 'Results hidden from voters' : 'Results shown to voters'}
        </Badge>
        <Text size="sm">
          Round {data.round} · {votersInWords(data.voters)}
        </Text>
      </Group>
      {writable && (
        <Controls
          poll={data}
          onEdit={() => (update.reset(), setEditing(true))}
          onReset={() => (reset.reset(), setConfirming('reset'))}
          onDelete={() => (remove.reset(), setConfirming('delete'))}
        />
      )}
      {editing && (
        <Card withBorder maw={760}>
          <EditPollForm
            poll={data}
            pending={update.isPending}
            failure={update.error}
            onSubmit={(body) => update.mutate(body)}
            onCancel={() => setEditing(false)}
          />
        </Card>
      )}
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Results
        </Title>
        {results.isError && <Alert color="red">{describeError(results.error)}</Alert>}
        {results.data && <PollResults kind={data.kind} results={results.data} />}
      </Card>
      <VoterLink poll={data} />
      <Exports pollId={pollId} />
      <ConfirmDialog
        opened={confirming === 'reset'}
        title="Reset the poll?"
        confirmLabel="Reset the votes"
        cancelLabel="Keep them"
        pending={reset.isPending}
        failure={reset.isError ? describeError(reset.error) : null}
        onConfirm={() => reset.mutate()}
        onClose={() => setConfirming(null)}
      >
        A new round starts with no votes, and everyone can vote again.
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirming === 'delete'}
        title="Delete the poll?"
        confirmLabel="Delete the poll"
        cancelLabel="Keep it"
        pending={remove.isPending}
        failure={remove.isError ? describeError(remove.error) : null}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(null)}
      >
        Its voters’ page stops working and its votes are gone for good. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
