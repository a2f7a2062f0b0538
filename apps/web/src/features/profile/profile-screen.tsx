import { Alert, Badge, Button, Divider, Group, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChangePasswordBody, UpdateProfileBody, type ProfileView } from '@qr/contracts';
import { useState, type FormEvent } from 'react';
import { contractFieldErrors, fieldErrorsByName } from '../../api/contract-form-errors';
import { ApiProblem, describeError } from '../../api/api-problem';
import { useMyOrganizations } from '../organization';
import { profileApi, profileKeys } from './profile-api';

function NameForm({ profile }: { profile: ProfileView }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile.display_name ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: profileApi.update,
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.mine(), saved),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = contractFieldErrors(UpdateProfileBody, { display_name: name });
    setError(checked.errors?.['display_name'] ?? null);
    if (checked.data) save.mutate(checked.data);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Your name">
      <Stack maw={420}>
        <TextInput label="Your name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save name
          </Button>
          {save.isSuccess && (
            <Text size="sm" c="teal">
              Saved.
            </Text>
          )}
        </Group>
        {save.isError && (
          <Alert color="red" title="Your name was not saved">
            {describeError(save.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: profileApi.changePassword,
    onSuccess: () => {
      setCurrent('');
      setNext('');
    },
    // The server checks the current password; its answer belongs next to that field.
    onError: (error) => {
      if (error instanceof ApiProblem && error.errors.length > 0) {
        setErrors(fieldErrorsByName(error.errors));
      }
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = contractFieldErrors(ChangePasswordBody, { current_password: current, new_password: next });
    setErrors(checked.errors ?? {});
    if (checked.data) change.mutate(checked.data);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack maw={420}>
        <PasswordInput label="Current password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} error={errors['current_password']} />
        <PasswordInput
          label="New password"
          description="At least 10 characters."
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          error={errors['new_password']}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
          {change.isSuccess && (
            <Text size="sm" c="teal">
              Password changed.
            </Text>
          )}
        </Group>
        {change.isError && !(change.error instanceof ApiProblem && change.error.errors.length > 0) && (
          <Alert color="red" title="The password was not changed">
            {describeError(change.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** /admin/profile: who is signed in, their organizations and roles, and their name and password. */
export default function ProfileScreen() {
  const profile = useQuery({ queryKey: profileKeys.mine(), queryFn: profileApi.get });
  const organizations = useMyOrganizations();

  if (profile.isError) {
    return (
      <Alert color="red" title="Your profile could not be loaded">
        {describeError(profile.error)}
      </Alert>
    );
  }
  if (!profile.data) return <Text c="dimmed">Loading your profile…</Text>;
  const { data } = profile;
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Your profile</Title>
        <Text c="dimmed">
          Signed in as <strong>{data.email}</strong>
          {data.created_at && ` since ${new Date(data.created_at).toLocaleDateString()}`}. Your email is your user id.
        </Text>
      </div>
      {data.local_account ? (
        <>
          <NameForm profile={data} />
          <Divider />
          <PasswordForm />
        </>
      ) : (
        <Alert color="blue" title="Managed by your sign-in service">
          Your name and password are kept by your organisation’s sign-in service; change them there.
        </Alert>
      )}
      <Divider />
      <Stack component="section" aria-labelledby="my-organizations-title">
        <Title order={2} size="h3" id="my-organizations-title">
          Your organisations
        </Title>
        {organizations.data?.length === 0 && <Text c="dimmed">You do not belong to an organisation yet.</Text>}
        {organizations.data && organizations.data.length > 0 && (
          <Table aria-label="Your organisations">
            <Table.Tbody>
              {organizations.data.map((o) => (
                <Table.Tr key={o.organization_id}>
                  <Table.Td>{o.organization_name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{o.role}</Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}
