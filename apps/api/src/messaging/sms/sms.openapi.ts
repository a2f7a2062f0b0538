import {
  AutoSmsBody,
  AutoSmsPath,
  AutoSmsView,
  AvailableNumbersBody,
  AvailableNumberView,
  CampaignKeyBody,
  CampaignKeyPath,
  CampaignKeyView,
  CampaignView,
  CheckVerificationBody,
  InboundSmsForm,
  OrgQuery,
  SmsStatusForm,
  SmsStatusQuery,
  PurchasedNumberView,
  PurchaseNumberBody,
  SendResultView,
  SendSmsBody,
  SmsCampaignBody,
  StartVerificationBody,
  UpdateAutoSmsBody,
  VerificationView,
} from '@qr/contracts';
import { z } from 'zod';
import { body, json, type ApiPaths } from '../../http/openapi';
import { INBOUND_SMS_PATH, SMS_STATUS_PATH } from './sms-inbound';

/** The SMS routes in the OpenAPI document, from the contracts they validate with. */
export function registerSmsPaths({ signedIn, open }: ApiPaths): void {
  const route = signedIn('messaging', '/api/v1/messaging/sms');
  route(
    'post',
    '/send',
    'Send one SMS now (owner, admin, editor); 409 messaging_opted_out for a number that texted STOP',
    { 200: json('Sent, kept in the outbox, or failed', SendResultView) },
    { body: body(SendSmsBody) },
  );
  route(
    'post',
    '/campaign',
    'Draft and schedule an SMS campaign, now or at `send_at`',
    { 201: json('Scheduled', CampaignView) },
    { body: body(SmsCampaignBody) },
  );
  route(
    'post',
    '/campaign-keys',
    'Add a keyword people text to join or get a reward',
    { 201: json('Added', CampaignKeyView) },
    { body: body(CampaignKeyBody) },
  );
  route('get', '/campaign-keys', 'The organisation’s keywords', { 200: json('Listed', z.array(CampaignKeyView)) }, { query: OrgQuery });
  route('delete', '/campaign-keys/{keyword}', 'Delete a keyword', { 204: { description: 'Deleted' } }, { params: CampaignKeyPath, query: OrgQuery });
  route('post', '/auto', 'Add an auto SMS rule', { 201: json('Added', AutoSmsView) }, { body: body(AutoSmsBody) });
  route('get', '/auto', 'The organisation’s auto SMS rules', { 200: json('Listed', z.array(AutoSmsView)) }, { query: OrgQuery });
  route('put', '/auto/{rule_id}', 'Change an auto SMS rule', { 200: json('Changed', AutoSmsView) }, { params: AutoSmsPath, body: body(UpdateAutoSmsBody) });
  route('delete', '/auto/{rule_id}', 'Delete an auto SMS rule', { 204: { description: 'Deleted' } }, { params: AutoSmsPath });
  route(
    'post',
    '/numbers/available',
    'Numbers the connected Twilio account may buy',
    { 200: json('Listed', z.array(AvailableNumberView)) },
    { body: body(AvailableNumbersBody) },
    { readsOnly: true },
  );
  route(
    'post',
    '/numbers/purchase',
    'Buy a number on the connected Twilio account (owner, admin)',
    { 201: json('Bought', PurchasedNumberView) },
    { body: body(PurchaseNumberBody) },
  );
  route('post', '/verification', 'Text a six-digit code to a number', { 200: json('Code sent', VerificationView) }, { body: body(StartVerificationBody) });
  route(
    'post',
    '/verification/check',
    'Check the code a number was texted',
    { 200: json('Approved', VerificationView) },
    { body: body(CheckVerificationBody) },
  );

  const twilio = open('messaging', INBOUND_SMS_PATH, [400, 403, 500]);
  twilio(
    'post',
    '',
    'Twilio’s incoming-message webhook, signed with X-Twilio-Signature: STOP, START and campaign keywords',
    { 200: { description: 'The TwiML reply', content: { 'text/xml': { schema: z.string() } } } },
    { body: { content: { 'application/x-www-form-urlencoded': { schema: InboundSmsForm } } } },
  );
  open('messaging', SMS_STATUS_PATH, [400, 403, 500])(
    'post',
    '',
    'Twilio’s status callback for a message sent here, signed with X-Twilio-Signature: marks its delivery delivered or failed',
    { 204: { description: 'Recorded' } },
    { query: SmsStatusQuery, body: { content: { 'application/x-www-form-urlencoded': { schema: SmsStatusForm } } } },
  );
}
