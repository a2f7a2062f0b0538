import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { CustomersModule } from '../customers/customers.module';
import { IdentityModule } from '../identity/identity.module';
import { LoyaltyReadsModule } from '../loyalty/loyalty-reads.module';
import { OneTimeCodesModule } from '../one-time-codes/one-time-codes.module';
import { AutoSmsReactor } from './auto-sms-reactor';
import { CampaignReads } from './campaign-reads';
import { CampaignsController } from './campaigns.controller';
import {
  CancelCampaignHandler,
  CreateCampaignHandler,
  DraftInvitationHandler,
  LaunchCampaignHandler,
  ScheduleCampaignHandler,
  TestCampaignHandler,
  UpdateCampaignHandler,
} from './campaigns.handlers';
import { GetCampaignHandler, ListCampaignsHandler, ListDeliveriesHandler, PreviewAudienceHandler } from './campaigns.queries';
import { ConsentLedger } from './consent-ledger';
import { ConsentingAudience } from './consenting-audience';
import { DeliveryQueue } from './delivery-queue';
import { DeliveryRunner } from './delivery-runner';
import { EmailChannel } from './email/email-channel';
import { EmailQrController } from './email/email-qr.controller';
import { SendEmailQrHandler } from './email/email-qr.handlers';
import { EmailQrFiles } from './email/email-qr-files';
import { SmtpSender } from './email/smtp-sender';
import { MessagingChannels } from './messaging-channels';
import { MessagingConnections } from './messaging-connections';
import { MessagingOutbox } from './messaging-outbox';
import { MessagingSettingsController } from './messaging-settings.controller';
import { ChangeConnectionHandler, GetConnectionsHandler, GetConsentHandler, ListOutboxHandler, RecordConsentHandler } from './messaging-settings.handlers';
import { PublicUnsubscribeController } from './public-unsubscribe.controller';
import { PublicPushController } from './push/public-push.controller';
import { PushController } from './push/push.controller';
import { PushChannel } from './push/push-channel';
import { AutoSms } from './sms/auto-sms';
import { SmsAccess } from './sms/sms-access';
import { SmsCampaignKeys } from './sms/sms-campaign-keys';
import { PushSubscriptions } from './push/push-subscriptions';
import { SendPushHandler } from './push/send-push.handler';
import { VapidKeys } from './push/vapid-keys';
import { SmsChannel } from './sms/sms-channel';
import { SmsInbound } from './sms/sms-inbound';
import { SmsInboundController } from './sms/sms-inbound.controller';
import { SmsNumbers } from './sms/sms-numbers';
import { SmsSends } from './sms/sms-sends';
import { SmsVerification } from './sms/sms-verification';
import { SmsController } from './sms/sms.controller';
import { TwilioClients } from './sms/twilio-clients';
import { UnsubscribeLinks } from './unsubscribe-links';

/** Campaigns, single sends, the consent ledger and the channels behind them (issue 55). Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule, OneTimeCodesModule, CustomersModule, LoyaltyReadsModule],
  controllers: [
    CampaignsController,
    MessagingSettingsController,
    PublicUnsubscribeController,
    EmailQrController,
    SmsController,
    SmsInboundController,
    PublicPushController,
    PushController,
  ],
  providers: [
    MessagingConnections,
    MessagingOutbox,
    MessagingChannels,
    EmailChannel,
    EmailQrFiles,
    SmtpSender,
    SmsChannel,
    PushChannel,
    // Web push: the server's VAPID keys and the browsers subscribed on the organisation's pages.
    VapidKeys,
    PushSubscriptions,
    SendPushHandler,
    // The ledger, audiences and the queue with its runner.
    ConsentLedger,
    ConsentingAudience,
    UnsubscribeLinks,
    DeliveryQueue,
    DeliveryRunner,
    AutoSmsReactor,
    CampaignReads,
    // Campaigns.
    CreateCampaignHandler,
    UpdateCampaignHandler,
    ScheduleCampaignHandler,
    CancelCampaignHandler,
    TestCampaignHandler,
    DraftInvitationHandler,
    LaunchCampaignHandler,
    GetCampaignHandler,
    ListCampaignsHandler,
    ListDeliveriesHandler,
    PreviewAudienceHandler,
    // Connections, the outbox and consent by address.
    ChangeConnectionHandler,
    GetConnectionsHandler,
    ListOutboxHandler,
    GetConsentHandler,
    RecordConsentHandler,
    // Single sends.
    SendEmailQrHandler,
    // SMS: Twilio, keywords, auto SMS, numbers, verification and the webhooks.
    TwilioClients,
    SmsAccess,
    SmsSends,
    SmsCampaignKeys,
    AutoSms,
    SmsNumbers,
    SmsVerification,
    SmsInbound,
  ],
})
export class MessagingModule {}
