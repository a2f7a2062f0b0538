import {
  AudiencePreviewView,
  AutoSmsView,
  AvailableNumberView,
  CampaignKeyView,
  CampaignListView,
  CampaignView,
  ConnectionsView,
  ConsentView,
  DeliveryListView,
  OutboxListView,
  RecordConsentBody,
  SendResultView,
  VerificationView,
  type AudiencePreviewBody,
  type AutoSmsBody,
  type AvailableNumbersBody,
  type CampaignKeyBody,
  type CheckVerificationBody,
  type CreateCampaignBody,
  type DeliveryStatus,
  type InvitationBody,
  type SendEmailQrBody,
  type MessagingChannel,
  type MessagingProvider,
  type PurchaseNumberBody,
  type ScheduleCampaignBody,
  type SendSmsBody,
  type SmtpConnectionBody,
  type StartVerificationBody,
  type TestCampaignBody,
  type TwilioConnectionBody,
  type UpdateCampaignBody,
} from '@qr/contracts';
import { z } from 'zod';
import { call, NoContent } from '../../api/api-call';

export const messagingKeys = {
  all: ['messaging'] as const,
  campaigns: (orgId: string, channel: MessagingChannel | '', codeId: string, page: number) =>
    [...messagingKeys.all, 'campaigns', orgId, channel, codeId, page] as const,
  campaign: (campaignId: string) => [...messagingKeys.all, 'campaign', campaignId] as const,
  deliveries: (campaignId: string, status: DeliveryStatus | '', page: number) => [...messagingKeys.campaign(campaignId), 'deliveries', status, page] as const,
  audience: (body: AudiencePreviewBody) => [...messagingKeys.all, 'audience', body] as const,
  connections: (orgId: string) => [...messagingKeys.all, 'connections', orgId] as const,
  outbox: (orgId: string, page: number) => [...messagingKeys.all, 'outbox', orgId, page] as const,
  campaignKeys: (orgId: string) => [...messagingKeys.all, 'sms-keys', orgId] as const,
  autoSms: (orgId: string) => [...messagingKeys.all, 'sms-auto', orgId] as const,
};

export const CAMPAIGNS_PAGE_SIZE = 20;
export const DELIVERIES_PAGE_SIZE = 50;
export const OUTBOX_PAGE_SIZE = 20;

const base = '/api/v1/messaging';
const campaignPath = (campaignId: string) => `${base}/campaigns/${encodeURIComponent(campaignId)}`;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });
const pageQuery = (page: number, perPage: number, more: Record<string, string> = {}) =>
  new URLSearchParams({ ...more, page: String(page), per_page: String(perPage) });

/** What a purchase answers, of the SMS helper's PurchasedNumberView: the number now the organisation's. */
const PurchasedNumber = z.object({ phone_number: z.string() });
/** A test send answers the delivery it queued (202): it goes out at once, through the provider or to the outbox. */
const TestQueued = z.object({ delivery_id: z.uuid() });
/** A rule's whole content after a change; its organisation stays (the SMS helper's UpdateAutoSmsBody). */
type UpdateAutoSmsBody = Omit<AutoSmsBody, 'org_id'>;

export const campaignsApi = {
  list: (orgId: string, channel: MessagingChannel | '', codeId: string, page: number) =>
    call(
      CampaignListView,
      `${base}/campaigns?${pageQuery(page, CAMPAIGNS_PAGE_SIZE, { org_id: orgId, ...(channel ? { channel } : {}), ...(codeId ? { code_id: codeId } : {}) })}`,
    ),
  get: (campaignId: string) => call(CampaignView, campaignPath(campaignId)),
  create: (body: CreateCampaignBody) => call(CampaignView, `${base}/campaigns`, json('POST', body)),
  update: (campaignId: string, body: UpdateCampaignBody) => call(CampaignView, campaignPath(campaignId), json('PUT', body)),
  schedule: (campaignId: string, body: ScheduleCampaignBody) => call(CampaignView, `${campaignPath(campaignId)}/schedule`, json('POST', body)),
  cancel: (campaignId: string) => call(CampaignView, `${campaignPath(campaignId)}/cancel`, { method: 'POST' }),
  test: (campaignId: string, body: TestCampaignBody) => call(TestQueued, `${campaignPath(campaignId)}/test`, json('POST', body)),
  deliveries: (campaignId: string, status: DeliveryStatus | '', page: number) =>
    call(DeliveryListView, `${campaignPath(campaignId)}/deliveries?${pageQuery(page, DELIVERIES_PAGE_SIZE, status ? { status } : {})}`),
  preview: (body: AudiencePreviewBody) => call(AudiencePreviewView, `${base}/audiences/preview`, json('POST', body)),
  /** Spec §7 "campaign invitation message": a draft inviting a code's customers to its action. */
  invitation: (body: InvitationBody) => call(CampaignView, `${base}/invitations`, json('POST', body)),
  /** Spec §7 "send email with QR codes attached". */
  emailQr: (body: SendEmailQrBody) => call(SendResultView, `${base}/email/qr`, json('POST', body)),
};

