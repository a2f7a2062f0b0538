import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { DeliveryOutcome } from '../messaging-channel';
import type { SmtpSettings } from '../messaging-connections';
import type { ComposedEmail } from './email-message';

/** Connections one organisation's pool opens to its server at most: enough to keep a rate of 20 a second going. */
const MAX_CONNECTIONS = 5;
/** How long a server may take to answer before the message counts as not handed over (and is retried). */
const TIMEOUT_MS = 30_000;

interface Pool {
  /** The settings it was made with: a change (a new password, another server) makes a new pool. */
  key: string;
  transporter: Transporter<SMTPPool.SentMessageInfo>;
}

/** What nodemailer's errors carry: the server's reply and its code, or a socket's error code. */
interface SmtpError extends Error {
  responseCode?: number;
  response?: string;
}

/**
 * SMTP hand-over, one pooled, rate-limited transporter per organisation (nodemailer's `pool`):
 * kept until the organisation's connection settings change, so a campaign reuses connections
 * rather than opening one per message. `rate_per_second` is the pool's `rateLimit` per second,
 * shared by its connections.
 */
@Injectable()
export class SmtpSender implements OnModuleDestroy {
  private readonly pools = new Map<string, Pool>();

  async send(orgId: string, settings: SmtpSettings, email: ComposedEmail): Promise<DeliveryOutcome> {
    try {
      const info = await this.poolOf(orgId, settings).sendMail({
        from: settings.from_name ? { name: settings.from_name, address: settings.from } : settings.from,
        to: email.recipient,
        subject: email.subject ?? '',
        text: email.text,
        html: email.html ?? undefined,
        messageId: email.message_id,
        headers: email.headers,
        attachments: email.attachments.map(({ filename, content_type, content, cid }) => ({
          filename,
          contentType: content_type,
          content,
          ...(cid ? { cid, contentDisposition: 'inline' as const } : {}),
        })),
      });
      return { status: 'sent', provider_id: info.messageId, outbox: false };
    } catch (error) {
      return failureOf(error as SmtpError);
    }
  }

  onModuleDestroy(): void {
    for (const pool of this.pools.values()) pool.transporter.close();
    this.pools.clear();
  }

  private poolOf(orgId: string, settings: SmtpSettings): Transporter<SMTPPool.SentMessageInfo> {
    const key = JSON.stringify(settings);
    const cached = this.pools.get(orgId);
    if (cached?.key === key) return cached.transporter;
    cached?.transporter.close();
    const transporter = createTransport({
      pool: true,
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      ...(settings.user ? { auth: { user: settings.user, pass: settings.password } } : {}),
      maxConnections: MAX_CONNECTIONS,
      rateDelta: 1000,
      rateLimit: settings.rate_per_second,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
    this.pools.set(orgId, { key, transporter });
    return transporter;
  }
}

/**
 * A 5xx reply is the server's final word on this message (a bounced address, a refused sender):
 * sending it again gets the same. A 4xx reply (greylisting, a full mailbox, a rate limit) or no
 * reply at all (a refused or dropped connection, a timeout) may pass later (RFC 5321 §4.2.1).
 */
function failureOf(error: SmtpError): DeliveryOutcome {
  const reason = error.response ?? error.message;
  if (error.responseCode !== undefined && error.responseCode >= 500) return { status: 'failed', reason, retry: false };
  return { status: 'failed', reason, retry: true };
}
