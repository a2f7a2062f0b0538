import { DomainError, PROMO_NONCE_TTL_MS, PromoTerms, type PromoRefusalReason } from '@qr/contracts';
import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import { promoCampaignDecider } from './promo-campaign.decider';
import type { CreatePromoCampaign, PromoCampaignCommand, RedeemPromoCode, ReportedPosition } from './promos.commands';
import type { PromoCampaignCodes, PromoCampaignEvent, PromoEvidence } from './promos.events';

const given = deciderSpec(promoCampaignDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const CAMPAIGN = '0b8f6c2e-4a1d-4c3e-9f7a-2d5e6f708192';
const KEY = '7c1d2e3f-4a5b-4c6d-8e9f-a0b1c2d3e4f5';
const OTHER_KEY = '9e8d7c6b-5a49-4837-a625-140f0e0d0c0b';
const terms = PromoTerms.parse({ name: 'Winter', offer: { kind: 'text', text: 'A free mulled wine' }, per_visitor_limit: null });
const shared: PromoCampaignCodes = { kind: 'shared', promo_code: 'WINTER26' };
const unique: PromoCampaignCodes = {
  kind: 'unique',
  pattern: { prefix: 'XMAS-', postfix: '', charset: 'alphanumeric', mask: '####-####' },
  count: 1000,
  seed: 'seed-1',
};
const brandenburgGate = { latitude: 52.516275, longitude: 13.377704, radius_m: 100 };

const create = (codes: PromoCampaignCodes = shared, actor = editor): CreatePromoCampaign => ({
  type: 'CreatePromoCampaign',
  actor,
  campaign_id: CAMPAIGN,
  org_id: 'org-1',
  code_id: 'AbCdEf1234',
  codes,
  terms,
  master_key_id: null,
});
const created = (changes: Partial<PromoTerms> = {}, codes: PromoCampaignCodes = shared, master_key_id: string | null = null): PromoCampaignEvent => ({
  type: 'PromoCampaignCreated',
  data: { campaign_id: CAMPAIGN, org_id: 'org-1', code_id: 'AbCdEf1234', codes, terms: { ...terms, ...changes }, master_key_id, created_by: editor.id },
});
const deleted: PromoCampaignEvent = { type: 'PromoCampaignDeleted', data: { deleted_by: editor.id } };
const keySet = (master_key_id: string | null): PromoCampaignEvent => ({ type: 'PromoCampaignKeySet', data: { master_key_id, set_by: editor.id } });

// Wednesday 2 December 2026, 12:00 UTC (13:00 in Berlin).
const NOW = '2026-12-02T12:00:00.000Z';
const minutesBefore = (at: string, minutes: number) => new Date(Date.parse(at) - minutes * 60_000).toISOString();
let drawn = 0;
/** A visitor's validation with a fresh nonce issued a minute before it. */
const attempt = (changes: Partial<RedeemPromoCode> = {}): RedeemPromoCode => {
  drawn++;
  const at = changes.at ?? NOW;
  return {
    type: 'RedeemPromoCode',
    promo_code: 'WINTER26',
    visitor_key: 'visitor-a',
    nonce: `nonce-${drawn}`,
    nonce_issued_at: minutesBefore(at, 1),
    at,
    position: null,
    master_key: null,
    redemption_id: `redemption-${drawn}`,
    ...changes,
  };
};
const evidence = (command: RedeemPromoCode, measured: Partial<PromoEvidence>): PromoEvidence => ({
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
  ...measured,
});
const redeemed = (command: RedeemPromoCode, measured: Partial<PromoEvidence> = {}): PromoCampaignEvent => ({
  type: 'PromoRedeemed',
  data: { ...evidence(command, measured), redemption_id: command.redemption_id, master_key: command.master_key },
});
const refused = (command: RedeemPromoCode, reason: PromoRefusalReason, measured: Partial<PromoEvidence> = {}): PromoCampaignEvent => ({
  type: 'PromoRefused',
  data: { ...evidence(command, measured), reason },
});
const redeems = (history: PromoCampaignEvent[], command: RedeemPromoCode) =>
  given(history)
    .when(command)
    .then([redeemed(command)]);
const refuses = (history: PromoCampaignEvent[], command: RedeemPromoCode, reason: PromoRefusalReason) =>
  given(history)
    .when(command)
    .then([refused(command, reason)]);

/** The details a refusal carries, which the given/when/then outcome leaves out. */
function detailsOf(command: PromoCampaignCommand): Record<string, unknown> {
  try {
    promoCampaignDecider.decide(command, promoCampaignDecider.initialState);
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, ...error.details };
  }
  throw new Error('The command was not refused.');
}

