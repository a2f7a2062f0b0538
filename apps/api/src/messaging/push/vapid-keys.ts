import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { loadedOnce, serverSecretText, type Config, type SqlClient } from '@qr/platform';
import webpush, { type VapidKeys as VapidKeyPair } from 'web-push';
import { CONFIG, SQL_CLIENT } from '../../infrastructure';

const SECRET_NAME = 'messaging_vapid_keys';

/** What web-push signs each request's VAPID header with (RFC 8292). */
export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * RFC 8292 asks for a contact as `mailto:` or an https URL; push services refuse anything else (web-push
 * throws on it), and a development server on http://localhost has neither, so it gets a mailto at its host.
 */
export const vapidSubjectOf = (publicUrl: string): string => {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' && url.hostname !== 'localhost' ? url.origin : `mailto:push@${url.hostname}`;
};

/**
 * The server's own VAPID key pair (RFC 8292), made at the first start and kept in server_secrets:
 * every browser subscribed with its public key, so it must outlive restarts and be the same on
 * every API process. The private key leaves this class only into web-push's signer, never into an
 * event, a log or a view.
 */
@Injectable()
export class VapidKeys implements OnModuleInit {
  private readonly keys: () => Promise<VapidKeyPair>;

  constructor(
    @Inject(SQL_CLIENT) db: SqlClient,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.keys = loadedOnce(async () => JSON.parse(await serverSecretText(db, SECRET_NAME, () => JSON.stringify(webpush.generateVAPIDKeys()))) as VapidKeyPair);
  }

  async onModuleInit(): Promise<void> {
    await this.keys();
  }

  /** The key browsers subscribe with (`applicationServerKey`), base64url as web-push gives it. */
  async publicKey(): Promise<string> {
    return (await this.keys()).publicKey;
  }

  async details(): Promise<VapidDetails> {
    const { publicKey, privateKey } = await this.keys();
    return { subject: vapidSubjectOf(this.config.PUBLIC_URL), publicKey, privateKey };
  }
}
