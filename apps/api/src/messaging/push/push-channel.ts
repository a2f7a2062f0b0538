import type { Agent } from 'node:https';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { renderTemplate, type AudienceFilter, type PersonalValues } from '@qr/contracts';
import type { Config } from '@qr/platform';
import webpush, { WebPushError } from 'web-push';
import { publicLinkOf } from '../../codes';
import { CONFIG } from '../../infrastructure';
import type { CampaignRow, DeliveryOutcome, MessagingChannelPort, QueuedDelivery, Recipient } from '../messaging-channel';
import { PushSubscriptions } from './push-subscriptions';
import { VapidKeys } from './vapid-keys';

/**
 * The https agent push requests go through. Unset in production (Node's own, with its CA store);
 * a spec hands in one that reaches its local push service.
 */
export const PUSH_AGENT = Symbol('PushAgent');

/** A campaign's notification is news for a day; a phone offline longer does not get it late (RFC 8030 §5.2). */
const PUSH_TTL_SECONDS = 86_400;
/** A push service that takes longer than this is tried again later rather than holding the runner. */
const PUSH_TIMEOUT_MS = 10_000;

/** What the service worker (apps/web/public/push-worker.js) shows. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

/**
 * Web push (RFC 8030) with the server's own VAPID keys (RFC 8292), the payload encrypted for each
 * browser (RFC 8291) by web-push. No provider is connected for it, so there is no outbox: every
 * delivery goes to the browser's push service. A 404 or 410 from it means the browser unsubscribed
 * (or the subscription expired), and its row goes: nobody is pushed to twice after that.
 */
@Injectable()
export class PushChannel implements MessagingChannelPort {
  readonly channel = 'push' as const;

  constructor(
    private readonly subscriptions: PushSubscriptions,
    private readonly vapid: VapidKeys,
    @Inject(CONFIG) private readonly config: Config,
    @Optional() @Inject(PUSH_AGENT) private readonly agent?: Agent,
  ) {}

  /** The organisation's subscribed browsers; only `code_id` narrows them (push has no customer behind it to filter by). */
  async audience(orgId: string, filter: AudienceFilter): Promise<Recipient[]> {
    const rows = await this.subscriptions.of(orgId, filter.code_id);
    return rows.map((row) => ({ address: row.endpoint, name: null, fields: { code_url: publicLinkOf(this.config.PUBLIC_URL, row.code_id) } }));
  }

  prepare(_campaign: CampaignRow, _recipients: number): Promise<{ one_time_batch_id: string | null }> {
    return Promise.resolve({ one_time_batch_id: null });
  }

  async deliver(delivery: QueuedDelivery, campaign: CampaignRow | null): Promise<DeliveryOutcome> {
    if (!campaign) return { status: 'failed', reason: 'A push notification is sent as a campaign.', retry: false };
    const subscription = await this.subscriptions.find(delivery.org_id, delivery.recipient);
    if (!subscription) return { status: 'failed', reason: 'The browser unsubscribed.', retry: false };
    const payload = this.payloadOf(campaign, delivery.fields);
    try {
      const sent = await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        { vapidDetails: await this.vapid.details(), TTL: PUSH_TTL_SECONDS, timeout: PUSH_TIMEOUT_MS, agent: this.agent },
      );
      // RFC 8030 §5: the push service names the message it accepted in Location.
      const location = sent.headers.location;
      return { status: 'sent', provider_id: typeof location === 'string' ? location : null, outbox: false };
    } catch (error) {
      return this.failureOf(error, subscription.endpoint);
    }
  }

  /** The campaign's subject and message with the recipient's fields; its link, or the code the browser subscribed on. */
  private payloadOf(campaign: CampaignRow, fields: PersonalValues): PushPayload {
    const { subject, message, code_id } = campaign.content;
    const url = code_id ? publicLinkOf(this.config.PUBLIC_URL, code_id) : (fields.code_url ?? this.config.PUBLIC_URL);
    return { title: renderTemplate(subject, fields), body: renderTemplate(message, fields), url };
  }

  private async failureOf(error: unknown, endpoint: string): Promise<DeliveryOutcome> {
    if (!(error instanceof WebPushError)) {
      // No answer at all (a refused connection, a timeout): the service may be back later.
      return { status: 'failed', reason: `The push service could not be reached: ${error instanceof Error ? error.message : String(error)}`, retry: true };
    }
    const status = error.statusCode;
    if (status === 404 || status === 410) {
      await this.subscriptions.remove(endpoint);
      return { status: 'failed', reason: `The browser unsubscribed (${status}).`, retry: false };
    }
    const said = error.body.trim().slice(0, 200);
    return { status: 'failed', reason: `The push service answered ${status}${said ? `: ${said}` : '.'}`, retry: status === 429 || status >= 500 };
  }
}
