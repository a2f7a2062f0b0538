import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type MessagingChannel } from '@qr/contracts';
import { lazyServerSecret, type Config, type SqlClient } from '@qr/platform';
import { CONFIG, SQL_CLIENT } from '../infrastructure';
import type { AddressedChannel } from './consent-ledger';

const SECRET_NAME = 'messaging_unsubscribe';
/** Enough of the HMAC that a forged link is hopeless (2^128 tries), short enough for a footer. */
const MAC_BYTES = 16;

export interface UnsubscribeSubject {
  orgId: string;
  channel: AddressedChannel;
  address: string;
}

const invalid = () =>
  new DomainError('messaging_unsubscribe_invalid', 'This unsubscribe link is not one this server made: use the link in the message as it came.');

/**
 * Links that withdraw one address's consent (issue 55): the token names the organisation, the
 * channel and the address, signed with a server secret, so a link works without a sign-in and
 * cannot be changed to unsubscribe someone else. The visible link opens a page that asks to confirm
 * (mail scanners follow links); the `List-Unsubscribe` link takes RFC 8058's one-click POST.
 */
@Injectable()
export class UnsubscribeLinks {
  private readonly key: () => Promise<Buffer>;

  constructor(
    @Inject(SQL_CLIENT) db: SqlClient,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.key = lazyServerSecret(db, SECRET_NAME);
  }

  /** The page a message's footer links to. */
  async urlFor(orgId: string, channel: MessagingChannel, address: string): Promise<string> {
    return `${this.config.PUBLIC_URL}/unsubscribe?token=${await this.tokenFor(orgId, channel, address)}`;
  }

  /** The `List-Unsubscribe` address: a POST of `List-Unsubscribe=One-Click` there withdraws consent at once. */
  async oneClickUrlFor(orgId: string, channel: MessagingChannel, address: string): Promise<string> {
    return `${this.config.PUBLIC_URL}/api/v1/public/messaging/unsubscribe?token=${await this.tokenFor(orgId, channel, address)}`;
  }

  async open(token: string): Promise<UnsubscribeSubject> {
    const [body, mac] = token.split('.');
    if (!body || !mac) throw invalid();
    const expected = await this.mac(body);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    const [orgId, channel, address] = Buffer.from(body, 'base64url').toString('utf8').split('\n');
    if (!orgId || (channel !== 'email' && channel !== 'sms') || !address) throw invalid();
    return { orgId, channel, address };
  }

  private async tokenFor(orgId: string, channel: MessagingChannel, address: string): Promise<string> {
    const body = Buffer.from([orgId, channel, address].join('\n'), 'utf8').toString('base64url');
    return `${body}.${(await this.mac(body)).toString('base64url')}`;
  }

  private async mac(body: string): Promise<Buffer> {
    return createHmac('sha256', await this.key())
      .update(body)
      .digest()
      .subarray(0, MAC_BYTES);
  }
}