describe('creating a promo campaign', () => {
  it('creates a shared code and a unique set for an editor', () => {
    given([]).when(create()).then([created()]);
    given([])
      .when(create(unique))
      .then([created({}, unique)]);
  });

  it('refuses a pattern too easy to guess, naming the fewest # that would do', () => {
    const small = (count: number, mask: string, charset: 'digits' | 'alphanumeric' = 'alphanumeric') =>
      detailsOf(create({ kind: 'unique', pattern: { prefix: '', postfix: '', charset, mask }, count, seed: 's' }));
    // 31^4 is 923,521: under a million combinations for even one code.
    expect(small(1, '####')).toEqual({ code: 'promo_pattern_too_small', field: 'body.codes.pattern.mask', least_random: 5 });
    // 1,000 codes need 10^9: 31^6 is 887 million, 31^7 is 27 billion.
    expect(small(1000, '######')).toMatchObject({ code: 'promo_pattern_too_small', least_random: 7 });
    expect(small(100_000, '##########', 'digits')).toMatchObject({ code: 'promo_pattern_too_small', least_random: 11 });
    given([])
      .when(create({ kind: 'unique', pattern: unique.pattern, count: 1000, seed: 's' }))
      .then([created({}, { ...unique, seed: 's' })]);
  });

  it('refuses a count the contract would refuse, for callers that skip it', () => {
    for (const count of [0, 1.5, 100_001]) {
      expect(detailsOf(create({ ...unique, count }))).toEqual({ code: 'validation_failed', field: 'body.codes.count' });
    }
  });

  it('refuses a viewer', () => given([]).when(create(shared, viewer)).then('forbidden'));
  it('refuses a reused campaign id, even once deleted', () => {
    given([created()]).when(create()).then('wrong_expected_version');
    given([created(), deleted]).when(create()).then('wrong_expected_version');
  });
});

describe('changing a promo campaign', () => {
  const later = { ...terms, name: 'Winter, extended', total_limit: 50 };

  it('updates the terms, sets and removes the key, and deletes', () => {
    given([created()])
      .when({ type: 'UpdatePromoCampaign', actor: editor, terms: later })
      .then([{ type: 'PromoCampaignUpdated', data: { terms: later, updated_by: editor.id } }]);
    given([created()])
      .when({ type: 'SetPromoCampaignKey', actor: editor, master_key_id: KEY })
      .then([keySet(KEY)]);
    given([created(), keySet(KEY)])
      .when({ type: 'SetPromoCampaignKey', actor: editor, master_key_id: KEY })
      .then([]);
    given([created(), keySet(KEY)])
      .when({ type: 'SetPromoCampaignKey', actor: editor, master_key_id: null })
      .then([keySet(null)]);
    given([created()]).when({ type: 'DeletePromoCampaign', actor: editor }).then([deleted]);
  });

  it('redeems under the updated terms', () => {
    const once = attempt({ visitor_key: 'visitor-b' });
    const update: PromoCampaignEvent = { type: 'PromoCampaignUpdated', data: { terms: { ...terms, total_limit: 1 }, updated_by: editor.id } };
    refuses([created(), redeemed(once), update], attempt(), 'used_up');
  });

  it('lets a viewer change nothing', () => {
    given([created()]).when({ type: 'UpdatePromoCampaign', actor: viewer, terms }).then('forbidden');
    given([created()]).when({ type: 'SetPromoCampaignKey', actor: viewer, master_key_id: KEY }).then('forbidden');
    given([created()]).when({ type: 'DeletePromoCampaign', actor: viewer }).then('forbidden');
  });

  it('treats a deleted or unknown campaign as not found', () => {
    const gone = [created(), deleted];
    given(gone).when({ type: 'UpdatePromoCampaign', actor: editor, terms }).then('promo_campaign_not_found');
    given(gone).when({ type: 'SetPromoCampaignKey', actor: editor, master_key_id: KEY }).then('promo_campaign_not_found');
    given(gone).when({ type: 'DeletePromoCampaign', actor: editor }).then('promo_campaign_not_found');
    given(gone).when(attempt()).then('promo_campaign_not_found');
    given([]).when(attempt()).then('promo_campaign_not_found');
  });
});

