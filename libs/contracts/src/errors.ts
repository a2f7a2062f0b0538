import { z } from 'zod';

/**
 * Every error code a client can receive. Codes are stable: clients branch on them, so a code is
 * never renamed or reused; the HTTP status for each lives in one place in the API.
 */
export const ErrorCode = z.enum([
  // The request body, query or path did not match the contract; `errors` names each bad field.
  'validation_failed',
  // The body was not parseable JSON, or had a content type the endpoint does not take.
  'malformed_request',
  // No route or resource at this address.
  'not_found',
  // The address exists, but not for this method; the `Allow` header lists the methods it takes.
  'method_not_allowed',
  // An append lost an optimistic-concurrency race: the stream moved on since it was read.
  'wrong_expected_version',
  // An event id was appended before with different content or to another stream.
  'duplicate_event_id',
  // No credentials, or a token or API key that is invalid, expired or revoked.
  'unauthenticated',
  // The caller's role in the organisation does not allow this action.
  'forbidden',
  // No organisation with this id that the caller can see (another tenant's ids answer this too).
  'organization_not_found',
  // The email is not a member of the organisation.
  'member_not_found',
  // The email is already a member of the organisation.
  'member_already_exists',
  // The change would leave the organisation without an owner.
  'last_owner',
  // Wrong email or password at sign-in.
  'invalid_credentials',
  // Too many failed sign-ins: the account waits before it accepts another attempt.
  'account_locked',
  // Sign-up with an email that already has an account.
  'email_taken',
  // No API key with this id in the organisation.
  'api_key_not_found',
  // No code with this id in an organisation the caller belongs to (deleted codes and other tenants' answer this too).
  'code_not_found',
  // No folder with this id in an organisation the caller belongs to (removed folders and other tenants' answer this too).
  'folder_not_found',
  // No note with this id in an organisation the caller belongs to, or its code is deleted (other tenants' ids answer this too).
  'note_not_found',
  // No landing page with this id in an organisation the caller belongs to, or none a visitor may see.
  'page_not_found',
  // The landing page code is live, but its page has not been built yet: visitors are told to come back.
  'page_not_built',
  // The page's code is paused: its form takes no submissions until the code is resumed.
  'page_paused',
  // Another page already has this vanity name: names are unique across the server, as `/p/{name}` is.
  'page_name_taken',
  // No template with this id in the gallery or in an organisation the caller belongs to (other tenants' ids answer this too).
  'template_not_found',
  // The QR design does not decode reliably once rendered; the detail says why (contrast, logo size, quiet zone).
  'design_unscannable',
  // An uploaded file is over the upload size limit.
  'upload_too_large',
  // An uploaded file's bytes are not a PNG, JPEG, WebP or GIF image (SVG is refused: it can carry script).
  'unsupported_image_type',
  // An uploaded image is wider or taller than the limit, or would decode to too many pixels.
  'image_dimensions_too_large',
  // An uploaded file starts like an image but does not decode as one.
  'image_unreadable',
  // No stored file with this id in an organisation the caller belongs to (other tenants' ids answer this too).
  'blob_not_found',
  // A signed file link's time is up: ask for a new link.
  'signed_url_expired',
  // A signed file link was changed or was never signed by this server.
  'signed_url_invalid',
  // No customer with this id, email or phone in an organisation the caller belongs to (other tenants' ids answer this too).
  'customer_not_found',
  // No experience with this id in an organisation the caller belongs to (deleted ones and other tenants' answer this too).
  'experience_not_found',
  // Event data that cannot describe a real event: a point off the globe, a radius out of range, or an end before the start.
  'event_data_invalid',
  // The export's source has nothing to export on this server yet (no source answers this since one-time codes arrived; kept, as codes are stable).
  'export_source_unavailable',
  // No batch of one-time codes with this id in an organisation the caller belongs to (deleted batches and other tenants' answer this too).
  'one_time_batch_not_found',
  // A download would hold more than its format can build at once (a PDF sheet is built in memory); the detail names the limit.
  'download_too_large',
  // No promo campaign with this id in an organisation the caller belongs to (deleted ones and other tenants' answer this too).
  'promo_campaign_not_found',
  // No master promo key with this id in an organisation the caller belongs to (deleted ones and other tenants' answer this too).
  'promo_master_key_not_found',
  // A validation's nonce is missing its page's signature, is older than its time, is for another code, or was used already: reopen the page.
  'promo_nonce_invalid',
  // A unique-code pattern has too few combinations for the number of codes asked (fewer than 10^6 per code); the detail names the shortest mask that is enough.
  'promo_pattern_too_small',
  // Another live campaign of the same QR code already answers to this shared promo code.
  'promo_code_taken',
  // Live campaigns are locked by this master key: set them to another key, or none, before deleting it; the detail says how many.
  'promo_master_key_in_use',
  // No loyalty programme with this id in an organisation the caller belongs to (deleted ones and other tenants' answer this too); on the public side, no live programme with this id.
  'loyalty_programme_not_found',
  // No card with this id in the programme.
  'loyalty_member_not_found',
  // No reward with this id in the programme's reward list.
  'loyalty_reward_not_found',
  // No campaign reward on this code for this action in the programme.
  'loyalty_campaign_reward_not_found',
  // No exchange with this id, or not one of the card whose email or phone was given.
  'loyalty_exchange_not_found',
  // No submission with this id from the card's email or phone on a page of the programme's (or the campaign's) code.
  'loyalty_submission_not_found',
  // The programme already has a card for this email or phone number.
  'loyalty_already_member',
  // A stamp before the programme's minimum interval since the card's last one; `next_at` says when the next is possible.
  'loyalty_too_soon',
  // The card's balance is below the reward's price; the detail says both.
  'loyalty_insufficient_balance',
  // The reward's stock is all redeemed.
  'loyalty_out_of_stock',
  // The venue code is not today's code of this programme: scan the one at the counter.
  'loyalty_venue_code_invalid',
  // A referral of oneself: the referrer and the friend are the same email, phone or card.
  'loyalty_self_referral',
  // The friend was referred before in this programme: a referral converts once.
  'loyalty_already_referred',
  // This card has had this campaign reward: it is granted once per member.
  'loyalty_reward_already_granted',
  // The action a campaign reward waits for has not happened yet on this card; the detail says how far along it is.
  'loyalty_action_not_done',
  // No campaign with this id in an organisation the caller belongs to (other tenants' ids answer this too).
  'messaging_campaign_not_found',
  // The campaign is scheduled, sending or sent: only a draft changes; a scheduled one is cancelled first.
  'messaging_campaign_not_draft',
  // Nobody the audience's filters match has consented on the campaign's channel: there is no one to send to.
  'messaging_empty_audience',
  // The address withdrew consent on this channel (STOP, an unsubscribe link): nothing is sent to it.
  'messaging_opted_out',
  // The provider this needs (Twilio for numbers and verification) is not connected; the detail says how.
  'messaging_not_connected',
  // The provider refused or failed the request; the detail carries its reason.
  'messaging_provider_failed',
  // Another campaign key of the organisation answers to this keyword.
  'messaging_keyword_taken',
  // No campaign key, auto SMS rule or outbox message with this id in the organisation.
  'messaging_rule_not_found',
  // The verification code is wrong, expired or was tried too often: ask for a new one.
  'messaging_verification_failed',
  // The unsubscribe link was changed or was never signed by this server.
  'messaging_unsubscribe_invalid',
  // No pass design with this id in an organisation the caller belongs to (other tenants' ids answer this too).
  'pass_design_not_found',
  // No pass with this id or serial number, or one of another organisation.
  'pass_not_found',
  // The holder named is not one of the design's source: no such card in the programme, no such code in the campaign.
  'pass_holder_not_found',
  // The holder's kind is not the design's (a promo code for a loyalty card's design).
  'pass_holder_mismatch',
  // The programme, campaign or event page a design names is not one of the organisation's.
  'pass_source_not_found',
  // The wallet's issuer is not connected: the detail says what to give on the wallet settings.
  'pass_issuer_not_connected',
  // A certificate, key or service account given for an issuer cannot be used; the detail names which and why.
  'pass_issuer_invalid',
  // An image of the design is too large for a pass, or not one the organisation uploaded.
  'pass_image_invalid',
  // The PassKit web service's request carries no `ApplePass` token, or not this pass's.
  'pass_unauthorized',
  // The wallet provider refused or did not answer; the detail carries its reason.
  'pass_provider_failed',
  // No poll with this id that the caller can see (deleted, unknown or another organisation's).
  'poll_not_found',
  // The poll is not open for votes (a draft or closed).
  'poll_not_open',
  // The vote names options the poll does not have, too many of them, or a rating or words the poll does not take.
  'poll_vote_invalid',
  // The voter has voted in this round and the poll does not let a vote change.
  'poll_already_voted',
  // The poll's round has votes: its question and options stay as voted on until it is reset.
  'poll_has_votes',
  // The voter token was not signed by this server.
  'voter_token_invalid',
  // No selfie wall with this id that the caller can see.
  'wall_not_found',
  // No such photo on this wall (or not one the caller may see).
  'wall_photo_not_found',
  // The wall already has as many embedding sites as it may.
  'wall_embed_limit',
  // No game with this id that the caller can see (deleted, unknown or another organisation's).
  'game_not_found',
  // The game is not open for plays (a draft or closed).
  'game_not_open',
  // The player has made as many plays as the game's limit allows in its window; `next_at` says when the next is free.
  'game_play_limit',
  // No such play of this player in this game.
  'game_play_not_found',
  // The answer is to a question the quiz has not asked this play, or the play has no question left.
  'game_question_not_asked',
  // The answer is not one of the question's answers.
  'game_answer_invalid',
  // The play won nothing, or its quiz has not finished: there is no prize to claim.
  'game_prize_not_won',
  // The game has been played: its kind, its quiz's questions and the prizes won stay as played.
  'game_has_plays',
  // A prize names a promo campaign, loyalty programme or reward the organisation does not have, or one too small for its stock.
  'game_prize_invalid',
  // No voucher with this code in this game.
  'game_voucher_not_found',
  // The voucher was redeemed at the counter already.
  'game_voucher_redeemed',
  // The player token was not signed by this server for this game.
  'player_token_invalid',
  // Too many requests from one client in a short time.
  'rate_limited',
  // A dependency (database) is unreachable; the request may succeed later.
  'service_unavailable',
  // A bug: the server failed in a way no test foresaw. Logged with the request id.
  'internal_error',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** A domain or infrastructure failure the caller can act on, carrying its stable code. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const FieldError = z.object({
  field: z.string().meta({ description: 'Dotted path of the bad field, e.g. `body.name` or `query.page`.' }),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

/** RFC 9457 problem details, with our stable `code` and the request id to quote in a bug report. */
export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    code: ErrorCode,
    request_id: z.string().optional(),
    errors: z.array(FieldError).optional(),
    next_at: z.iso.datetime().optional().meta({ description: 'With loyalty_too_soon: when the card may earn by a stamp again.' }),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof Problem>;
