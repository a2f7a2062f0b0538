import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DELIVERY_STATUSES,
  type DeliveryCounts,
  type DeliveryListView,
  type DeliveryStatus,
  type ListDeliveriesQuery,
  type MessagingChannel,
} from '@qr/contracts';
import type { SqlClient, SqlExecutor } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';
import type { DeliveryOutcome, QueuedDelivery, Recipient } from './messaging-channel';

/** Attempts before a failure worth retrying counts as final. */
export const MAX_ATTEMPTS = 5;
/** Rows per INSERT of a campaign's recipients: one array parameter per column. */
const INSERT_CHUNK = 10_000;

/** An auto SMS a reactor queues: its key (rule and event) makes a second reaction to the event a no-op. */
export interface ReactionDelivery {
  key: string;
  rule_id: string;
  org_id: string;
  phone: string;
  text: string;
}

/** What a runner decided for a claimed delivery. */
export type Settled = { delivery_id: string } & (DeliveryOutcome | { status: 'opted_out'; reason: string });

/** A queue row as the contract shows it: rows waiting for their campaign, or being sent now, are queued. */
const shownStatus = (status: string): DeliveryStatus => ((DELIVERY_STATUSES as readonly string[]).includes(status) ? (status as DeliveryStatus) : 'queued');

/**
 * The delivery queue (docs/decisions/031): one row per message, claimed by lease with SKIP LOCKED
 * so that API processes never send the same row at once, settled when the provider has answered.
 * A campaign's rows are queued in one transaction, unique per recipient, and held until its start
 * is appended, so a restarted runner neither loses nor doubles a recipient.
 */
@Injectable()
export class DeliveryQueue {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  /** A single send, or a campaign's test (`campaign_id` names the campaign whose content it carries): queued at once. */
  async enqueueOne(orgId: string, channel: MessagingChannel, recipient: Recipient, options: { is_test?: boolean; campaign_id?: string } = {}): Promise<string> {
    const deliveryId = randomUUID();
    await this.db.query(
      `INSERT INTO messaging_deliveries (delivery_id, org_id, campaign_id, channel, recipient_key, recipient, name, fields, status, is_test)
       VALUES ($1::uuid, $2, $3, $4, $1::text, $5, $6, $7, 'queued', $8)`,
      [deliveryId, orgId, options.campaign_id ?? null, channel, recipient.address, recipient.name, JSON.stringify(recipient.fields), options.is_test ?? false],
    );
    return deliveryId;
  }

  /** Auto SMS, in the reactor's transaction with its checkpoint; each counted on its rule once queued. */
  async enqueueReactions(tx: SqlExecutor, reactions: readonly ReactionDelivery[]): Promise<void> {
    for (const reaction of reactions) {
      const { rows } = await tx.query(
        `INSERT INTO messaging_deliveries (delivery_id, org_id, channel, recipient_key, recipient, fields, status)
         VALUES (gen_random_uuid(), $1, 'sms', $2, $3, $4, 'queued') ON CONFLICT DO NOTHING RETURNING 1`,
        [reaction.org_id, reaction.key, reaction.phone, JSON.stringify({ phone: reaction.phone, text: reaction.text })],
      );
      if (rows.length > 0) await tx.query('UPDATE messaging_auto_sms SET sent = sent + 1 WHERE rule_id = $1', [reaction.rule_id]);
    }
  }

