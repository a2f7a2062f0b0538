import { ISSUER_EXPIRY_WARNING_DAYS } from '@qr/contracts';
import { testAdapters } from '@qr/platform/testing';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { testAppleIssuer, TestWwdr, validFor } from './apple/apple-test-certificates.fixture';
import { GOOGLE_ISSUER_ID, testServiceAccount } from './passes.fixture';
import type { AppleIssuer } from './wallet-issuer';

const ISSUERS = '/api/v1/passes/issuers';

/** The base64 body of a PEM, without its armour: what would show if a secret leaked into an answer. */
const pemBody = (pem: string): string => pem.split('\n').filter((line) => line && !line.startsWith('-----'))[1]!;

describe.each(testAdapters())('wallet issuers over HTTP on $name', (adapter) => {
  let t: TestApp;
  let owner: ApiCaller;

  beforeAll(async () => {
    t = await startTestApp({ database: adapter });
    owner = callerOf(t.app, await signedUpToken(t.app, 'issuers-owner@example.com'));
  });
  afterAll(() => t.close());

  const issuersOf = async (orgId: string) => {
    const res = await owner('GET', `${ISSUERS}?org_id=${orgId}`);
    expect(res.statusCode).toBe(200);
    return res.json().issuers as { provider: string; connected: boolean; summary: string | null; problems: { code: string; level: string }[]; hint: string }[];
  };
  const putApple = (orgId: string, issuer: AppleIssuer, caller = owner) => caller('PUT', `${ISSUERS}/apple`, { org_id: orgId, ...issuer });

  it('shows both wallets not connected, each with what it needs', async () => {
    const orgId = await createOrganization(owner, 'Unconnected');
    expect(await issuersOf(orgId)).toEqual([
      expect.objectContaining({ provider: 'apple', connected: false, summary: null, problems: [], hint: expect.stringContaining('pass type certificate') }),
      expect.objectContaining({ provider: 'google', connected: false, summary: null, problems: [], hint: expect.stringContaining('service account') }),
    ]);
  });

  it('refuses a malformed certificate, another certificate’s key, a wrong WWDR and another team, naming the part, and keeps nothing', async () => {
    const orgId = await createOrganization(owner, 'Refused');
    const good = testAppleIssuer({ passTypeIdentifier: 'pass.com.example.refused' });
    const cases: [string, AppleIssuer, string][] = [
      [
        'a malformed certificate',
        { ...good, certificate_pem: '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----' },
        'pass type certificate',
      ],
      ['a key of another certificate', { ...good, private_key_pem: testAppleIssuer().private_key_pem }, 'private key'],
      ['a WWDR of another generation', { ...good, wwdr_pem: TestWwdr.make({ generation: 'G3' }).pem }, 'WWDR G3'],
      ['another team', { ...good, team_identifier: 'ZZZZZ99999' }, 'team ZZZZZ99999'],
    ];
    for (const [what, issuer, named] of cases) {
      const refused = await putApple(orgId, issuer);
      expect([what, refused.statusCode, refused.json().code]).toEqual([what, 400, 'pass_issuer_invalid']);
      expect(refused.json().detail).toContain(named);
    }
    expect((await issuersOf(orgId))[0]).toMatchObject({ provider: 'apple', connected: false });
    // The refused pass type is not taken by the refusals: another organisation connects it.
    expect((await putApple(await createOrganization(owner, 'Taker'), good)).statusCode).toBe(200);
  });

  it('connects a certificate that ends within the warning days, warning of it, and never answers a secret', async () => {
    const orgId = await createOrganization(owner, 'Expiring');
    const issuer = testAppleIssuer({ passTypeIdentifier: 'pass.com.example.expiring', validity: validFor(10) });
    const connected = await putApple(orgId, issuer);
    expect(connected.statusCode).toBe(200);
    const apple = connected.json().issuers[0];
    expect(apple).toMatchObject({ provider: 'apple', connected: true, summary: expect.stringContaining('pass.com.example.expiring of team ABCDE12345') });
    expect(apple.problems).toEqual([expect.objectContaining({ level: 'warning', code: 'certificate_expiring' })]);
    expect(new Date(apple.expires_at).getTime() - Date.now()).toBeLessThan(ISSUER_EXPIRY_WARNING_DAYS * 86_400_000);

    const read = await owner('GET', `${ISSUERS}?org_id=${orgId}`);
    for (const answer of [connected.body, read.body])
      for (const pem of [issuer.certificate_pem, issuer.private_key_pem, issuer.wwdr_pem]) {
        expect(answer).not.toContain(pemBody(pem));
        expect(answer).not.toContain('-----BEGIN');
      }
    const stored = await t.db.query<{ sealed: string }>('SELECT sealed FROM wallet_issuers WHERE org_id = $1', [orgId]);
    expect(stored.rows[0]!.sealed).not.toContain(pemBody(issuer.private_key_pem));
  });

  it('lets an editor neither connect nor disconnect a wallet', async () => {
    const orgId = await createOrganization(owner, 'Editor Shop');
    const key = (await owner('POST', `/api/v1/organizations/${orgId}/api-keys`, { label: 'designer', role: 'editor' })).json().api_key as string;
    const editor = callerOf(t.app, key);
    const refused = await putApple(orgId, testAppleIssuer({ passTypeIdentifier: 'pass.com.example.editor' }), editor);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden']);
    expect((await editor('DELETE', `${ISSUERS}/apple?org_id=${orgId}`)).statusCode).toBe(403);
    // Reading is anyone's of the organisation: the designer sees whether the wallets are there.
    expect((await editor('GET', `${ISSUERS}?org_id=${orgId}`)).statusCode).toBe(200);
  });

  it('refuses a pass type identifier another organisation signs with, and lets its own organisation renew it', async () => {
    const passTypeIdentifier = 'pass.com.example.claimed';
    const first = await createOrganization(owner, 'First Claim');
    expect((await putApple(first, testAppleIssuer({ passTypeIdentifier }))).statusCode).toBe(200);
    const second = await createOrganization(owner, 'Second Claim');
    const taken = await putApple(second, testAppleIssuer({ passTypeIdentifier }));
    expect([taken.statusCode, taken.json().code, taken.json().detail]).toEqual([400, 'pass_issuer_invalid', expect.stringContaining('Another organisation')]);
    expect((await issuersOf(second))[0]!.connected).toBe(false);
    expect((await putApple(first, testAppleIssuer({ passTypeIdentifier }))).statusCode).toBe(200);
  });

  it('refuses a malformed service account key naming it, connects a good one without answering its key, and disconnects', async () => {
    const orgId = await createOrganization(owner, 'Google Shop');
    const putGoogle = (service_account_json: string) => owner('PUT', `${ISSUERS}/google`, { org_id: orgId, issuer_id: GOOGLE_ISSUER_ID, service_account_json });
    const notJson = await putGoogle('{"type": "service_account",');
    expect([notJson.statusCode, notJson.json().code, notJson.json().detail]).toEqual([400, 'pass_issuer_invalid', expect.stringContaining('is not JSON')]);
    const noKey = await putGoogle(JSON.stringify({ type: 'service_account', client_email: 'wallet@bean-there.iam.gserviceaccount.com' }));
    expect([noKey.statusCode, noKey.json().detail]).toEqual([400, expect.stringContaining('no private_key')]);
    expect((await issuersOf(orgId))[1]).toMatchObject({ provider: 'google', connected: false });

    const account = testServiceAccount();
    const connected = await putGoogle(account.json);
    expect(connected.statusCode).toBe(200);
    expect(connected.json().issuers[1]).toMatchObject({
      provider: 'google',
      connected: true,
      summary: `wallet@bean-there.iam.gserviceaccount.com for issuer ${GOOGLE_ISSUER_ID}`,
      problems: [],
    });
    const read = await owner('GET', `${ISSUERS}?org_id=${orgId}`);
    for (const answer of [connected.body, read.body]) {
      expect(answer).not.toContain(pemBody(account.privateKey));
      expect(answer).not.toContain('PRIVATE KEY');
    }

    const disconnected = await owner('DELETE', `${ISSUERS}/google?org_id=${orgId}`);
    expect(disconnected.statusCode).toBe(200);
    expect(disconnected.json().issuers[1]).toMatchObject({ provider: 'google', connected: false, summary: null });
    expect((await issuersOf(orgId))[1]!.connected).toBe(false);
  });
});