export const consentsApi = {
  get: (orgId: string, address: string) => call(ConsentView, `${base}/consents?${new URLSearchParams({ org_id: orgId, address })}`),
  /** The address as typed: the API tells an email from a phone number. */
  record: (body: z.input<typeof RecordConsentBody>) => call(ConsentView, `${base}/consents`, json('POST', body)),
};

export const connectionsApi = {
  list: (orgId: string) => call(ConnectionsView, `${base}/connections?${new URLSearchParams({ org_id: orgId })}`),
  // Each change answers every connection as it now stands.
  connectSmtp: (body: SmtpConnectionBody) => call(ConnectionsView, `${base}/connections/smtp`, json('PUT', body)),
  connectTwilio: (body: TwilioConnectionBody) => call(ConnectionsView, `${base}/connections/twilio`, json('PUT', body)),
  disconnect: (orgId: string, provider: MessagingProvider) =>
    call(ConnectionsView, `${base}/connections/${provider}?${new URLSearchParams({ org_id: orgId })}`, { method: 'DELETE' }),
  outbox: (orgId: string, page: number) => call(OutboxListView, `${base}/outbox?${pageQuery(page, OUTBOX_PAGE_SIZE, { org_id: orgId })}`),
};

const sms = `${base}/sms`;
const orgQuery = (orgId: string) => new URLSearchParams({ org_id: orgId });

export const smsApi = {
  send: (body: SendSmsBody) => call(SendResultView, `${sms}/send`, json('POST', body)),
  keys: (orgId: string) => call(z.array(CampaignKeyView), `${sms}/campaign-keys?${orgQuery(orgId)}`),
  createKey: (body: CampaignKeyBody) => call(CampaignKeyView, `${sms}/campaign-keys`, json('POST', body)),
  removeKey: (orgId: string, keyword: string) =>
    call(NoContent, `${sms}/campaign-keys/${encodeURIComponent(keyword)}?${orgQuery(orgId)}`, { method: 'DELETE' }),
  autoRules: (orgId: string) => call(z.array(AutoSmsView), `${sms}/auto?${orgQuery(orgId)}`),
  createAutoRule: (body: AutoSmsBody) => call(AutoSmsView, `${sms}/auto`, json('POST', body)),
  updateAutoRule: (ruleId: string, body: UpdateAutoSmsBody) => call(AutoSmsView, `${sms}/auto/${encodeURIComponent(ruleId)}`, json('PUT', body)),
  removeAutoRule: (ruleId: string) => call(NoContent, `${sms}/auto/${encodeURIComponent(ruleId)}`, { method: 'DELETE' }),
  availableNumbers: (body: AvailableNumbersBody) => call(z.array(AvailableNumberView), `${sms}/numbers/available`, json('POST', body)),
  purchaseNumber: (body: PurchaseNumberBody) => call(PurchasedNumber, `${sms}/numbers/purchase`, json('POST', body)),
  startVerification: (body: StartVerificationBody) => call(VerificationView, `${sms}/verification`, json('POST', body)),
  checkVerification: (body: CheckVerificationBody) => call(VerificationView, `${sms}/verification/check`, json('POST', body)),
};
