import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodeView } from '@qr/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { describeError } from '../organisation/organisation-api';
import { codeKeys, codesApi } from './codes-api';

/** Asks before deleting `code` (open while it is set); `onDeleted` runs once the server has deleted it. */
export function DeleteCodeDialog({ code, onClose, onDeleted = onClose }: { code: CodeView | null; onClose: () => void; onDeleted?: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (doomed: CodeView) => codesApi.remove(doomed.code_id),
    onSuccess: async () => {
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: codeKeys.all });
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
      Printed copies of <strong>{code?.name}</strong> will show “This code has ended”. This can not be undone.
    </ConfirmDialog>
  );
}
