import { randomUUID } from 'node:crypto';
import { LoyaltyTerms, type LoyaltyTermsInput } from '@qr/contracts';
import { createOrganization, type ApiCaller } from '../identity/organization-api.fixture';
import type { TestApp } from '../testing/test-app';
import { LoyaltyDecisions } from './loyalty-decisions';
import { VenueCodes } from './venue-codes';

export const PUBLIC_LOYALTY = '/api/v1/public/loyalty';
export const COFFEE = randomUUID();
export const MUG = randomUUID();

/** A points card with two rewards (a mug in stock once) and a referral reward for both sides. */
export const coffeeCard = (change: Partial<LoyaltyTermsInput> = {}): LoyaltyTerms =>
  LoyaltyTerms.parse({
    name: 'Coffee card',
    kind: 'points',
    min_interval_minutes: 0,
    reward_list: [
      { reward_id: COFFEE, name: 'A free coffee', price: 3 },
      { reward_id: MUG, name: 'A mug', price: 1, stock: 1 },
    ],
    referral: { referrer_points: 5, friend_points: 2 },
    ...change,
  });

let addresses = 0;

/**
 * A shop with a code, a page on it and a live programme made by staff's route, and a visitor's
 * phone at an address of its own; the counter's own moves go straight to the programme's stream.
 */
export async function loyaltyShop(
  t: TestApp,
  owner: ApiCaller,
  staff: string,
  change: Partial<LoyaltyTermsInput> | ((codeId: string) => Partial<LoyaltyTermsInput>) = {},
) {
  const orgId = await createOrganization(owner, 'Bean There');
  const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Counter', type: 'page' })).json().code_id as string;
  const pageId = (await owner('POST', '/api/v1/pages', { code_id: codeId })).json().page_id as string;
  const terms = coffeeCard(typeof change === 'function' ? change(codeId) : change);
  const created = await owner('POST', '/api/v1/loyalty/programmes', { org_id: orgId, code_id: codeId, terms });
  if (created.statusCode !== 201) throw new Error(`create programme failed: ${created.statusCode} ${created.body}`);
  const programmeId = created.json().programme_id as string;
  await t.projections.caughtUp();
  const decisions = t.app.get(LoyaltyDecisions);
  const actor = { id: staff, role: 'owner' as const };
  const at = () => new Date().toISOString();
  const address = `10.${Math.floor(++addresses / 250)}.${addresses % 250}.7`;
  const post = (path: string, payload: object, remoteAddress = address) =>
    t.app.inject({ method: 'POST', url: `${PUBLIC_LOYALTY}/${path}`, payload, remoteAddress });
  const join = async (contact: object) => {
    const res = await post('register', { programme_id: programmeId, ...contact });
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    return res.json().card_id as string;
  };
  /** Staff at the counter correct a balance, or give a stamp. */
  const postCard = (cardId: string, entry: { kind: 'correction'; amount: number; note: string } | { kind: 'stamp'; note: null }) =>
    decisions.decide(programmeId, { type: 'PostCard', actor, card_id: cardId, at: at(), request_id: randomUUID(), entry });
  const credit = (cardId: string, amount: number) => postCard(cardId, { kind: 'correction', amount, note: 'Welcome gift' });
  const stampAtCounter = (cardId: string) => postCard(cardId, { kind: 'stamp', note: null });
  const venueCode = async () => (await t.app.get(VenueCodes).today(programmeId, terms.time_zone)).venue_code;
  /** A visitor's answers to the page's form (the default one: names, email, phone). */
  const submit = async (contact: { email: string; phone?: string }) => {
    const submissionId = randomUUID();
    const answers = { first_name: 'Ada', last_name: 'Lovelace', phone: '+44 20 7946 0958', ...contact };
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/public/pages/${pageId}/submissions`, payload: { submission_id: submissionId, answers } });
    if (res.statusCode !== 204) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
    await t.projections.caughtUp();
    return submissionId;
  };
  const deleteProgramme = async () => {
    await decisions.decide(programmeId, { type: 'DeleteProgramme', actor, at: at() });
    await t.projections.caughtUp();
  };
  return { orgId, codeId, pageId, programmeId, post, join, credit, stampAtCounter, venueCode, submit, deleteProgramme };
}