describe('redeeming a promo code: the reasons, in order', () => {
  it('gives the first reason that applies', () => {
    const near: ReportedPosition = { latitude: 52.516275, longitude: 13.379, accuracy_m: 20 };
    const used = attempt({ at: minutesBefore(NOW, 120) });
    const strict = { total_limit: 1, per_visitor_limit: 1, place: brandenburgGate, hours: { from: '14:00', until: '15:00' } };
    const steps: [Partial<PromoTerms>, Partial<RedeemPromoCode>, PromoRefusalReason | null][] = [
      [{ ...strict, starts_at: '2026-12-03T00:00:00Z' }, {}, 'not_yet_valid'],
      [{ ...strict, ends_at: '2026-12-01T00:00:00Z' }, {}, 'expired'],
      [strict, {}, 'outside_hours'],
      [{ ...strict, hours: null }, {}, 'used_up'],
      [{ ...strict, hours: null, total_limit: null }, {}, 'already_used_by_you'],
      [{ ...strict, hours: null, total_limit: null, per_visitor_limit: null }, {}, 'outside_area'],
      [{ ...strict, hours: null, total_limit: null, per_visitor_limit: null }, { position: near }, 'needs_master_key'],
      [{ ...strict, hours: null, total_limit: null, per_visitor_limit: null }, { position: near, master_key: { key_id: KEY, version: 1 } }, null],
    ];
    for (const [changes, command, reason] of steps) {
      const history = [created(changes, shared, KEY), redeemed(used)];
      const state = history.reduce(promoCampaignDecider.evolve, promoCampaignDecider.initialState);
      const [event] = promoCampaignDecider.decide(attempt(command), state);
      expect(event?.type === 'PromoRefused' ? event.data.reason : null).toBe(reason);
    }
  });
});

