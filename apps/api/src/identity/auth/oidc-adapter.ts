import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { SqlClient } from '@qr/platform';

interface PayloadRow {
  payload: AdapterPayload;
  consumed: number | null;
}

const SELECT_LIVE = `SELECT payload, extract(epoch FROM consumed_at)::bigint AS consumed FROM oidc_payloads
  WHERE kind = $1 AND (expires_at IS NULL OR expires_at > now())`;

/**
 * oidc-provider's storage on our SqlClient, so sessions, codes and refresh tokens live in the same
 * database on PGlite and PostgreSQL and survive a restart. One adapter per model kind (Session,
 * Interaction, Grant, AuthorizationCode, RefreshToken…), all in one table keyed by kind and id.
 * Expired rows are invisible at once and deleted later by `ExpiredOidcPayloadSweeper`.
 */
export class SqlOidcAdapter implements Adapter {
  constructor(
    private readonly db: SqlClient,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await this.db.query(
      `INSERT INTO oidc_payloads (kind, id, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, now() + make_interval(secs => $7::int))
       ON CONFLICT (kind, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
         user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
      [this.kind, id, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresIn ?? null],
    );
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findOne(`${SELECT_LIVE} AND id = $2`, id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findOne(`${SELECT_LIVE} AND uid = $2`, uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findOne(`${SELECT_LIVE} AND user_code = $2`, userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db.query('UPDATE oidc_payloads SET consumed_at = now() WHERE kind = $1 AND id = $2', [this.kind, id]);
  }

  async destroy(id: string): Promise<void> {
    await this.db.query('DELETE FROM oidc_payloads WHERE kind = $1 AND id = $2', [this.kind, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.query('DELETE FROM oidc_payloads WHERE kind = $1 AND grant_id = $2', [this.kind, grantId]);
  }

  private async findOne(sql: string, value: string): Promise<AdapterPayload | undefined> {
    const { rows } = await this.db.query<PayloadRow>(`${sql} LIMIT 1`, [this.kind, value]);
    const row = rows[0];
    if (!row) return undefined;
    // oidc-provider reads `consumed` (epoch seconds) to refuse a second use of a code or token.
    return row.consumed === null ? row.payload : { ...row.payload, consumed: Number(row.consumed) };
  }
}
