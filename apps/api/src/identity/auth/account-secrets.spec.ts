import { AccessTokenVerifier } from './access-token-verifier';
import { startAuthTestApp, type AuthTestApp } from './auth-test-app.fixture';
import { authorizationRequest, signInInBrowser, signUpInBrowser, TestBrowser, tokenRequest } from './test-browser.fixture';

describe('keeping passwords and keys secret', () => {
  let t: AuthTestApp;
  beforeAll(async () => (t = await startAuthTestApp()));
  afterAll(() => t.close());

  it('never writes a password to a log line or to the event log, and stores only its argon2id hash', async () => {
    const password = 'Pa55word-that-must-not-leak';
    const wrongPassword = 'Wr0ng-guess-that-must-not-leak';
    await signUpInBrowser(t.app, { email: 'secret@example.com', password, displayName: 'Secret Keeper' });
    await signInInBrowser(t.app, 'secret@example.com', password);
    const browser = new TestBrowser(t.app);
    const { url } = await browser.startSignIn(authorizationRequest());
    await browser.open(url, { intent: 'sign-in', email: 'secret@example.com', password: wrongPassword });

    expect(t.logs.length).toBeGreaterThan(10);
    for (const line of t.logs) {
      expect(line).not.toContain(password);
      expect(line).not.toContain(wrongPassword);
    }
    const events = await t.db.query<{ text: string }>('SELECT data::text || metadata::text AS text FROM es_events');
    for (const { text } of events.rows) {
      expect(text).not.toContain(password);
      expect(text).not.toContain(wrongPassword);
    }
    const { rows } = await t.db.query<{ password_hash: string }>("SELECT password_hash FROM accounts WHERE email = 'secret@example.com'");
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.password_hash).not.toContain(password);
  });
});

describe('after a server restart', () => {
  it('keeps users signed in: earlier tokens still verify and refresh tokens still work', async () => {
    const before = await startAuthTestApp();
    const tokens = await signUpInBrowser(before.app, { email: 'stays@example.com', password: 'survives restarts', displayName: 'Stays' });
    await before.close({ keepDatabase: true });

    const after = await startAuthTestApp({ db: before.db });
    try {
      expect((await after.app.get(AccessTokenVerifier).verify(tokens.access_token)).email).toBe('stays@example.com');
      const refreshed = await tokenRequest(after.app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
      expect(refreshed.statusCode).toBe(200);
    } finally {
      await after.close();
    }
  });
});
