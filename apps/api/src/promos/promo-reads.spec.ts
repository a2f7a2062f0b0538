import { randomUUID } from 'node:crypto';
import { parse } from 'content-disposition';
import { PROMO_CSV_COLUMNS, PROMO_REFUSAL_REASONS, PromoPattern, PromoTerms, type PromoRefusalReason } from '@qr/contracts';
import { promoCampaignStreamId, promoMasterKeyStreamId, type PromoCampaignCodes, type PromoEvidence } from '@qr/domain';
import type { EventStore, NewEvent } from '@qr/eventstore';
import { testAdapters } from '@qr/platform/testing';
import { promoCodesOf } from '@qr/projections-promos';
import { callerOf, createOrganization, ownerAndStranger, signedUpToken } from '../identity/organization-api.fixture';
import { EVENT_STORE } from '../infrastructure';

const PROMOS = '/api/v1/promos';
const QR = 'AbCdEf1234';
const HOUR_MS = 3_600_000;
const pattern = PromoPattern.parse({ prefix: 'SUMMER-', charset: 'alphanumeric', mask: '####-####' });

/**
 * The write side is built beside this one, so campaigns are seeded as their events, appended to the
 * app's own store, and read once the projections have caught up.
 */
describe.each(testAdapters())('promo usage, analytics, redemptions and export on $name', (adapter) => {
  const world = ownerAndStranger('petra@example.com', 'Ice Cream Parlour', adapter);
  const store = () => world.t.app.get<symbol, EventStore>(EVENT_STORE);

  const createCampaign = async (codes: PromoCampaignCodes, terms: Partial<PromoTerms> = {}, name = 'Summer deal', createdAt = new Date()) => {
    const campaignId = randomUUID();
    await store().append({
      streamId: promoCampaignStreamId(campaignId),
      expectedVersion: 'no_stream',
      events: [
        {
          type: 'PromoCampaignCreated',
          data: {
            campaign_id: campaignId,
            org_id: world.orgId,
            code_id: QR,
            codes,
            terms: PromoTerms.parse({ name, offer: { kind: 'text', text: 'A free scoop' }, ...terms }),
            master_key_id: null,
            created_by: 'petra@example.com',
          },
          occurredAt: createdAt,
        },
      ],
    });
    return campaignId;
  };
  const evidence = (campaignId: string, at: Date, promo_code = 'SUMMER24'): PromoEvidence => ({
    campaign_id: campaignId,
    code_id: QR,
    org_id: world.orgId,
    promo_code,
    visitor_key: randomUUID(),
    nonce: randomUUID(),
    nonce_issued_at: at.toISOString(),
    latitude: 48.1374,
    longitude: 11.5755,
    accuracy_m: 15,
    distance_m: 40,
    at: at.toISOString(),
  });
  const redeemed = (campaignId: string, at: Date, promoCode?: string, master_key: { key_id: string; version: number } | null = null): NewEvent => ({
    type: 'PromoRedeemed',
    data: { ...evidence(campaignId, at, promoCode), redemption_id: randomUUID(), master_key },
  });
  const refused = (campaignId: string, at: Date, reason: PromoRefusalReason): NewEvent => ({
    type: 'PromoRefused',
    data: { ...evidence(campaignId, at), reason },
  });
  const record = async (campaignId: string, events: NewEvent[]) => {
    await store().append({ streamId: promoCampaignStreamId(campaignId), expectedVersion: 'any', events });
    await world.t.projections.caughtUp();
  };
  const zeros = Object.fromEntries(PROMO_REFUSAL_REASONS.map((reason) => [reason, 0]));

  it('counts validations, redemptions and every reason of refusal, and what a total limit leaves', async () => {
    const campaignId = await createCampaign({ kind: 'shared', promo_code: 'SUMMER24' }, { total_limit: 10 });
    const now = new Date();
    await record(campaignId, [
      redeemed(campaignId, now),
      redeemed(campaignId, now),
      refused(campaignId, now, 'already_used_by_you'),
      refused(campaignId, now, 'outside_area'),
      refused(campaignId, now, 'outside_area'),
    ]);
    const usage = await world.owner('GET', `${PROMOS}/${campaignId}/usage`);
    expect([usage.statusCode, usage.json()]).toEqual([
      200,
      { campaign_id: campaignId, validations: 5, redemptions: 2, refusals: { ...zeros, already_used_by_you: 1, outside_area: 2 }, remaining: 8 },
    ]);
    const unlimited = await createCampaign({ kind: 'shared', promo_code: 'WINTER24' });
    await world.t.projections.caughtUp();
    expect((await world.owner('GET', `${PROMOS}/${unlimited}/usage`)).json()).toEqual({
      campaign_id: unlimited,
      validations: 0,
      redemptions: 0,
      refusals: zeros,
      remaining: null,
    });
  });

  it('pages a unique campaign’s codes in issue order, marks the redeemed ones, and counts the codes left', async () => {
    const seed = 'c2VlZC1vbmU';
    const campaignId = await createCampaign({ kind: 'unique', pattern, count: 25, seed });
    const codes = promoCodesOf(pattern, 25, seed);
    await record(campaignId, [redeemed(campaignId, new Date(), codes[11])]);
    const page = (await world.owner('GET', `${PROMOS}/${campaignId}/codes?page=2&per_page=10`)).json();
    expect(page).toEqual({
      items: codes.slice(10, 20).map((promo_code, i) => ({ promo_code, redeemed: i === 1 })),
      page: 2,
      per_page: 10,
      total: 25,
    });
    expect((await world.owner('GET', `${PROMOS}/${campaignId}/codes?page=3&per_page=10`)).json().items).toHaveLength(5);
    expect((await world.owner('GET', `${PROMOS}/${campaignId}/usage`)).json().remaining).toBe(24);
  });

  it('lists redemptions newest first, each with its evidence and the name of the master key that unlocked it', async () => {
    const keyId = randomUUID();
    await store().append({
      streamId: promoMasterKeyStreamId(keyId),
      expectedVersion: 'no_stream',
      events: [{ type: 'PromoMasterKeyCreated', data: { key_id: keyId, org_id: world.orgId, name: 'Front counter', created_by: 'petra@example.com' } }],
    });
    const campaignId = await createCampaign({ kind: 'shared', promo_code: 'SUMMER24' });
    const start = Date.now() - 10 * HOUR_MS;
    await record(campaignId, [
      ...Array.from({ length: 4 }, (_, i) => redeemed(campaignId, new Date(start + i * HOUR_MS))),
      refused(campaignId, new Date(start), 'needs_master_key'),
      redeemed(campaignId, new Date(start + 5 * HOUR_MS), 'SUMMER24', { key_id: keyId, version: 1 }),
    ]);
    const first = (await world.owner('GET', `${PROMOS}/${campaignId}/redemptions?per_page=2`)).json();
    expect([first.total, first.page, first.per_page, first.items.length]).toEqual([5, 1, 2, 2]);
    expect(first.items[0]).toEqual({
      redemption_id: expect.any(String),
      promo_code: 'SUMMER24',
      redeemed_at: new Date(start + 5 * HOUR_MS).toISOString(),
      latitude: 48.1374,
      longitude: 11.5755,
      accuracy_m: 15,
      distance_m: 40,
      unlocked_with: 'Front counter',
    });
    const last = (await world.owner('GET', `${PROMOS}/${campaignId}/redemptions?page=3&per_page=2`)).json();
    expect(last.items.map((item: { redeemed_at: string; unlocked_with: string | null }) => [item.redeemed_at, item.unlocked_with])).toEqual([
      [new Date(start).toISOString(), null],
    ]);
  });

  it('draws the period’s series in the organisation’s zone, hourly for the last 24 hours and daily for the last 7 days', async () => {
    const now = Date.now();
    const campaignId = await createCampaign({ kind: 'shared', promo_code: 'SUMMER24' }, {}, 'Summer deal', new Date(now - 5 * 24 * HOUR_MS));
    await record(campaignId, [
      redeemed(campaignId, new Date(now - HOUR_MS)),
      refused(campaignId, new Date(now - HOUR_MS), 'expired'),
      redeemed(campaignId, new Date(now - 3 * HOUR_MS)),
      // Three days ago: in the week, not in the day.
      refused(campaignId, new Date(now - 72 * HOUR_MS), 'outside_hours'),
    ]);
    const day = (await world.owner('GET', `${PROMOS}/${campaignId}/analytics?period=24hour`)).json();
    expect([day.period, day.time_zone, day.bucket, day.series.length]).toEqual(['24hour', 'UTC', 'hour', 24]);
    expect(day.totals).toEqual({ validations: 3, redemptions: 2, refusals: { ...zeros, expired: 1 } });
    const hourOf = (at: number) => new Date(Math.floor(at / HOUR_MS) * HOUR_MS).toISOString();
    const point = (start: string) => day.series.find((p: { start: string }) => p.start === start);
    expect(point(hourOf(now - HOUR_MS))).toEqual({ start: hourOf(now - HOUR_MS), validations: 2, redemptions: 1, refusals: 1 });
    expect(point(hourOf(now - 3 * HOUR_MS))).toEqual({ start: hourOf(now - 3 * HOUR_MS), validations: 1, redemptions: 1, refusals: 0 });
    expect(day.series.reduce((sum: number, p: { validations: number }) => sum + p.validations, 0)).toBe(3);

    expect((await world.owner('PATCH', `/api/v1/organizations/${world.orgId}`, { time_zone: 'Asia/Tokyo' })).statusCode).toBe(200);
    await world.t.projections.caughtUp();
    const week = (await world.owner('GET', `${PROMOS}/${campaignId}/analytics?period=7day`)).json();
    expect([week.time_zone, week.bucket, week.series.length]).toEqual(['Asia/Tokyo', 'day', 7]);
    expect(week.totals.validations).toBe(4);
    // Each day starts at midnight in Tokyo, 15:00 UTC the day before.
    expect(week.series.every((p: { start: string }) => p.start.endsWith('T15:00:00.000Z'))).toBe(true);
    expect(week.series.map((p: { validations: number }) => p.validations).reduce((a: number, b: number) => a + b, 0)).toBe(4);
    // `all` starts on the day the campaign was created, five days ago, and has a month's bucket or two.
    const all = (await world.owner('GET', `${PROMOS}/${campaignId}/analytics?period=all`)).json();
    expect([all.bucket, all.totals.validations, all.series.reduce((sum: number, p: { validations: number }) => sum + p.validations, 0)]).toEqual([
      'month',
      4,
      4,
    ]);
    expect((await world.owner('PATCH', `/api/v1/organizations/${world.orgId}`, { time_zone: 'UTC' })).statusCode).toBe(200);
  });

  it('exports every validation as base64 CSV named after the campaign and today, with the row count first', async () => {
    const campaignId = await createCampaign({ kind: 'shared', promo_code: 'SUMMER24' }, {}, 'Summer, "deluxe"');
    const at = new Date('2026-06-01T12:00:00.000Z');
    await record(campaignId, [redeemed(campaignId, at), refused(campaignId, new Date(at.getTime() + 60_000), 'used_up')]);
    const res = await world.owner('GET', `${PROMOS}/${campaignId}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-row-count']).toBe('2');
    const today = new Date().toISOString().slice(0, 10);
    // Saved under the name as typed, but for the quotes a file name cannot hold.
    const disposition = parse(String(res.headers['content-disposition']));
    expect([disposition.type, disposition.parameters['filename']]).toEqual(['attachment', `Summer, -deluxe-_${today}.csv`]);
    expect(Buffer.from(res.body, 'base64').toString('utf8').split('\r\n')).toEqual([
      PROMO_CSV_COLUMNS.join(','),
      `${at.toISOString()},SUMMER24,redeemed,,48.1374,11.5755,15,40,`,
      `2026-06-01T12:01:00.000Z,SUMMER24,refused,used_up,48.1374,11.5755,15,40,`,
      '',
    ]);
  });

  it('lets a viewer read the usage but not export the visitors’ positions', async () => {
    const campaignId = await createCampaign({ kind: 'shared', promo_code: 'SUMMER24' });
    await world.t.projections.caughtUp();
    await world.owner('POST', `/api/v1/organizations/${world.orgId}/users`, { email: 'promo-viewer@example.com', role: 'viewer' });
    const viewer = callerOf(world.t.app, await signedUpToken(world.t.app, 'promo-viewer@example.com'));
    expect((await viewer('GET', `${PROMOS}/${campaignId}/usage`)).statusCode).toBe(200);
    const exported = await viewer('GET', `${PROMOS}/${campaignId}/export`);
    expect([exported.statusCode, exported.json().code]).toEqual([403, 'forbidden']);
  });

  it('answers promo_campaign_not_found to another organisation, and a malformed id names the field', async () => {
    const campaignId = await createCampaign({ kind: 'shared', promo_code: 'SUMMER24' });
    await world.t.projections.caughtUp();
    const other = callerOf(world.t.app, await signedUpToken(world.t.app, 'oscar@example.com'));
    await createOrganization(other, 'Other Parlour');
    for (const path of ['codes', 'usage', 'redemptions', 'analytics?period=1day', 'export']) {
      for (const caller of [other, world.stranger]) {
        const res = await caller('GET', `${PROMOS}/${campaignId}/${path}`);
        expect([path, res.statusCode, res.json().code]).toEqual([path, 404, 'promo_campaign_not_found']);
      }
    }
    const malformed = await world.owner('GET', `${PROMOS}/not-a-uuid/usage`);
    expect([malformed.statusCode, malformed.body]).toEqual([400, expect.stringContaining('campaign_id')]);
    const period = await world.owner('GET', `${PROMOS}/${campaignId}/analytics?period=fortnight`);
    expect([period.statusCode, period.body]).toEqual([400, expect.stringContaining('period')]);
  });
});
