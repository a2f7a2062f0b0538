import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { MessagingChannel, OutboxListView, OutboxQuery } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

/** A message as a channel composed it, ready for a provider or the outbox. */
export interface ComposedMessage {
  channel: MessagingChannel;
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  attachments: readonly { filename: string; content_type: string; content: Buffer; cid?: string }[];
}

/**
 * Where messages go while no provider is connected (DESIGN.md §2): kept for the admin to read, an
 * email's inline images as data: URLs so that its preview shows what the recipient would see.
 */
@Injectable()
export class MessagingOutbox {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  async keep(orgId: string, message: ComposedMessage, from: { campaign_id: string | null; delivery_id: string | null }): Promise<string> {
    const messageId = randomUUID();
    let html = message.html;
    for (const attachment of message.attachments) {
      if (html && attachment.cid)
        html = html.replaceAll(`cid:${attachment.cid}`, `data:${attachment.content_type};base64,${attachment.content.toString('base64')}`);
    }
    const attachments = message.attachments.map(({ filename, content_type, content }) => ({ filename, content_type, size: content.length }));
    await this.db.query(
      `INSERT INTO messaging_outbox (message_id, org_id, channel, recipient, subject, text, html, attachments, campaign_id, delivery_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        messageId,
        orgId,
        message.channel,
        message.recipient,
        message.subject,
        message.text,
        html,
        JSON.stringify(attachments),
        from.campaign_id,
        from.delivery_id,
      ],
    );
    return messageId;
  }

  async list(query: OutboxQuery): Promise<OutboxListView> {
    const { org_id, channel, page, per_page } = query;
    const { rows } = await this.db.query<{
      message_id: string;
      channel: MessagingChannel;
      recipient: string;
      subject: string | null;
      text: string;
      html: string | null;
      attachments: { filename: string; content_type: string; size: number }[];
      campaign_id: string | null;
      created_at: Date;
      total: string;
    }>(
      `SELECT message_id, channel, recipient, subject, text, html, attachments, campaign_id, created_at, count(*) OVER () AS total
         FROM messaging_outbox WHERE org_id = $1 AND ($2::text IS NULL OR channel = $2)
        ORDER BY created_at DESC, message_id LIMIT $3 OFFSET $4`,
      [org_id, channel ?? null, per_page, (page - 1) * per_page],
    );
    return {
      items: rows.map(({ total: _total, created_at, ...row }) => ({ ...row, created_at: created_at.toISOString() })),
      page,
      per_page,
      total: Number(rows[0]?.total ?? 0),
    };
  }
}
