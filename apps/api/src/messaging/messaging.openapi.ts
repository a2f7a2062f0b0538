import {
  AudiencePreviewBody,
  AudiencePreviewView,
  CampaignListView,
  CampaignPath,
  CampaignView,
  ConnectionsView,
  ConsentQuery,
  ConsentView,
  CreateCampaignBody,
  DeliveryListView,
  InvitationBody,
  ListCampaignsQuery,
  ListDeliveriesQuery,
  OrgQuery,
  OutboxListView,
  OutboxQuery,
  ProviderPath,
  RecordConsentBody,
  ScheduleCampaignBody,
  SmtpConnectionBody,
  TestCampaignBody,
  TwilioConnectionBody,
  UnsubscribeQuery,
  UnsubscribeView,
  UpdateCampaignBody,
} from '@qr/contracts';
import { z } from 'zod';
import { body, json, type ApiPaths } from '../http/openapi';

/** The messaging context's campaign, connection, outbox and consent paths, and the public unsubscribe link. */
export function registerMessagingPaths({ signedIn, open }: ApiPaths): void {
  const route = signedIn('messaging', '/api/v1/messaging');
  route(
    'post',
    '/campaigns',
    'Draft an email, SMS or push campaign: its audience filters, subject, message with `{{fields}}` and, for email, one one-time QR code of `code_id` per recipient (owner, admin, editor)',
    { 201: json('Drafted', CampaignView) },
    { body: body(CreateCampaignBody) },
  );
  route(
    'get',
    '/campaigns',
    'The organisation’s campaigns, newest first, with their delivery counts',
    { 200: json('Listed', CampaignListView) },
    { query: ListCampaignsQuery },
  );
  route('get', '/campaigns/{campaign_id}', 'A campaign with its status and delivery counts', { 200: json('Found', CampaignView) }, { params: CampaignPath });
  route(
    'put',
    '/campaigns/{campaign_id}',
    'Replace a draft’s content; 409 messaging_campaign_not_draft once scheduled',
    { 200: json('Changed', CampaignView) },
    { params: CampaignPath, body: body(UpdateCampaignBody) },
  );
  route(
    'post',
    '/campaigns/{campaign_id}/schedule',
    'Send the draft now, or at `send_at`; 422 messaging_empty_audience when nobody it matches consented',
    { 200: json('Scheduled', CampaignView) },
    { params: CampaignPath, body: body(ScheduleCampaignBody) },
  );
  route(
    'post',
    '/campaigns/{campaign_id}/cancel',
    'Cancel a scheduled campaign before it starts',
    { 200: json('Cancelled', CampaignView) },
    { params: CampaignPath },
  );
  route(
    'post',
    '/campaigns/{campaign_id}/test',
    'Send one message of the campaign to `to`, marked as a test and kept out of its results',
    { 202: json('Queued', z.object({ delivery_id: z.uuid() })) },
    { params: CampaignPath, body: body(TestCampaignBody) },
  );
  route(
    'get',
    '/campaigns/{campaign_id}/deliveries',
    'Each recipient’s delivery: queued, sent, delivered, failed with the provider’s reason, or opted out',
    { 200: json('Listed', DeliveryListView) },
    { params: CampaignPath, query: ListDeliveriesQuery },
  );
  route(
    'post',
    '/audiences/preview',
    'How many the filters reach on a channel now, how many are left out for lack of consent, and the first few',
    { 200: json('Counted', AudiencePreviewView) },
    { body: body(AudiencePreviewBody) },
  );
  route(
    'post',
    '/invitations',
    'Spec “campaign invitation message”: a draft inviting the code’s customers to its `action`',
    { 201: json('Drafted', CampaignView) },
    { body: body(InvitationBody) },
  );
  route(
    'get',
    '/connections',
    'The SMTP and Twilio connections (never their secrets) and the server’s push key',
    { 200: json('Found', ConnectionsView) },
    { query: OrgQuery },
  );
  route(
    'put',
    '/connections/smtp',
    'Connect an SMTP server (owner, admin); its password is kept encrypted',
    { 200: json('Connected', ConnectionsView) },
    { body: body(SmtpConnectionBody) },
  );
  route(
    'put',
    '/connections/twilio',
    'Connect a Twilio account (owner, admin); its auth token is kept encrypted',
    { 200: json('Connected', ConnectionsView) },
    { body: body(TwilioConnectionBody) },
  );
  route(
    'delete',
    '/connections/{provider}',
    'Disconnect a provider: its messages go to the outbox from then on',
    { 200: json('Disconnected', ConnectionsView) },
    { params: ProviderPath, query: OrgQuery },
  );
  route(
    'get',
    '/outbox',
    'What would have gone to a provider had one been connected, newest first',
    { 200: json('Listed', OutboxListView) },
    { query: OutboxQuery },
  );
  route('get', '/consents', 'An email’s or phone number’s consent and its history', { 200: json('Found', ConsentView) }, { query: ConsentQuery });
  route(
    'post',
    '/consents',
    'Record a consent or a withdrawal staff were given (owner, admin, editor)',
    { 201: json('Recorded', ConsentView) },
    { body: body(RecordConsentBody) },
  );

  const unsubscribe = open('messaging', '/api/v1/public/messaging', [400]);
  unsubscribe(
    'get',
    '/unsubscribe',
    'Whom an unsubscribe link is for, and whether they are subscribed',
    { 200: json('Found', UnsubscribeView) },
    { query: UnsubscribeQuery },
  );
  unsubscribe(
    'post',
    '/unsubscribe',
    'Withdraw consent: the page’s confirm button, or a mail client’s RFC 8058 one-click POST (`List-Unsubscribe=One-Click`)',
    { 200: json('Withdrawn', UnsubscribeView) },
    { query: UnsubscribeQuery },
  );
}
