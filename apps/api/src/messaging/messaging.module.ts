import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { OneTimeCodesModule } from '../one-time-codes/one-time-codes.module';
import { ConsentingAudience } from './consenting-audience';
import { EmailChannel } from './email/email-channel';
import { EmailQrController } from './email/email-qr.controller';
import { SendEmailQrHandler } from './email/email-qr.handlers';
import { EmailQrFiles } from './email/email-qr-files';
import { SmtpSender } from './email/smtp-sender';
import { MessagingChannels } from './messaging-channels';
import { MessagingConnections } from './messaging-connections';
import { MessagingOutbox } from './messaging-outbox';
import { PushChannel } from './push/push-channel';
import { SmsChannel } from './sms/sms-channel';
import { UnsubscribeLinks } from './unsubscribe-links';

/** Campaigns, single sends, the consent ledger and the channels behind them (issue 55). Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule, OneTimeCodesModule],
  controllers: [EmailQrController],
  providers: [
    MessagingConnections,
    MessagingOutbox,
    MessagingChannels,
    ConsentingAudience,
    UnsubscribeLinks,
    EmailChannel,
    EmailQrFiles,
    SmtpSender,
    SendEmailQrHandler,
    SmsChannel,
    PushChannel,
  ],
})
export class MessagingModule {}