describe('redeeming a promo code: time', () => {
  it('is valid from the start and until just before the end', () => {
    const window = created({ starts_at: '2026-12-02T12:00:00Z', ends_at: '2026-12-02T13:00:00Z' });
    refuses([window], attempt({ at: '2026-12-02T11:59:59.999Z' }), 'not_yet_valid');
    redeems([window], attempt({ at: '2026-12-02T12:00:00.000Z' }));
    redeems([window], attempt({ at: '2026-12-02T12:59:59.999Z' }));
    refuses([window], attempt({ at: '2026-12-02T13:00:00.000Z' }), 'expired');
  });

  it('reads the hours in the campaign’s time zone, summer time included', () => {
    const berlin = created({ hours: { from: '09:00', until: '17:00' }, time_zone: 'Europe/Berlin' });
    const utc = created({ hours: { from: '09:00', until: '17:00' } });
    refuses([berlin], attempt({ at: '2026-12-02T07:59:00Z' }), 'outside_hours');
    redeems([berlin], attempt({ at: '2026-12-02T08:00:00Z' }));
    refuses([berlin], attempt({ at: '2026-12-02T16:00:00Z' }), 'outside_hours');
    redeems([utc], attempt({ at: '2026-12-02T16:00:00Z' }));
    refuses([utc], attempt({ at: '2026-12-02T17:00:00Z' }), 'outside_hours');
    // In July Berlin is two hours ahead of UTC.
    refuses([berlin], attempt({ at: '2026-07-01T06:59:00Z' }), 'outside_hours');
    redeems([berlin], attempt({ at: '2026-07-01T07:00:00Z' }));
  });

  it('counts hours past midnight to the day they began', () => {
    // Friday nights only, 22:00 to 02:00 in Berlin (UTC+1 in December).
    const fridayNights = created({ days: [5], hours: { from: '22:00', until: '02:00' }, time_zone: 'Europe/Berlin' });
    redeems([fridayNights], attempt({ at: '2026-12-04T21:30:00Z' })); // Friday 22:30
    redeems([fridayNights], attempt({ at: '2026-12-05T00:59:00Z' })); // Saturday 01:59
    refuses([fridayNights], attempt({ at: '2026-12-05T01:00:00Z' }), 'outside_hours'); // Saturday 02:00
    refuses([fridayNights], attempt({ at: '2026-12-04T00:30:00Z' }), 'outside_hours'); // Friday 01:30, Thursday's night
    refuses([fridayNights], attempt({ at: '2026-12-05T21:30:00Z' }), 'outside_hours'); // Saturday 22:30
    refuses([fridayNights], attempt({ at: '2026-12-04T20:59:00Z' }), 'outside_hours'); // Friday 21:59
    // Sunday's night runs into Monday: the week wraps.
    const sundayNights = created({ days: [7], hours: { from: '22:00', until: '02:00' }, time_zone: 'Europe/Berlin' });
    redeems([sundayNights], attempt({ at: '2026-12-07T00:00:00Z' })); // Monday 01:00
    refuses([sundayNights], attempt({ at: '2026-12-08T00:00:00Z' }), 'outside_hours'); // Tuesday 01:00
    redeems([sundayNights], attempt({ at: '2026-12-06T23:00:00Z' })); // Monday 00:00, read as 00 and not 24
    // Until midnight: 00:00 ends the evening rather than starting a day-long window.
    const evenings = created({ hours: { from: '18:00', until: '00:00' } });
    redeems([evenings], attempt({ at: '2026-12-02T23:59:00Z' }));
    refuses([evenings], attempt({ at: '2026-12-03T00:00:00Z' }), 'outside_hours');
    refuses([evenings], attempt({ at: '2026-12-02T17:59:00Z' }), 'outside_hours');
  });

  it('reads the day of the week in the campaign’s time zone', () => {
    const saturdays = { days: [6], hours: null };
    const berlin = created({ ...saturdays, time_zone: 'Europe/Berlin' });
    const utc = created(saturdays);
    refuses([utc], attempt({ at: NOW }), 'outside_hours'); // a Wednesday
    // Friday 23:30 UTC is already Saturday in Berlin; Saturday 23:30 UTC is Sunday there.
    redeems([berlin], attempt({ at: '2026-12-04T23:30:00Z' }));
    refuses([utc], attempt({ at: '2026-12-04T23:30:00Z' }), 'outside_hours');
    refuses([berlin], attempt({ at: '2026-12-05T23:30:00Z' }), 'outside_hours');
    redeems([utc], attempt({ at: '2026-12-05T23:30:00Z' }));
    // New York is behind: Sunday 03:00 UTC is still Saturday there.
    redeems([created({ ...saturdays, time_zone: 'America/New_York' })], attempt({ at: '2026-12-06T03:00:00Z' }));
  });
});

