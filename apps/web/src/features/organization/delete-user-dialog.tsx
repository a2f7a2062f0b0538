import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { organizationApi, userKeys } from './organization-api';
import { useOrganizationRecord } from './organization-record';

const USERS_SCREEN = '/admin/users';

/** /deleteAlert/{id} (spec §2): confirms deleting user {id} (their email) from the selected organization. */
export default function DeleteUserDialog() {
  const { id = '' } = useParams();
  const { record } = useOrganizationRecord();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  // Back to whoever opened the dialog; straight to the users screen when it was opened directly.
  const goBack = () => {
    if (location.key === 'default') void navigate(USERS_SCREEN, { replace: true });
    else void navigate(-1);
  };

  const remove = useMutation({
    mutationFn: () => organizationApi.deleteUser(record.org_id, id),
    onSuccess: async () => {
      // Tell the parent: its user list is stale.
      await queryClient.invalidateQueries({ queryKey: userKeys.all(record.org_id) });
      notifications.show({ color: 'teal', title: 'User deleted', message: `${id} no longer has access to ${record.org_name}.` });
      goBack();
    },
  });

  return (
    <Modal opened onClose={goBack} title="Delete Confirmation" centered>
      <Text>Do you want to delete the user?</Text>
      {/* The spec's question names nobody; the user's email, on a line of its own, says who. */}
      <Text fw={700} mt={4} style={{ overflowWrap: 'anywhere' }}>
        {id}
      </Text>
      {remove.isError && (
        <Alert color="red" mt="sm" title="The user was not deleted">
          {describeError(remove.error)}
        </Alert>
      )}
      {record.org_id === '' && (
        <Text c="red" size="sm" mt="sm">
          No organisation is selected.
        </Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={goBack}>
          Cancel
        </Button>
        <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending} disabled={record.org_id === ''}>
          DELETE
        </Button>
      </Group>
    </Modal>
  );
}
