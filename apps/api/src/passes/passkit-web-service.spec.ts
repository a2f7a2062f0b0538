import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PKPASS_MEDIA_TYPE } from '@qr/contracts';
import { testAdapters } from '@qr/platform/testing';
import { callerOf, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { loyaltyShop } from '../loyalty/public-loyalty.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { ApnsStandIn } from './apple/apns-stand-in.fixture';
import { TEST_PASS_TYPE_ID, testAppleIssuer, testWwdr } from './apple/apple-test-certificates.fixture';
import { coffeePassDesign, eventually, PASS_DESIGNS, PASS_SERVICE, passJsonOf, passUpdatesSettled, pathOf } from './passes.fixture';

/** One pass type is one organisation's on a server: the second test's two shops have their own. */
const OURS = 'pass.com.example.ours';
const OTHER_PASS_TYPE_ID = 'pass.com.example.elsewhere';

/**
 * Waits (under a second) for the next whole second: HTTP dates have no finer ones, so a pass's
 * Last-Modified vouches for a change only once its second is over.
 */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));

/**
 * Apple's "Adding a web service to update passes", as one iPhone walks it: the .pkpass it adds,
 * its registration at the pass's webServiceURL, the APNs push a balance change sends it, the
 * serials it asks for, the new pass it fetches, and its unregistration.
 */
