import { PromoPattern, PromoTerms, type PromoRefusalReason } from '@qr/contracts';
import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import { promoCampaignDecider, withinHours } from './promo-campaign.decider';
import type { CreatePromoCampaign, RedeemPromoCode } from './promos.commands';
import type { PromoCampaignEvent, PromoEvidence } from './promos.events';

const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const CAMPAIGN = '0190a6b2-0000-7000-8000-0000000000c1';
const KEY = '0190a6b2-0000-7000-8000-0000000000e1';
const AT = '2026-06-03T10:00:00.000Z'; // a Wednesday
const terms = (overrides: Record<string, unknown> = {}) => PromoTerms.parse({ name: 'Summer', offer: { kind: 'text', text: 'A coffee' }, ...overrides });
const pattern = PromoPattern.parse({ prefix: 'S-', mask: '######' });

const create = (overrides: Partial<CreatePromoCampaign> = {}): CreatePromoCampaign => ({
  type: 'CreatePromoCampaign',
  actor: editor,
  campaign_id: CAMPAIGN,
  org_id: 'org-1',
  code_id: 'AbCdEf1234',
  codes: { kind: 'shared', promo_code: 'SUMMER24' },
  terms: terms(),
  master_key_id: null,
  ...overrides,
});
const created = (command: CreatePromoCampaign = create()): PromoCampaignEvent => {
  const { campaign_id, org_id, code_id, codes, terms: t, master_key_id } = command;
  return { type: 'PromoCampaignCreated', data: { campaign_id, org_id, code_id, codes, terms: t, master_key_id, created_by: editor.id } };
};

let nonces = 0;
const redeem = (overrides: Partial<RedeemPromoCode> = {}): RedeemPromoCode => ({
  type: 'RedeemPromoCode',
  promo_code: 'SUMMER24',
  visitor_key: 'visitor-a',
  nonce: `nonce-${++nonces}`,
  nonce_issued_at: '2026-06-03T09:58:00.000Z',
  at: AT,
  position: null,
  master_key: null,
  redemption_id: '0190a6b2-0000-7000-8000-0000000000d1',
  ...overrides,
});
const evidence = (command: RedeemPromoCode, extra: Partial<PromoEvidence> = {}): PromoEvidence => ({
  campaign_id: CAMPAIGN,
  code_id: 'AbCdEf1234',
  org_id: 'org-1',
  promo_code: command.promo_code,
  visitor_key: command.visitor_key,
  nonce: command.nonce,
  nonce_issued_at: command.nonce_issued_at,
  latitude: null,
  longitude: null,
  accuracy_m: null,
  distance_m: null,
  at: command.at,
  ...extra,
});
const redeemed = (command: RedeemPromoCode, extra: Partial<PromoEvidence> = {}): PromoCampaignEvent => ({
  type: 'PromoRedeemed',
  data: { ...evidence(command, extra), redemption_id: command.redemption_id, master_key: command.master_key },
});
const refused = (command: RedeemPromoCode, reason: PromoRefusalReason, extra: Partial<PromoEvidence> = {}): PromoCampaignEvent => ({
  type: 'PromoRefused',
  data: { ...evidence(command, extra), reason },
});

const given = deciderSpec(promoCampaignDecider);
/** The reason a redemption is refused with under these terms, or 'redeemed'. */
const outcome = (history: PromoCampaignEvent[], command: RedeemPromoCode): string => {
  const state = history.reduce(promoCampaignDecider.evolve, promoCampaignDecider.initialState);
  const [event] = promoCampaignDecider.decide(command, state);
  return event?.type === 'PromoRefused' ? event.data.reason : (event?.type ?? 'nothing');
};

describe('creating a promo campaign', () => {
  it('creates a shared or a unique campaign for an editor, and refuses a viewer and a reused id', () => {
    given([]).when(create()).then([created()]);
    const unique = create({ codes: { kind: 'unique', pattern, count: 1, seed: 'c2VlZA' } });
    given([])
      .when(unique)
      .then([created(unique)]);
    given([])
      .when(create({ actor: viewer }))
      .then('forbidden');
    given([created()]).when(create()).then('wrong_expected_version');
  });

  it('refuses a pattern with fewer than a million combinations per code, naming the least mask length', () => {
    // 31^6 ≈ 8.9·10^8: enough for 887 codes, not for 1,000.
    given([])
      .when(create({ codes: { kind: 'unique', pattern, count: 1000, seed: 'c2VlZA' } }))
      .then('promo_pattern_too_small');
    const state = promoCampaignDecider.initialState;
    expect(() => promoCampaignDecider.decide(create({ codes: { kind: 'unique', pattern, count: 1000, seed: 'c2VlZA' } }), state)).toThrow(
      expect.objectContaining({ details: expect.objectContaining({ least_random: 7 }) }),
    );
    given([])
      .when(create({ codes: { kind: 'unique', pattern, count: 887, seed: 'c2VlZA' } }))
      .then([created(create({ codes: { kind: 'unique', pattern, count: 887, seed: 'c2VlZA' } }))]);
  });

  it('refuses a count a script sent past the contract', () =>
    given([])
      .when(create({ codes: { kind: 'unique', pattern, count: 100_001, seed: 'c2VlZA' } }))
      .then('validation_failed'));
});