describe('redeeming a promo code: limits', () => {
  it('stops at the total limit, whoever asks', () => {
    const first = attempt({ visitor_key: 'visitor-a' });
    const second = attempt({ visitor_key: 'visitor-b' });
    const history = [created({ total_limit: 2 }), redeemed(first), redeemed(second)];
    refuses(history, attempt({ visitor_key: 'visitor-c' }), 'used_up');
    // A refusal uses nothing up.
    redeems([created({ total_limit: 2 }), redeemed(first), refused(attempt(), 'outside_hours')], attempt({ visitor_key: 'visitor-c' }));
  });

  it('says a unique code is used up to others and already used to the visitor who used it', () => {
    const mine = attempt({ promo_code: 'XMAS-AB23-CD45', visitor_key: 'visitor-a' });
    const history = [created({}, unique), redeemed(mine)];
    refuses(history, attempt({ promo_code: 'XMAS-AB23-CD45', visitor_key: 'visitor-b' }), 'used_up');
    refuses(history, attempt({ promo_code: 'XMAS-AB23-CD45', visitor_key: 'visitor-a' }), 'already_used_by_you');
    redeems(history, attempt({ promo_code: 'XMAS-ZZ99-YY88', visitor_key: 'visitor-b' }));
    // A shared code is the same code for everyone: without limits it is redeemed again and again.
    redeems([created(), redeemed(attempt()), redeemed(attempt())], attempt());
  });

  it('holds the per-visitor limit for that visitor only', () => {
    const history = [created({ per_visitor_limit: 2 }), redeemed(attempt()), redeemed(attempt())];
    refuses(history, attempt(), 'already_used_by_you');
    redeems(history, attempt({ visitor_key: 'visitor-b' }));
  });

  it('folds many redemptions into one state in place: the 101st of 100 is used up', () => {
    const history = [created({ total_limit: 100 })];
    for (let visitor = 0; visitor < 100; visitor++) history.push(redeemed(attempt({ visitor_key: `visitor-${visitor}` })));
    const initial = promoCampaignDecider.initialState;
    const state = history.reduce((folded, event) => {
      expect(promoCampaignDecider.evolve(folded, event)).toBe(folded);
      return folded;
    }, initial);
    expect(state).toBe(initial);
    expect([state.redeemed, state.by_visitor.size, state.nonces.size]).toEqual([100, 100, 100]);
    // Each read of the initial state is a new one, so one campaign's fold never leaks into another's.
    expect(promoCampaignDecider.initialState.redeemed).toBe(0);
    refuses(history, attempt({ visitor_key: 'visitor-100' }), 'used_up');
    redeems(history.slice(0, 100), attempt({ visitor_key: 'visitor-100' }));
  });
});

describe('redeeming a promo code: place', () => {
  const atGate = created({ place: brandenburgGate });
  const inside: ReportedPosition = { latitude: 52.5163, longitude: 13.379, accuracy_m: 20 };
  const outside: ReportedPosition = { latitude: 52.5173, longitude: 13.3777, accuracy_m: 20 };
  const seen = (position: ReportedPosition, distance_m: number | null) => ({ ...position, distance_m });

  it('redeems inside the radius and refuses outside it, recording the distance', () => {
    const near = attempt({ position: inside });
    given([atGate])
      .when(near)
      .then([redeemed(near, seen(inside, 88))]);
    const far = attempt({ position: outside });
    given([atGate])
      .when(far)
      .then([refused(far, 'outside_area', seen(outside, 114))]);
    // A phone that does not say how precise it is, is taken at its word.
    const unsure = attempt({ position: { ...inside, accuracy_m: null } });
    given([atGate])
      .when(unsure)
      .then([redeemed(unsure, seen({ ...inside, accuracy_m: null }, 88))]);
  });

  it('refuses a visitor without a location unless the campaign allows it', () => {
    refuses([atGate], attempt(), 'outside_area');
    redeems([created({ place: brandenburgGate, allow_without_location: true })], attempt());
  });

  it('treats a fix coarser than the radius as no location, but records it', () => {
    const vague = { ...inside, accuracy_m: 150 };
    const coarse = attempt({ position: vague });
    given([atGate])
      .when(coarse)
      .then([refused(coarse, 'outside_area', seen(vague, 88))]);
    const allowed = attempt({ position: vague });
    given([created({ place: brandenburgGate, allow_without_location: true })])
      .when(allowed)
      .then([redeemed(allowed, seen(vague, 88))]);
    const justFine = attempt({ position: { ...inside, accuracy_m: 100 } });
    given([atGate])
      .when(justFine)
      .then([redeemed(justFine, seen({ ...inside, accuracy_m: 100 }, 88))]);
  });

  it('keeps the position to 4 decimals but measures from the exact one', () => {
    // Rounded to 52.5163, 13.3781 the point is 27 m from the gate; where the phone was, 31 m.
    const exact = attempt({ position: { latitude: 52.51634999, longitude: 13.37814999, accuracy_m: 5 } });
    given([atGate])
      .when(exact)
      .then([redeemed(exact, { latitude: 52.5163, longitude: 13.3781, accuracy_m: 5, distance_m: 31 })]);
    // Without a place there is no distance, and southern and western positions round the same way.
    const sydney = attempt({ position: { latitude: -33.868512, longitude: -151.209312, accuracy_m: 12 } });
    given([created()])
      .when(sydney)
      .then([redeemed(sydney, { latitude: -33.8685, longitude: -151.2093, accuracy_m: 12, distance_m: null })]);
  });
});

