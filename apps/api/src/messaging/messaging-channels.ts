import { Injectable } from '@nestjs/common';
import type { MessagingChannel } from '@qr/contracts';
import { EmailChannel } from './email/email-channel';
import type { MessagingChannelPort } from './messaging-channel';
import { PushChannel } from './push/push-channel';
import { SmsChannel } from './sms/sms-channel';

/** The three channels the delivery runner sends through, by name. */
@Injectable()
export class MessagingChannels {
  private readonly byChannel: Record<MessagingChannel, MessagingChannelPort>;

  constructor(email: EmailChannel, sms: SmsChannel, push: PushChannel) {
    this.byChannel = { email, sms, push };
  }

  of(channel: MessagingChannel): MessagingChannelPort {
    return this.byChannel[channel];
  }
}
