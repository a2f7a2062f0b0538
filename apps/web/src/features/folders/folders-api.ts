import { CodeListView, FolderListView, FolderView } from '@qr/contracts';
import { call, NoContent } from '../../api/api-call';

export const folderKeys = {
  all: ['folders'] as const,
  list: (orgId: string) => [...folderKeys.all, 'list', orgId] as const,
  one: (folderId: string) => [...folderKeys.all, 'one', folderId] as const,
  codes: (folderId: string, page: number, pageSize: number) => [...folderKeys.all, 'codes', folderId, page, pageSize] as const,
};

const base = '/api/v1/folders';
const folderPath = (folderId: string) => `${base}/${encodeURIComponent(folderId)}`;
const codesBody = (codeIds: readonly string[]) => JSON.stringify({ code_ids: codeIds });

export const foldersApi = {
  list: (orgId: string) => call(FolderListView, `${base}?${new URLSearchParams({ org_id: orgId })}`),
  get: (folderId: string) => call(FolderView, folderPath(folderId)),
  create: (orgId: string, name: string) => call(FolderView, base, { method: 'POST', body: JSON.stringify({ org_id: orgId, name }) }),
  rename: (folderId: string, name: string) => call(FolderView, folderPath(folderId), { method: 'PATCH', body: JSON.stringify({ name }) }),
  remove: (folderId: string) => call(NoContent, folderPath(folderId), { method: 'DELETE' }),
  /** Codes in another folder move here. */
  addCodes: (folderId: string, codeIds: readonly string[]) => call(FolderView, `${folderPath(folderId)}/codes`, { method: 'POST', body: codesBody(codeIds) }),
  removeCodes: (folderId: string, codeIds: readonly string[]) =>
    call(FolderView, `${folderPath(folderId)}/codes/remove`, { method: 'POST', body: codesBody(codeIds) }),
  codes: (folderId: string, page: number, pageSize: number) =>
    call(CodeListView, `${folderPath(folderId)}/codes?${new URLSearchParams({ page: String(page), pageSize: String(pageSize) })}`),
};
