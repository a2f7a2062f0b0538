import { DomainError, PROMO_NONCE_TTL_MS, PromoTerms, type PromoRefusalReason } from '@qr/contracts';
import { promoCampaignDecider } from './promo-campaign.decider';
import type { PromoCampaignCommand, RedeemPromoCode, ReportedPosition } from './promos.commands';
import type { PromoCampaignEvent } from './promos.events';
import {
  KEY,
  NOW,
  OTHER_KEY,
  attempt,
  brandenburgGate,
  create,
  created,
  deleted,
  editor,
  given,
  keySet,
  minutesBefore,
  redeemed,
  redeems,
  refused,
  refuses,
  shared,
  terms,
  unique,
  viewer,
} from './promo-campaign.fixture';

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