  /**
   * Queues a campaign's recipients, held, unless a start that was interrupted queued them already:
   * the one-time code of ordinal N is recipient N's, so the first list stands. Returns how many are queued.
   */
  async enqueueCampaign(orgId: string, campaignId: string, channel: MessagingChannel, recipients: () => Promise<Recipient[]>): Promise<number> {
    const queued = await this.countOf(this.db, campaignId);
    if (queued > 0) return queued;
    // Worked out before the transaction: PGlite's one connection is the transaction's until it ends.
    const list = await recipients();
    return this.db.transaction(async (tx) => {
      // Two runners starting one campaign take turns here; the second finds the first's rows.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [campaignId]);
      const queuedMeanwhile = await this.countOf(tx, campaignId);
      if (queuedMeanwhile > 0) return queuedMeanwhile;
      for (let start = 0; start < list.length; start += INSERT_CHUNK) {
        const chunk = list.slice(start, start + INSERT_CHUNK);
        await tx.query(
          `INSERT INTO messaging_deliveries (delivery_id, org_id, campaign_id, channel, recipient_key, recipient, ordinal, name, fields, status)
           SELECT gen_random_uuid(), $1, $2::uuid, $3, address, address, $4::int + n::int - 1, name, fields::jsonb, 'held'
             FROM unnest($5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS r(address, name, fields, n)
           ON CONFLICT DO NOTHING`,
          [
            orgId,
            campaignId,
            channel,
            start,
            chunk.map((recipient) => recipient.address),
            chunk.map((recipient) => recipient.name),
            chunk.map((recipient) => JSON.stringify(recipient.fields)),
          ],
        );
      }
      return list.length;
    });
  }

  /** Lets a started campaign's held rows be claimed. */
  async release(campaignId: string): Promise<void> {
    await this.db.query(`UPDATE messaging_deliveries SET status = 'queued', updated_at = now() WHERE campaign_id = $1 AND status = 'held'`, [campaignId]);
  }

  /** Drops the held rows of a campaign that was cancelled before its start was appended. */
  async discard(campaignId: string): Promise<void> {
    await this.db.query(`DELETE FROM messaging_deliveries WHERE campaign_id = $1 AND status = 'held'`, [campaignId]);
  }

  /**
   * Claims up to `limit` due rows for `runner`: queued ones whose time has come, and ones whose
   * lease ran out (a runner that died mid-send). `reclaimAll` takes every leased row back: at the
   * embedded default's start, when no other process can be sending.
   */
  async claim(runner: string, limit: number, leaseSeconds: number, reclaimAll = false): Promise<QueuedDelivery[]> {
    const { rows } = await this.db.query<QueuedDelivery>(
      `UPDATE messaging_deliveries d SET status = 'sending', runner = $1, lease_until = now() + $3::int * interval '1 second', attempts = d.attempts + 1, updated_at = now()
        WHERE d.delivery_id IN (
          SELECT delivery_id FROM messaging_deliveries
           WHERE (status = 'queued' AND not_before <= now()) OR (status = 'sending' AND ($4::boolean OR lease_until < now()))
           ORDER BY not_before, ordinal LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING d.delivery_id, d.org_id, d.campaign_id, d.channel, d.recipient, d.name, d.fields, d.ordinal, d.attempts, d.is_test`,
      [runner, limit, leaseSeconds, reclaimAll],
    );
    return rows.sort((a, b) => a.ordinal - b.ordinal);
  }

  /**
   * Records what became of claimed rows in one statement, only where `runner` still holds them: a
   * row whose lease ran out and that another runner took is that runner's to settle. A failure
   * worth retrying goes back to the queue with a growing wait, until MAX_ATTEMPTS.
   */
  async settle(runner: string, settled: readonly Settled[]): Promise<void> {
    if (settled.length === 0) return;
    const statusOf = (item: Settled) => (item.status === 'failed' && item.retry ? 'retry' : item.status);
    await this.db.query(
      `UPDATE messaging_deliveries d SET
          status = CASE WHEN s.status = 'retry' AND d.attempts < $5 THEN 'queued' WHEN s.status = 'retry' THEN 'failed' ELSE s.status END,
          -- The waits before attempts 2 to 5: a provider's hiccup, then its outage.
          not_before = CASE WHEN s.status = 'retry' THEN now() + (CASE d.attempts WHEN 1 THEN 10 WHEN 2 THEN 60 WHEN 3 THEN 300 ELSE 1800 END) * interval '1 second' ELSE d.not_before END,
          reason = s.reason, provider_id = COALESCE(s.provider_id, d.provider_id), lease_until = NULL, updated_at = now()
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS s(delivery_id, status, reason, provider_id)
        WHERE d.delivery_id = s.delivery_id AND d.runner = $6 AND d.status = 'sending'`,
      [
        settled.map((item) => item.delivery_id),
        settled.map(statusOf),
        settled.map((item) => (item.status === 'sent' ? null : item.reason)),
        settled.map((item) => (item.status === 'sent' ? item.provider_id : null)),
        MAX_ATTEMPTS,
        runner,
      ],
    );
  }

