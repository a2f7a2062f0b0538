import { FolderView } from '@qr/contracts';
import { installFakeApi, reply } from '../testing/fake-api';
import { call, NoContent } from './api-call';
import { ApiProblem, ContractMismatch, describeError, retryUnlessRefused } from './api-problem';

const folderId = '6f1c1d4e-0b6a-4c1e-9d2a-3f4b5c6d7e80';
const folder = {
  folder_id: folderId,
  org_id: '0c6f4a9e-2d3b-4e5f-8a7b-9c0d1e2f3a4b',
  name: 'Menus',
  code_count: 2,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

test('an answer that fits its contract is the parsed value', async () => {
  installFakeApi(() => reply(200, folder));
  await expect(call(FolderView, `/api/v1/folders/${folderId}`)).resolves.toEqual(FolderView.parse(folder));
});

test('an answer that does not fit its contract is a ContractMismatch naming the operation and the first path that does not fit', async () => {
  installFakeApi(() => reply(200, { ...folder, name: 42 }));
  const error: unknown = await call(FolderView, `/api/v1/folders/${folderId}?org_id=x`).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(ContractMismatch);
  expect(error).toBeInstanceOf(ApiProblem);
  const mismatch = error as ContractMismatch;
  expect(mismatch.operation).toBe(`GET /api/v1/folders/${folderId}`);
  expect(mismatch.path).toBe('name');
  // Shown as any other failed call is, and not asked again: the same answer would come back.
  expect(describeError(mismatch)).toMatch(new RegExp(`^The server’s answer to GET /api/v1/folders/${folderId} does not fit its contract at name: `));
  expect(retryUnlessRefused(0, mismatch)).toBe(false);
});

test('a body that is not JSON, or a body where none is expected, does not fit either', async () => {
  installFakeApi(() => ({ ...reply(200), json: async () => JSON.parse('<html>') as unknown }));
  await expect(call(FolderView, '/api/v1/folders')).rejects.toThrow('does not fit its contract at the top: the body is not JSON');
  installFakeApi(() => reply(200, folder));
  await expect(call(NoContent, `/api/v1/folders/${folderId}`, { method: 'DELETE' })).rejects.toBeInstanceOf(ContractMismatch);
  installFakeApi(() => reply(204));
  await expect(call(NoContent, `/api/v1/folders/${folderId}`, { method: 'DELETE' })).resolves.toBeUndefined();
});

test('a refusal is still the problem+json it carries, not a mismatch', async () => {
  installFakeApi(() => reply(404, { title: 'Not Found', detail: 'No such folder.', code: 'folder_not_found' }));
  const error: unknown = await call(FolderView, `/api/v1/folders/${folderId}`).catch((thrown: unknown) => thrown);
  expect(error).not.toBeInstanceOf(ContractMismatch);
  expect(error).toMatchObject({ status: 404, code: 'folder_not_found', detail: 'No such folder.' });
});
