import { Alert, Button, Divider, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateOrganizationBody } from '@qr/contracts';
import { can } from '@qr/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { contractFieldErrors } from '../../api/contract-form-errors';
import { BrandKitSection } from '../brand';
import { ApiKeysPanel } from './api-keys-panel';
import { describeError } from '../../api/api-problem';
import { isRole, organizationApi, organizationKeys } from './organization-api';
import { useOrganizationRecord, type OrganizationRecord } from './organization-record';
import { useMyOrganizations } from './organization-switcher';
import { TermsPanel } from './terms-panel';

/** The browser's own list of IANA zones (UTC first), so the picker offers what the server's Intl accepts too. */
function useTimeZones(current: string): string[] {
  return useMemo(() => {
    const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
    return zones.has(current) ? [...zones] : [current, ...zones];
  }, [current]);
}

function DetailsForm({ record, savedTimeZone, canEdit }: { record: OrganizationRecord; savedTimeZone: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const { set } = useOrganizationRecord();
  const [name, setName] = useState(record.org_name);
  const [logo, setLogo] = useState(record.organization_logo);
  const [timeZone, setTimeZone] = useState(savedTimeZone);
  const timeZones = useTimeZones(savedTimeZone);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: UpdateOrganizationBody) => organizationApi.update(record.org_id, body),
    onSuccess: async (saved) => {
      set({ ...record, org_name: saved.organization_name, organization_logo: saved.organization_logo ?? '' });
      await queryClient.invalidateQueries({ queryKey: organizationKeys.mine() });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = contractFieldErrors(UpdateOrganizationBody, {
      organization_name: name,
      organization_logo: logo.trim() === '' ? null : logo.trim(),
      time_zone: timeZone,
    });
    setErrors(checked.errors ?? {});
    if (checked.data) save.mutate(checked.data);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Organisation details">
      <Stack maw={520}>
        <TextInput
          label="Organisation name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors['organization_name']}
          disabled={!canEdit}
        />
        <TextInput
          label="Logo URL"
          description="An https:// address of an image; leave empty for no logo."
          type="url"
          inputMode="url"
          value={logo}
          onChange={(e) => setLogo(e.currentTarget.value)}
          error={errors['organization_logo']}
          disabled={!canEdit}
        />
        <Select
          label="Time zone"
          description="Analytics count days, weeks and months in this time zone."
          data={timeZones}
          value={timeZone}
          onChange={(zone) => zone && setTimeZone(zone)}
          error={errors['time_zone']}
          searchable
          allowDeselect={false}
          disabled={!canEdit}
        />
        {canEdit && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save details
            </Button>
            {save.isSuccess && (
              <Text size="sm" c="teal">
                Saved.
              </Text>
            )}
          </Group>
        )}
        {save.isError && (
          <Alert color="red" title="The details were not saved">
            {describeError(save.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** /admin/organization: the selected organization's details, API keys and terms, as the caller's role allows. */
export default function OrganizationSettingsScreen() {
  const { record } = useOrganizationRecord();
  const organization = useMyOrganizations().data?.find((o) => o.organization_id === record.org_id);
  if (record.org_id === '' || !isRole(record.role)) {
    return (
      <Stack>
        <Title order={1}>Organisation</Title>
        <Text c="dimmed">Select or create an organisation first.</Text>
      </Stack>
    );
  }
  const { role } = record;
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{record.org_name}</Title>
        <Text c="dimmed" size="sm">
          You are {role === 'admin' || role === 'owner' ? 'an' : 'a'} {role} here.
        </Text>
      </div>
      {/* Keyed by organization so that switching resets the form to the other organization's values. */}
      {organization && <DetailsForm key={record.org_id} record={record} savedTimeZone={organization.time_zone} canEdit={can.updateOrganization(role)} />}
      <Divider />
      {organization && <BrandKitSection key={record.org_id} organization={organization} canEdit={can.updateOrganization(role)} />}
      <Divider />
      <ApiKeysPanel orgId={record.org_id} canManage={can.manageApiKeys(role)} />
      <Divider />
      <TermsPanel orgId={record.org_id} canPublish={can.publishTerms(role)} />
    </Stack>
  );
}
