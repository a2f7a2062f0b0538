import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodeView } from '@qr/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { cloneKeys } from '../clones';
import { folderKeys } from '../folders';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { codeKeys, codesApi } from './codes-api';

/** Asks before deleting `code` (open while it is set); `onDeleted` runs once the server has deleted it. */
export function DeleteCodeDialog({ code, onClose, onDeleted = onClose }: { code: CodeView | null; onClose: () => void; onDeleted?: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (doomed: CodeView) => codesApi.remove(doomed.code_id),
    onSuccess: async (_, doomed) => {
      onDeleted();
      // A folder counts its live codes.
      await Promise.all([queryClient.invalidateQueries({ queryKey: codeKeys.lists() }), queryClient.invalidateQueries({ queryKey: folderKeys.all })]);
      // Asked again, the gone code, its images and its clones would each be a 404. They are dropped
      // only once the list has come back without it: a row still on screen would ask for its image anew.
      for (const queryKey of [codeKeys.one(doomed.code_id), codeKeys.images(doomed.code_id), cloneKeys.children(doomed.code_id)]) {
        queryClient.removeQueries({ queryKey });
      }
    },
  });
  return (
    <ConfirmDialog
      opened={code !== null}
      title="Delete this code?"
      confirmLabel="Delete code"
      pending={remove.isPending}
      failure={remove.isError ? describeError(remove.error) : null}
      onConfirm={() => code && remove.mutate(code)}
      onClose={onClose}
    >
      Printed copies of <strong style={BREAK_ANYWHERE}>{code?.name}</strong> will show “This code has ended”. This cannot be undone.
    </ConfirmDialog>
  );
}
