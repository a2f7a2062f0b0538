import { Alert, Badge, Button, Code, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IssueApiKeyBody, type ApiKeyIssuedView } from '@qr/contracts';
import { useState, type FormEvent } from 'react';
import { contractFieldErrors } from '../../api/contract-form-errors';
import { describeError } from '../../api/api-problem';
import { apiKeyKeys, organizationApi, type Role } from './organization-api';
import { RolePicker } from './role-picker';
import { CopyTextButton } from '../../components/copy-text-button';

const formatDate = (iso: string) => new Date(iso).toLocaleString();

/** The secret is in the issue response only: this dialog is the one chance to copy it. */
function IssuedKeyDialog({ issued, onClose }: { issued: ApiKeyIssuedView | null; onClose: () => void }) {
  return (
    <Modal opened={issued !== null} onClose={onClose} title="Copy your new API key" size="lg">
      {issued && (
        <Stack>
          <Text size="sm">
            This is the only time the key <strong>{issued.label}</strong> is shown. Store it somewhere safe: the server keeps only a hash of it. Scripts send it
            as <Code>Authorization: Bearer …</Code>.
          </Text>
          <Code block data-testid="issued-api-key" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {issued.api_key}
          </Code>
          <Group justify="flex-end">
            <CopyTextButton value={issued.api_key} label="Copy key" />
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function IssueKeyForm({ orgId, onIssued }: { orgId: string; onIssued: (issued: ApiKeyIssuedView) => void }) {
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const issue = useMutation({
    mutationFn: (body: IssueApiKeyBody) => organizationApi.issueApiKey(orgId, body),
    onSuccess: async (issued) => {
      setLabel('');
      onIssued(issued);
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all(orgId) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = contractFieldErrors(IssueApiKeyBody, { label, role });
    setErrors(checked.errors ?? {});
    if (checked.data) issue.mutate(checked.data);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Issue API key">
      <Group align="flex-start">
        <TextInput
          label="What is it for?"
          placeholder="nightly export"
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          error={errors['label']}
        />
        <RolePicker label="Acts as" value={role} onPick={setRole} />
        <Button type="submit" mt={25} loading={issue.isPending}>
          Issue API key
        </Button>
      </Group>
      {issue.isError && (
        <Alert color="red" mt="sm" title="No key was issued">
          {describeError(issue.error)}
        </Alert>
      )}
    </form>
  );
}

/** API keys for scripts and integrations: issue (shown once), list without secrets, revoke. */
export function ApiKeysPanel({ orgId, canManage }: { orgId: string; canManage: boolean }) {
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<ApiKeyIssuedView | null>(null);
  const keys = useQuery({ queryKey: apiKeyKeys.all(orgId), queryFn: () => organizationApi.listApiKeys(orgId) });
  const revoke = useMutation({
    mutationFn: (keyId: string) => organizationApi.revokeApiKey(orgId, keyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all(orgId) }),
  });

  return (
    <Stack component="section" aria-labelledby="api-keys-title">
      <Title order={2} size="h3" id="api-keys-title">
        API keys
      </Title>
      <Text size="sm" c="dimmed">
        A key lets a script act for this organisation with the role you choose, without anyone’s password.
      </Text>
      {canManage ? <IssueKeyForm orgId={orgId} onIssued={setIssued} /> : <Text size="sm">Owners and admins issue and revoke keys.</Text>}
      <IssuedKeyDialog issued={issued} onClose={() => setIssued(null)} />
      {(keys.isError || revoke.isError) && (
        <Alert color="red" title="Something went wrong with the keys">
          {describeError(keys.error ?? revoke.error)}
        </Alert>
      )}
      {keys.data?.length === 0 && <Text c="dimmed">No API keys yet.</Text>}
      {keys.data && keys.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="API keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Label</Table.Th>
                <Table.Th>Key starts with</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Issued</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => (
                <Table.Tr key={key.key_id}>
                  <Table.Td>{key.label}</Table.Td>
                  <Table.Td>
                    <Code>{key.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>{key.role}</Table.Td>
                  <Table.Td>{formatDate(key.created_at)}</Table.Td>
                  <Table.Td>
                    {key.revoked_at ? (
                      <Badge color="gray" title={`Revoked ${formatDate(key.revoked_at)}`}>
                        Revoked
                      </Badge>
                    ) : canManage ? (
                      <Button size="xs" color="red" variant="subtle" aria-label={`Revoke ${key.label}`} onClick={() => revoke.mutate(key.key_id)}>
                        Revoke
                      </Button>
                    ) : (
                      <Badge color="green">Active</Badge>
                    )}
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
