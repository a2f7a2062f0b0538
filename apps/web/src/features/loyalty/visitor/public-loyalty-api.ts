import {
  CardMovement,
  ExchangeView,
  LoyaltyCardView,
  loyaltyCardStorageKey,
  PublicProgrammeView,
  ReferralCodeView,
  type CardBody,
  type ClaimCampaignRewardBody,
  type CreditSubmissionBody,
  type CollectStampBody,
  type FieldError,
  type RedeemRewardBody,
  type RegisterMemberBody,
} from '@qr/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { operationOf, readAnswer } from '../../../api/api-call';
import { publicFetch } from '../../../api/api-fetch';
import { ApiProblem } from '../../../api/api-problem';

/**
 * The visitor's side of loyalty (`/api/v1/public/loyalty`), without sign-in. Answers are parsed with
 * the contracts: the card page is a lazy chunk of its own, and the app's entry holds the contracts
 * already, so parsing costs a phone nothing more to download.
 */
const BASE = '/api/v1/public/loyalty';

/** A refusal of the API, with the moment a stamp becomes possible again when it was too soon. */
export class LoyaltyRefusal extends ApiProblem {
  constructor(status: number, body: Partial<{ title: string; detail: string; code: string; errors: FieldError[]; next_at: unknown }>, fallbackTitle: string) {
    super(status, body.title ?? fallbackTitle, body.detail, body.code, body.errors ?? []);
    this.name = 'LoyaltyRefusal';
    this.nextAt = typeof body.next_at === 'string' ? body.next_at : null;
  }

  /** `next_at`, the problem's extension member (RFC 9457 §3.2) that `loyalty_too_soon` carries. */
  readonly nextAt: string | null;
}

async function refusalOf(response: Response): Promise<LoyaltyRefusal> {
  const body = (await response.json().catch(() => ({}))) as ConstructorParameters<typeof LoyaltyRefusal>[1];
  return new LoyaltyRefusal(response.status, body, response.statusText || `Request failed (${response.status})`);
}

async function ask<Schema extends z.ZodType>(answer: Schema, path: string, init: RequestInit = {}): Promise<z.output<Schema>> {
  const response = await publicFetch(`${BASE}${path}`, init);
  if (!response.ok) throw await refusalOf(response);
  return readAnswer(answer, response, operationOf(`${BASE}${path}`, init.method));
}

const post = <Schema extends z.ZodType>(answer: Schema, path: string, body: object) => ask(answer, path, { method: 'POST', body: JSON.stringify(body) });

export const fetchPublicProgramme = (programmeId: string) => ask(PublicProgrammeView, `/programmes/${encodeURIComponent(programmeId)}`);
/** Spec §7 "register reward". */
export const registerMember = (body: RegisterMemberBody) => post(CardMovement, '/register', body);
/** Spec §7 "get loyalty card". */
export const fetchCard = (body: CardBody) => post(LoyaltyCardView, '/card', body);
/** Spec §7 "post card" from the phone: today's venue code. */
export const collectStamp = (body: CollectStampBody) => post(CardMovement, '/stamp', body);
/** Spec §7 "redeem rewards": the answer carries the exchange's id. */
export const redeemReward = (body: RedeemRewardBody) => post(CardMovement, '/redeem', body);
/** Earning per form submission: the holder's own form, once. */
export const creditSubmission = (body: CreditSubmissionBody) => post(CardMovement, '/submission', body);
/** Spec §7 "campaign reward": granted once, when the card has done what it asks. */
export const claimCampaignReward = (body: ClaimCampaignRewardBody) => post(CardMovement, '/campaign-reward', body);
/** Spec §7 "referral code". */
export const fetchReferralCode = (body: CardBody) => post(ReferralCodeView, '/referral-code', body);
export const fetchExchange = (exchangeId: string) => ask(ExchangeView, `/exchanges/${encodeURIComponent(exchangeId)}`);

/** A refusal is not asked again (it would come back the same); a failed connection is, twice. */
const retryUnlessRefused = (count: number, error: unknown) => !(error instanceof ApiProblem && error.status < 500) && count < 2;

export const loyaltyKeys = {
  programme: (programmeId: string) => ['public-loyalty', 'programme', programmeId] as const,
  card: (programmeId: string, cardId: string) => ['public-loyalty', 'card', programmeId, cardId] as const,
  referralCode: (programmeId: string, cardId: string) => ['public-loyalty', 'referral-code', programmeId, cardId] as const,
  exchange: (exchangeId: string) => ['public-loyalty', 'exchange', exchangeId] as const,
};

export const usePublicProgramme = (programmeId: string) =>
  useQuery({ queryKey: loyaltyKeys.programme(programmeId), queryFn: () => fetchPublicProgramme(programmeId), retry: retryUnlessRefused });

export const useCard = (card: CardBody) =>
  useQuery({ queryKey: loyaltyKeys.card(card.programme_id, card.card_id), queryFn: () => fetchCard(card), retry: retryUnlessRefused });

export const useReferralCode = (card: CardBody) =>
  useQuery({ queryKey: loyaltyKeys.referralCode(card.programme_id, card.card_id), queryFn: () => fetchReferralCode(card), retry: retryUnlessRefused });

export const useExchange = (exchangeId: string) =>
  useQuery({ queryKey: loyaltyKeys.exchange(exchangeId), queryFn: () => fetchExchange(exchangeId), retry: retryUnlessRefused });

/**
 * The card id this phone keeps for a programme (spec §3 `{product}_card_id`): the card is a bearer
 * credential of the phone that joined. Where storage is refused (a private window) the card lasts
 * as long as the tab.
 */
const cardsOfThisTab = new Map<string, string>();

export function storedCardId(programmeId: string): string | null {
  try {
    return localStorage.getItem(loyaltyCardStorageKey(programmeId));
  } catch {
    return cardsOfThisTab.get(programmeId) ?? null;
  }
}

export function keepCardId(programmeId: string, cardId: string | null): void {
  try {
    if (cardId === null) localStorage.removeItem(loyaltyCardStorageKey(programmeId));
    else localStorage.setItem(loyaltyCardStorageKey(programmeId), cardId);
  } catch {
    if (cardId === null) cardsOfThisTab.delete(programmeId);
    else cardsOfThisTab.set(programmeId, cardId);
  }
}
