import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

const KEY_PREFIX = 'qrk_';
/** `qrk_<key_id>_<secret>`: the key id is a UUID (no underscore), the secret base64url (may hold one). */
const API_KEY = /^qrk_([0-9a-f-]{36})_([\w-]{43})$/;

export interface DrawnSecret {
  /** What the caller is shown once and sends as `Authorization: Bearer …`. */
  apiKey: string;
  /** The non-secret start of the key, recorded in the event to tell keys apart. */
  prefix: string;
  /** What is kept instead of the secret. */
  secretHash: string;
}

export interface ApiKeyOwner {
  key_id: string;
  org_id: string;
}

const sha256 = (secret: string): Buffer => createHash('sha256').update(secret).digest();

/** Draws API key secrets and checks presented ones against their stored hashes. */
@Injectable()
export class ApiKeySecrets {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  static looksLikeApiKey(token: string): boolean {
    return token.startsWith(KEY_PREFIX);
  }

  static draw(keyId: string): DrawnSecret {
    const secret = randomBytes(32).toString('base64url');
    return { apiKey: `${KEY_PREFIX}${keyId}_${secret}`, prefix: `${KEY_PREFIX}${keyId.slice(0, 8)}`, secretHash: sha256(secret).toString('hex') };
  }

  async keep(keyId: string, orgId: string, secretHash: string): Promise<void> {
    await this.db.query('INSERT INTO api_key_secrets (key_id, org_id, secret_hash) VALUES ($1, $2, $3)', [keyId, orgId, secretHash]);
  }

  /** The key's id and organisation when the secret matches a key that is not revoked; otherwise undefined. */
  async verify(apiKey: string): Promise<ApiKeyOwner | undefined> {
    const match = API_KEY.exec(apiKey);
    if (!match) return undefined;
    const [, keyId = '', secret = ''] = match;
    // The api_keys read model says whether it is revoked; commands wait for it, so it is never stale here.
    const { rows } = await this.db.query<{ org_id: string; secret_hash: string }>(
      `SELECT s.org_id, s.secret_hash FROM api_key_secrets s JOIN api_keys k ON k.key_id = s.key_id AND k.org_id = s.org_id
        WHERE s.key_id = $1 AND k.revoked_at IS NULL`,
      [keyId],
    );
    const row = rows[0];
    // Compared in constant time so response times do not reveal how much of a guess was right.
    if (!row || !timingSafeEqual(Buffer.from(row.secret_hash, 'hex'), sha256(secret))) return undefined;
    return { key_id: keyId, org_id: row.org_id };
  }
}
