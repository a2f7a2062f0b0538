import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Paper, Select, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodeView, FolderView } from '@qr/contracts';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { codeKeys, CodeRow } from '../codes';
import { describeError } from '../../api/api-problem';
import { folderKeys, foldersApi } from './folders-api';
import { counted } from '../../components/counted';
import { LabelledPagination } from '../../components/labelled-pagination';
import { useWiderThan } from '../../components/use-wider-than';
import { CodeCards } from './code-cards';
import { CodeTick, SelectAllCell, useCodeSelection, type CodeSelection } from './code-selection';

export function useFolders(orgId: string) {
  return useQuery({ queryKey: folderKeys.list(orgId), queryFn: () => foldersApi.list(orgId), enabled: orgId !== '' });
}

/** Filing and unfiling change both the folders' counts and the codes' folder. */
function useFilingMutation<Args>(run: (args: Args) => Promise<unknown>, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      onDone?.();
      await Promise.all([queryClient.invalidateQueries({ queryKey: folderKeys.all }), queryClient.invalidateQueries({ queryKey: codeKeys.all })]);
    },
  });
}

/**
 * A list of codes whose rows can be dragged onto the folder targets inside it. Dragging a ticked
 * code moves every ticked code; an unticked one moves alone. The pointer must travel a few pixels
 * before a drag starts, so clicks on the handle stay clicks; the keyboard can drag too (space, arrows).
 */
export function CodeDragArea({ selection, children }: { selection: CodeSelection; children: ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));
  const [dragging, setDragging] = useState<string[] | null>(null);
  const file = useFilingMutation(({ folderId, codeIds }: { folderId: string; codeIds: string[] }) => foldersApi.addCodes(folderId, codeIds), selection.clear);
  const draggedWith = (codeId: string) => (selection.selected.has(codeId) ? [...selection.selected] : [codeId]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (over) file.mutate({ folderId: String(over.id), codeIds: draggedWith(String(active.id)) });
  };
  return (
    <DndContext
      sensors={sensors}
      onDragStart={({ active }) => setDragging(draggedWith(String(active.id)))}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      {children}
      {file.isError && (
        <Alert color="red" title="The codes could not be moved">
          {describeError(file.error)}
        </Alert>
      )}
      <DragOverlay>{dragging && <Badge size="lg">Move {counted(dragging.length, 'code')}</Badge>}</DragOverlay>
    </DndContext>
  );
}

/** The first cell of a code row: tick it for bulk actions, or drag it by the handle onto a folder. */
export function CodePickCell({ code, selection }: { code: Pick<CodeView, 'code_id' | 'name'>; selection: CodeSelection }) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: code.code_id });
  return (
    <Group gap={6} wrap="nowrap">
      <CodeTick code={code} selection={selection} />
      <ActionIcon
        ref={setNodeRef}
        variant="subtle"
        color="gray"
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...listeners}
        {...attributes}
        aria-label={`Drag ${code.name} to a folder`}
      >
        ⠿
      </ActionIcon>
    </Group>
  );
}

