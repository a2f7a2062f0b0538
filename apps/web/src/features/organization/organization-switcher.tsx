import { Alert, Button, Group, Paper, Select, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { describeError } from '../../api/api-problem';
import type { MyOrganizationView } from '@qr/contracts';
import { organizationApi, organizationKeys } from './organization-api';
import { emptyOrganizationRecord, useOrganizationRecord } from './organization-record';

function toRecord(organization: MyOrganizationView) {
  return {
    org_id: organization.organization_id,
    org_name: organization.organization_name,
    organization_logo: organization.organization_logo ?? '',
    role: organization.role,
  };
}

export function useMyOrganizations() {
  return useQuery({ queryKey: organizationKeys.mine(), queryFn: organizationApi.listMine });
}

/** Keeps the client-held record in step with the caller's organizations: a stale selection is replaced. */
function useSelectionInStep(organizations: MyOrganizationView[] | undefined) {
  const { record, set } = useOrganizationRecord();
  useEffect(() => {
    if (organizations === undefined) return;
    const current = organizations.find((o) => o.organization_id === record.org_id);
    const next = current ?? organizations[0];
    const wanted = next ? toRecord(next) : emptyOrganizationRecord;
    if (
      wanted.org_id !== record.org_id ||
      wanted.org_name !== record.org_name ||
      wanted.organization_logo !== record.organization_logo ||
      wanted.role !== record.role
    ) {
      set(wanted);
    }
  }, [organizations, record, set]);
}

/** The header's organization switcher (the menu's on a phone); renders nothing until the caller has an organization. */
export function OrganizationSwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const { data } = useMyOrganizations();
  const { record, set } = useOrganizationRecord();
  useSelectionInStep(data);

  if (!data || data.length === 0) return null;
  return (
    <Select
      aria-label="Organisation"
      size="xs"
      w={fullWidth ? '100%' : 200}
      allowDeselect={false}
      data={data.map((o) => ({ value: o.organization_id, label: o.organization_name }))}
      value={record.org_id || null}
      onChange={(orgId) => {
        const chosen = data.find((o) => o.organization_id === orgId);
        if (chosen) set(toRecord(chosen));
      }}
    />
  );
}

/** Shown above the admin screens while the caller belongs to no organization. */
export function CreateOrganizationPrompt() {
  const { data } = useMyOrganizations();
  const { set } = useOrganizationRecord();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (organizationName: string) => organizationApi.create(organizationName),
    onSuccess: async (created) => {
      set({
        org_id: created.organization_id,
        org_name: created.organization_name,
        organization_logo: created.organization_logo ?? '',
        role: 'owner',
      });
      setName('');
      await queryClient.invalidateQueries({ queryKey: organizationKeys.mine() });
    },
  });

  if (!data || data.length > 0) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setNameError('Enter a name for your organisation.');
      return;
    }
    setNameError(null);
    create.mutate(trimmed);
  };

  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="create-organization-title">
      <Title order={2} size="h4" mb="sm" id="create-organization-title">
        Create your organisation
      </Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start">
          <TextInput label="Organisation name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={nameError} maxLength={200} />
          <Button type="submit" mt={25} loading={create.isPending}>
            Create
          </Button>
        </Group>
      </form>
      {create.isError && (
        <Alert color="red" mt="sm" title="The organisation was not created">
          {describeError(create.error)}
        </Alert>
      )}
    </Paper>
  );
}
