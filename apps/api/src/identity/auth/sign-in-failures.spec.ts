import { startAuthTestApp, type AuthTestApp } from './auth-test-app.fixture';
import { authorizationRequest, signInInBrowser, signUpInBrowser, TestBrowser } from './test-browser.fixture';

describe('what a user sees when signing in or up goes wrong', () => {
  let t: AuthTestApp;
  beforeAll(async () => (t = await startAuthTestApp()));
  afterAll(() => t.close());

  let accounts = 0;
  /** A fresh account per test, so lockouts do not leak from one test into the next. */
  async function newAccount(password = 'a long enough password') {
    const email = `user${++accounts}@example.com`;
    await signUpInBrowser(t.app, { email, password, displayName: `User ${accounts}` });
    return { email, password };
  }

  /** Opens the sign-in page in a fresh browser; `attempt` posts the form on it, as often as needed. */
  async function signInPage() {
    const browser = new TestBrowser(t.app);
    const request = authorizationRequest();
    const { url } = await browser.startSignIn(request);
    return {
      browser,
      request,
      attempt: (email: string, password: string) => browser.open(url, { intent: 'sign-in', email, password }),
      signUp: (fields: Record<string, string>) => browser.open(url, { intent: 'sign-up', ...fields }),
    };
  }

  async function failedAttempts(email: string) {
    const { rows } = await t.db.query<{ failed_attempts: number; locked: boolean }>(
      'SELECT failed_attempts, coalesce(locked_until > now(), false) AS locked FROM accounts WHERE email = $1',
      [email],
    );
    return rows[0];
  }

  it('says "Wrong email or password" for a wrong password, keeps the email typed in, and counts the failure', async () => {
    const { email } = await newAccount();
    const page = await signInPage();
    const res = await page.attempt(email, 'not the password');
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Wrong email or password');
    expect(res.body).toContain(`value="${email}"`);
    expect(res.body).not.toContain('not the password');
    expect(await failedAttempts(email)).toEqual({ failed_attempts: 1, locked: false });
  });

  it('answers an unknown email exactly like a wrong password, so nobody can probe which emails have accounts', async () => {
    const page = await signInPage();
    const res = await page.attempt('nobody@example.com', 'whatever it is');
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Wrong email or password');
  });

  it('locks the account for 15 minutes after 5 wrong passwords, and then refuses even the right one', async () => {
    const { email, password } = await newAccount();
    const page = await signInPage();
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await page.attempt(email, `guess ${attempt}`)).body).toContain('Wrong email or password');
    }
    const fifth = await page.attempt(email, 'guess 5');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.body).toContain('Too many attempts. Try again in 15 minutes.');
    expect(fifth.headers['retry-after']).toBe('900');
    expect((await failedAttempts(email))?.locked).toBe(true);

    const right = await page.attempt(email, password);
    expect(right.statusCode).toBe(423);
    expect(right.body).toContain('Too many attempts. Try again in 15 minutes.');
  });

  it('lets the user in with the right password once the 15 minutes have passed, and starts counting afresh', async () => {
    const { email, password } = await newAccount();
    const page = await signInPage();
    for (let attempt = 1; attempt <= 5; attempt++) await page.attempt(email, `guess ${attempt}`);
    await t.db.query("UPDATE accounts SET locked_until = now() - interval '1 second' WHERE email = $1", [email]);

    const tokens = await signInInBrowser(t.app, email, password);
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(await failedAttempts(email)).toEqual({ failed_attempts: 0, locked: false });
  });

  it('says how many minutes are left while the account is locked', async () => {
    const { email } = await newAccount();
    await t.db.query("UPDATE accounts SET locked_until = now() + interval '90 seconds' WHERE email = $1", [email]);
    const res = await (await signInPage()).attempt(email, 'anything at all');
    expect(res.body).toContain('Too many attempts. Try again in 2 minutes.');
  });

  it('refuses a second account for the same email, however it is capitalised', async () => {
    const { email } = await newAccount();
    const res = await (await signInPage()).signUp({ email: email.toUpperCase(), password: 'another long password', display_name: 'Someone' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('An account with this email exists');
    expect(res.body).toContain('Create an account');
  });

  it('asks for a password of at least 10 characters', async () => {
    const res = await (await signInPage()).signUp({ email: 'short@example.com', password: 'too short', display_name: 'Shorty' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Use at least 10 characters for the password');
    const { rows } = await t.db.query("SELECT 1 FROM accounts WHERE email = 'short@example.com'");
    expect(rows).toEqual([]);
  });

  it('shows what was typed back as text, never as markup', async () => {
    const res = await (await signInPage()).signUp({ email: '"><script>alert(1)</script>', password: 'x', display_name: '<img src=x onerror=alert(1)>' });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it('offers a way between the sign-in and create-account forms', async () => {
    const browser = new TestBrowser(t.app);
    const { page, url } = await browser.startSignIn(authorizationRequest());
    expect(page.body).toContain(`href="${url}?mode=sign-up">Create an account</a>`);
    const signUp = await browser.open(`${url}?mode=sign-up`);
    expect(signUp.body).toContain('<label for="password">Password</label>');
    expect(signUp.body).toContain(`href="${url}">Sign in</a>`);
  });

  it('shows an "expired" page, not a crash, when the sign-in page is opened without its browser session', async () => {
    const { url } = await new TestBrowser(t.app).startSignIn(authorizationRequest());
    const stranger = await new TestBrowser(t.app).open(url);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.body).toContain('This sign-in page has expired.');
  });

  it('answers a form holding U+0000, which no account can store, with a 400 page rather than a crash', async () => {
    const page = await signInPage();
    const signUp = await page.signUp({ email: 'nul@example.com', password: 'a long enough password', display_name: 'Nul\u0000' });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.body).toContain('The form could not be read.');
    expect((await page.attempt('nul\u0000@example.com', 'whatever it is')).statusCode).toBe(400);
    const { rows } = await t.db.query("SELECT 1 FROM accounts WHERE email = 'nul@example.com'");
    expect(rows).toEqual([]);
  });
});
