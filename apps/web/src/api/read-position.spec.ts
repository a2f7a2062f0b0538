import { FolderView } from '@qr/contracts';
import { installFakeApi, reply, type FakeApi } from '../testing/fake-api';
import { call } from './api-call';
import { publicFetch } from './api-fetch';
import { forgetPosition, latestPosition } from './read-position';

const folder = {
  folder_id: '6f1c1d4e-0b6a-4c1e-9d2a-3f4b5c6d7e80',
  org_id: '0c6f4a9e-2d3b-4e5f-8a7b-9c0d1e2f3a4b',
  name: 'Menus',
  code_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

let api: FakeApi;
/** The position the fake server answers its next command with, if any. */
let nextPosition: string | undefined;

beforeEach(() => {
  forgetPosition();
  nextPosition = undefined;
  api = installFakeApi((_path, method) =>
    method === 'GET' ? reply(200, [folder]) : reply(201, folder, nextPosition === undefined ? {} : { 'x-position': nextPosition }),
  );
});

const create = () => call(FolderView, '/api/v1/folders', { method: 'POST', body: JSON.stringify({ name: 'Menus' }) });
const list = () => call(FolderView.array(), '/api/v1/folders?org_id=o');
const lastPath = () => api.mock.calls.at(-1)?.[0];

test('a command’s x-position is sent as min_position on the next query, and not on commands', async () => {
  nextPosition = '41-1007';
  await create();
  await list();
  expect(lastPath()).toBe('/api/v1/folders?org_id=o&min_position=41-1007');
  await create();
  expect(lastPath()).toBe('/api/v1/folders');
  await call(FolderView.array(), '/api/v1/folders');
  expect(lastPath()).toBe('/api/v1/folders?min_position=41-1007');
});

test('without an x-position the queries are sent as they are', async () => {
  await create();
  await list();
  expect(lastPath()).toBe('/api/v1/folders?org_id=o');
  expect(latestPosition()).toBeNull();
});

test('the latest position is kept: by transaction id, then global position, as integers past 2^53', async () => {
  for (const [answered, kept] of [
    ['9007199254740992-5', '9007199254740992-5'],
    ['9007199254740993-1', '9007199254740993-1'],
    ['999-99999999', '9007199254740993-1'],
    ['9007199254740993-10', '9007199254740993-10'],
    ['9007199254740993-9', '9007199254740993-10'],
    ['not-a-position', '9007199254740993-10'],
  ] as const) {
    nextPosition = answered;
    await create();
    expect(latestPosition()).toBe(kept);
  }
});

test('only queries of the API wait for a position: other addresses are fetched as they are', async () => {
  nextPosition = '7-70';
  await create();
  await publicFetch('/oidc/token');
  expect(lastPath()).toBe('/oidc/token');
  await publicFetch('/api/v1/public/site');
  expect(lastPath()).toBe('/api/v1/public/site?min_position=7-70');
});
