import { HttpException, HttpStatus } from '@nestjs/common';
import { DomainError, type ErrorCode, type FieldError, type Problem } from '@qr/contracts';
import { ZodError } from 'zod';

/** The one place a stable error code becomes an HTTP status. */
const STATUS_OF: Record<ErrorCode, number> = {
  validation_failed: 400,
  malformed_request: 400,
  not_found: 404,
  method_not_allowed: 405,
  wrong_expected_version: 409,
  duplicate_event_id: 409,
  unauthenticated: 401,
  forbidden: 403,
  organization_not_found: 404,
  member_not_found: 404,
  member_already_exists: 409,
  last_owner: 409,
  invalid_credentials: 401,
  account_locked: 423,
  email_taken: 409,
  api_key_not_found: 404,
  code_not_found: 404,
  folder_not_found: 404,
  note_not_found: 404,
  page_not_found: 404,
  page_not_built: 404,
  template_not_found: 404,
  page_paused: 409,
  page_name_taken: 409,
  design_unscannable: 422,
  upload_too_large: 413,
  unsupported_image_type: 415,
  image_dimensions_too_large: 400,
  image_unreadable: 400,
  blob_not_found: 404,
  signed_url_expired: 403,
  signed_url_invalid: 403,
  customer_not_found: 404,
  experience_not_found: 404,
  event_data_invalid: 422,
  export_source_unavailable: 422,
  one_time_batch_not_found: 404,
  download_too_large: 422,
  promo_campaign_not_found: 404,
  promo_master_key_not_found: 404,
  promo_nonce_invalid: 400,
  promo_pattern_too_small: 422,
  promo_code_taken: 409,
  promo_master_key_in_use: 409,
  loyalty_programme_not_found: 404,
  loyalty_member_not_found: 404,
  loyalty_reward_not_found: 404,
  loyalty_campaign_reward_not_found: 404,
  loyalty_exchange_not_found: 404,
  loyalty_submission_not_found: 404,
  loyalty_already_member: 409,
  loyalty_too_soon: 409,
  loyalty_insufficient_balance: 409,
  loyalty_out_of_stock: 409,
  loyalty_venue_code_invalid: 400,
  loyalty_self_referral: 422,
  loyalty_already_referred: 409,
  loyalty_reward_already_granted: 409,
  loyalty_action_not_done: 409,
  messaging_campaign_not_found: 404,
  messaging_campaign_not_draft: 409,
  messaging_empty_audience: 422,
  messaging_opted_out: 409,
  messaging_not_connected: 409,
  messaging_provider_failed: 502,
  messaging_keyword_taken: 409,
  messaging_rule_not_found: 404,
  messaging_verification_failed: 422,
  messaging_unsubscribe_invalid: 400,
  pass_design_not_found: 404,
  pass_not_found: 404,
  pass_holder_not_found: 404,
  pass_holder_mismatch: 400,
  pass_source_not_found: 404,
  pass_issuer_not_connected: 409,
  pass_issuer_invalid: 400,
  pass_image_invalid: 400,
  pass_unauthorized: 401,
  pass_provider_failed: 502,
  poll_not_found: 404,
  poll_not_open: 409,
  poll_vote_invalid: 400,
  poll_already_voted: 409,
  poll_has_votes: 409,
  voter_token_invalid: 400,
  wall_not_found: 404,
  wall_photo_not_found: 404,
  wall_embed_limit: 409,
  game_not_found: 404,
  game_not_open: 409,
  game_play_limit: 409,
  game_play_not_found: 404,
  game_question_not_asked: 409,
  game_answer_invalid: 400,
  game_prize_not_won: 409,
  game_has_plays: 409,
  game_prize_invalid: 400,
  game_voucher_not_found: 404,
  game_voucher_redeemed: 409,
  player_token_invalid: 400,
  rate_limited: 429,
  service_unavailable: 503,
  internal_error: 500,
};

