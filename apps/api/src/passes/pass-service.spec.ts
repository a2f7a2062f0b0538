import { randomUUID } from 'node:crypto';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { loyaltyShop } from '../loyalty/public-loyalty.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { PassReads } from './pass-reads';
import { coffeePassDesign, PASS_DESIGNS, PASS_SERVICE } from './passes.fixture';

describe('wallet pass designs and the pass service', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;

  beforeAll(async () => {
    t = await startTestApp();
    owner = callerOf(t.app, await signedUpToken(t.app, 'passes-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'passes-stranger@example.com'));
  });
  afterAll(() => t.close());

  const visitor = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, ...(payload ? { payload } : {}) });

  const shopWithDesign = async () => {
    const shop = await loyaltyShop(t, owner, 'passes-owner@example.com');
    const created = await owner('POST', PASS_DESIGNS, coffeePassDesign(shop.orgId, shop.programmeId));
    expect(created.statusCode).toBe(201);
    return { ...shop, designId: created.json().design_id as string };
  };

  it('designs a loyalty card’s pass, lists it with its programme’s name, changes it and deletes it', async () => {
    const shop = await shopWithDesign();
    const listed = await owner('GET', `${PASS_DESIGNS}?org_id=${shop.orgId}`);
    expect(listed.json()).toEqual([
      expect.objectContaining({
        design_id: shop.designId,
        source: { kind: 'loyalty_card', programme_id: shop.programmeId },
        source_name: 'Coffee card',
        passes: 0,
      }),
    ]);
    const changed = await owner('PUT', `${PASS_DESIGNS}/${shop.designId}`, {
      source: { kind: 'loyalty_card', programme_id: shop.programmeId },
      terms: { ...coffeePassDesign(shop.orgId, shop.programmeId).terms, name: 'Renamed' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().terms.name).toBe('Renamed');
    expect((await stranger('GET', `${PASS_DESIGNS}/${shop.designId}`)).statusCode).toBe(404);
    expect((await owner('DELETE', `${PASS_DESIGNS}/${shop.designId}`)).statusCode).toBe(204);
    expect((await owner('GET', `${PASS_DESIGNS}/${shop.designId}`)).statusCode).toBe(404);
  });

  it('refuses a field naming a value the kind has not got, too many fields, and another organisation’s programme', async () => {
    const shop = await loyaltyShop(t, owner, 'passes-owner@example.com');
    const unknown = await owner(
      'POST',
      PASS_DESIGNS,
      coffeePassDesign(shop.orgId, shop.programmeId, { primary_fields: [{ key: 'b', label: 'B', value: '{{promo_code}}' }] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toEqual({ field: 'body.terms.primary_fields.0.value', message: expect.stringContaining('has no {{promo_code}}') });
    const crowded = await owner(
      'POST',
      PASS_DESIGNS,
      coffeePassDesign(shop.orgId, shop.programmeId, { header_fields: ['a', 'b', 'c', 'd'].map((key) => ({ key, label: key, value: 'x' })) }),
    );
    expect(crowded.statusCode).toBe(400);
    expect(crowded.json().errors[0].message).toBe('A pass has at most 3 header fields.');
    const otherOrg = await createOrganization(stranger, 'Elsewhere');
    const foreign = await stranger('POST', PASS_DESIGNS, coffeePassDesign(otherOrg, shop.programmeId));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('pass_source_not_found');
  });

  it('issues one pass per card however often the visitor asks, and voids it for staff only', async () => {
    const shop = await shopWithDesign();
    const cardId = await shop.join({ email: 'ada@example.com', name: 'Ada' });
    const first = await visitor('POST', `${PASS_SERVICE}/passes`, { design_id: shop.designId, holder: { kind: 'loyalty_card', card_id: cardId } });
    expect(first.statusCode).toBe(201);
    const pass = first.json();
    expect(pass).toEqual(
      expect.objectContaining({
        passTypeIdentifier: 'pass.unsigned',
        serialNumber: pass.pass_id,
        kind: 'loyalty_card',
        holder: 'Ada',
        voided: false,
        apple_url: null,
        google_ready: false,
      }),
    );
    const again = await visitor('POST', `${PASS_SERVICE}/passes`, { design_id: shop.designId, holder: { kind: 'loyalty_card', card_id: cardId } });
    expect(again.json().pass_id).toBe(pass.pass_id);
    expect((await visitor('GET', `${PASS_SERVICE}/passes/${pass.pass_id}`)).json().pass_id).toBe(pass.pass_id);

    const unknownCard = await visitor('POST', `${PASS_SERVICE}/passes`, { design_id: shop.designId, holder: { kind: 'loyalty_card', card_id: randomUUID() } });
    expect(unknownCard.statusCode).toBe(404);
    expect(unknownCard.json().code).toBe('pass_holder_not_found');
    const wrongKind = await visitor('POST', `${PASS_SERVICE}/passes`, { design_id: shop.designId, holder: { kind: 'event_ticket', holder: 'Ada' } });
    expect(wrongKind.statusCode).toBe(400);

    const voidIt = `${PASS_SERVICE}/passes/pass.unsigned/${pass.pass_id}`;
    expect((await stranger('PUT', voidIt, { voided: true })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: voidIt, payload: { voided: true } })).statusCode).toBe(401);
    const voided = await owner('PUT', voidIt, { voided: true });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().voided).toBe(true);
    expect((await owner('PUT', `${PASS_SERVICE}/passes/pass.other/${pass.pass_id}`, { voided: false })).statusCode).toBe(404);

    const listed = await owner('GET', `${PASS_SERVICE}/passes?org_id=${shop.orgId}&design_id=${shop.designId}`);
    expect(listed.json()).toEqual({ items: [expect.objectContaining({ pass_id: pass.pass_id, voided: true })], page: 1, per_page: 10, total: 1 });
    expect((await stranger('GET', `${PASS_SERVICE}/passes?org_id=${shop.orgId}`)).statusCode).toBe(404);
  });

  it('moves a pass’s update tag when its card’s balance changes, and only that pass’s', async () => {
    const shop = await shopWithDesign();
    const [ada, grace] = [await shop.join({ email: 'ada2@example.com' }), await shop.join({ email: 'grace@example.com' })];
    const issue = async (cardId: string) =>
      (await visitor('POST', `${PASS_SERVICE}/passes`, { design_id: shop.designId, holder: { kind: 'loyalty_card', card_id: cardId } })).json()
        .pass_id as string;
    const [adaPass, gracePass] = [await issue(ada), await issue(grace)];
    const reads = t.app.get(PassReads);
    const before = [Number((await reads.pass(adaPass))!.update_tag), Number((await reads.pass(gracePass))!.update_tag)];
    await shop.credit(ada, 5);
    await t.projections.caughtUp();
    expect(Number((await reads.pass(adaPass))!.update_tag)).toBeGreaterThan(before[0]!);
    expect(Number((await reads.pass(gracePass))!.update_tag)).toBe(before[1]);
  });

  it('offers no wallet while no issuer is connected', async () => {
    const shop = await shopWithDesign();
    const offer = await visitor('GET', `/api/v1/public/passes/offer?kind=loyalty_card&source_id=${shop.programmeId}`);
    expect(offer.json()).toEqual({ design_id: null, apple: false, google: false });
  });
});
