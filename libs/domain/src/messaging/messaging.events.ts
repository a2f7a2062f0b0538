import type { AudienceFilter, ConsentSource, ConsentStatus, EmailQrOptions, MessagingChannel } from '@qr/contracts';

/**
 * What happens to a campaign, on its stream `messaging-campaign-<id>`, and to a person's consent,
 * on `messaging-consent-<org>-<person>` (docs/decisions/031). Deliveries to each recipient live in
 * the delivery queue's table, not in events: a 10,000-recipient campaign is one row each there,
 * and the stream records only when the sending began and ended. Consent events name the person by
 * the keyed hash the personal-data vault makes of their email or phone, never the address.
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

/** A campaign's content as staff write it. */
export interface CampaignContent {
  name: string;
  code_id: string | null;
  audience: AudienceFilter;
  subject: string;
  message: string;
  qr: EmailQrOptions | null;
}

export type CampaignDrafted = Event<
  'CampaignDrafted',
  { campaign_id: string; org_id: string; channel: MessagingChannel; content: CampaignContent; created_by: string; at: string }
>;
/** Carries the whole content after the change, so a read model overwrites rather than merges. */
export type CampaignUpdated = Event<'CampaignUpdated', { content: CampaignContent; updated_by: string }>;
/** `send_at` is when the runner may start it: the time of the request for "now". */
export type CampaignScheduled = Event<'CampaignScheduled', { send_at: string; scheduled_by: string }>;
export type CampaignCancelled = Event<'CampaignCancelled', { cancelled_by: string }>;
/** One runner claimed the campaign (the append's expected version makes it the only one) and queued its recipients. */
export type CampaignSendingStarted = Event<
  'CampaignSendingStarted',
  { recipients: number; runner: string; at: string; /** The one-time codes an email campaign attaches, one per recipient. */ one_time_batch_id: string | null }
>;
export type CampaignSent = Event<'CampaignSent', { at: string }>;

export type CampaignEvent = CampaignDrafted | CampaignUpdated | CampaignScheduled | CampaignCancelled | CampaignSendingStarted | CampaignSent;

export type ConsentRecorded = Event<
  'ConsentRecorded',
  {
    org_id: string;
    person: string;
    /** The email or phone number, sealed with the person's key (crypto-shredding). */
    sealed_address: string;
    channel: MessagingChannel;
    status: ConsentStatus;
    source: ConsentSource;
    note: string | null;
    by: string | null;
  }
>;

export type ConsentEvent = ConsentRecorded;

export const campaignStreamId = (campaignId: string): string => `messaging-campaign-${campaignId}`;
export const consentStreamId = (orgId: string, person: string): string => `messaging-consent-${orgId}-${person}`;
