import { startTestApp, type TestApp } from '../testing/test-app';
import { signInInBrowser } from './auth/test-browser.fixture';
import { callerOf, createOrganization, PASSWORD, signedUpToken, type ApiCaller } from './organization-api.fixture';

const PROFILE = '/api/v1/profile';
const EMAIL = 'pat@example.com';

describe('the signed-in user’s profile', () => {
  let t: TestApp;
  let pat: ApiCaller;
  beforeAll(async () => {
    t = await startTestApp();
    pat = callerOf(t.app, await signedUpToken(t.app, EMAIL));
  });
  afterAll(() => t.close());

  it('shows the account, changes the name, and records both as events on the account’s stream', async () => {
    const shown = await pat('GET', PROFILE);
    expect(shown.json()).toEqual({ email: EMAIL, display_name: 'pat', local_account: true, created_at: expect.any(String) });

    const changed = await pat('PATCH', PROFILE, { display_name: '  Pat Jones ' });
    expect([changed.statusCode, changed.json().display_name]).toEqual([200, 'Pat Jones']);
    expect((await pat('GET', PROFILE)).json().display_name).toBe('Pat Jones');
    // Saving the same name again records nothing new.
    await pat('PATCH', PROFILE, { display_name: 'Pat Jones' });

    const { rows } = await t.db.query<{ type: string; data: unknown }>(
      `SELECT type, data FROM es_events WHERE stream_id = (SELECT 'account-' || subject FROM accounts WHERE email = $1) ORDER BY stream_position`,
      [EMAIL],
    );
    expect(rows).toEqual([
      { type: 'AccountRegistered', data: { email: EMAIL, display_name: 'pat' } },
      { type: 'AccountProfileChanged', data: { display_name: 'Pat Jones' } },
    ]);
  });

  it('changes the password only with the current one, and the new one signs in', async () => {
    const email = 'quinn@example.com';
    const quinn = callerOf(t.app, await signedUpToken(t.app, email));
    const wrong = await quinn('POST', `${PROFILE}/password`, { current_password: 'not it at all', new_password: 'a brand new secret' });
    expect([wrong.statusCode, wrong.json().errors]).toEqual([400, [{ field: 'body.current_password', message: 'This is not your current password.' }]]);
    const short = await quinn('POST', `${PROFILE}/password`, { current_password: PASSWORD, new_password: 'short' });
    expect([short.statusCode, short.json().errors.map((e: { field: string }) => e.field)]).toEqual([400, ['body.new_password']]);

    expect((await quinn('POST', `${PROFILE}/password`, { current_password: PASSWORD, new_password: 'a brand new secret' })).statusCode).toBe(204);
    await expect(signInInBrowser(t.app, email, 'a brand new secret')).resolves.toHaveProperty('access_token');
    await expect(signInInBrowser(t.app, email, PASSWORD)).rejects.toThrow();

    const { rows } = await t.db.query<{ data: string }>(`SELECT data::text AS data FROM es_events WHERE type = 'AccountPasswordChanged'`);
    expect(rows).toEqual([{ data: '{}' }]);
    const { rows: all } = await t.db.query<{ event: string }>('SELECT concat(data::text, metadata::text) AS event FROM es_events');
    for (const secret of [PASSWORD, 'a brand new secret']) expect(all.map((r) => r.event).join('\n')).not.toContain(secret);
  });

  it('has no profile for an API key, and refuses a bad name or an unknown field', async () => {
    const orgId = await createOrganization(pat);
    const key = (await pat('POST', `/api/v1/organizations/${orgId}/api-keys`, { label: 'bot' })).json().api_key;
    const script = await callerOf(t.app, key)('GET', PROFILE);
    expect([script.statusCode, script.json().code]).toEqual([403, 'forbidden']);
    const empty = await pat('PATCH', PROFILE, { display_name: ' ' });
    expect([empty.statusCode, empty.json().errors.map((e: { field: string }) => e.field)]).toEqual([400, ['body.display_name']]);
    const extra = await pat('PATCH', PROFILE, { display_name: 'Pat', email: 'other@example.com' });
    expect([extra.statusCode, extra.json().errors.map((e: { field: string }) => e.field)]).toEqual([400, ['body.email']]);
    expect((await callerOf(t.app)('GET', PROFILE)).statusCode).toBe(401);
  });
});
