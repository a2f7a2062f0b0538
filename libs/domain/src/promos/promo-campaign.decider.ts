import {
  DomainError,
  leastRandomFor,
  MAX_PROMO_CODES,
  PROMO_GUESS_FACTOR,
  PROMO_NONCE_TTL_MS,
  promoPatternSpace,
  type PromoHours,
  type PromoRefusalReason,
  type PromoTerms,
} from '@qr/contracts';
import type { Decider } from '../decider';
import { haversineMetres } from '../experiences';
import { can } from '../identity';
import type { CodeActor } from '../codes';
import type { CreatePromoCampaign, PromoCampaignCommand, RedeemPromoCode, ReportedPosition } from './promos.commands';
import type { PromoCampaignEvent, PromoEvidence } from './promos.events';

/**
 * What the campaign's limits are decided on. The maps grow with redemptions, so `evolve` changes
 * the state in place (a hot campaign's state is held in memory and folded one event at a time) and
 * `initialState` hands out a fresh one each time it is read.
 */
export interface PromoCampaignState {
  status: 'live' | 'deleted' | null;
  campaign_id: string;
  org_id: string;
  code_id: string;
  kind: 'shared' | 'unique' | null;
  terms: PromoTerms | null;
  master_key_id: string | null;
  redeemed: number;
  /** Redemptions per visitor key. */
  by_visitor: Map<string, number>;
  /** A unique campaign's redeemed codes, with the visitor who redeemed each. */
  used_codes: Map<string, string>;
  /** Nonces already spent, with when each was issued (ms); those past their time are dropped now and then. */
  nonces: Map<string, number>;
  /**
   * How many spent nonces start the next sweep: twice what the last one kept, so that a campaign
   * with more live nonces than NONCE_SWEEP_AT does not scan them all on every validation.
   */
  nonce_sweep_at: number;
}

const emptyState = (): PromoCampaignState => ({
  status: null,
  campaign_id: '',
  org_id: '',
  code_id: '',
  kind: null,
  terms: null,
  master_key_id: null,
  redeemed: 0,
  by_visitor: new Map(),
  used_codes: new Map(),
  nonces: new Map(),
  nonce_sweep_at: NONCE_SWEEP_AT,
});

/** How many spent nonces may pile up before those too old to be replayed anyway are dropped. */
const NONCE_SWEEP_AT = 4096;
/** A nonce issued this far after the validation's own time is not the server's. */
const CLOCK_SKEW_MS = 60_000;

function spendNonce(state: PromoCampaignState, evidence: PromoEvidence): void {
  state.nonces.set(evidence.nonce, Date.parse(evidence.nonce_issued_at));
  if (state.nonces.size < state.nonce_sweep_at) return;
  const stale = Date.parse(evidence.at) - PROMO_NONCE_TTL_MS;
  for (const [nonce, issued] of state.nonces) if (issued < stale) state.nonces.delete(nonce);
  state.nonce_sweep_at = Math.max(NONCE_SWEEP_AT, 2 * state.nonces.size);
}

function evolve(state: PromoCampaignState, event: PromoCampaignEvent): PromoCampaignState {
  switch (event.type) {
    case 'PromoCampaignCreated':
      state.status = 'live';
      state.campaign_id = event.data.campaign_id;
      state.org_id = event.data.org_id;
      state.code_id = event.data.code_id;
      state.kind = event.data.codes.kind;
      state.terms = event.data.terms;
      state.master_key_id = event.data.master_key_id;
      break;
    case 'PromoCampaignUpdated':
      state.terms = event.data.terms;
      break;
    case 'PromoCampaignKeySet':
      state.master_key_id = event.data.master_key_id;
      break;
    case 'PromoCampaignDeleted':
      state.status = 'deleted';
      break;
    case 'PromoRedeemed': {
      const { visitor_key, promo_code } = event.data;
      state.redeemed++;
      state.by_visitor.set(visitor_key, (state.by_visitor.get(visitor_key) ?? 0) + 1);
      if (state.kind === 'unique') state.used_codes.set(promo_code, visitor_key);
      spendNonce(state, event.data);
      break;
    }
    case 'PromoRefused':
      spendNonce(state, event.data);
      break;
  }
  return state;
}

