import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FolderView } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { QrImage } from '../codes';
import { describeError } from '../../api/api-problem';
import { isRole, useOrganizationRecord } from '../organization';
import { CodesLoadFailure, FilingCodesTable, useFolders } from './code-filing';
import { FolderNameDialog, RemoveFolderDialog } from './folder-dialogs';
import { folderKeys, foldersApi } from './folders-api';
import { counted } from '../../components/counted';
import { LabelledPagination } from '../../components/labelled-pagination';

const PAGE_SIZE = 10;
const QR_PAGE_SIZE = 24;

const countOf = (folder: FolderView) => counted(folder.code_count, 'code');

function useWritable(): boolean {
  const { record } = useOrganizationRecord();
  return isRole(record.role) && can.write('codes', record.role);
}

function NeedsOrganization({ children }: { children: (orgId: string) => ReactNode }) {
  const { record } = useOrganizationRecord();
  return record.org_id === '' ? <Text c="dimmed">Select or create an organisation first.</Text> : children(record.org_id);
}

/** `/admin/folders`: the organization's folders with how many codes each holds; create, rename and remove them. */
export function FoldersScreen() {
  return <NeedsOrganization>{(orgId) => <FolderList orgId={orgId} />}</NeedsOrganization>;
}

function FolderList({ orgId }: { orgId: string }) {
  const folders = useFolders(orgId);
  const writable = useWritable();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<FolderView | null>(null);
  const [removing, setRemoving] = useState<FolderView | null>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Folders</Title>
        {writable && <Button onClick={() => setCreating(true)}>New folder</Button>}
      </Group>
      <Text c="dimmed">Folders sort your codes. A code is in at most one folder; removing a folder never deletes its codes.</Text>
      {folders.isError && (
        <Alert color="red" title="The folders could not be loaded">
          {describeError(folders.error)}
        </Alert>
      )}
      {folders.data?.length === 0 && (
        <Text c="dimmed">
          No folders yet. Create one with “New folder”, then add codes to it from{' '}
          <Anchor component={Link} to="/admin/my-codes">
            My codes
          </Anchor>
          : drag a code onto the folder, or tick several codes and move them at once.
        </Text>
      )}
      {folders.data && folders.data.length > 0 && (
        <Table.ScrollContainer minWidth={520} type="native">
          <Table aria-label="Folders" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Codes</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {folders.data.map((folder) => (
                <Table.Tr key={folder.folder_id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/folder/${folder.folder_id}`}>
                      {folder.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{folder.code_count}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="subtle" component={Link} to={`/admin/folder-qr/${folder.folder_id}`}>
                        QR codes
                      </Button>
                      {writable && (
                        <>
                          <Button size="xs" variant="subtle" aria-label={`Rename ${folder.name}`} onClick={() => setRenaming(folder)}>
                            Rename
                          </Button>
                          <Button size="xs" variant="subtle" color="red" aria-label={`Remove ${folder.name}`} onClick={() => setRemoving(folder)}>
                            Remove
                          </Button>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FolderNameDialog orgId={orgId} opened={creating} onClose={() => setCreating(false)} />
      {renaming && <FolderNameDialog key={renaming.folder_id} orgId={orgId} folder={renaming} opened onClose={() => setRenaming(null)} />}
      <RemoveFolderDialog folder={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

function useFolder(folderId: string) {
  return useQuery({ queryKey: folderKeys.one(folderId), queryFn: () => foldersApi.get(folderId), enabled: folderId !== '' });
}

function LoadedFolder({ folderId, children }: { folderId: string; children: (folder: FolderView) => ReactNode }) {
  const folder = useFolder(folderId);
  if (folder.isError) {
    return (
      <Stack>
        <Alert color="red" title="This folder could not be loaded">
          {describeError(folder.error)}
        </Alert>
        <Anchor component={Link} to="/admin/folders">
          Back to the folders
        </Anchor>
      </Stack>
    );
  }
  return folder.data ? children(folder.data) : <Text c="dimmed">Loading the folder…</Text>;
}

/** `/admin/folder/{folderId}`: the folder's codes, ten a page; tick codes to move them out or to another folder, or drag them onto one. */
export function FolderScreen() {
  const { folderId = '' } = useParams();
  return <LoadedFolder folderId={folderId}>{(folder) => <FolderCodes folder={folder} />}</LoadedFolder>;
}

/** A folder's codes, a page at a time; the page shown stays while the next one loads. */
function useFolderCodes(folderId: string, pageSize: number) {
  const [page, setPage] = useState(1);
  const codes = useQuery({
    queryKey: folderKeys.codes(folderId, page, pageSize),
    queryFn: () => foldersApi.codes(folderId, page, pageSize),
    placeholderData: (previous) => previous,
  });
  return { page, setPage, codes, total: codes.data?.total ?? 0 };
}

function FolderCodes({ folder }: { folder: FolderView }) {
  const { page, setPage, codes, total } = useFolderCodes(folder.folder_id, PAGE_SIZE);
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const writable = useWritable();
  const navigate = useNavigate();
  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={0}>
          <Anchor component={Link} to="/admin/folders" size="sm">
            ← Folders
          </Anchor>
          <Title order={1}>{folder.name}</Title>
          <Text c="dimmed">{countOf(folder)}</Text>
        </Stack>
        <Group>
          <Button variant="default" component={Link} to={`/admin/folder-qr/${folder.folder_id}`}>
            Show QR codes
          </Button>
          {writable && (
            <>
              <Button variant="default" onClick={() => setRenaming(true)}>
                Rename
              </Button>
              <Button variant="outline" color="red" onClick={() => setRemoving(true)}>
                Remove folder
              </Button>
            </>
          )}
        </Group>
      </Group>
      {codes.isError && <CodesLoadFailure error={codes.error} />}
      {codes.data && total === 0 && (
        <Text c="dimmed">
          This folder is empty. In{' '}
          <Anchor component={Link} to="/admin/my-codes">
            My codes
          </Anchor>
          , drag a code by its handle ⠿ onto “{folder.name}”, or tick codes and pick this folder under “Move to folder”.
        </Text>
      )}
      {codes.data && total > 0 && (
        <FilingCodesTable
          label="Codes in this folder"
          orgId={folder.org_id}
          currentFolderId={folder.folder_id}
          codes={codes.data.items}
          total={total}
          pageSize={PAGE_SIZE}
          page={page}
          onPage={setPage}
          writable={writable}
        />
      )}
      {renaming && <FolderNameDialog orgId={folder.org_id} folder={folder} opened onClose={() => setRenaming(false)} />}
      <RemoveFolderDialog folder={removing ? folder : null} onClose={() => setRemoving(false)} onRemoved={() => navigate('/admin/folders')} />
    </Stack>
  );
}

/** `/admin/folder-qr/{folderId}`: the folder's QR images in a grid, to check or print them together. */
export function FolderQrScreen() {
  const { folderId = '' } = useParams();
  return <LoadedFolder folderId={folderId}>{(folder) => <FolderQrGrid folder={folder} />}</LoadedFolder>;
}

function FolderQrGrid({ folder }: { folder: FolderView }) {
  const { page, setPage, codes, total } = useFolderCodes(folder.folder_id, QR_PAGE_SIZE);
  return (
    <Stack>
      <Stack gap={0}>
        <Anchor component={Link} to={`/admin/folder/${folder.folder_id}`} size="sm">
          ← {folder.name}
        </Anchor>
        <Title order={1}>QR codes in {folder.name}</Title>
      </Stack>
      {codes.isError && <CodesLoadFailure error={codes.error} />}
      {codes.data && total === 0 && (
        <Text c="dimmed">
          No codes in this folder yet: add some from{' '}
          <Anchor component={Link} to="/admin/my-codes">
            My codes
          </Anchor>{' '}
          and their QR images appear here.
        </Text>
      )}
      {codes.data && total > 0 && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} role="list" aria-label="QR codes">
            {codes.data.items.map((code) => (
              <Card key={code.code_id} withBorder padding="sm" role="listitem">
                <Stack align="center" gap="xs">
                  <QrImage code={code} size={140} />
                  <Anchor component={Link} to={`/admin/my-codes/show/${code.code_id}`} size="sm" ta="center">
                    {code.name}
                  </Anchor>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          {total > QR_PAGE_SIZE && <LabelledPagination total={Math.ceil(total / QR_PAGE_SIZE)} value={page} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}
