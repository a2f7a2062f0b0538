import {
  CardMovement,
  CreateProgrammeBody,
  LoyaltyMemberPath,
  LoyaltyMembersPage,
  LoyaltyMembersQuery,
  LoyaltyMemberView,
  PostCardBody,
  ProgrammePath,
  ProgrammesQuery,
  ProgrammeView,
  ReferralAnalysisView,
  StaffRedeemBody,
  UpdateProgrammeBody,
  VenueCodeView,
} from '@qr/contracts';
import { z } from 'zod';
import { body, json, type ApiPaths } from '../http/openapi';

/** The loyalty context's staff paths, from the contracts its routes validate with; the visitor's join beside them. */
export function registerLoyaltyStaffPaths({ signedIn }: ApiPaths): void {
  const route = signedIn('loyalty', '/api/v1/loyalty/programmes');
  route(
    'post',
    '',
    'Create a loyalty programme on a code of the organisation: a stamp card or points, its earning, minimum interval, tiers, reward list, campaign rewards and referral terms (owner, admin, editor)',
    { 201: json('Created', ProgrammeView) },
    { body: body(CreateProgrammeBody) },
  );
  route(
    'get',
    '',
    'The organisation’s live loyalty programmes, of one code when `code_id` is given, newest first',
    { 200: json('Listed', z.array(ProgrammeView)) },
    { query: ProgrammesQuery },
  );
  route(
    'get',
    '/{programme_id}',
    'A loyalty programme with its member count and each reward’s stock',
    { 200: json('Found', ProgrammeView) },
    { params: ProgrammePath },
  );
  route(
    'put',
    '/{programme_id}',
    'Replace the programme’s terms; balances, histories and redemptions stay',
    { 200: json('Changed', ProgrammeView) },
    { params: ProgrammePath, body: body(UpdateProgrammeBody) },
  );
  route(
    'delete',
    '/{programme_id}',
    'Delete the programme: its card page answers 404 from then on; its members and history stay',
    { 204: { description: 'Deleted' } },
    { params: ProgrammePath },
  );
  route(
    'get',
    '/{programme_id}/venue-code',
    'Today’s venue code for the counter’s screen and the card page’s link that collects a stamp with it; it stops earning at `valid_until`, midnight in the programme’s zone',
    { 200: json('Found', VenueCodeView) },
    { params: ProgrammePath },
  );
  route(
    'get',
    '/{programme_id}/members',
    'The programme’s members, newest first; `search` finds part of an email, a phone number or a name',
    { 200: json('Listed', LoyaltyMembersPage) },
    { params: ProgrammePath, query: LoyaltyMembersQuery },
  );
  route(
    'get',
    '/{programme_id}/members/{card_id}',
    'A member’s card and its latest history lines (what the card’s QR on the visitor’s phone opens); 404 loyalty_member_not_found',
    { 200: json('Found', LoyaltyMemberView) },
    { params: LoyaltyMemberPath },
  );
  route(
    'post',
    '/{programme_id}/members/{card_id}/post',
    'Post card (spec §7): a stamp given at the counter, a purchase (earning by the programme’s rate) or a correction (owner, admin, editor). ' +
      'A repeated `request_id` moves nothing and answers the card as it is. 409 loyalty_too_soon with `next_at` for a stamp before the minimum interval; ' +
      '409 loyalty_insufficient_balance for a correction below zero',
    { 200: json('Posted', CardMovement) },
    { params: LoyaltyMemberPath, body: body(PostCardBody) },
  );
  route(
    'post',
    '/{programme_id}/members/{card_id}/redeem',
    'Redeem a reward of the list for the card at the counter (owner, admin, editor): the answer carries its `exchange_id`. ' +
      '409 loyalty_insufficient_balance or loyalty_out_of_stock; 404 loyalty_reward_not_found naming body.reward_id',
    { 200: json('Redeemed', CardMovement) },
    { params: LoyaltyMemberPath, body: body(StaffRedeemBody) },
  );
  route(
    'get',
    '/{programme_id}/referrals',
    'Refer analysis (spec §7): every referral with the fraud rules that fired and why, and per referrer and in all the referrals, conversions, flagged and rewarded ones',
    { 200: json('Found', ReferralAnalysisView) },
    { params: ProgrammePath },
  );
  route(
    'get',
    '/{programme_id}/export',
    'The programme’s members as CSV (owner, admin), the body base64 and streamed, saved as `<programme name>_<YYYY-MM-DD>.csv`; `x-row-count` says how many rows',
    {
      200: { description: 'The CSV, base64', content: { 'text/plain': { schema: { type: 'string', contentEncoding: 'base64' } } } },
    },
    { params: ProgrammePath },
  );
}