describe('changing a promo campaign', () => {
  const deleted: PromoCampaignEvent = { type: 'PromoCampaignDeleted', data: { deleted_by: editor.id } };

  it('replaces the terms, sets and clears the key, and deletes once', () => {
    const next = terms({ name: 'Autumn' });
    given([created()])
      .when({ type: 'UpdatePromoCampaign', actor: editor, terms: next })
      .then([{ type: 'PromoCampaignUpdated', data: { terms: next, updated_by: editor.id } }]);
    given([created()])
      .when({ type: 'SetPromoCampaignKey', actor: editor, master_key_id: KEY })
      .then([{ type: 'PromoCampaignKeySet', data: { master_key_id: KEY, set_by: editor.id } }]);
    given([created()]).when({ type: 'SetPromoCampaignKey', actor: editor, master_key_id: null }).then([]);
    given([created()]).when({ type: 'DeletePromoCampaign', actor: editor }).then([deleted]);
  });

  it('is not found once deleted or before it exists, for staff and visitors alike', () => {
    given([created(), deleted]).when({ type: 'DeletePromoCampaign', actor: editor }).then('promo_campaign_not_found');
    given([created(), deleted]).when(redeem()).then('promo_campaign_not_found');
    given([]).when({ type: 'UpdatePromoCampaign', actor: editor, terms: terms() }).then('promo_campaign_not_found');
  });

  it('refuses a viewer', () => given([created()]).when({ type: 'DeletePromoCampaign', actor: viewer }).then('forbidden'));
});

