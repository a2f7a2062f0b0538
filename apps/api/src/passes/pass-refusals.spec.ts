import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_PASS_IMAGE_BYTES, UNSIGNED_PASS_TYPE } from '@qr/contracts';
import { testAdapters } from '@qr/platform/testing';
import sharp from 'sharp';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { loyaltyShop } from '../loyalty/public-loyalty.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { coffeePassDesign, coffeePassTerms, PASS_DESIGNS, PASS_SERVICE, uploadedImage } from './passes.fixture';

const STAFF = 'refusals-owner@example.com';

/** Random pixels do not compress: a PNG of this many is over a pass's image limit and well within an upload's. */
const noisyPng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
const plainPng = () =>
  sharp({ create: { width: 58, height: 58, channels: 3, background: '#3B2F2F' } })
    .png()
    .toBuffer();

describe.each(testAdapters())('what the passes context refuses on $name', (adapter) => {
  let dataDir: string;
  let t: TestApp;
  let ownerToken: string;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let strangerToken: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pass-refusals-'));
    t = await startTestApp({ database: adapter, env: { DATA_DIR: dataDir } });
    ownerToken = await signedUpToken(t.app, STAFF);
    owner = callerOf(t.app, ownerToken);
    strangerToken = await signedUpToken(t.app, 'refusals-stranger@example.com');
    stranger = callerOf(t.app, strangerToken);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const visitor = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, ...(payload ? { payload } : {}) });
  const cardPass = async (caller: ApiCaller, staff: string, email: string) => {
    const shop = await loyaltyShop(t, caller, staff);
    const design = await caller('POST', PASS_DESIGNS, coffeePassDesign(shop.orgId, shop.programmeId));
    const cardId = await shop.join({ email });
    const pass = await visitor('POST', `${PASS_SERVICE}/passes`, { design_id: design.json().design_id, holder: { kind: 'loyalty_card', card_id: cardId } });
    return { shop, passId: pass.json().pass_id as string };
  };

  it('refuses a design image that is not one of the organisation’s uploads, naming the field', async () => {
    const shop = await loyaltyShop(t, owner, STAFF);
    const theirOrg = await createOrganization(stranger, 'Their Uploads');
    const theirLogo = await uploadedImage(t, strangerToken, theirOrg, await plainPng());
    for (const logo of [randomUUID(), theirLogo]) {
      const refused = await owner('POST', PASS_DESIGNS, coffeePassDesign(shop.orgId, shop.programmeId, { logo_blob_id: logo }));
      expect([refused.statusCode, refused.json().code, refused.json().errors]).toEqual([
        400,
        'pass_image_invalid',
        [{ field: 'body.terms.logo_blob_id', message: 'The logo image is not one of the organisation’s uploads.' }],
      ]);
    }
    const ours = await owner(
      'POST',
      PASS_DESIGNS,
      coffeePassDesign(shop.orgId, shop.programmeId, { logo_blob_id: await uploadedImage(t, ownerToken, shop.orgId, await plainPng()) }),
    );
    expect(ours.statusCode).toBe(201);
  });

  it('refuses an uploaded image too large for a pass, on a new design and on an edit', async () => {
    const shop = await loyaltyShop(t, owner, STAFF);
    const noisy = await noisyPng(600);
    expect(noisy.length).toBeGreaterThan(MAX_PASS_IMAGE_BYTES);
    const stripId = await uploadedImage(t, ownerToken, shop.orgId, noisy);
    const created = await owner('POST', PASS_DESIGNS, coffeePassDesign(shop.orgId, shop.programmeId, { strip_blob_id: stripId }));
    expect([created.statusCode, created.json().code, created.json().errors[0].field]).toEqual([400, 'pass_image_invalid', 'body.terms.strip_blob_id']);
    expect(created.json().detail).toContain(`up to ${MAX_PASS_IMAGE_BYTES / 1024} KB`);

    const design = (await owner('POST', PASS_DESIGNS, coffeePassDesign(shop.orgId, shop.programmeId))).json();
    const edited = await owner('PUT', `${PASS_DESIGNS}/${design.design_id}`, { source: design.source, terms: { ...design.terms, icon_blob_id: stripId } });
    expect([edited.statusCode, edited.json().code, edited.json().errors[0].field]).toEqual([400, 'pass_image_invalid', 'body.terms.icon_blob_id']);
  });

  it('answers an unknown serial, or a pass under another pass type, as no .pkpass', async () => {
    const { passId } = await cardPass(owner, STAFF, 'ada@example.com');
    for (const url of [`${PASS_SERVICE}/pkpass/${UNSIGNED_PASS_TYPE}/${randomUUID()}`, `${PASS_SERVICE}/pkpass/pass.com.example.other/${passId}`]) {
      const res = await visitor('GET', url);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'pass_not_found']);
    }
  });

  it('lets staff of another organisation neither void nor push our pass, and leaves it as it was', async () => {
    const { passId } = await cardPass(owner, STAFF, 'grace@example.com');
    // The stranger is staff somewhere: their own shop and pass, not ours.
    await cardPass(stranger, 'refusals-stranger@example.com', 'linus@example.com');
    const voided = await stranger('PUT', `${PASS_SERVICE}/passes/${UNSIGNED_PASS_TYPE}/${passId}`, { voided: true });
    expect([voided.statusCode, voided.json().code]).toEqual([404, 'pass_not_found']);
    const pushed = await stranger('POST', `${PASS_SERVICE}/passes/${UNSIGNED_PASS_TYPE}/${passId}/push`);
    expect([pushed.statusCode, pushed.json().code]).toEqual([404, 'pass_not_found']);
    expect((await visitor('GET', `${PASS_SERVICE}/passes/${passId}`)).json().voided).toBe(false);
  });

  it('issues a coupon’s pass to staff for a code of the campaign only, and to no visitor', async () => {
    const orgId = await createOrganization(owner, 'Coupon Shop');
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Flyer', type: 'page' })).json().code_id as string;
    const campaign = await owner('POST', '/api/v1/promos', {
      org_id: orgId,
      code_id: codeId,
      codes: { kind: 'shared', promo_code: 'SUMMER24' },
      terms: { name: 'Summer deal', offer: { kind: 'percent_off', text: '10 % off your order', percent: 10 } },
    });
    expect(campaign.statusCode).toBe(201);
    await t.projections.caughtUp();
    const design = await owner('POST', PASS_DESIGNS, {
      org_id: orgId,
      source: { kind: 'promo_code', campaign_id: campaign.json().campaign_id },
      terms: coffeePassTerms({
        header_fields: [],
        primary_fields: [{ key: 'offer', label: 'Offer', value: '{{offer}}' }],
        secondary_fields: [{ key: 'code', label: 'Code', value: '{{promo_code}}' }],
      }),
    });
    expect(design.statusCode).toBe(201);
    const couponOf = (promoCode: string) => ({ design_id: design.json().design_id, holder: { kind: 'promo_code', promo_code: promoCode } });

    const asVisitor = await visitor('POST', `${PASS_SERVICE}/passes`, couponOf('SUMMER24'));
    expect([asVisitor.statusCode, asVisitor.json().code]).toEqual([401, 'unauthenticated']);
    const unknownCode = await owner('POST', `${PASS_SERVICE}/passes`, couponOf('WINTER25'));
    expect([unknownCode.statusCode, unknownCode.json().code]).toEqual([404, 'pass_holder_not_found']);
    const issued = await owner('POST', `${PASS_SERVICE}/passes`, couponOf('SUMMER24'));
    expect([issued.statusCode, issued.json().kind, issued.json().holder]).toEqual([201, 'promo_code', 'SUMMER24']);
  });
});
