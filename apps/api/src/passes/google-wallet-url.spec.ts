import { createPublicKey, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testAdapters } from '@qr/platform/testing';
import { decodeJwt, jwtVerify } from 'jose';
import sharp from 'sharp';
import { callerOf, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { loyaltyShop } from '../loyalty/public-loyalty.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { GoogleWalletStandIn } from './google/google-wallet-stand-in.fixture';
import {
  coffeePassDesign,
  eventually,
  GOOGLE_ISSUER_ID,
  PASS_DESIGNS,
  PASS_SERVICE,
  passUpdatesSettled,
  testServiceAccount,
  uploadedImage,
} from './passes.fixture';

const WALLET_URL = '/api/v1/integrations/wallet-url';
const SAVE_LINK = 'https://pay.google.com/gp/v/save/';
const STAFF = 'google-owner@example.com';

describe.each(testAdapters())('"Save to Google Wallet" links and their updates on $name', (adapter) => {
  const google = new GoogleWalletStandIn();
  const account = testServiceAccount();
  let dataDir: string;
  let t: TestApp;
  let ownerToken: string;
  let owner: ApiCaller;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'google-wallet-url-'));
    google.addAccount(account.clientEmail, account.publicKey, GOOGLE_ISSUER_ID);
    t = await startTestApp({ database: adapter, env: { GOOGLE_WALLET_API_BASE: await google.start(), DATA_DIR: dataDir } });
    ownerToken = await signedUpToken(t.app, STAFF);
    owner = callerOf(t.app, ownerToken);
  });
  afterAll(async () => {
    await t.close();
    await google.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const walletUrl = (passId: string) => t.app.inject({ method: 'POST', url: WALLET_URL, payload: { pass_id: passId } });

  /** A shop whose card design has a logo (Google's loyalty class shows one), with Google connected when told, and a member's pass. */
  const shopWithPass = async (connectGoogle: boolean, email: string) => {
    const shop = await loyaltyShop(t, owner, STAFF);
    if (connectGoogle) {
      const connected = await owner('PUT', '/api/v1/passes/issuers/google', {
        org_id: shop.orgId,
        issuer_id: GOOGLE_ISSUER_ID,
        service_account_json: account.json,
      });
      expect(connected.statusCode).toBe(200);
    }
    const logo = await sharp({ create: { width: 160, height: 50, channels: 3, background: '#3B2F2F' } })
      .png()
      .toBuffer();
    const logoId = await uploadedImage(t, ownerToken, shop.orgId, logo);
    const design = await owner('POST', PASS_DESIGNS, coffeePassDesign(shop.orgId, shop.programmeId, { logo_blob_id: logoId }));
    expect(design.statusCode).toBe(201);
    const cardId = await shop.join({ email, name: 'Ada' });
    const created = await t.app.inject({
      method: 'POST',
      url: `${PASS_SERVICE}/passes`,
      payload: { design_id: design.json().design_id, holder: { kind: 'loyalty_card', card_id: cardId } },
    });
    expect(created.statusCode).toBe(201);
    return { shop, cardId, pass: created.json() as { pass_id: string; google_ready: boolean } };
  };

  it('gives a visitor a save link signed by the service account for the pass’s object, and patches the object when the balance changes', async () => {
    const { shop, cardId, pass } = await shopWithPass(true, 'ada@example.com');
    expect(pass.google_ready).toBe(true);
    const objectId = `${GOOGLE_ISSUER_ID}.${pass.pass_id}`;
    // The issuing's own round of the updater comes first, so the patch below is the credit's.
    await passUpdatesSettled(t, pass.pass_id);

    const answered = await walletUrl(pass.pass_id);
    expect(answered.statusCode).toBe(200);
    const url = answered.json().url as string;
    expect(url.startsWith(SAVE_LINK)).toBe(true);
    const jwt = url.slice(SAVE_LINK.length);
    await jwtVerify(jwt, createPublicKey(account.publicKey), { issuer: account.clientEmail, audience: 'google', algorithms: ['RS256'] });
    expect(decodeJwt(jwt)).toMatchObject({ iss: account.clientEmail, aud: 'google', typ: 'savetowallet', payload: { loyaltyObjects: [{ id: objectId }] } });

    const saved = google.stored.get(`loyaltyObject/${objectId}`) as { loyaltyPoints: { balance: { int: number } } };
    const balance = saved.loyaltyPoints.balance.int;
    const before = google.requests.length;
    await shop.credit(cardId, 5);
    // A round still busy with the issuing may patch the old balance first: the credit's patch is the one that carries the new one.
    await eventually('the Google object patch of the credit', () =>
      google.requests
        .slice(before)
        .find(
          (request) =>
            request.method === 'PATCH' &&
            request.resource === 'loyaltyObject' &&
            request.resource_id === objectId &&
            (request.body as { loyaltyPoints?: { balance?: { int?: number } } }).loyaltyPoints?.balance?.int === balance + 5,
        ),
    );
    expect(google.stored.get(`loyaltyObject/${objectId}`)).toMatchObject({ loyaltyPoints: { balance: { int: balance + 5 } } });
  });

  it('answers 409 while Google Wallet is not connected, and 404 for a pass there is not', async () => {
    const { pass } = await shopWithPass(false, 'grace@example.com');
    expect(pass.google_ready).toBe(false);
    const refused = await walletUrl(pass.pass_id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'pass_issuer_not_connected']);
    const unknown = await walletUrl(randomUUID());
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'pass_not_found']);
  });
});
