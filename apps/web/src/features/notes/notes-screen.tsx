import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { can } from '@qr/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { isRole, useOrganizationRecord } from '../organization';
import { noteKeys, notesApi } from './notes-api';
import { NoteCard } from './notes-panel';
import { LabelledPagination } from '../../components/labelled-pagination';

const PAGE_SIZE = 20;

/** `/admin/notes`: every note of the organization, newest first, each with a link to its code. */
export function NotesScreen() {
  const { record } = useOrganizationRecord();
  const [page, setPage] = useState(1);
  const orgId = record.org_id;
  const notes = useQuery({
    queryKey: noteKeys.ofOrganization(orgId, page),
    queryFn: () => notesApi.ofOrganization(orgId, page, PAGE_SIZE),
    enabled: orgId !== '',
    placeholderData: (previous) => previous,
  });
  if (orgId === '') return <Text c="dimmed">Select or create an organisation first.</Text>;
  const writable = isRole(record.role) && can.write('codes', record.role);
  const total = notes.data?.total ?? 0;
  return (
    <Stack>
      <Title order={1}>Notes</Title>
      <Text c="dimmed">Your team’s notes on codes, newest first. Visitors never see them.</Text>
      {notes.isError && (
        <Alert color="red" title="The notes could not be loaded">
          {describeError(notes.error)}
        </Alert>
      )}
      {notes.data && total === 0 && (
        <Text c="dimmed">
          No notes yet. Open a code from{' '}
          <Anchor component={Link} to="/admin/my-codes">
            My codes
          </Anchor>{' '}
          and add a note at the bottom of its page.
        </Text>
      )}
      {notes.data?.items.map((note) => (
        <NoteCard
          key={note.id}
          note={note}
          writable={writable}
          extra={
            <>
              · on{' '}
              <Anchor component={Link} to={`/admin/my-codes/show/${note.code_id}`} size="xs">
                {note.code_name}
              </Anchor>
            </>
          }
        />
      ))}
      {total > PAGE_SIZE && (
        <Group justify="flex-end">
          <LabelledPagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
