import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { CodeView } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CodesLoadFailure, FilingCodesTable, useFolders } from '../folders';
import { isRole, useOrganizationRecord } from '../organization';
import { codeKeys, codesApi } from './codes-api';
import { DeleteCodeDialog } from './delete-code-dialog';

const PAGE_SIZE = 10;

/** `/admin/my-codes`: the organization's codes, newest first, ten a page, with a filter by text and by folder; codes are dragged onto folders or ticked and moved. */
export default function MyCodesScreen() {
  const { record } = useOrganizationRecord();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const [settledFilter] = useDebouncedValue(filter.trim(), 300);
  const [folder, setFolder] = useState('');
  const [deleting, setDeleting] = useState<CodeView | null>(null);
  const orgId = record.org_id;
  // Viewers see which folder a code is in, but get no tools to move codes.
  const writable = isRole(record.role) && can.write('codes', record.role);
  const folders = useFolders(orgId);
  const folderNames = new Map((folders.data ?? []).map((f) => [f.folder_id, f.name]));
  const codes = useQuery({
    queryKey: codeKeys.list(orgId, page, settledFilter, folder),
    queryFn: () => codesApi.list(orgId, page, settledFilter, folder),
    enabled: orgId !== '',
    placeholderData: (previous) => previous,
  });

  if (orgId === '') return <Text c="dimmed">Select or create an organisation first.</Text>;
  const total = codes.data?.total ?? 0;
  const filtered = settledFilter !== '' || folder !== '';
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>My codes</Title>
        <Button component={Link} to="/admin/create-qr-code">
          Create QR code
        </Button>
      </Group>
      <Group align="flex-end">
        <TextInput
          label="Filter"
          placeholder="Name, type or status"
          value={filter}
          onChange={(event) => {
            setFilter(event.currentTarget.value);
            setPage(1);
          }}
          w={360}
        />
        <Select
          label="Folder"
          data={[
            { value: '', label: 'All codes' },
            { value: 'none', label: 'Not in a folder' },
            ...(folders.data ?? []).map((f) => ({ value: f.folder_id, label: f.name })),
          ]}
          value={folder}
          onChange={(value) => {
            setFolder(value ?? '');
            setPage(1);
          }}
          allowDeselect={false}
          w={240}
        />
      </Group>
      {codes.isError && <CodesLoadFailure error={codes.error} />}
      {codes.data && total === 0 && filtered && (
        <Group gap="xs">
          <Text c="dimmed">No code matches this filter.</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setFilter('');
              setFolder('');
              setPage(1);
            }}
          >
            Show all codes
          </Button>
        </Group>
      )}
      {codes.data && total === 0 && !filtered && (
        <Text c="dimmed">No codes yet. Create your first QR code: it takes a minute, and you can change where it leads at any time.</Text>
      )}
      {codes.data && total > 0 && (
        <FilingCodesTable
          label="Codes"
          orgId={orgId}
          codes={codes.data.items}
          total={total}
          pageSize={PAGE_SIZE}
          page={page}
          onPage={setPage}
          writable={writable}
          rowProps={(code) => ({ onDelete: setDeleting, folderName: code.folder_id ? folderNames.get(code.folder_id) : undefined })}
        />
      )}
      <DeleteCodeDialog code={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
