import { Inject, Injectable } from '@nestjs/common';
import { SmtpConnectionBody, TwilioConnectionBody, type ConnectionView, type MessagingProvider } from '@qr/contracts';
import { lazyServerSecret, openWith, sealWith, type SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';
import { ShortLivedCache } from '../short-lived-cache';

const SECRET_NAME = 'messaging_connections';
/** How long a process keeps an opened connection: a campaign sends thousands of messages through one. Another process sees a change this late. */
const SETTINGS_TTL_MS = 5_000;

export type SmtpSettings = Omit<SmtpConnectionBody, 'org_id'>;
export type TwilioSettings = Omit<TwilioConnectionBody, 'org_id'>;
interface SettingsOf {
  smtp: SmtpSettings;
  twilio: TwilioSettings;
}

const SETTINGS = { smtp: SmtpConnectionBody.omit({ org_id: true }), twilio: TwilioConnectionBody.omit({ org_id: true }) };

/** What the screens say while a provider is not connected: messages wait in the outbox meanwhile. */
const HINTS: Record<MessagingProvider, string> = {
  smtp: 'Emails go to the outbox until an SMTP server is connected: give its host, port, user, password and the address to send from.',
  twilio: 'Text messages go to the outbox until a Twilio account is connected: give its account SID, auth token and the number to send from.',
};

const summaryOf = <P extends MessagingProvider>(provider: P, settings: SettingsOf[P]): string =>
  provider === 'smtp'
    ? `${(settings as SmtpSettings).from} through ${(settings as SmtpSettings).host}:${(settings as SmtpSettings).port}`
    : `${(settings as TwilioSettings).from} on account ${(settings as TwilioSettings).account_sid}`;

/**
 * An organisation's provider credentials (docs/decisions/031): sealed with AES-256-GCM under a
 * server secret in messaging_connections, never in an event, a log or a view. A row that no longer
 * opens (the server secret was replaced) counts as not connected.
 */
@Injectable()
export class MessagingConnections {
  private readonly key: () => Promise<Buffer>;
  private readonly opened = new ShortLivedCache<unknown>(SETTINGS_TTL_MS);

  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {
    this.key = lazyServerSecret(db, SECRET_NAME);
  }

  settings<P extends MessagingProvider>(orgId: string, provider: P): Promise<SettingsOf[P] | undefined> {
    return this.opened.get(`${orgId}\n${provider}`, () => this.open(orgId, provider)) as Promise<SettingsOf[P] | undefined>;
  }

  private async open<P extends MessagingProvider>(orgId: string, provider: P): Promise<SettingsOf[P] | undefined> {
    const { rows } = await this.db.query<{ sealed: string }>('SELECT sealed FROM messaging_connections WHERE org_id = $1 AND provider = $2', [orgId, provider]);
    if (rows.length === 0) return undefined;
    const opened = openWith(await this.key(), rows[0]!.sealed);
    const parsed = SETTINGS[provider].safeParse(opened);
    return parsed.success ? (parsed.data as SettingsOf[P]) : undefined;
  }

  async connect<P extends MessagingProvider>(orgId: string, provider: P, settings: SettingsOf[P]): Promise<void> {
    await this.db.query(
      `INSERT INTO messaging_connections (org_id, provider, sealed, summary) VALUES ($1, $2, $3, $4)
       ON CONFLICT (org_id, provider) DO UPDATE SET sealed = EXCLUDED.sealed, summary = EXCLUDED.summary, updated_at = now()`,
      [orgId, provider, sealWith(await this.key(), settings), summaryOf(provider, settings)],
    );
    this.opened.forget(`${orgId}\n${provider}`);
  }

  async disconnect(orgId: string, provider: MessagingProvider): Promise<void> {
    await this.db.query('DELETE FROM messaging_connections WHERE org_id = $1 AND provider = $2', [orgId, provider]);
    this.opened.forget(`${orgId}\n${provider}`);
  }

  async views(orgId: string): Promise<ConnectionView[]> {
    const { rows } = await this.db.query<{ provider: MessagingProvider; summary: string; updated_at: Date }>(
      'SELECT provider, summary, updated_at FROM messaging_connections WHERE org_id = $1',
      [orgId],
    );
    const providers: MessagingProvider[] = ['smtp', 'twilio'];
    return providers.map((provider) => {
      const row = rows.find((candidate) => candidate.provider === provider);
      return {
        provider,
        connected: row !== undefined,
        summary: row?.summary ?? null,
        updated_at: row?.updated_at.toISOString() ?? null,
        hint: HINTS[provider],
      };
    });
  }
}
