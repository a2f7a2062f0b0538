import { createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { GOOGLE_NOTIFYING_UPDATES_PER_DAY, GOOGLE_SAVE_LINK_MAX } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { decodeJwt, jwtVerify } from 'jose';
import type { PassContent } from '../pass-content';
import type { GoogleIssuer } from '../wallet-issuer';
import { GoogleWallet, type GooglePassClass } from './google-wallet';
import { GoogleWalletStandIn } from './google-wallet-stand-in.fixture';

const ISSUER_ID = '3388000000022123456';
const keyPair = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const account = keyPair();
const issuer: GoogleIssuer = {
  issuer_id: ISSUER_ID,
  service_account: { client_email: 'wallet@cafe-terrasse.iam.gserviceaccount.com', private_key: account.privateKey },
};
const LOGO = 'https://files.example.com/logo.png?signature=abc';

const content = (overrides: Partial<PassContent> = {}): PassContent => ({
  pass_id: randomUUID(),
  org_id: 'org-google',
  design_id: randomUUID(),
  kind: 'loyalty_card',
  organization_name: 'Café Terrasse',
  title: 'Coffee card',
  description: 'Coffee card of Café Terrasse',
  logo_text: '',
  background_color: '#1a2b3c',
  foreground_color: '#ffffff',
  label_color: '#eeeeee',
  images: { logo: null, strip: null, icon: Buffer.alloc(0) },
  header_fields: [{ key: 'tier', label: 'Tier', value: 'Gold' }],
  primary_fields: [{ key: 'balance', label: 'Stamps', value: '7' }],
  secondary_fields: [{ key: 'name', label: '', value: 'Ada Lovelace' }],
  auxiliary_fields: [],
  back_fields: [{ key: 'terms', label: 'Terms', value: 'One stamp per hot drink.' }],
  barcode: { format: 'qr', message: 'CARD-7K2Q', alt_text: 'CARD-7K2Q' },
  locations: [{ latitude: 48.85661, longitude: 2.35222, relevant_text: 'Your card works here' }],
  relevant_date: null,
  expiration_date: '2030-01-31T23:00:00Z',
  voided: false,
  holder_name: 'Ada Lovelace',
  loyalty: { balance: 7, unit: 'Stamps' },
  event: null,
  web_service_url: 'https://qr.example.com/pass-service',
  authentication_token: 'a'.repeat(32),
  updated_at: new Date(),
  update_tag: 1,
  ...overrides,
});

describe.each(testAdapters())('Google Wallet passes on $name', (adapter) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  const google = new GoogleWalletStandIn();
  let wallet: GoogleWallet;

  beforeAll(async () => {
    ({ db, close } = await adapter.open());
    google.addAccount(issuer.service_account.client_email, account.publicKey, ISSUER_ID);
    wallet = new GoogleWallet(db, { GOOGLE_WALLET_API_BASE: await google.start() });
  });
  afterAll(async () => {
    await google.stop();
    await close();
  });

  const design = (): GooglePassClass => ({ design_id: randomUUID(), logo_url: LOGO });
  const received = (passOrDesignId: string) =>
    google.requests.filter((request) => request.resource_id?.endsWith(passOrDesignId) || String(request.body?.id).endsWith(passOrDesignId));
  const calls = (id: string) => received(id).map((request) => `${request.method} ${request.resource}`);

  it('gives a "Save to Google Wallet" link signed by the service account that names only the loyalty object it inserted', async () => {
    const pass = content();
    const loyaltyDesign = design();
    const link = await wallet.saveLink(pass, issuer, loyaltyDesign);

    expect(link.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    expect(link.length).toBeLessThan(GOOGLE_SAVE_LINK_MAX);
    const jwt = link.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload, protectedHeader } = await jwtVerify(jwt, createPublicKey(account.publicKey), {
      issuer: issuer.service_account.client_email,
      audience: 'google',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(decodeJwt(jwt)).toEqual({
      iss: issuer.service_account.client_email,
      aud: 'google',
      typ: 'savetowallet',
      iat: payload.iat,
      origins: [],
      payload: { loyaltyObjects: [{ id: `${ISSUER_ID}.${pass.pass_id}` }] },
    });

    expect(calls(loyaltyDesign.design_id)).toEqual(['POST loyaltyClass']);
    expect(google.stored.get(`loyaltyClass/${ISSUER_ID}.${loyaltyDesign.design_id}`)).toEqual({
      id: `${ISSUER_ID}.${loyaltyDesign.design_id}`,
      issuerName: 'Café Terrasse',
      programName: 'Coffee card',
      programLogo: { sourceUri: { uri: LOGO }, contentDescription: { defaultValue: { language: 'en', value: 'Café Terrasse' } } },
      hexBackgroundColor: '#1a2b3c',
      reviewStatus: 'UNDER_REVIEW',
    });
    expect(calls(pass.pass_id)).toEqual(['POST loyaltyObject']);
    expect(google.stored.get(`loyaltyObject/${ISSUER_ID}.${pass.pass_id}`)).toEqual({
      id: `${ISSUER_ID}.${pass.pass_id}`,
      classId: `${ISSUER_ID}.${loyaltyDesign.design_id}`,
      state: 'ACTIVE',
      accountId: pass.pass_id,
      accountName: 'Ada Lovelace',
      loyaltyPoints: { label: 'Stamps', balance: { int: 7 } },
      barcode: { type: 'QR_CODE', value: 'CARD-7K2Q', alternateText: 'CARD-7K2Q' },
      textModulesData: [
        { id: 'tier', header: 'Tier', body: 'Gold' },
        { id: 'balance', header: 'Stamps', body: '7' },
        { id: 'name', body: 'Ada Lovelace' },
        { id: 'terms', header: 'Terms', body: 'One stamp per hot drink.' },
      ],
      locations: [{ latitude: 48.85661, longitude: 2.35222 }],
      validTimeInterval: { end: { date: '2030-01-31T23:00:00Z' } },
    });
    const { rows } = await db.query('SELECT org_id, class_id, object_id, notified_at FROM wallet_google_objects WHERE pass_id = $1', [pass.pass_id]);
    expect(rows).toEqual([
      { org_id: 'org-google', class_id: `${ISSUER_ID}.${loyaltyDesign.design_id}`, object_id: `${ISSUER_ID}.${pass.pass_id}`, notified_at: [] },
    ]);
  });

  it('makes an offer of a promo code and an event ticket with the names, times and barcode Google shows', async () => {
    const offerDesign = design();
    const offer = content({
      kind: 'promo_code',
      title: 'Winter offer',
      barcode: { format: 'code128', message: 'WINTER-7K2Q', alt_text: null },
      holder_name: null,
      loyalty: null,
      expiration_date: null,
    });
    const offerLink = await wallet.saveLink(offer, issuer, { ...offerDesign, logo_url: null });
    expect(decodeJwt(offerLink.split('/').pop()!).payload).toEqual({ offerObjects: [{ id: `${ISSUER_ID}.${offer.pass_id}` }] });
    expect(google.stored.get(`offerClass/${ISSUER_ID}.${offerDesign.design_id}`)).toEqual({
      id: `${ISSUER_ID}.${offerDesign.design_id}`,
      issuerName: 'Café Terrasse',
      title: 'Winter offer',
      provider: 'Café Terrasse',
      redemptionChannel: 'BOTH',
      hexBackgroundColor: '#1a2b3c',
      reviewStatus: 'UNDER_REVIEW',
    });
    expect(google.stored.get(`offerObject/${ISSUER_ID}.${offer.pass_id}`)).toMatchObject({
      state: 'ACTIVE',
      barcode: { type: 'CODE_128', value: 'WINTER-7K2Q' },
    });
    expect(google.stored.get(`offerObject/${ISSUER_ID}.${offer.pass_id}`)).not.toHaveProperty('validTimeInterval');

    const ticketDesign = design();
    const ticket = content({
      kind: 'event_ticket',
      title: 'Jazz night',
      barcode: { format: 'aztec', message: 'TICKET-1', alt_text: 'TICKET-1' },
      loyalty: null,
      event: { starts_at: '2026-12-24T18:00:00Z', ends_at: '2026-12-24T22:00:00Z', latitude: 48.8566, longitude: 2.3522 },
      locations: [],
    });
    const ticketLink = await wallet.saveLink(ticket, issuer, ticketDesign);
    expect(decodeJwt(ticketLink.split('/').pop()!).payload).toEqual({ eventTicketObjects: [{ id: `${ISSUER_ID}.${ticket.pass_id}` }] });
    expect(google.stored.get(`eventTicketClass/${ISSUER_ID}.${ticketDesign.design_id}`)).toMatchObject({
      eventName: { defaultValue: { language: 'en', value: 'Jazz night' } },
      dateTime: { start: '2026-12-24T18:00:00Z', end: '2026-12-24T22:00:00Z' },
      logo: { sourceUri: { uri: LOGO } },
    });
    expect(google.stored.get(`eventTicketObject/${ISSUER_ID}.${ticket.pass_id}`)).toMatchObject({
      ticketHolderName: 'Ada Lovelace',
      barcode: { type: 'AZTEC', value: 'TICKET-1' },
      locations: [{ latitude: 48.8566, longitude: 2.3522 }],
    });
  });

  it('patches the design’s class that another pass created (409), and an object Google holds that the table lost', async () => {
    const shared = design();
    const first = content();
    const second = content();
    await wallet.saveLink(first, issuer, shared);
    await wallet.saveLink(second, issuer, { ...shared, logo_url: `${LOGO}&v=2` });
    expect(calls(shared.design_id)).toEqual(['POST loyaltyClass', 'POST loyaltyClass', 'PATCH loyaltyClass']);
    expect(google.stored.get(`loyaltyClass/${ISSUER_ID}.${shared.design_id}`)).toMatchObject({ programLogo: { sourceUri: { uri: `${LOGO}&v=2` } } });

    await db.query('DELETE FROM wallet_google_objects WHERE pass_id = $1', [second.pass_id]);
    await wallet.saveLink({ ...second, loyalty: { balance: 8, unit: 'Stamps' } }, issuer, shared);
    expect(calls(second.pass_id)).toEqual(['POST loyaltyObject', 'POST loyaltyObject', 'PATCH loyaltyObject']);
    expect(google.stored.get(`loyaltyObject/${ISSUER_ID}.${second.pass_id}`)).toMatchObject({ loyaltyPoints: { balance: { int: 8 } } });
    const { rows } = await db.query('SELECT pass_id FROM wallet_google_objects WHERE pass_id = $1', [second.pass_id]);
    expect(rows).toHaveLength(1);
  });

  it('shows a voided pass as inactive and one past its end as expired, inserting a pass Google did not hold yet', async () => {
    const cards = design();
    const pass = content();
    await wallet.update({ ...pass, voided: true }, issuer, cards, false);
    expect(calls(pass.pass_id)).toEqual(['POST loyaltyObject']);
    expect(google.stored.get(`loyaltyObject/${ISSUER_ID}.${pass.pass_id}`)).toMatchObject({ state: 'INACTIVE' });

    await wallet.update({ ...pass, expiration_date: '2020-01-01T00:00:00Z' }, issuer, cards, false);
    expect(calls(pass.pass_id)).toEqual(['POST loyaltyObject', 'PATCH loyaltyObject']);
    expect(google.stored.get(`loyaltyObject/${ISSUER_ID}.${pass.pass_id}`)).toMatchObject({
      state: 'EXPIRED',
      validTimeInterval: { end: { date: '2020-01-01T00:00:00Z' } },
    });
  });

  it(`notifies phones of at most ${GOOGLE_NOTIFYING_UPDATES_PER_DAY} updates a day and applies the others silently`, async () => {
    const cards = design();
    const pass = content();
    await wallet.saveLink(pass, issuer, cards);
    for (const balance of [8, 9, 10, 11]) await wallet.update({ ...pass, loyalty: { balance, unit: 'Stamps' }, update_tag: balance }, issuer, cards, true);
    const patches = received(pass.pass_id).filter((request) => request.method === 'PATCH');
    expect(patches.map((request) => request.body?.notifyPreference ?? 'silent')).toEqual([
      'NOTIFY_ON_UPDATE',
      'NOTIFY_ON_UPDATE',
      'NOTIFY_ON_UPDATE',
      'silent',
    ]);
    expect(patches[0]!.body?.messages).toEqual([{ id: 'update-8', header: 'Coffee card', body: 'Stamps: 7', messageType: 'TEXT_AND_NOTIFY' }]);
    expect(patches[3]!.body).not.toHaveProperty('messages');
    expect(google.stored.get(`loyaltyObject/${ISSUER_ID}.${pass.pass_id}`)).toMatchObject({ loyaltyPoints: { balance: { int: 11 } } });

    // A day later the oldest notifications no longer count.
    await db.query(`UPDATE wallet_google_objects SET notified_at = ARRAY[now() - interval '25 hours', now() - interval '25 hours', now()] WHERE pass_id = $1`, [
      pass.pass_id,
    ]);
    await wallet.update(pass, issuer, cards, true);
    await wallet.update(pass, issuer, cards, true);
    const later = received(pass.pass_id)
      .filter((request) => request.method === 'PATCH')
      .slice(4);
    expect(later.map((request) => request.body?.notifyPreference ?? 'silent')).toEqual(['NOTIFY_ON_UPDATE', 'NOTIFY_ON_UPDATE']);
    const { rows } = await db.query<{ n: number }>('SELECT cardinality(notified_at) AS n FROM wallet_google_objects WHERE pass_id = $1', [pass.pass_id]);
    expect(rows[0]!.n).toBe(3);
  });

  it('asks Google for an access token once per service account, and says why Google refused a pass', async () => {
    await wallet.saveLink(content(), issuer, design());
    await wallet.saveLink(content(), issuer, design());
    expect(google.grants.filter((email) => email === issuer.service_account.client_email)).toHaveLength(1);
    await expect(wallet.saveLink(content({ background_color: 'teal' }), issuer, design())).rejects.toMatchObject({
      code: 'pass_provider_failed',
      message: expect.stringContaining('hexBackgroundColor must be #rrggbb'),
      details: { provider: 'google', status: 400 },
    });
    const stranger: GoogleIssuer = {
      issuer_id: ISSUER_ID,
      service_account: { client_email: 'other@example.iam.gserviceaccount.com', private_key: keyPair().privateKey },
    };
    await expect(wallet.saveLink(content(), stranger, design())).rejects.toMatchObject({ code: 'pass_provider_failed' });
  });

  it('refuses a loyalty card without a logo, which Google requires of its class', async () => {
    await expect(wallet.saveLink(content(), issuer, { design_id: randomUUID(), logo_url: null })).rejects.toMatchObject({ code: 'pass_image_invalid' });
  });
});
