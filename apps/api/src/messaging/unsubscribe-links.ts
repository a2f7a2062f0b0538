import { Inject, Injectable } from '@nestjs/common';
import type { MessagingChannel } from '@qr/contracts';
import type { Config } from '@qr/platform';
import { CONFIG } from '../infrastructure';

/** PLACEHOLDER for the email helper's branch: the integrator's signed links replace this file on merge. */
@Injectable()
export class UnsubscribeLinks {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  urlFor(orgId: string, channel: MessagingChannel, address: string): Promise<string> {
    return Promise.resolve(`${this.config.PUBLIC_URL}/unsubscribe?token=${this.tokenFor(orgId, channel, address)}`);
  }

  oneClickUrlFor(orgId: string, channel: MessagingChannel, address: string): Promise<string> {
    return Promise.resolve(`${this.config.PUBLIC_URL}/api/v1/public/messaging/unsubscribe?token=${this.tokenFor(orgId, channel, address)}`);
  }

  private tokenFor(orgId: string, channel: MessagingChannel, address: string): string {
    return Buffer.from([orgId, channel, address].join('\n'), 'utf8').toString('base64url');
  }
}
