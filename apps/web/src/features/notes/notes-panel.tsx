import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AddNoteBody, type NoteView } from '@qr/contracts';
import { useState, type ReactNode } from 'react';
import { contractFieldErrors } from '../../api/contract-form-errors';
import { describeError } from '../../api/api-problem';
import { noteKeys, notesApi } from './notes-api';

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (note: NoteView) => notesApi.remove(note.id), onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.all }) });
}

/** One note: its text, who wrote it and when, and (for those who may) a delete button; `extra` goes beside the byline. */
export function NoteCard({ note, writable, extra }: { note: NoteView; writable: boolean; extra?: ReactNode }) {
  const remove = useDeleteNote();
  return (
    <Paper withBorder p="sm" radius="md" role="article" aria-label={`Note on ${note.code_name}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{note.text}</Text>
          <Text size="xs" c="dimmed">
            {note.created_by} · {new Date(note.created_at).toLocaleString()} {extra}
          </Text>
        </Stack>
        {writable && (
          <ActionIcon variant="subtle" color="red" aria-label="Delete note" loading={remove.isPending} onClick={() => remove.mutate(note)}>
            ✕
          </ActionIcon>
        )}
      </Group>
      {remove.isError && (
        <Alert color="red" mt="xs">
          {describeError(remove.error)}
        </Alert>
      )}
    </Paper>
  );
}

/** A code's notes on its screen: reminders for the team (reprints, where it hangs), never shown to visitors. */
export function CodeNotesPanel({ codeId, writable }: { codeId: string; writable: boolean }) {
  const queryClient = useQueryClient();
  const notes = useQuery({ queryKey: noteKeys.ofCode(codeId), queryFn: () => notesApi.ofCode(codeId) });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: notesApi.add,
    onSuccess: async () => {
      setText('');
      await queryClient.invalidateQueries({ queryKey: noteKeys.all });
    },
  });
  const submit = () => {
    const checked = contractFieldErrors(AddNoteBody, { code_id: codeId, text });
    setError(checked.errors?.['text'] ?? null);
    if (checked.data) add.mutate(checked.data);
  };
  return (
    <Stack gap="xs" component="section" aria-label="Notes">
      <Title order={2} size="h3">
        Notes
      </Title>
      {notes.isError && <Alert color="red">{describeError(notes.error)}</Alert>}
      {notes.data?.items.length === 0 && (
        <Text c="dimmed">No notes yet. Notes are for your team only, e.g. where this code is printed or when to change it.</Text>
      )}
      {notes.data?.items.map((note) => (
        <NoteCard key={note.id} note={note} writable={writable} />
      ))}
      {writable && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs" maw={560}>
            <Textarea
              label="New note"
              placeholder="e.g. Reprint the flyers in May"
              autosize
              minRows={2}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={error}
            />
            {add.isError && <Alert color="red">{describeError(add.error)}</Alert>}
            <Group>
              <Button type="submit" loading={add.isPending}>
                Add note
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
