import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodeView } from '@qr/contracts';
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
    <Modal opened={code !== null} onClose={onClose} title="Delete this code?">
      <Stack>
        <Text>
          Printed copies of <strong>{code?.name}</strong> will show “This code has ended”. This can not be undone.
        </Text>
        {remove.isError && <Alert color="red">{describeError(remove.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => code && remove.mutate(code)}>
            Delete code
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
