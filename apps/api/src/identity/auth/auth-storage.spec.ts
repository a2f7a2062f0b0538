import { PostgresEventStore } from '@qr/eventstore';
import { createLogger, type SqlClient } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { Accounts } from './accounts';
import { ExpiredOidcPayloadSweeper } from './expired-oidc-payload-sweeper';
import { SqlOidcAdapter } from './oidc-adapter';
import { loadOrCreateOidcKeys } from './oidc-keys';

describe.each(testAdapters())('sign-in storage on $name', (adapter) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  beforeAll(async () => ({ db, close } = await adapter.open()));
  afterAll(() => close());

  it('keeps a browser session until it expires and finds it by its uid', async () => {
    const sessions = new SqlOidcAdapter(db, 'Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
    await sessions.upsert('s2', { uid: 'u2', accountId: 'a2' }, 60);
    await sessions.upsert('s2', { uid: 'u2', accountId: 'a2' }, -1);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a1' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a1' });
    expect(await sessions.find('s2')).toBeUndefined();
    expect(await new SqlOidcAdapter(db, 'Interaction').find('s1')).toBeUndefined();
  });

  it('marks an authorization code as used, so it cannot be exchanged twice', async () => {
    const codes = new SqlOidcAdapter(db, 'AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1', accountId: 'a1' }, 60);
    await codes.consume('c1');
    expect(await codes.find('c1')).toEqual({ grantId: 'g1', accountId: 'a1', consumed: expect.any(Number) });
  });

  it('revokes every token of a grant at once and leaves other grants alone', async () => {
    const refresh = new SqlOidcAdapter(db, 'RefreshToken');
    await refresh.upsert('r1', { grantId: 'g2' }, 60);
    await refresh.upsert('r2', { grantId: 'g2' });
    await refresh.upsert('r3', { grantId: 'g3' }, 60);
    await refresh.revokeByGrantId('g2');
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await refresh.find('r2')).toBeUndefined();
    expect(await refresh.find('r3')).toEqual({ grantId: 'g3' });
    await refresh.destroy('r3');
    expect(await refresh.find('r3')).toBeUndefined();
  });

  it('deletes expired sign-in state for good and keeps the rest', async () => {
    const sessions = new SqlOidcAdapter(db, 'Session');
    await sessions.upsert('expired', { uid: 'x1' }, -1);
    await sessions.upsert('live', { uid: 'x2' }, 60);
    await sessions.upsert('unbounded', { uid: 'x3' });
    await new ExpiredOidcPayloadSweeper(db, createLogger('silent')).sweep();
    const { rows } = await db.query<{ id: string }>("SELECT id FROM oidc_payloads WHERE uid IN ('x1', 'x2', 'x3') ORDER BY id");
    expect(rows.map((row) => row.id)).toEqual(['live', 'unbounded']);
  });

  it('makes the signing and cookie keys once, even when two servers start at once', async () => {
    const [first, second] = await Promise.all([loadOrCreateOidcKeys(db), loadOrCreateOidcKeys(db)]);
    expect(second).toEqual(first);
    expect(await loadOrCreateOidcKeys(db)).toEqual(first);
  });

  it('locks an account even when wrong passwords arrive all at once', async () => {
    const accounts = new Accounts(db, new PostgresEventStore(db));
    await accounts.signUp({ email: 'parallel@example.com', password: 'the right password', displayName: 'Parallel' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => accounts.signIn('parallel@example.com', `guess ${i}`).catch((error: { code: string }) => error.code)),
    );
    expect(answers).toContain('account_locked');
    await expect(accounts.signIn('parallel@example.com', 'the right password')).rejects.toMatchObject({ code: 'account_locked' });
  });
});
