import { Injectable } from '@nestjs/common';
import type { AudienceFilter } from '@qr/contracts';
import type { CampaignRow, DeliveryOutcome, MessagingChannelPort, QueuedDelivery, Recipient } from '../messaging-channel';

/** The sms channel (issue 55). */
@Injectable()
export class SmsChannel implements MessagingChannelPort {
  readonly channel = 'sms' as const;

  audience(_orgId: string, _filter: AudienceFilter): Promise<Recipient[]> {
    throw new Error('not built yet');
  }

  prepare(_campaign: CampaignRow, _recipients: number): Promise<{ one_time_batch_id: string | null }> {
    return Promise.resolve({ one_time_batch_id: null });
  }

  deliver(_delivery: QueuedDelivery, _campaign: CampaignRow | null): Promise<DeliveryOutcome> {
    throw new Error('not built yet');
  }
}