  /** A provider's report that one of the organisation's sent messages arrived (a delivery receipt), or did not. */
  async delivered(orgId: string, providerId: string, status: 'delivered' | 'failed', reason: string | null): Promise<void> {
    await this.db.query(
      `UPDATE messaging_deliveries SET status = $3, reason = $4, updated_at = now() WHERE org_id = $1 AND provider_id = $2 AND status IN ('sent', 'delivered')`,
      [orgId, providerId, status, reason],
    );
  }

  async one(deliveryId: string): Promise<{ status: DeliveryStatus; reason: string | null; outbox: boolean } | null> {
    const { rows } = await this.db.query<{ status: string; reason: string | null; provider_id: string | null }>(
      'SELECT status, reason, provider_id FROM messaging_deliveries WHERE delivery_id = $1',
      [deliveryId],
    );
    const row = rows[0];
    return row ? { status: shownStatus(row.status), reason: row.reason, outbox: row.status === 'sent' && row.provider_id === null } : null;
  }

  async counts(campaignIds: readonly string[]): Promise<Map<string, DeliveryCounts>> {
    const { rows } = await this.db.query<{ campaign_id: string; status: string; n: string | number }>(
      `SELECT campaign_id, status, count(*) AS n FROM messaging_deliveries WHERE campaign_id = ANY($1::uuid[]) AND NOT is_test GROUP BY campaign_id, status`,
      [campaignIds],
    );
    const counts = new Map<string, DeliveryCounts>();
    for (const id of campaignIds) counts.set(id, Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, 0])) as DeliveryCounts);
    for (const row of rows) counts.get(row.campaign_id)![shownStatus(row.status)] += Number(row.n);
    return counts;
  }

  /** Whether every row of the campaign is settled for good (sent, delivered, failed or opted out). */
  async finished(campaignId: string): Promise<boolean> {
    const { rows } = await this.db.query(`SELECT 1 FROM messaging_deliveries WHERE campaign_id = $1 AND status IN ('held', 'queued', 'sending') LIMIT 1`, [
      campaignId,
    ]);
    return rows.length === 0;
  }

  async list(campaignId: string, query: ListDeliveriesQuery): Promise<DeliveryListView> {
    const statuses = query.status === undefined ? null : query.status === 'queued' ? ['held', 'queued', 'sending'] : [query.status];
    const { rows } = await this.db.query<{
      recipient: string;
      name: string | null;
      status: string;
      reason: string | null;
      provider_id: string | null;
      updated_at: Date;
      total: string;
    }>(
      `SELECT recipient, name, status, reason, provider_id, updated_at, count(*) OVER () AS total FROM messaging_deliveries
        WHERE campaign_id = $1 AND NOT is_test AND ($2::text[] IS NULL OR status = ANY($2::text[]))
        ORDER BY ordinal LIMIT $3 OFFSET $4`,
      [campaignId, statuses, query.per_page, (query.page - 1) * query.per_page],
    );
    return {
      items: rows.map((row) => ({
        recipient: row.recipient,
        name: row.name,
        status: shownStatus(row.status),
        reason: row.reason,
        provider_id: row.provider_id,
        updated_at: row.updated_at.toISOString(),
      })),
      page: query.page,
      per_page: query.per_page,
      total: Number(rows[0]?.total ?? 0),
    };
  }

  private async countOf(tx: SqlExecutor, campaignId: string): Promise<number> {
    const { rows } = await tx.query<{ n: string | number }>('SELECT count(*) AS n FROM messaging_deliveries WHERE campaign_id = $1', [campaignId]);
    return Number(rows[0]?.n ?? 0);
  }
}
