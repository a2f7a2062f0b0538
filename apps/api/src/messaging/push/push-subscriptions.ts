import { Inject, Injectable } from '@nestjs/common';
import type { PushSubscribeBody } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { codeNotFound, CodeReads } from '../../codes';
import { SQL_CLIENT } from '../../infrastructure';

/** A browser subscribed on one of an organisation's codes: where to push and the keys to encrypt for it (RFC 8291). */
export interface PushSubscriptionRow {
  endpoint: string;
  code_id: string;
  p256dh: string;
  auth: string;
}

/** A user agent is kept for the staff's delivery list ("Chrome on Android"), never longer than this. */
const MAX_USER_AGENT = 300;

/**
 * The browsers subscribed to an organisation's push notifications (messaging_push_subscriptions).
 * The endpoint is the key: a browser that subscribes again (new keys, another code) replaces its row.
 */
@Injectable()
export class PushSubscriptions {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly codes: CodeReads,
  ) {}

  /** On the code's organisation: the visitor's page names its code, never an organisation (404 code_not_found when deleted or unknown). */
  async subscribe({ code_id, subscription }: PushSubscribeBody, userAgent: string | undefined): Promise<void> {
    const code = await this.codes.live(code_id);
    if (!code) throw codeNotFound();
    await this.db.query(
      `INSERT INTO messaging_push_subscriptions (endpoint, org_id, code_id, p256dh, auth, user_agent) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (endpoint) DO UPDATE SET org_id = EXCLUDED.org_id, code_id = EXCLUDED.code_id, p256dh = EXCLUDED.p256dh,
         auth = EXCLUDED.auth, user_agent = EXCLUDED.user_agent, created_at = now()`,
      [subscription.endpoint, code.org_id, code_id, subscription.keys.p256dh, subscription.keys.auth, userAgent?.slice(0, MAX_USER_AGENT) ?? null],
    );
  }

  /** Gone whether it was there or not: a visitor's unsubscribe says nothing about who else subscribed. */
  async remove(endpoint: string): Promise<void> {
    await this.db.query('DELETE FROM messaging_push_subscriptions WHERE endpoint = $1', [endpoint]);
  }

  /** The organisation's subscriptions, on one code when given, oldest first. */
  async of(orgId: string, codeId: string | undefined): Promise<PushSubscriptionRow[]> {
    const { rows } = await this.db.query<PushSubscriptionRow>(
      `SELECT endpoint, code_id, p256dh, auth FROM messaging_push_subscriptions
       WHERE org_id = $1 AND ($2::text IS NULL OR code_id = $2) ORDER BY created_at, endpoint`,
      [orgId, codeId ?? null],
    );
    return rows;
  }

  async count(orgId: string, codeId: string | undefined): Promise<number> {
    const { rows } = await this.db.query<{ count: string | number }>(
      'SELECT count(*) AS count FROM messaging_push_subscriptions WHERE org_id = $1 AND ($2::text IS NULL OR code_id = $2)',
      [orgId, codeId ?? null],
    );
    return Number(rows[0]!.count);
  }

  /** The organisation's subscription at this endpoint, if it still is one. */
  async find(orgId: string, endpoint: string): Promise<PushSubscriptionRow | undefined> {
    const { rows } = await this.db.query<PushSubscriptionRow>(
      'SELECT endpoint, code_id, p256dh, auth FROM messaging_push_subscriptions WHERE org_id = $1 AND endpoint = $2',
      [orgId, endpoint],
    );
    return rows[0];
  }
}
