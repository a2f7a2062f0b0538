import { Anchor, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { codeKeys, codesApi } from '../codes';
import { useOrganizationRecord } from '../organization';
import { AnalyticsReport } from './analytics-report';

/** `/admin/analytics`: the whole organization, or one code picked here (`?code_id=`, kept in the address like the period). */
export function OrganizationAnalyticsScreen() {
  const { record } = useOrganizationRecord();
  const orgId = record.org_id;
  const [params, setParams] = useSearchParams();
  const codeId = params.get('code_id') ?? '';
  const names = useQuery({ queryKey: codeKeys.names(orgId), queryFn: () => codesApi.names(orgId), enabled: orgId !== '' });
  if (orgId === '') return <Text c="dimmed">Select or create an organisation first.</Text>;
  const codeName = names.data?.find((code) => code.code_id === codeId)?.name;
  return (
    <AnalyticsReport
      scope={{ orgId, ...(codeId ? { codeId } : {}) }}
      scopeName={codeName ?? record.org_name}
      title={<Title order={1}>Analytics</Title>}
      controls={
        // Native, as the page screens' code picker: a phone shows its own list, and a long list is still searchable by typing.
        <NativeSelect
          label="Code"
          data={[{ value: '', label: 'All codes' }, ...(names.data ?? []).map((code) => ({ value: code.code_id, label: code.name }))]}
          value={codeId}
          onChange={(event) => {
            const chosen = event.currentTarget.value;
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (chosen) next.set('code_id', chosen);
                else next.delete('code_id');
                return next;
              },
              { replace: true },
            );
          }}
          w={{ sm: 240 }}
        />
      }
    />
  );
}

/** `/admin/my-codes/analytics/{codeId}`: one code's report, reached from the code list and the code's page. */
export function CodeAnalyticsScreen() {
  const { codeId = '' } = useParams();
  const { record } = useOrganizationRecord();
  const code = useQuery({ queryKey: codeKeys.one(codeId), queryFn: () => codesApi.get(codeId), enabled: codeId !== '' });
  const name = code.data?.name ?? codeId;
  return (
    <AnalyticsReport
      scope={{ orgId: code.data?.org_id ?? record.org_id, codeId }}
      scopeName={name}
      title={
        <Stack gap={0}>
          <Anchor component={Link} to={`/admin/my-codes/show/${encodeURIComponent(codeId)}`} size="sm">
            ← {name}
          </Anchor>
          <Title order={1}>Analytics of {name}</Title>
        </Stack>
      }
    />
  );
}