const mayChange = (actor: CodeActor) => {
  if (!can.write('loyalty', actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change promos.');
};
const notFound = () => new DomainError('promo_campaign_not_found', 'No such promo campaign.');

function create(command: CreatePromoCampaign): PromoCampaignEvent[] {
  const { codes } = command;
  if (codes.kind === 'unique') {
    // The contract refuses these first; a caller that skips it (a script, the CLI) still cannot store them.
    if (!Number.isInteger(codes.count) || codes.count < 1 || codes.count > MAX_PROMO_CODES) {
      throw new DomainError('validation_failed', `Issue between 1 and ${MAX_PROMO_CODES} codes.`, { field: 'body.codes.count' });
    }
    if (promoPatternSpace(codes.pattern) < BigInt(PROMO_GUESS_FACTOR) * BigInt(codes.count)) {
      const least = leastRandomFor(codes.pattern.charset, codes.count);
      throw new DomainError(
        'promo_pattern_too_small',
        least === null
          ? `No mask of this charset makes a million combinations per code for ${codes.count} codes: use a larger charset.`
          : `This pattern is too easy to guess for ${codes.count} codes: use at least ${least} drawn characters (#) in the mask.`,
        { field: 'body.codes.pattern.mask', least_random: least },
      );
    }
  }
  const { campaign_id, org_id, code_id, terms, master_key_id } = command;
  return [{ type: 'PromoCampaignCreated', data: { campaign_id, org_id, code_id, codes, terms, master_key_id, created_by: command.actor.id } }];
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
interface LocalTime {
  weekday: number;
  minute: number;
}
/** Per time zone, its formatter and the last UTC second it told: a hot campaign asks the same second thousands of times. */
const clocks = new Map<string, { format: Intl.DateTimeFormat; second: number; local: LocalTime }>();

/**
 * The ISO weekday and minute of the day of an instant in a time zone. Zones' offsets are whole
 * seconds, so every instant of one UTC second has the same local minute.
 */
function localTime(at: Date, timeZone: string): LocalTime {
  const second = Math.floor(at.getTime() / 1000);
  let clock = clocks.get(timeZone);
  if (!clock) {
    const format = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clock = { format, second: NaN, local: { weekday: 0, minute: 0 } };
    clocks.set(timeZone, clock);
  }
  if (clock.second !== second) {
    const parts = Object.fromEntries(clock.format.formatToParts(at).map((part) => [part.type, part.value]));
    clock.second = second;
    clock.local = { weekday: WEEKDAYS[parts['weekday'] ?? ''] ?? 0, minute: Number(parts['hour']) * 60 + Number(parts['minute']) };
  }
  return clock.local;
}

const minuteOf = (clockTime: string) => Number(clockTime.slice(0, 2)) * 60 + Number(clockTime.slice(3, 5));

/**
 * Whether the instant falls on one of the campaign's days and inside its hours. Hours that run past
 * midnight (22:00–02:00) belong to the day they began: Friday's night is valid early on Saturday.
 */
export function withinHours(at: Date, days: readonly number[], hours: PromoHours | null, timeZone: string): boolean {
  const { weekday, minute } = localTime(at, timeZone);
  if (hours === null) return days.includes(weekday);
  const [from, until] = [minuteOf(hours.from), minuteOf(hours.until)];
  if (from < until) return minute >= from && minute < until && days.includes(weekday);
  if (minute >= from) return days.includes(weekday);
  return minute < until && days.includes(weekday === 1 ? 7 : weekday - 1);
}

/** To 4 decimals (about 11 m): see PromoEvidence. */
export const roundedDegrees = (degrees: number): number => Math.round(degrees * 10_000) / 10_000;

function refusalOf(command: RedeemPromoCode, state: PromoCampaignState, terms: PromoTerms, distance: number | null): PromoRefusalReason | null {
  const at = Date.parse(command.at);
  if (terms.starts_at !== null && at < Date.parse(terms.starts_at)) return 'not_yet_valid';
  if (terms.ends_at !== null && at >= Date.parse(terms.ends_at)) return 'expired';
  if (!withinHours(new Date(at), terms.days, terms.hours, terms.time_zone)) return 'outside_hours';
  const usedBy = state.used_codes.get(command.promo_code);
  if (usedBy !== undefined) return usedBy === command.visitor_key ? 'already_used_by_you' : 'used_up';
  if (terms.total_limit !== null && state.redeemed >= terms.total_limit) return 'used_up';
  if (terms.per_visitor_limit !== null && (state.by_visitor.get(command.visitor_key) ?? 0) >= terms.per_visitor_limit) return 'already_used_by_you';
  if (terms.place !== null) {
    // A fix vaguer than the area itself says nothing about being in it: treated as no location.
    const accuracy = command.position?.accuracy_m ?? null;
    if (distance === null || (accuracy !== null && accuracy > terms.place.radius_m)) {
      if (!terms.allow_without_location) return 'outside_area';
    } else if (distance > terms.place.radius_m) return 'outside_area';
  }
  if (state.master_key_id !== null && command.master_key?.key_id !== state.master_key_id) return 'needs_master_key';
  return null;
}

/** The distance from the campaign's place, when there is one: recorded even for a coarse fix, whose accuracy says how far to trust it. */
function distanceOf(terms: PromoTerms, position: ReportedPosition | null): number | null {
  if (terms.place === null || position === null) return null;
  return Math.round(haversineMetres(terms.place, position));
}

function redeem(command: RedeemPromoCode, state: PromoCampaignState, terms: PromoTerms): PromoCampaignEvent[] {
  const issued = Date.parse(command.nonce_issued_at);
  const at = Date.parse(command.at);
  if (!(issued <= at + CLOCK_SKEW_MS && at - issued <= PROMO_NONCE_TTL_MS) || state.nonces.has(command.nonce)) {
    throw new DomainError('promo_nonce_invalid', 'This page has been open too long or was used already: reload it and try again.', { field: 'body.nonce' });
  }
  const distance = distanceOf(terms, command.position);
  const { position } = command;
  const evidence: PromoEvidence = {
    campaign_id: state.campaign_id,
    code_id: state.code_id,
    org_id: state.org_id,
    promo_code: command.promo_code,
    visitor_key: command.visitor_key,
    nonce: command.nonce,
    nonce_issued_at: command.nonce_issued_at,
    latitude: position === null ? null : roundedDegrees(position.latitude),
    longitude: position === null ? null : roundedDegrees(position.longitude),
    accuracy_m: position?.accuracy_m ?? null,
    distance_m: distance,
    at: command.at,
  };
  const reason = refusalOf(command, state, terms, distance);
  if (reason !== null) return [{ type: 'PromoRefused', data: { ...evidence, reason } }];
  return [{ type: 'PromoRedeemed', data: { ...evidence, redemption_id: command.redemption_id, master_key: command.master_key } }];
}

function decide(command: PromoCampaignCommand, state: PromoCampaignState): PromoCampaignEvent[] {
  if (command.type === 'CreatePromoCampaign') {
    mayChange(command.actor);
    // Only a reused campaign_id gets here; answer as the store's `no_stream` append would.
    if (state.status !== null) throw new DomainError('wrong_expected_version', `Campaign ${command.campaign_id} already exists.`);
    return create(command);
  }
  if (state.status !== 'live' || state.terms === null) throw notFound();
  switch (command.type) {
    case 'RedeemPromoCode':
      return redeem(command, state, state.terms);
    case 'UpdatePromoCampaign':
      mayChange(command.actor);
      return [{ type: 'PromoCampaignUpdated', data: { terms: command.terms, updated_by: command.actor.id } }];
    case 'SetPromoCampaignKey':
      mayChange(command.actor);
      if (command.master_key_id === state.master_key_id) return [];
      return [{ type: 'PromoCampaignKeySet', data: { master_key_id: command.master_key_id, set_by: command.actor.id } }];
    case 'DeletePromoCampaign':
      mayChange(command.actor);
      return [{ type: 'PromoCampaignDeleted', data: { deleted_by: command.actor.id } }];
  }
}

export const promoCampaignDecider: Decider<PromoCampaignCommand, PromoCampaignEvent, PromoCampaignState> = {
  get initialState() {
    return emptyState();
  },
  evolve,
  decide,
};