describe.each(testAdapters())('a Wallet device keeps a loyalty pass current through the PassKit web service on $name', (adapter) => {
  let work: string;
  let apns: ApnsStandIn;
  let t: TestApp;
  let owner: ApiCaller;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'passkit-'));
    apns = await ApnsStandIn.start(testWwdr().pem, join(work, 'apns-ca.pem'));
    t = await startTestApp({ database: adapter, env: { APNS_URL: apns.url, APNS_CA_FILE: apns.caFile } });
    owner = callerOf(t.app, await signedUpToken(t.app, 'wallet-owner@example.com'));
  });
  afterAll(async () => {
    await t.close();
    await apns.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const device = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, extra: { payload?: object; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(token === undefined ? {} : { authorization: `ApplePass ${token}` }), ...extra.headers },
      payload: extra.payload,
    });

  /** A shop with its Apple issuer connected, a card design, and a visitor who joined and added the pass: the .pkpass as Safari gets it. */
  const shopWithPass = async (passTypeIdentifier: string, email: string) => {
    const shop = await loyaltyShop(t, owner, 'wallet-owner@example.com');
    const connected = await owner('PUT', '/api/v1/passes/issuers/apple', { org_id: shop.orgId, ...testAppleIssuer({ passTypeIdentifier }) });
    expect(connected.statusCode).toBe(200);
    const design = await owner('POST', PASS_DESIGNS, coffeePassDesign(shop.orgId, shop.programmeId));
    const cardId = await shop.join({ email, name: 'Ada' });
    const created = await t.app.inject({
      method: 'POST',
      url: `${PASS_SERVICE}/passes`,
      payload: { design_id: design.json().design_id, holder: { kind: 'loyalty_card', card_id: cardId } },
    });
    expect(created.statusCode).toBe(201);
    const pass = created.json();
    const download = await t.app.inject({ method: 'GET', url: pathOf(pass.apple_url) });
    expect([download.statusCode, download.headers['content-type'], download.headers['content-disposition']]).toEqual([
      200,
      PKPASS_MEDIA_TYPE,
      `attachment; filename="${pass.pass_id}.pkpass"`,
    ]);
    const passJson = passJsonOf(download.rawPayload);
    expect(passJson).toMatchObject({ passTypeIdentifier, serialNumber: pass.pass_id });
    return {
      shop,
      cardId,
      serial: pass.pass_id as string,
      token: passJson.authenticationToken as string,
      webService: pathOf(passJson.webServiceURL as string),
      balance: Number(passJson.storeCard!.primaryFields[0]!.value),
    };
  };

  it('registers the device, pushes it on a balance change, answers the changed serial and the new pass, and stops after it unregisters', async () => {
    const { shop, cardId, serial, token, webService, balance } = await shopWithPass(TEST_PASS_TYPE_ID, 'ada@example.com');
    const registration = `${webService}/v1/devices/iphone-of-ada/registrations/${TEST_PASS_TYPE_ID}/${serial}`;
    const serials = `${webService}/v1/devices/iphone-of-ada/registrations/${TEST_PASS_TYPE_ID}`;
    // The pass's own issuing is pushed to nobody; only what changes after the registration reaches the device.
    await passUpdatesSettled(t, serial);

    expect((await device('POST', registration, token, { payload: { pushToken: 'push-token-of-ada' } })).statusCode).toBe(201);
    expect((await device('POST', registration, token, { payload: { pushToken: 'push-token-of-ada' } })).statusCode).toBe(200);
    const held = (await device('GET', serials)).json();
    expect(held.serialNumbers).toEqual([serial]);
    expect((await device('GET', `${serials}?passesUpdatedSince=${held.lastUpdated}`)).statusCode).toBe(204);

    await shop.credit(cardId, 5);
    const push = await eventually('the APNs push of the credit', () => apns.received.find((received) => received.token === 'push-token-of-ada'));
    expect(push).toMatchObject({ topic: TEST_PASS_TYPE_ID, payload: {} });

    const changed = await device('GET', `${serials}?passesUpdatedSince=${held.lastUpdated}`);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().serialNumbers).toEqual([serial]);
    expect(BigInt(changed.json().lastUpdated)).toBeGreaterThan(BigInt(held.lastUpdated));
    expect((await device('GET', `${serials}?passesUpdatedSince=${changed.json().lastUpdated}`)).statusCode).toBe(204);

    const latestUrl = `${webService}/v1/passes/${TEST_PASS_TYPE_ID}/${serial}`;
    await nextSecond();
    const latest = await device('GET', latestUrl, token);
    expect([latest.statusCode, latest.headers['content-type']]).toEqual([200, PKPASS_MEDIA_TYPE]);
    const lastModified = latest.headers['last-modified'] as string;
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);
    expect(passJsonOf(latest.rawPayload).storeCard!.primaryFields[0]!.value).toBe(String(balance + 5));
    const unchanged = await device('GET', latestUrl, token, { headers: { 'if-modified-since': lastModified } });
    expect([unchanged.statusCode, unchanged.body]).toEqual([304, '']);

    expect((await device('DELETE', registration, token)).statusCode).toBe(200);
    await passUpdatesSettled(t, serial);
    const pushesBefore = apns.received.length;
    await shop.credit(cardId, 1);
    await passUpdatesSettled(t, serial);
    expect(apns.received.length).toBe(pushesBefore);
    expect((await device('GET', serials)).statusCode).toBe(204);
  });

  it('gives the newer pass, not 304, to a device that fetched the pass in the same second as a second change', async () => {
    const { shop, cardId, serial, token, webService, balance } = await shopWithPass('pass.com.example.quick', 'ada-quick@example.com');
    const latestUrl = `${webService}/v1/passes/pass.com.example.quick/${serial}`;
    // A stamp and a reward at the counter often fall in one second: start at a second's beginning so these two do.
    await nextSecond();
    await shop.credit(cardId, 1);
    await t.projections.caughtUp();
    const first = await device('GET', latestUrl, token);
    expect(passJsonOf(first.rawPayload).storeCard!.primaryFields[0]!.value).toBe(String(balance + 1));
    await shop.credit(cardId, 1);
    await t.projections.caughtUp();
    const second = await device('GET', latestUrl, token, { headers: { 'if-modified-since': first.headers['last-modified'] as string } });
    expect(second.statusCode).toBe(200);
    expect(passJsonOf(second.rawPayload).storeCard!.primaryFields[0]!.value).toBe(String(balance + 2));
    // Once the second of the change is over, a fetch is vouched for and the next ask hears 304.
    await nextSecond();
    const third = await device('GET', latestUrl, token);
    const fourth = await device('GET', latestUrl, token, { headers: { 'if-modified-since': third.headers['last-modified'] as string } });
    expect(fourth.statusCode).toBe(304);
  });

  it('refuses each pass route a missing or wrong ApplePass token, and answers another organisation’s serial as no pass', async () => {
    const ours = await shopWithPass(OURS, 'grace@example.com');
    const theirs = await shopWithPass(OTHER_PASS_TYPE_ID, 'linus@example.com');
    const registration = `${ours.webService}/v1/devices/iphone-of-grace/registrations/${OURS}/${ours.serial}`;
    const latest = `${ours.webService}/v1/passes/${OURS}/${ours.serial}`;
    const routes = [
      { method: 'POST', url: registration, payload: { pushToken: 'push-token-of-grace' } },
      { method: 'DELETE', url: registration },
      { method: 'GET', url: latest },
    ] as const;
    for (const { method, url, ...extra } of routes) {
      for (const token of [undefined, theirs.token, `${ours.token.slice(0, -1)}${ours.token.endsWith('x') ? 'y' : 'x'}`]) {
        const refused = await device(method, url, token, extra);
        expect([method, url, refused.statusCode, refused.json().code]).toEqual([method, url, 401, 'pass_unauthorized']);
      }
      const bearer = await t.app.inject({ method, url, headers: { authorization: `Bearer ${ours.token}` }, ...extra });
      expect(bearer.statusCode).toBe(401);
    }

    // Their pass, with its own valid token, under our pass type: not a pass of ours.
    const foreignRegistration = `${ours.webService}/v1/devices/iphone-of-grace/registrations/${OURS}/${theirs.serial}`;
    const foreign = await device('POST', foreignRegistration, theirs.token, { payload: { pushToken: 'push-token-of-grace' } });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'pass_not_found']);
    expect((await device('GET', `${ours.webService}/v1/passes/${OURS}/${theirs.serial}`, theirs.token)).statusCode).toBe(404);
    expect((await device('DELETE', foreignRegistration, theirs.token)).statusCode).toBe(404);
    // Under their own pass type it is theirs, and fetches.
    expect((await device('GET', `${theirs.webService}/v1/passes/${OTHER_PASS_TYPE_ID}/${theirs.serial}`, theirs.token)).statusCode).toBe(200);
  });
});
