import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { EmailChannel } from './email/email-channel';
import { MessagingChannels } from './messaging-channels';
import { MessagingConnections } from './messaging-connections';
import { MessagingOutbox } from './messaging-outbox';
import { PublicPushController } from './push/public-push.controller';
import { PushChannel } from './push/push-channel';
import { PushSubscriptions } from './push/push-subscriptions';
import { VapidKeys } from './push/vapid-keys';
import { SmsChannel } from './sms/sms-channel';

/** Campaigns, single sends, the consent ledger and the channels behind them (issue 55). Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule],
  controllers: [PublicPushController],
  providers: [MessagingConnections, MessagingOutbox, MessagingChannels, EmailChannel, SmsChannel, PushChannel, VapidKeys, PushSubscriptions],
})
export class MessagingModule {}
