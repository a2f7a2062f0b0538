import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RenameFolderBody, type FolderView } from '@qr/contracts';
import { useState } from 'react';
import { contractFieldErrors } from '../../api/contract-form-errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { codeKeys } from '../codes';
import { describeError } from '../../api/api-problem';
import { folderKeys, foldersApi } from './folders-api';

/** Create (no folder given) or rename a folder; the name is checked with the API's own contract (the same rule for both) first. */
export function FolderNameDialog({ orgId, folder, opened, onClose }: { orgId: string; folder?: FolderView; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(folder?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (valid: string) => (folder ? foldersApi.rename(folder.folder_id, valid) : foldersApi.create(orgId, valid)),
    onSuccess: async () => {
      setName('');
      onClose();
      await queryClient.invalidateQueries({ queryKey: folderKeys.all });
    },
  });
  const submit = () => {
    const checked = contractFieldErrors(RenameFolderBody, { name });
    setError(checked.errors?.['name'] ?? null);
    if (checked.data) save.mutate(checked.data.name);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={folder ? `Rename ${folder.name}` : 'New folder'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Folder name"
            placeholder="e.g. Summer posters"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          {save.isError && <Alert color="red">{describeError(save.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {folder ? 'Rename' : 'Create folder'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Removing a folder never deletes its codes: they stay in My codes, in no folder. */
export function RemoveFolderDialog({ folder, onClose, onRemoved }: { folder: FolderView | null; onClose: () => void; onRemoved?: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (target: FolderView) => foldersApi.remove(target.folder_id),
    onSuccess: async () => {
      onClose();
      onRemoved?.();
      await Promise.all([queryClient.invalidateQueries({ queryKey: folderKeys.all }), queryClient.invalidateQueries({ queryKey: codeKeys.all })]);
    },
  });
  return (
    <ConfirmDialog
      opened={folder !== null}
      title="Remove this folder?"
      confirmLabel="Remove folder"
      pending={remove.isPending}
      failure={remove.isError ? describeError(remove.error) : null}
      onConfirm={() => folder && remove.mutate(folder)}
      onClose={onClose}
    >
      The folder <strong>{folder?.name}</strong> goes. Its {folder?.code_count === 1 ? 'code stays' : `${folder?.code_count ?? 0} codes stay`} in My codes, in
      no folder, and keep working.
    </ConfirmDialog>
  );
}
