import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, PROMO_CHARSETS } from '@qr/contracts';
import { lazyServerSecret, openWith, sealWith, type SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

const SECRET_NAME = 'promo_master_keys';
/** Three groups of four: 31^12 (about 8·10^17) secrets, read aloud or typed at a till in a few seconds. */
const GROUPS = 3;
const GROUP_LENGTH = 4;
/** A fresh row of a version is a rotation in flight; an older one is left by an append that failed, and may be replaced. */
const IN_FLIGHT_MS = 60_000;

/**
 * How a typed secret is compared: what a phone's keyboard does to it (capitals, a trailing space,
 * full-width digits, the dashes or spaces between groups) does not matter.
 */
const comparable = (secret: string): Buffer => createHash('sha256').update(secret.normalize('NFKC').toUpperCase().replace(/[\s-]/g, '')).digest();

/** A drawn secret, from the charset without look-alikes (no 0/O, 1/I/L). */
export function drawMasterSecret(): string {
  const charset = PROMO_CHARSETS.alphanumeric;
  const group = () => Array.from({ length: GROUP_LENGTH }, () => charset[randomInt(charset.length)]).join('');
  return Array.from({ length: GROUPS }, group).join('-');
}

/**
 * The secrets of master promo keys, sealed with AES-256-GCM under a server secret in
 * promo_master_key_secrets, one row per version. Never in an event or a log: events carry the key
 * and the version. Which version is current is the promo_master_keys read model's (the key's stream).
 */
@Injectable()
export class PromoMasterKeySecrets {
  private readonly key: () => Promise<Buffer>;

  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {
    this.key = lazyServerSecret(db, SECRET_NAME);
  }

  /**
   * Keeps the secret of a version before its event is appended. Two rotations of one key at once
   * would both keep the same next version: the second hears 409 rather than replace the first's
   * secret; a row left by an append that failed is replaced once it is a minute old.
   */
  async keep(orgId: string, keyId: string, version: number, secret: string): Promise<void> {
    const sealed = sealWith(await this.key(), secret);
    const { rows } = await this.db.query(
      `INSERT INTO promo_master_key_secrets (key_id, org_id, version, sealed) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key_id, version) DO UPDATE SET org_id = EXCLUDED.org_id, sealed = EXCLUDED.sealed, created_at = now()
         WHERE promo_master_key_secrets.created_at < now() - $5::int * interval '1 millisecond'
       RETURNING 1`,
      [keyId, orgId, version, sealed, IN_FLIGHT_MS],
    );
    if (rows.length === 0) throw new DomainError('wrong_expected_version', 'Someone is rotating this key right now: reload it and try again.');
  }

  /** The current secret of each of the organisation's live keys among `keyIds`; a key without one is missing. */
  async current(orgId: string, keyIds: readonly string[]): Promise<Map<string, string>> {
    const { rows } = await this.db.query<{ key_id: string; sealed: string }>(
      `SELECT s.key_id, s.sealed FROM promo_master_key_secrets s
         JOIN promo_master_keys k ON k.key_id::text = s.key_id AND k.version = s.version AND k.org_id = s.org_id
        WHERE s.org_id = $1 AND s.key_id = ANY($2::text[]) AND k.status = 'live'`,
      [orgId, keyIds],
    );
    const key = await this.key();
    const secrets = new Map<string, string>();
    for (const row of rows) {
      const secret = openWith(key, row.sealed);
      if (typeof secret === 'string') secrets.set(row.key_id, secret);
    }
    return secrets;
  }

  /**
   * The key and version a typed secret unlocks: the organisation's live key, at its current
   * version only (a rotated-out secret unlocks nothing), compared in constant time so response
   * times do not tell how much of a guess was right. Null otherwise.
   */
  async matches(orgId: string, keyId: string, typedSecret: string): Promise<{ key_id: string; version: number } | null> {
    const { rows } = await this.db.query<{ version: number; sealed: string }>(
      `SELECT s.version, s.sealed FROM promo_master_key_secrets s
         JOIN promo_master_keys k ON k.key_id::text = s.key_id AND k.version = s.version AND k.org_id = s.org_id
        WHERE s.org_id = $1 AND s.key_id = $2 AND k.status = 'live'`,
      [orgId, keyId],
    );
    const row = rows[0];
    if (!row) return null;
    const secret = openWith(await this.key(), row.sealed);
    if (typeof secret !== 'string' || !timingSafeEqual(comparable(secret), comparable(typedSecret))) return null;
    return { key_id: keyId, version: Number(row.version) };
  }

  /** A deleted key's secrets serve nothing any more; the events keep its versions. */
  async forget(orgId: string, keyId: string): Promise<void> {
    await this.db.query('DELETE FROM promo_master_key_secrets WHERE org_id = $1 AND key_id = $2', [orgId, keyId]);
  }
}
