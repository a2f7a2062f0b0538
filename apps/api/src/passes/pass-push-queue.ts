import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

const NAME = 'pass-updater';
/** How long a process holds a claimed push before another may take it: a killed process's claims wait this long. */
const LEASE_SECONDS = 30;
/** Backoff after a failed push, doubling from this up to an hour. */
const FIRST_RETRY_S = 5;

export interface ClaimedPush {
  pass_id: string;
  org_id: string;
  position: number;
  attempts: number;
}

/**
 * The pushes still to make (docs/decisions/032): one row per pass in wallet_pushes, however many
 * times it changed while waiting; and how far the updater has followed the passes read model's
 * tags, in wallet_reactions. Claims are leases taken with SKIP LOCKED, so each push goes out from
 * one API process; a row is deleted only if no newer change came while it was being pushed.
 */
@Injectable()
export class PassPushQueue {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  /** The last tag followed; a first start begins at `latest`, so history is not pushed again. */
  async followed(latest: () => Promise<number>): Promise<number> {
    const { rows } = await this.db.query<{ global_position: string | number }>('SELECT global_position FROM wallet_reactions WHERE name = $1', [NAME]);
    if (rows[0]) return Number(rows[0].global_position);
    const from = await latest();
    await this.db.query(
      `INSERT INTO wallet_reactions (name, transaction_id, global_position) VALUES ($1, pg_snapshot_xmin(pg_current_snapshot()), $2) ON CONFLICT (name) DO NOTHING`,
      [NAME, from],
    );
    return this.followed(latest);
  }

  /** Queues the changed passes and moves the followed tag past them, together. */
  async enqueue(changed: readonly { pass_id: string; org_id: string; update_tag: number }[]): Promise<void> {
    if (changed.length === 0) return;
    const last = Math.max(...changed.map((change) => change.update_tag));
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO wallet_pushes (pass_id, org_id, position)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::bigint[])
         ON CONFLICT (pass_id) DO UPDATE SET position = GREATEST(wallet_pushes.position, EXCLUDED.position), changed_at = now(), not_before = now(), attempts = 0`,
        [changed.map((change) => change.pass_id), changed.map((change) => change.org_id), changed.map((change) => change.update_tag)],
      );
      await tx.query('UPDATE wallet_reactions SET global_position = GREATEST(global_position, $2) WHERE name = $1', [NAME, last]);
    });
  }

  /** Due pushes no other process holds, leased to this one. */
  async claim(limit: number): Promise<ClaimedPush[]> {
    const { rows } = await this.db.query<{ pass_id: string; org_id: string; position: string | number; attempts: number }>(
      `UPDATE wallet_pushes SET lease_until = now() + $2::int * interval '1 second'
        WHERE pass_id IN (
          SELECT pass_id FROM wallet_pushes WHERE not_before <= now() AND (lease_until IS NULL OR lease_until < now())
           ORDER BY not_before LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING pass_id, org_id, position, attempts`,
      [limit, LEASE_SECONDS],
    );
    return rows.map((row) => ({ ...row, position: Number(row.position) }));
  }

  /** Done: the row goes unless a newer change moved its position meanwhile, which is then pushed too. */
  async done(push: ClaimedPush): Promise<void> {
    await this.db.query('DELETE FROM wallet_pushes WHERE pass_id = $1 AND position = $2', [push.pass_id, push.position]);
    await this.db.query('UPDATE wallet_pushes SET lease_until = NULL WHERE pass_id = $1', [push.pass_id]);
  }

  async failed(push: ClaimedPush, reason: string): Promise<void> {
    const delay = Math.min(3600, FIRST_RETRY_S * 2 ** push.attempts);
    await this.db.query(
      `UPDATE wallet_pushes SET attempts = attempts + 1, lease_until = NULL, last_error = $2, not_before = now() + $3::int * interval '1 second' WHERE pass_id = $1`,
      [push.pass_id, reason.slice(0, 500), delay],
    );
  }
}