describe('redeeming a promo code', () => {
  const withTerms = (overrides: Record<string, unknown>) => [created(create({ terms: terms(overrides) }))];

  it('redeems a valid code, recording the evidence', () => {
    const command = redeem();
    given([created()])
      .when(command)
      .then([redeemed(command)]);
  });

  it('refuses before the start and from the end on', () => {
    expect(outcome(withTerms({ starts_at: '2026-06-03T10:00:01Z' }), redeem())).toBe('not_yet_valid');
    expect(outcome(withTerms({ ends_at: AT }), redeem())).toBe('expired');
    expect(outcome(withTerms({ starts_at: AT, ends_at: '2026-06-03T10:00:01Z' }), redeem())).toBe('PromoRedeemed');
  });

  it('refuses outside the days and hours of the campaign’s time zone', () => {
    // 10:00 UTC is 12:00 in Berlin (summer time) and 19:00 in Tokyo.
    expect(outcome(withTerms({ hours: { from: '11:00', until: '13:00' }, time_zone: 'Europe/Berlin' }), redeem())).toBe('PromoRedeemed');
    expect(outcome(withTerms({ hours: { from: '11:00', until: '13:00' }, time_zone: 'UTC' }), redeem())).toBe('outside_hours');
    expect(outcome(withTerms({ days: [1, 2, 4, 5, 6, 7] }), redeem())).toBe('outside_hours');
    expect(outcome(withTerms({ days: [3] }), redeem())).toBe('PromoRedeemed');
    expect(outcome(withTerms({ hours: { from: '18:00', until: '20:00' }, time_zone: 'Asia/Tokyo' }), redeem())).toBe('PromoRedeemed');
  });

  it('counts hours past midnight to the day they began', () => {
    const fridayNight = { from: '22:00', until: '02:00' };
    expect(withinHours(new Date('2026-06-06T01:30:00Z'), [5], fridayNight, 'UTC')).toBe(true); // Saturday 01:30
    expect(withinHours(new Date('2026-06-06T02:00:00Z'), [5], fridayNight, 'UTC')).toBe(false);
    expect(withinHours(new Date('2026-06-05T23:00:00Z'), [5], fridayNight, 'UTC')).toBe(true); // Friday 23:00
    expect(withinHours(new Date('2026-06-05T01:30:00Z'), [5], fridayNight, 'UTC')).toBe(false); // Thursday's night
    expect(withinHours(new Date('2026-06-08T01:30:00Z'), [7], fridayNight, 'UTC')).toBe(true); // Monday 01:30 is Sunday's night
  });

  it('holds the total limit across many redemptions folded in place', () => {
    const history = withTerms({ total_limit: 100, per_visitor_limit: null });
    const state = history.reduce(promoCampaignDecider.evolve, promoCampaignDecider.initialState);
    for (let n = 0; n < 100; n++) {
      const [event] = promoCampaignDecider.decide(redeem({ visitor_key: `v${n}` }), state);
      expect(event?.type).toBe('PromoRedeemed');
      promoCampaignDecider.evolve(state, event!);
    }
    expect(promoCampaignDecider.decide(redeem({ visitor_key: 'v-late' }), state)[0]).toMatchObject({ data: { reason: 'used_up' } });
    // A fresh state is not the one that was folded.
    expect(promoCampaignDecider.initialState.redeemed).toBe(0);
  });

  it('holds the per-visitor limit', () => {
    const first = redeem();
    const history = [...withTerms({ per_visitor_limit: 2 }), redeemed(first)];
    expect(outcome(history, redeem())).toBe('PromoRedeemed');
    expect(outcome([...history, redeemed(redeem())], redeem())).toBe('already_used_by_you');
    expect(outcome([...history, redeemed(redeem())], redeem({ visitor_key: 'visitor-b' }))).toBe('PromoRedeemed');
  });

  it('redeems a unique code once: used up for others, already used for the one who did', () => {
    const unique = created(create({ codes: { kind: 'unique', pattern, count: 10, seed: 'c2VlZA' }, terms: terms({ per_visitor_limit: null }) }));
    const first = redeem({ promo_code: 'S-234567' });
    expect(outcome([unique, redeemed(first)], redeem({ promo_code: 'S-234567', visitor_key: 'visitor-b' }))).toBe('used_up');
    expect(outcome([unique, redeemed(first)], redeem({ promo_code: 'S-234567' }))).toBe('already_used_by_you');
    expect(outcome([unique, redeemed(first)], redeem({ promo_code: 'S-765432' }))).toBe('PromoRedeemed');
  });

  describe('at a place', () => {
    const place = { latitude: 52.5163, longitude: 13.3777, radius_m: 100 };
    const near = { latitude: 52.51656789, longitude: 13.37771234, accuracy_m: 12 };

    it('redeems within the radius, recording the position rounded and the distance from the exact one', () => {
      const command = redeem({ position: near });
      given(withTerms({ place }))
        .when(command)
        .then([redeemed(command, { latitude: 52.5166, longitude: 13.3777, accuracy_m: 12, distance_m: 30 })]);
    });

    it('refuses outside the radius, without a location, and with a fix vaguer than the area', () => {
      expect(outcome(withTerms({ place }), redeem({ position: { latitude: 52.52, longitude: 13.3777, accuracy_m: 10 } }))).toBe('outside_area');
      expect(outcome(withTerms({ place }), redeem())).toBe('outside_area');
      expect(outcome(withTerms({ place }), redeem({ position: { ...near, accuracy_m: 500 } }))).toBe('outside_area');
    });

    it('lets a visitor without a location in where the campaign allows it, but not one who is away', () => {
      expect(outcome(withTerms({ place, allow_without_location: true }), redeem())).toBe('PromoRedeemed');
      expect(outcome(withTerms({ place, allow_without_location: true }), redeem({ position: { ...near, accuracy_m: 500 } }))).toBe('PromoRedeemed');
      expect(outcome(withTerms({ place, allow_without_location: true }), redeem({ position: { latitude: 53, longitude: 13, accuracy_m: 10 } }))).toBe(
        'outside_area',
      );
    });
  });

  it('needs the campaign’s master key, and records the version that unlocked it', () => {
    const locked = [created(create({ master_key_id: KEY }))];
    expect(outcome(locked, redeem())).toBe('needs_master_key');
    expect(outcome(locked, redeem({ master_key: { key_id: '0190a6b2-0000-7000-8000-0000000000e2', version: 1 } }))).toBe('needs_master_key');
    const unlocked = redeem({ master_key: { key_id: KEY, version: 3 } });
    given(locked)
      .when(unlocked)
      .then([redeemed(unlocked)]);
  });

  it('checks the limits before the key, so staff are not asked to unlock a code that is used up', () => {
    const locked = created(create({ master_key_id: KEY }));
    const first = redeem({ master_key: { key_id: KEY, version: 1 } });
    expect(outcome([locked, redeemed(first)], redeem())).toBe('already_used_by_you');
  });

  it('refuses a nonce that is too old, from the future, or spent by a redemption or a refusal', () => {
    given([created()])
      .when(redeem({ nonce_issued_at: '2026-06-03T09:44:59.000Z' }))
      .then('promo_nonce_invalid');
    given([created()])
      .when(redeem({ nonce_issued_at: '2026-06-03T10:01:01.000Z' }))
      .then('promo_nonce_invalid');
    const spent = redeem();
    given([created(), redeemed(spent)])
      .when({ ...redeem({ visitor_key: 'visitor-b' }), nonce: spent.nonce })
      .then('promo_nonce_invalid');
    const refusedOnce = redeem({ at: '2026-06-03T10:00:00.000Z' });
    given([created(), refused(refusedOnce, 'outside_hours')])
      .when({ ...redeem(), nonce: refusedOnce.nonce })
      .then('promo_nonce_invalid');
  });

  it('refuses with a reason recorded as an event, which spends nothing of the limit', () => {
    const history = withTerms({ total_limit: 1, hours: { from: '11:00', until: '12:00' } });
    const command = redeem();
    given(history)
      .when(command)
      .then([refused(command, 'outside_hours')]);
    const state = [...history, refused(command, 'outside_hours')].reduce(promoCampaignDecider.evolve, promoCampaignDecider.initialState);
    expect(state.redeemed).toBe(0);
  });
});
