import { Alert, Button, Group, Paper, Select, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { describeError, organisationApi, organisationKeys, type MyOrganisation } from './organisation-api';
import { emptyOrganisationRecord, useOrganisationRecord } from './organisation-record';

function toRecord(organisation: MyOrganisation) {
  return {
    org_id: organisation.organization_id,
    org_name: organisation.organization_name,
    organization_logo: organisation.organization_logo ?? '',
    role: organisation.role,
  };
}

export function useMyOrganisations() {
  return useQuery({ queryKey: organisationKeys.mine(), queryFn: organisationApi.listMine });
}

/** Keeps the client-held record in step with the caller's organisations: a stale selection is replaced. */
function useSelectionInStep(organisations: MyOrganisation[] | undefined) {
  const { record, set } = useOrganisationRecord();
  useEffect(() => {
    if (organisations === undefined) return;
    const current = organisations.find((o) => o.organization_id === record.org_id);
    const next = current ?? organisations[0];
    const wanted = next ? toRecord(next) : emptyOrganisationRecord;
    if (
      wanted.org_id !== record.org_id ||
      wanted.org_name !== record.org_name ||
      wanted.organization_logo !== record.organization_logo ||
      wanted.role !== record.role
    ) {
      set(wanted);
    }
  }, [organisations, record, set]);
}

/** The header's organisation switcher (the menu's on a phone); renders nothing until the caller has an organisation. */
export function OrganisationSwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const { data } = useMyOrganisations();
  const { record, set } = useOrganisationRecord();
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

/** Shown above the admin screens while the caller belongs to no organisation. */
export function CreateOrganisationPrompt() {
  const { data } = useMyOrganisations();
  const { set } = useOrganisationRecord();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (organizationName: string) => organisationApi.create(organizationName),
    onSuccess: async (created) => {
      set({
        org_id: created.organization_id,
        org_name: created.organization_name,
        organization_logo: created.organization_logo ?? '',
        role: 'owner',
      });
      setName('');
      await queryClient.invalidateQueries({ queryKey: organisationKeys.mine() });
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
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="create-organisation-title">
      <Title order={2} size="h4" mb="sm" id="create-organisation-title">
        Create your organisation
      </Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start">
          <TextInput
            label="Organisation name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            maxLength={200}
          />
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
