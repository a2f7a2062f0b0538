import { Alert, Button, Group, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { organizationApi, userKeys, type Role } from './organization-api';
import { useOrganizationRecord } from './organization-record';
import { RolePicker } from './role-picker';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function AddUserForm({ orgId, orgName }: { orgId: string; orgName: string }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [emailError, setEmailError] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: (user: { email: string; role: Role }) => organizationApi.addUser(orgId, user.email, user.role),
    onSuccess: async (_added, user) => {
      setEmail('');
      notifications.show({ color: 'teal', title: 'User added', message: `${user.email} can now work in ${orgName} as ${user.role}.` });
      await queryClient.invalidateQueries({ queryKey: userKeys.all(orgId) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setEmailError('Enter a valid email address.');
      return;
    }
    setEmailError(null);
    add.mutate({ email: email.trim(), role });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add user">
      <Group align="flex-start">
        <TextInput label="Email" type="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} error={emailError} />
        <RolePicker label="Role" value={role} onPick={setRole} />
        <Button type="submit" mt={25} loading={add.isPending}>
          Add user
        </Button>
      </Group>
      {add.isError && (
        <Alert color="red" mt="sm" title="The user was not added">
          {describeError(add.error)}
        </Alert>
      )}
    </form>
  );
}

function RoleSelect({ orgId, email, role }: { orgId: string; email: string; role: Role }) {
  const queryClient = useQueryClient();
  const edit = useMutation({
    mutationFn: (next: Role) => organizationApi.editRole(orgId, email, next),
    onSuccess: (_edited, next) => notifications.show({ color: 'teal', title: 'Role changed', message: `${email} is now ${next}.` }),
    // Refetched either way: after a refusal the picker shows the role the user still has.
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all(orgId) }),
  });
  return (
    <Stack gap={2}>
      <RolePicker aria-label={`Role of ${email}`} size="xs" value={role} disabled={edit.isPending} onPick={(next) => edit.mutate(next)} />
      {edit.isError && (
        <Text size="xs" c="red" role="alert">
          The role was not changed: {describeError(edit.error)}
        </Text>
      )}
    </Stack>
  );
}

/** /admin/users: the selected organization's users, their roles, adding and deleting. */
export default function UsersScreen() {
  const { record } = useOrganizationRecord();
  const navigate = useNavigate();
  const orgId = record.org_id;
  const users = useQuery({
    queryKey: userKeys.all(orgId),
    queryFn: () => organizationApi.listUsers(orgId),
    enabled: orgId !== '',
  });

  if (orgId === '') {
    return (
      <Stack>
        <Title order={1}>Users</Title>
        <Text c="dimmed">Select or create an organisation first.</Text>
      </Stack>
    );
  }

  return (
    <Stack>
      <Title order={1}>Users of {record.org_name}</Title>
      <AddUserForm orgId={orgId} orgName={record.org_name} />
      {users.isError && (
        <Alert color="red" title="The users could not be loaded">
          {describeError(users.error)}
        </Alert>
      )}
      {users.isPending ? (
        <Text c="dimmed">Loading users…</Text>
      ) : (
        // Positioned, so the visually hidden header stays inside the scrolling box rather than widening the page.
        <Table.ScrollContainer minWidth={520} type="native" pos="relative">
          <Table aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(users.data ?? []).map((user) => (
                <Table.Tr key={user.email}>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>
                    <RoleSelect orgId={orgId} email={user.email} role={user.role} />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      color="red"
                      variant="subtle"
                      size="xs"
                      aria-label={`Delete ${user.email}`}
                      onClick={() => navigate(`/deleteAlert/${encodeURIComponent(user.email)}`)}
                    >
                      Delete
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