function FolderTarget({ folder }: { folder: FolderView }) {
  const { isOver, setNodeRef } = useDroppable({ id: folder.folder_id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      px="sm"
      radius="md"
      bg={isOver ? 'var(--mantine-primary-color-light)' : undefined}
      data-folder-target={folder.name}
    >
      <Anchor component={Link} to={`/admin/folder/${folder.folder_id}`} size="sm" fw={500}>
        {folder.name}
      </Anchor>{' '}
      <Text span size="xs" c="dimmed">
        {folder.code_count}
      </Text>
    </Paper>
  );
}

/** Where there is no folder to move codes to: a link to make one, and what to do next. */
function CreateFolderHint({ another, then }: { another: boolean; then: string }) {
  return (
    <Text size="sm" c="dimmed">
      <Anchor component={Link} to="/admin/folders">
        {another ? 'Create another folder' : 'Create a folder'}
      </Anchor>{' '}
      {another ? 'to move codes between folders' : 'to sort your codes'}: then {then}
    </Text>
  );
}

/**
 * The organization's folders as drop targets; `exclude` leaves out the folder on screen. Without
 * `dragging` (a phone) there is nothing to drop on: it only says how to start when no folder exists.
 */
export function FolderTargets({ orgId, exclude, dragging = true }: { orgId: string; exclude?: string; dragging?: boolean }) {
  const folders = useFolders(orgId);
  const targets = (folders.data ?? []).filter((folder) => folder.folder_id !== exclude);
  if (!folders.data) return null;
  if (!dragging) {
    if (targets.length > 0) return null;
    return <CreateFolderHint another={exclude !== undefined} then="tick codes and pick it under “Move to folder”." />;
  }
  return (
    <Group gap="xs" aria-label="Folders to drop codes on" role="group">
      {targets.length === 0 ? (
        <CreateFolderHint
          another={exclude !== undefined}
          then={exclude ? 'drag a code by its handle ⠿ onto it.' : 'drag a code by its handle ⠿ onto the folder, or tick several and move them at once.'}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Drag codes by their handle ⠿ onto a folder:
          </Text>
          {targets.map((folder) => (
            <FolderTarget key={folder.folder_id} folder={folder} />
          ))}
        </>
      )}
    </Group>
  );
}

/** What can be done with the ticked codes: move them to a folder, or (in a folder) out of it. */
export function BulkFolderActions({ orgId, selection, currentFolderId }: { orgId: string; selection: CodeSelection; currentFolderId?: string }) {
  const folders = useFolders(orgId);
  const [target, setTarget] = useState<string | null>(null);
  const codeIds = [...selection.selected];
  const move = useFilingMutation((folderId: string) => foldersApi.addCodes(folderId, codeIds), selection.clear);
  const moveOut = useFilingMutation((folderId: string) => foldersApi.removeCodes(folderId, codeIds), selection.clear);
  if (codeIds.length === 0) return null;
  const options = (folders.data ?? [])
    .filter((folder) => folder.folder_id !== currentFolderId)
    .map((folder) => ({ value: folder.folder_id, label: folder.name }));
  const failed = move.error ?? moveOut.error;
  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label="Selected codes">
      <Group align="flex-end">
        <Text fw={500}>{counted(codeIds.length, 'code')} selected</Text>
        <Select
          label="Move to folder"
          placeholder={options.length ? 'Pick a folder' : 'No other folder yet'}
          data={options}
          value={target}
          onChange={setTarget}
          w={220}
        />
        <Button disabled={!target} loading={move.isPending} onClick={() => target && move.mutate(target)}>
          Move
        </Button>
        {currentFolderId && (
          <Button variant="default" loading={moveOut.isPending} onClick={() => moveOut.mutate(currentFolderId)}>
            Move out of folder
          </Button>
        )}
        <Button variant="subtle" onClick={selection.clear}>
          Clear selection
        </Button>
      </Group>
      {failed && (
        <Alert color="red" mt="sm">
          {describeError(failed)}
        </Alert>
      )}
    </Paper>
  );
}

/** Where a list of codes would be, when it could not be loaded. */
export function CodesLoadFailure({ error }: { error: unknown }) {
  return (
    <Alert color="red" title="The codes could not be loaded">
      {describeError(error)}
    </Alert>
  );
}

/** What one list of codes shows beside each code, in the table's rows and on the phone's cards. */
export type CodeRowExtras = (code: CodeView) => Partial<Pick<ComponentProps<typeof CodeRow>, 'onDelete' | 'folderName'>>;

/**
 * A page of codes a writer can tick, drag onto a folder or move in bulk, with its pager: My codes and
 * a folder's screen show their codes alike. `rowProps` adds what one of them shows beside a code.
 */
export function FilingCodesTable({
  label,
  orgId,
  currentFolderId,
  codes,
  total,
  pageSize,
  page,
  onPage,
  writable,
  rowProps,
}: {
  label: string;
  orgId: string;
  currentFolderId?: string;
  codes: CodeView[];
  total: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  writable: boolean;
  rowProps?: CodeRowExtras;
}) {
  const selection = useCodeSelection();
  const wide = useWiderThan('sm');
  return (
    <CodeDragArea selection={selection}>
      {writable && <FolderTargets orgId={orgId} exclude={currentFolderId} dragging={wide} />}
      {writable && <BulkFolderActions orgId={orgId} selection={selection} currentFolderId={currentFolderId} />}
      {wide ? (
        <CodesTable label={label} codes={codes} selection={writable ? selection : undefined} rowProps={rowProps} />
      ) : (
        <CodeCards label={label} codes={codes} selection={writable ? selection : undefined} rowProps={rowProps} />
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {counted(total, 'code')}
        </Text>
        <LabelledPagination total={Math.ceil(total / pageSize)} value={page} onChange={onPage} />
      </Group>
    </CodeDragArea>
  );
}

/** The laptop's layout: a row a code, dragged by its handle onto a folder. */
function CodesTable({ label, codes, selection, rowProps }: { label: string; codes: CodeView[]; selection?: CodeSelection; rowProps?: CodeRowExtras }) {
  return (
    // Between `sm` and 880 px the table still scrolls sideways, rather than widening the whole page.
    <Table.ScrollContainer minWidth={880} type="native">
      <Table aria-label={label} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th>
                <SelectAllCell codeIds={codes.map((code) => code.code_id)} selection={selection} />
              </Table.Th>
            )}
            <Table.Th>QR</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Scans</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {codes.map((code) => (
            <CodeRow key={code.code_id} code={code} {...rowProps?.(code)} lead={selection ? <CodePickCell code={code} selection={selection} /> : undefined} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
