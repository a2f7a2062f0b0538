import { callerOf, createOrganization, signedUpToken, ownerAndStranger } from '../identity/organization-api.fixture';

const NOTES = '/api/v1/notes';
const CODES = '/api/v1/codes';

describe('notes', () => {
  const world = ownerAndStranger('nora@example.com', 'Note Café');

  const createCode = async (name: string, org = world.orgId) => {
    const res = await world.owner('POST', CODES, { org_id: org, name, type: 'url', url: 'https://example.com/' });
    if (res.statusCode !== 201) throw new Error(`create code failed: ${res.statusCode} ${res.body}`);
    return res.json().code_id as string;
  };
  const addNote = async (code_id: string, text: string, caller = world.owner) => caller('POST', NOTES, { code_id, text });
  const texts = (list: { items: { text: string }[] }) => list.items.map((note) => note.text);

  it('adds notes to a code and lists them newest first, per code and for the whole organisation with the code’s name', async () => {
    const org = await createOrganization(world.owner, 'Noted');
    const menu = await createCode('Menu', org);
    const poster = await createCode('Poster', org);
    const added = await addNote(menu, '  Reprint in May ');
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      id: expect.any(String),
      code_id: menu,
      org_id: org,
      text: 'Reprint in May',
      code_name: 'Menu',
      created_by: 'nora@example.com',
      created_at: expect.any(String),
    });
    await addNote(menu, 'Price list changes in June');
    await addNote(poster, 'Hung at the station');

    expect(texts((await world.owner('GET', `${NOTES}?code_id=${menu}`)).json())).toEqual(['Price list changes in June', 'Reprint in May']);
    const all = (await world.owner('GET', `${NOTES}?org_id=${org}&page=1&pageSize=2`)).json();
    expect(all).toMatchObject({ page: 1, per_page: 2, total: 3 });
    expect(all.items.map((note: { code_name: string; text: string }) => [note.code_name, note.text])).toEqual([
      ['Poster', 'Hung at the station'],
      ['Menu', 'Price list changes in June'],
    ]);
  });

  it('deletes a note, and a deleted code hides its notes', async () => {
    const code = await createCode('Flyer');
    const keep = (await addNote(code, 'Keep')).json().id;
    const drop = (await addNote(code, 'Drop')).json().id;
    expect((await world.owner('DELETE', `${NOTES}/${drop}`)).statusCode).toBe(204);
    expect(texts((await world.owner('GET', `${NOTES}?code_id=${code}`)).json())).toEqual(['Keep']);
    const again = await world.owner('DELETE', `${NOTES}/${drop}`);
    expect([again.statusCode, again.json().code]).toEqual([404, 'note_not_found']);

    await world.owner('DELETE', `${CODES}/${code}`);
    expect(texts((await world.owner('GET', `${NOTES}?org_id=${world.orgId}&pageSize=100`)).json())).not.toContain('Keep');
    expect((await world.owner('GET', `${NOTES}?code_id=${code}`)).json().code).toBe('code_not_found');
    expect((await world.owner('DELETE', `${NOTES}/${keep}`)).statusCode).toBe(404);
    const late = await addNote(code, 'Too late');
    expect([late.statusCode, late.json().code]).toEqual([404, 'code_not_found']);
  });

  it('keeps notes to their organisation: another tenant gets 404 for every note and code, and a viewer reads but cannot write', async () => {
    const code = await createCode('Private');
    const note = (await addNote(code, 'Secret')).json().id;
    expect((await addNote(code, 'Mine now', world.stranger)).json().code).toBe('code_not_found');
    expect((await world.stranger('GET', `${NOTES}?code_id=${code}`)).statusCode).toBe(404);
    expect((await world.stranger('GET', `${NOTES}?org_id=${world.orgId}`)).json().code).toBe('organization_not_found');
    expect((await world.stranger('DELETE', `${NOTES}/${note}`)).json().code).toBe('note_not_found');

    await world.owner('POST', `/api/v1/organizations/${world.orgId}/users`, { email: 'vin@example.com', role: 'viewer' });
    const viewer = callerOf(world.t.app, await signedUpToken(world.t.app, 'vin@example.com'));
    expect(texts((await viewer('GET', `${NOTES}?code_id=${code}`)).json())).toEqual(['Secret']);
    expect((await addNote(code, 'Viewer note', viewer)).statusCode).toBe(403);
    expect((await viewer('DELETE', `${NOTES}/${note}`)).statusCode).toBe(403);
  });

  it('answers bad input with 400 naming the field, never a 500', async () => {
    const code = await createCode('Strict');
    const cases: [string, string, object | undefined, string][] = [
      ['POST', NOTES, { code_id: code, text: '  ' }, 'body.text'],
      ['POST', NOTES, { code_id: code, text: 'x'.repeat(2001) }, 'body.text'],
      ['POST', NOTES, { code_id: 'short', text: 'x' }, 'body.code_id'],
      ['GET', NOTES, undefined, 'query.org_id'],
      ['GET', `${NOTES}?org_id=${world.orgId}&code_id=${code}`, undefined, 'query.org_id'],
      ['GET', `${NOTES}?org_id=${world.orgId}&pageSize=1000`, undefined, 'query.pageSize'],
      ['DELETE', `${NOTES}/not-a-uuid`, undefined, 'path.id'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await world.owner(method as 'GET', url, body);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'validation_failed']);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('documents every notes route in OpenAPI with its contract', async () => {
    const doc = (await world.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith(NOTES))
        .sort(),
    ).toEqual([NOTES, `${NOTES}/{id}`]);
    expect(doc.paths[NOTES].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/AddNoteBody' });
  });
});