describe('redeeming a promo code: the master key', () => {
  const locked = created({}, shared, KEY);

  it('needs the campaign’s own key', () => {
    refuses([locked], attempt(), 'needs_master_key');
    refuses([locked], attempt({ master_key: { key_id: OTHER_KEY, version: 1 } }), 'needs_master_key');
    redeems([locked], attempt({ master_key: { key_id: KEY, version: 3 } }));
  });

  it('follows the key set after creation', () => {
    refuses([locked, keySet(OTHER_KEY)], attempt({ master_key: { key_id: KEY, version: 1 } }), 'needs_master_key');
    redeems([locked, keySet(OTHER_KEY)], attempt({ master_key: { key_id: OTHER_KEY, version: 1 } }));
    redeems([locked, keySet(null)], attempt());
  });
});

describe('redeeming a promo code: the nonce', () => {
  const expired = created({ ends_at: '2026-12-01T00:00:00Z' });
  const issuedAgo = (ms: number) => attempt({ nonce_issued_at: new Date(Date.parse(NOW) - ms).toISOString() });

  it('takes a nonce up to its time to live, and up to a minute of clock skew ahead', () => {
    redeems([created()], issuedAgo(PROMO_NONCE_TTL_MS));
    given([created()])
      .when(issuedAgo(PROMO_NONCE_TTL_MS + 1))
      .then('promo_nonce_invalid');
    redeems([created()], issuedAgo(-60_000));
    given([created()]).when(issuedAgo(-60_001)).then('promo_nonce_invalid');
    given([created()])
      .when(attempt({ nonce_issued_at: 'yesterday' }))
      .then('promo_nonce_invalid');
  });

  it('refuses a nonce spent on a redemption or a refusal', () => {
    const spent = attempt();
    given([created(), redeemed(spent)])
      .when(attempt({ nonce: spent.nonce }))
      .then('promo_nonce_invalid');
    const refusal = attempt();
    given([created(), refused(refusal, 'used_up')])
      .when(attempt({ nonce: refusal.nonce }))
      .then('promo_nonce_invalid');
  });

  it('checks the nonce before the terms, so a replay records nothing', () => {
    const spent = attempt();
    given([expired, refused(spent, 'expired')])
      .when(attempt({ nonce: spent.nonce }))
      .then('promo_nonce_invalid');
    given([expired])
      .when(issuedAgo(PROMO_NONCE_TTL_MS + 1))
      .then('promo_nonce_invalid');
  });

  it('forgets spent nonces once they are too old to be replayed anyway, keeping only the live ones', () => {
    const history = [created({ ends_at: '2026-12-01T00:00:00Z' })];
    const refusalsAt = (at: string) => {
      for (let n = 0; n < 5000; n++) history.push(refused(attempt({ at }), 'expired'));
    };
    refusalsAt(minutesBefore(NOW, 60));
    refusalsAt(NOW);
    const state = history.reduce(promoCampaignDecider.evolve, promoCampaignDecider.initialState);
    // The sweep at 8,192 spent dropped the hour-old 5,000; the next waits for twice what it kept.
    expect([state.nonces.size, state.nonce_sweep_at]).toEqual([5000, 6384]);
    const [first, last] = [history[1], history.at(-1)];
    if (first?.type !== 'PromoRefused' || last?.type !== 'PromoRefused') throw new Error('The history is refusals.');
    given(history)
      .when(attempt({ nonce: first.data.nonce, nonce_issued_at: first.data.nonce_issued_at }))
      .then('promo_nonce_invalid');
    given(history)
      .when(attempt({ nonce: last.data.nonce }))
      .then('promo_nonce_invalid');
  });
});
