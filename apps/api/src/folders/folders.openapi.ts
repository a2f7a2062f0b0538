import {
  CodeListView,
  CreateFolderBody,
  FolderCodePath,
  FolderCodesBody,
  FolderListView,
  FolderPath,
  FolderView,
  ListFolderCodesQuery,
  OrgQuery,
  RenameFolderBody,
} from '@qr/contracts';
import { body, json, type ApiPaths } from '../http/openapi';

/** Folders in the OpenAPI document, from the contracts the routes validate with. */
export function registerFoldersPaths({ signedIn }: ApiPaths): void {
  const route = signedIn('folders', '/api/v1/folders');
  route('post', '', 'Create a folder (owner, admin, editor)', { 201: json('Created', FolderView) }, { body: body(CreateFolderBody) });
  route('get', '', 'The organisation’s folders by name, with how many codes each holds', { 200: json('Listed', FolderListView) }, { query: OrgQuery });
  route('get', '/{folder_id}', 'A folder', { 200: json('Found', FolderView) }, { params: FolderPath });
  route('patch', '/{folder_id}', 'Rename a folder', { 200: json('Renamed', FolderView) }, { params: FolderPath, body: body(RenameFolderBody) });
  route('delete', '/{folder_id}', 'Remove a folder; its codes stay, in no folder', { 204: { description: 'Removed' } }, { params: FolderPath });
  route(
    'get',
    '/{folder_id}/codes',
    'The folder’s codes, newest first; `org_id`, if given, must be the folder’s organisation',
    { 200: json('Listed', CodeListView) },
    {
      params: FolderPath,
      query: ListFolderCodesQuery,
    },
  );
  route(
    'post',
    '/{folder_id}/codes',
    'Add codes to the folder (a code in another folder moves here); all or none',
    { 200: json('Added', FolderView) },
    {
      params: FolderPath,
      body: body(FolderCodesBody),
    },
  );
  route(
    'post',
    '/{folder_id}/codes/remove',
    'Take codes out of the folder; they stay, in no folder',
    { 200: json('Removed', FolderView) },
    {
      params: FolderPath,
      body: body(FolderCodesBody),
    },
  );
  route('delete', '/{folder_id}/codes/{code_id}', 'Take one code out of the folder', { 204: { description: 'Removed' } }, { params: FolderCodePath });
}
