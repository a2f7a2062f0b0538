import {
  AddReferralBody,
  CardBody,
  CardMovement,
  ClaimCampaignRewardBody,
  CollectStampBody,
  CreditSubmissionBody,
  ExchangePath,
  ExchangeView,
  LoyaltyCardView,
  ProgrammePath,
  PublicProgrammeView,
  RedeemRewardBody,
  ReferralCodeView,
  ReferralRecordedView,
  ReferSubscriptionBody,
  RegisterMemberBody,
} from '@qr/contracts';
import { body, json, type ApiPaths } from '../http/openapi';

/**
 * The visitor's side of loyalty (spec §7 "Rewards, games, promos"), from the contracts its routes
 * validate with. No sign-in: the card id the phone keeps is the holder's credential; every route
 * is rate-limited per address like the other public routes.
 */
export function registerLoyaltyPublicPaths({ open }: ApiPaths): void {
  const visitor = open('loyalty', '/api/v1/public/loyalty', [400, 404, 409, 500]);
  const referrals = open('loyalty', '/api/v1/public/loyalty', [400, 404, 409, 422, 500]);
  visitor(
    'get',
    '/programmes/{programme_id}',
    'What a programme’s card page shows: its terms in words, rewards with what is left of their stock; 404 loyalty_programme_not_found when it is not live',
    { 200: json('Found', PublicProgrammeView) },
    { params: ProgrammePath },
  );
  referrals(
    'post',
    '/register',
    'Spec “register reward”: a card for an email or phone (its id is the answer’s card_id, to keep on the phone). With `referral_email` (decoded from a referral link) or `referred_by_number` the referral is recorded too; ' +
      '409 loyalty_already_member when the programme has a card for the email or phone; 422 loyalty_self_referral naming the field when the referrer is the visitor',
    { 201: json('Joined', CardMovement) },
    { body: body(RegisterMemberBody) },
  );
  visitor(
    'post',
    '/card',
    'Spec “get loyalty card”: the holder’s balance, tier, next stamp and history; 404 loyalty_member_not_found for a card of another programme',
    { 200: json('Found', LoyaltyCardView) },
    { body: body(CardBody) },
    { readsOnly: true },
  );
  visitor(
    'post',
    '/stamp',
    'Spec “post card” from the phone: a stamp (or a scan’s points) for today’s venue code; 400 loyalty_venue_code_invalid (naming body.venue_code) for another day’s or another programme’s code; ' +
      '409 loyalty_too_soon with `next_at` before the programme’s minimum interval has passed',
    { 200: json('Credited', CardMovement) },
    { body: body(CollectStampBody) },
  );
  visitor(
    'post',
    '/redeem',
    'Spec “redeem rewards”: the reward for its price, with the exchange’s id for the success page; 404 loyalty_reward_not_found, 409 loyalty_insufficient_balance or loyalty_out_of_stock',
    { 200: json('Redeemed', CardMovement) },
    { body: body(RedeemRewardBody) },
  );
  visitor(
    'post',
    '/submission',
    'Earning per form submission: the holder’s submission (by their email or phone) of a page of the programme’s code, credited once; 404 loyalty_submission_not_found otherwise',
    { 200: json('Credited', CardMovement) },
    { body: body(CreditSubmissionBody) },
  );
  visitor(
    'post',
    '/campaign-reward',
    'Spec “campaign reward”: what a campaign on a code grants for an action, once per card; `submission_id` is the holder’s submission for `form_submitted`. ' +
      '404 loyalty_campaign_reward_not_found, 409 loyalty_reward_already_granted or loyalty_action_not_done with the progress so far',
    { 200: json('Granted', CardMovement) },
    { body: body(ClaimCampaignRewardBody) },
  );
  visitor(
    'post',
    '/referral-code',
    'Spec “referral code”: the holder’s referral link, carrying their email encoded (`?ref=`), and their phone number for referrals by phone',
    { 200: json('Found', ReferralCodeView) },
    { body: body(CardBody) },
    { readsOnly: true },
  );
  referrals(
    'post',
    '/referrals',
    'Spec “add referral”: `email` was referred by `referral_email` in programme `id`; the answer says which fraud rules fired. 409 loyalty_already_referred, 422 loyalty_self_referral',
    { 201: json('Recorded', ReferralRecordedView) },
    { body: body(AddReferralBody) },
  );
  referrals(
    'post',
    '/refer-subscription',
    'Spec “refer subscription”: a referral by phone on the live programme of `code_id`. 404 loyalty_programme_not_found when the code has none; 409 loyalty_already_referred, 422 loyalty_self_referral',
    { 201: json('Recorded', ReferralRecordedView) },
    { body: body(ReferSubscriptionBody) },
  );
  visitor(
    'get',
    '/exchanges/{exchange_id}',
    'Spec “get success page” of a redemption: what the exchange was for, to show at the counter; 404 loyalty_exchange_not_found',
    { 200: json('Found', ExchangeView) },
    { params: ExchangePath },
  );
}
