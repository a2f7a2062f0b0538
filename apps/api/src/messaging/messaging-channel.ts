import type { AudienceFilter, MessagingChannel, PersonalValues } from '@qr/contracts';
import type { CampaignContent } from '@qr/domain';

/** Someone a campaign reaches on a channel: the address the message goes to and the values its `{{fields}}` take. */
export interface Recipient {
  /** The email, the E.164 phone number or the push subscription's endpoint. */
  address: string;
  name: string | null;
  fields: PersonalValues;
}

/** A campaign as the runner and the channels read it (the messaging_campaigns read model). */
export interface CampaignRow {
  campaign_id: string;
  org_id: string;
  channel: MessagingChannel;
  content: CampaignContent;
  /** The one-time batch an email campaign's QR codes come from, once its sending began. */
  one_time_batch_id: string | null;
}

/** A delivery's values: a recipient's personal fields, and a single send's own subject and text, written in full. */
export interface DeliveryFields extends PersonalValues {
  subject?: string;
  text?: string;
}

/** One row of the delivery queue, claimed by a runner to send. */
export interface QueuedDelivery {
  delivery_id: string;
  org_id: string;
  campaign_id: string | null;
  channel: MessagingChannel;
  recipient: string;
  name: string | null;
  fields: DeliveryFields;
  /** The recipient's place in the campaign (0-based): an email campaign's one-time code of the same ordinal is theirs. */
  ordinal: number;
  attempts: number;
  is_test: boolean;
}

/**
 * What the provider said. `retry`: a failure worth another attempt later (a timeout, a 5xx, a rate
 * limit); otherwise a failure is final (an invalid number, a bounced address, a gone subscription).
 */
export type DeliveryOutcome = { status: 'sent'; provider_id: string | null; outbox: boolean } | { status: 'failed'; reason: string; retry: boolean };

/**
 * A channel the delivery runner sends through: who a campaign reaches on it, what a campaign needs
 * before its first message (an email campaign's one-time codes), and one delivery's composing and
 * hand-over to the provider, or to the outbox when none is connected. Nothing here waits on a
 * visitor's request.
 */
export interface MessagingChannelPort {
  readonly channel: MessagingChannel;
  audience(orgId: string, filter: AudienceFilter): Promise<Recipient[]>;
  /** Runs once per campaign before its recipients are queued; idempotent, since a restarted start runs it again. Returns the one-time batch, if any. */
  prepare(campaign: CampaignRow, recipients: number): Promise<{ one_time_batch_id: string | null }>;
  deliver(delivery: QueuedDelivery, campaign: CampaignRow | null): Promise<DeliveryOutcome>;
}
