import { Inject, Injectable } from '@nestjs/common';
import { renderTemplate, type AudienceFilter, type PersonalValues } from '@qr/contracts';
import type { Config } from '@qr/platform';
import { publicLinkOf } from '../../codes';
import { CONFIG } from '../../infrastructure';
import { ConsentingAudience } from '../consenting-audience';
import type { CampaignRow, DeliveryOutcome, MessagingChannelPort, QueuedDelivery, Recipient } from '../messaging-channel';
import { MessagingConnections } from '../messaging-connections';
import { MessagingOutbox } from '../messaging-outbox';
import { UnsubscribeLinks } from '../unsubscribe-links';
import { SMS_STATUS_PATH } from './sms-inbound';
import { TwilioClients, twilioFailure } from './twilio-clients';

/**
 * The SMS channel (issue 55): a campaign's or a single send's text, each recipient's fields filled
 * in, handed to Twilio through its official SDK from the organisation's own account and number, or
 * kept in the outbox while no Twilio account is connected.
 */
@Injectable()
export class SmsChannel implements MessagingChannelPort {
  readonly channel = 'sms' as const;

  constructor(
    private readonly connections: MessagingConnections,
    private readonly outbox: MessagingOutbox,
    private readonly twilio: TwilioClients,
    private readonly audiences: ConsentingAudience,
    private readonly links: UnsubscribeLinks,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  audience(orgId: string, filter: AudienceFilter): Promise<Recipient[]> {
    return this.audiences.of(orgId, 'sms', filter);
  }

  prepare(_campaign: CampaignRow, _recipients: number): Promise<{ one_time_batch_id: string | null }> {
    return Promise.resolve({ one_time_batch_id: null });
  }

  /**
   * A single send (no campaign) carries its own text in its fields, as the delivery queue keeps it;
   * a campaign's `{{code_url}}` is its code's link, and `{{unsubscribe_url}}` the number's own opt-out page.
   */
  async deliver(delivery: QueuedDelivery, campaign: CampaignRow | null): Promise<DeliveryOutcome> {
    const template = campaign ? campaign.content.message : (delivery.fields.text ?? '');
    const codeId = campaign?.content.code_id;
    const values: PersonalValues = {
      ...delivery.fields,
      ...(codeId ? { code_url: publicLinkOf(this.config.PUBLIC_URL, codeId) } : {}),
      ...(template.includes('unsubscribe_url') ? { unsubscribe_url: await this.links.urlFor(delivery.org_id, 'sms', delivery.recipient) } : {}),
    };
    return this.send(delivery.org_id, delivery.recipient, renderTemplate(template, values), {
      campaign_id: delivery.campaign_id,
      delivery_id: delivery.delivery_id,
    });
  }

  private async send(orgId: string, to: string, body: string, from: { campaign_id: string | null; delivery_id: string | null }): Promise<DeliveryOutcome> {
    const settings = await this.connections.settings(orgId, 'twilio');
    if (!settings) {
      await this.outbox.keep(orgId, { channel: 'sms', recipient: to, subject: null, text: body, html: null, attachments: [] }, from);
      return { status: 'sent', provider_id: null, outbox: true };
    }
    try {
      // Twilio reports the message's fate there, which marks the delivery delivered or failed.
      const statusCallback = `${this.config.PUBLIC_URL}${SMS_STATUS_PATH}?org_id=${orgId}`;
      const message = await this.twilio.of(settings).messages.create({ to, from: settings.from, body, statusCallback });
      return { status: 'sent', provider_id: message.sid, outbox: false };
    } catch (error) {
      return { status: 'failed', ...twilioFailure(error) };
    }
  }
}
