import { callerOf, createOrganization, signedUpToken, ownerAndStranger } from '../identity/organization-api.fixture';

const FOLDERS = '/api/v1/folders';
const CODES = '/api/v1/codes';

describe('folders', () => {
  const world = ownerAndStranger('fran@example.com', 'Folder Café');

  const createCode = async (name: string, org = world.orgId) => {
    const res = await world.owner('POST', CODES, { org_id: org, name, type: 'url', url: 'https://example.com/' });
    if (res.statusCode !== 201) throw new Error(`create code failed: ${res.statusCode} ${res.body}`);
    return res.json().code_id as string;
  };
  const createFolder = async (name: string, org = world.orgId) => {
    const res = await world.owner('POST', FOLDERS, { org_id: org, name });
    if (res.statusCode !== 201) throw new Error(`create folder failed: ${res.statusCode} ${res.body}`);
    return res.json().folder_id as string;
  };
  const folderOf = async (codeId: string) => (await world.owner('GET', `${CODES}/${codeId}`)).json().folder_id;
  const countOf = async (folderId: string) => (await world.owner('GET', `${FOLDERS}/${folderId}`)).json().code_count;

  it('creates, lists by name with counts, renames and removes a folder', async () => {
    const org = await createOrganization(world.owner, 'Sorted');
    const created = await world.owner('POST', FOLDERS, { org_id: org, name: '  Posters ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ org_id: org, name: 'Posters', code_count: 0 });
    const posters = created.json().folder_id;
    const flyers = await createFolder('flyers', org);

    expect((await world.owner('GET', `${FOLDERS}?org_id=${org}`)).json().map((f: { name: string }) => f.name)).toEqual(['flyers', 'Posters']);
    const renamed = await world.owner('PATCH', `${FOLDERS}/${posters}`, { name: 'Big posters' });
    expect([renamed.statusCode, renamed.json().name]).toEqual([200, 'Big posters']);

    expect((await world.owner('DELETE', `${FOLDERS}/${flyers}`)).statusCode).toBe(204);
    expect((await world.owner('GET', `${FOLDERS}?org_id=${org}`)).json().map((f: { name: string }) => f.name)).toEqual(['Big posters']);
    const gone = await world.owner('GET', `${FOLDERS}/${flyers}`);
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'folder_not_found']);
    expect((await world.owner('DELETE', `${FOLDERS}/${flyers}`)).statusCode).toBe(404);
  });

  it('adds codes in bulk, moves a code from one folder to another, and lists a folder’s codes with pages', async () => {
    const [a, b, c] = [await createCode('Alpha'), await createCode('Beta'), await createCode('Gamma')];
    const posters = await createFolder('Posters');
    const flyers = await createFolder('Flyers');

    const added = await world.owner('POST', `${FOLDERS}/${posters}/codes`, { code_ids: [a, b, c] });
    expect([added.statusCode, added.json().code_count]).toEqual([200, 3]);
    expect(await folderOf(a)).toBe(posters);
    // Adding again changes nothing.
    expect((await world.owner('POST', `${FOLDERS}/${posters}/codes`, { code_ids: [a] })).json().code_count).toBe(3);

    await world.owner('POST', `${FOLDERS}/${flyers}/codes`, { code_ids: [b] });
    expect([await folderOf(b), await countOf(posters), await countOf(flyers)]).toEqual([flyers, 2, 1]);

    const page1 = (await world.owner('GET', `${FOLDERS}/${posters}/codes?org_id=${world.orgId}&page=1&pageSize=1`)).json();
    expect(page1).toMatchObject({ page: 1, per_page: 1, total: 2, items: [{ code_id: c, folder_id: posters }] });
    const page2 = (await world.owner('GET', `${FOLDERS}/${posters}/codes?page=2&pageSize=1`)).json();
    expect(page2.items.map((code: { code_id: string }) => code.code_id)).toEqual([a]);

    // My codes filters by folder, and by no folder at all.
    const inFlyers = (await world.owner('GET', `${CODES}?org_id=${world.orgId}&folder_id=${flyers}`)).json();
    expect(inFlyers.items.map((code: { code_id: string }) => code.code_id)).toEqual([b]);
    const unfiled = (await world.owner('GET', `${CODES}?org_id=${world.orgId}&folder_id=none&per_page=100`)).json();
    expect(unfiled.items.map((code: { code_id: string }) => code.code_id)).not.toContain(a);
  });

  it('takes codes out one at a time or in bulk, and removing a folder leaves its codes, unfiled', async () => {
    const [a, b, c] = [await createCode('One'), await createCode('Two'), await createCode('Three')];
    const box = await createFolder('Box');
    await world.owner('POST', `${FOLDERS}/${box}/codes`, { code_ids: [a, b, c] });

    expect((await world.owner('DELETE', `${FOLDERS}/${box}/codes/${a}`)).statusCode).toBe(204);
    expect(await folderOf(a)).toBeNull();
    const removed = await world.owner('POST', `${FOLDERS}/${box}/codes/remove`, { code_ids: [b] });
    expect([removed.statusCode, removed.json().code_count]).toEqual([200, 1]);
    // A code that is not in the folder is left where it is.
    const other = await createFolder('Other');
    await world.owner('POST', `${FOLDERS}/${other}/codes`, { code_ids: [a] });
    expect((await world.owner('DELETE', `${FOLDERS}/${box}/codes/${a}`)).statusCode).toBe(204);
    expect(await folderOf(a)).toBe(other);

    expect((await world.owner('DELETE', `${FOLDERS}/${box}`)).statusCode).toBe(204);
    const survivor = await world.owner('GET', `${CODES}/${c}`);
    expect([survivor.statusCode, survivor.json().folder_id, survivor.json().status]).toEqual([200, null, 'active']);
    // A removed folder takes no more codes.
    const late = await world.owner('POST', `${FOLDERS}/${box}/codes`, { code_ids: [c] });
    expect([late.statusCode, late.json().code]).toEqual([404, 'folder_not_found']);
  });

  it('refuses a code of another organisation, even the caller’s own, and stores nothing', async () => {
    const otherOrg = await createOrganization(world.owner, 'Second shop');
    const theirs = await createCode('Elsewhere', otherOrg);
    const mine = await createCode('Here');
    const folder = await createFolder('Mixed');

    const refused = await world.owner('POST', `${FOLDERS}/${folder}/codes`, { code_ids: [mine, theirs] });
    expect([refused.statusCode, refused.json().code, refused.json().detail]).toEqual([
      404,
      'code_not_found',
      `No code ${theirs} in this folder’s organisation.`,
    ]);
    expect([await countOf(folder), await folderOf(mine), await folderOf(theirs)]).toEqual([0, null, null]);

    const deleted = await createCode('Deleted');
    await world.owner('DELETE', `${CODES}/${deleted}`);
    expect((await world.owner('POST', `${FOLDERS}/${folder}/codes`, { code_ids: [deleted] })).statusCode).toBe(404);
    // The folder's organisation is the only one its codes are listed in.
    const wrongOrg = await world.owner('GET', `${FOLDERS}/${folder}/codes?org_id=${otherOrg}`);
    expect([wrongOrg.statusCode, wrongOrg.json().code]).toEqual([404, 'folder_not_found']);
    // So is the codes list filtered by it, rather than an empty list.
    const wrongList = await world.owner('GET', `${CODES}?org_id=${otherOrg}&folder_id=${folder}`);
    expect([wrongList.statusCode, wrongList.json().code]).toEqual([404, 'folder_not_found']);
  });

  it('keeps folders to their organisation: another tenant gets 404 for every folder, and a viewer reads but cannot change', async () => {
    const folder = await createFolder('Private');
    const code = await createCode('Private code');
    for (const [method, url, body] of [
      ['GET', `${FOLDERS}/${folder}`],
      ['GET', `${FOLDERS}/${folder}/codes`],
      ['PATCH', `${FOLDERS}/${folder}`, { name: 'Mine now' }],
      ['DELETE', `${FOLDERS}/${folder}`],
      ['POST', `${FOLDERS}/${folder}/codes`, { code_ids: [code] }],
      ['POST', `${FOLDERS}/${folder}/codes/remove`, { code_ids: [code] }],
      ['DELETE', `${FOLDERS}/${folder}/codes/${code}`],
    ] as const) {
      const res = await world.stranger(method, url, body);
      expect([method, url, res.statusCode, res.json().code]).toEqual([method, url, 404, 'folder_not_found']);
    }
    expect((await world.stranger('GET', `${FOLDERS}?org_id=${world.orgId}`)).statusCode).toBe(404);
    expect((await world.stranger('POST', FOLDERS, { org_id: world.orgId, name: 'Sneaky' })).statusCode).toBe(404);

    await world.owner('POST', `/api/v1/organizations/${world.orgId}/users`, { email: 'vic@example.com', role: 'viewer' });
    const viewer = callerOf(world.t.app, await signedUpToken(world.t.app, 'vic@example.com'));
    expect((await viewer('GET', `${FOLDERS}?org_id=${world.orgId}`)).statusCode).toBe(200);
    const refused = await viewer('POST', `${FOLDERS}/${folder}/codes`, { code_ids: [code] });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden']);
    expect((await viewer('POST', FOLDERS, { org_id: world.orgId, name: 'Nope' })).statusCode).toBe(403);
    expect(await folderOf(code)).toBeNull();
  });

  it('answers bad input with 400 naming the field, never a 500', async () => {
    const folder = await createFolder('Strict');
    const cases: [string, string, object | undefined, string][] = [
      ['POST', FOLDERS, { org_id: world.orgId, name: '   ' }, 'body.name'],
      ['POST', FOLDERS, { org_id: 'nope', name: 'x' }, 'body.org_id'],
      ['POST', FOLDERS, { org_id: world.orgId, name: 'x'.repeat(81) }, 'body.name'],
      ['GET', `${FOLDERS}/not-a-uuid`, undefined, 'path.folder_id'],
      ['POST', `${FOLDERS}/${folder}/codes`, { code_ids: [] }, 'body.code_ids'],
      ['POST', `${FOLDERS}/${folder}/codes`, { code_ids: ['AAAAAAAAA1', 'AAAAAAAAA1'] }, 'body.code_ids'],
      ['POST', `${FOLDERS}/${folder}/codes`, { code_ids: ['short'] }, 'body.code_ids.0'],
      ['POST', `${FOLDERS}/${folder}/codes`, { code_ids: ['AAAAAAAAA1'], extra: 1 }, 'body.extra'],
      ['DELETE', `${FOLDERS}/${folder}/codes/short`, undefined, 'path.code_id'],
      ['GET', `${FOLDERS}/${folder}/codes?pageSize=0`, undefined, 'query.pageSize'],
      ['GET', `${CODES}?org_id=${world.orgId}&folder_id=somewhere`, undefined, 'query.folder_id'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await world.owner(method as 'GET', url, body);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'validation_failed']);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('documents every folders route in OpenAPI with its contract', async () => {
    const doc = (await world.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith(FOLDERS))
        .sort(),
    ).toEqual([
      FOLDERS,
      `${FOLDERS}/{folder_id}`,
      `${FOLDERS}/{folder_id}/codes`,
      `${FOLDERS}/{folder_id}/codes/remove`,
      `${FOLDERS}/{folder_id}/codes/{code_id}`,
    ]);
    expect(doc.paths[`${FOLDERS}/{folder_id}/codes`].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/FolderCodesBody',
    });
  });
});