const TITLE_OF: Record<ErrorCode, string> = {
  validation_failed: 'The request has invalid fields',
  malformed_request: 'The request could not be read',
  not_found: 'Nothing here',
  method_not_allowed: 'This address does not take this method',
  wrong_expected_version: 'Someone else changed this first',
  duplicate_event_id: 'This change was already recorded differently',
  unauthenticated: 'Sign-in required',
  forbidden: 'Your role does not allow this',
  organization_not_found: 'Organisation not found',
  member_not_found: 'Member not found',
  member_already_exists: 'Already a member',
  last_owner: 'An organisation needs an owner',
  invalid_credentials: 'Wrong email or password',
  account_locked: 'Account temporarily locked',
  email_taken: 'An account with this email exists',
  api_key_not_found: 'API key not found',
  code_not_found: 'Code not found',
  folder_not_found: 'Folder not found',
  note_not_found: 'Note not found',
  page_not_found: 'Page not found',
  page_not_built: 'This page is not ready yet',
  template_not_found: 'Template not found',
  page_paused: 'This page is paused',
  page_name_taken: 'This page name is taken',
  design_unscannable: 'This design would not scan',
  upload_too_large: 'The file is too large',
  unsupported_image_type: 'Not a PNG, JPEG, WebP or GIF image',
  image_dimensions_too_large: 'The image is too large',
  image_unreadable: 'The image could not be read',
  blob_not_found: 'File not found',
  signed_url_expired: 'This link has expired',
  signed_url_invalid: 'This link is not valid',
  customer_not_found: 'Customer not found',
  experience_not_found: 'Experience not found',
  event_data_invalid: 'These event details are not possible',
  export_source_unavailable: 'Nothing to export from here yet',
  one_time_batch_not_found: 'One-time codes not found',
  download_too_large: 'Too many codes for this download',
  promo_campaign_not_found: 'Promo campaign not found',
  promo_master_key_not_found: 'Master key not found',
  promo_nonce_invalid: 'Reload the page and try again',
  promo_pattern_too_small: 'This pattern is too easy to guess',
  promo_code_taken: 'This promo code is taken',
  promo_master_key_in_use: 'Campaigns still use this master key',
  loyalty_programme_not_found: 'Loyalty programme not found',
  loyalty_member_not_found: 'Card not found',
  loyalty_reward_not_found: 'Reward not found',
  loyalty_campaign_reward_not_found: 'Campaign reward not found',
  loyalty_exchange_not_found: 'Exchange not found',
  loyalty_submission_not_found: 'Submission not found',
  loyalty_already_member: 'You already have a card',
  loyalty_too_soon: 'Too soon for another stamp',
  loyalty_insufficient_balance: 'Not enough on the card',
  loyalty_out_of_stock: 'This reward is out of stock',
  loyalty_venue_code_invalid: 'This is not today’s code',
  loyalty_self_referral: 'You cannot refer yourself',
  loyalty_already_referred: 'This friend was referred already',
  loyalty_reward_already_granted: 'You have had this reward',
  loyalty_action_not_done: 'Not yet',
  messaging_campaign_not_found: 'Campaign not found',
  messaging_campaign_not_draft: 'This campaign can no longer change',
  messaging_empty_audience: 'Nobody to send to',
  messaging_opted_out: 'This address has opted out',
  messaging_not_connected: 'No provider connected',
  messaging_provider_failed: 'The provider refused the request',
  messaging_keyword_taken: 'This keyword is taken',
  messaging_rule_not_found: 'Not found',
  messaging_verification_failed: 'That code did not work',
  messaging_unsubscribe_invalid: 'This unsubscribe link does not work',
  pass_design_not_found: 'Pass design not found',
  pass_not_found: 'Pass not found',
  pass_holder_not_found: 'No such holder',
  pass_holder_mismatch: 'Not a holder of this design',
  pass_source_not_found: 'Nothing to issue passes for',
  pass_issuer_not_connected: 'The wallet is not connected',
  pass_issuer_invalid: 'The issuer cannot sign passes',
  pass_image_invalid: 'The image cannot go on a pass',
  pass_unauthorized: 'Not this pass’s token',
  pass_provider_failed: 'The wallet provider refused the request',
  poll_not_found: 'Poll not found',
  poll_not_open: 'The poll is not open',
  poll_vote_invalid: 'This vote does not fit the poll',
  poll_already_voted: 'You have voted already',
  poll_has_votes: 'The poll has votes',
  voter_token_invalid: 'The voter token is not valid',
  wall_not_found: 'Selfie wall not found',
  wall_photo_not_found: 'Photo not found',
  wall_embed_limit: 'The wall is embedded in as many sites as it may be',
  game_not_found: 'Game not found',
  game_not_open: 'The game is not open',
  game_play_limit: 'No plays left for now',
  game_play_not_found: 'Play not found',
  game_question_not_asked: 'That question is not the one asked',
  game_answer_invalid: 'That is not one of the answers',
  game_prize_not_won: 'There is no prize to claim',
  game_has_plays: 'The game has been played',
  game_prize_invalid: 'The prize cannot be given',
  game_voucher_not_found: 'Voucher not found',
  game_voucher_redeemed: 'The voucher was redeemed already',
  player_token_invalid: 'The player token is not valid',
  rate_limited: 'Too many requests',
  service_unavailable: 'Temporarily unavailable',
  internal_error: 'Something went wrong on our side',
};

/** Thrown by the validation pipe: every bad field, each with its path in the request. */
export class RequestValidationError extends DomainError {
  constructor(readonly fieldErrors: FieldError[]) {
    super('validation_failed', fieldErrors.map((e) => `${e.field}: ${e.message}`).join('; '));
  }
}

export function fieldErrorsOf(error: ZodError, location: string): FieldError[] {
  return error.issues.flatMap((issue) => {
    // An unknown field is named by its own key, not by the object that holds it.
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    return keys.map((path) => ({ field: [location, ...path.map(String)].join('.'), message: issue.message }));
  });
}

/** The RFC 9457 problem details of an error code. */
export function problemOf(code: ErrorCode, detail: string | undefined, instance: string, requestId: string, extra: Partial<Problem> = {}): Problem {
  return {
    type: `https://qr-platform.dev/problems/${code.replaceAll('_', '-')}`,
    title: TITLE_OF[code],
    status: STATUS_OF[code],
    detail,
    instance,
    code,
    request_id: requestId,
    ...extra,
  };
}

/** Where a field of the request is: what the validation pipe's field paths begin with. */
const REQUEST_FIELD = /^(body|query|path)\./;

/** Maps anything thrown while handling a request to RFC 9457 problem details. */
export function toProblem(error: unknown, instance: string, requestId: string): Problem {
  const problem = (code: ErrorCode, detail?: string, extra: Partial<Problem> = {}): Problem => problemOf(code, detail, instance, requestId, extra);

  if (error instanceof RequestValidationError) return problem('validation_failed', error.message, { errors: error.fieldErrors });
  if (error instanceof DomainError) {
    // A domain refusal about one field of the request (a promo page's spent nonce) names it as a validation error does.
    const { field, next_at } = error.details;
    const named = typeof field === 'string' && REQUEST_FIELD.test(field);
    // A refusal for now that may pass later (a stamp too soon) says when, for a screen to count down to.
    const when = typeof next_at === 'string' ? { next_at } : {};
    return problem(error.code, error.message, named ? { errors: [{ field, message: error.message }], ...when } : when);
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === HttpStatus.NOT_FOUND) return problem('not_found', `No route for ${instance}`);
    if (status === HttpStatus.TOO_MANY_REQUESTS) return problem('rate_limited', error.message);
    if (status < 500) return { ...problem('malformed_request', error.message), status };
  }
  const fastify = fastifyClientError(error);
  if (fastify) return { ...problem(fastify.statusCode === 404 ? 'not_found' : 'malformed_request', fastify.message), status: fastify.statusCode };
  return problem('internal_error', 'The error has been logged with this request id.');
}

/** Fastify's own 4xx errors (malformed JSON, unsupported media type, body too large) carry their status. */
function fastifyClientError(error: unknown): { statusCode: number; message: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const { statusCode, code } = error as Error & { statusCode?: unknown; code?: unknown };
  const fromFastify = error instanceof SyntaxError || (typeof code === 'string' && code.startsWith('FST_'));
  if (!fromFastify || typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500) return undefined;
  return { statusCode, message: error.message };
}
