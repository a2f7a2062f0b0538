import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { lazyServerSecret } from '../database/server-secrets';
import type { SqlExecutor } from '../database/sql-client';

const SECRET_NAME = 'person_ref';
const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Who the data is about: their email or phone, as the form gave it, or nothing to go by. */
export interface PersonIdentity {
  email?: string;
  phone?: string;
}

/** How an email is compared: one person whatever the case or surrounding spaces. */
export const normalisedEmail = (email: string): string => email.trim().toLowerCase();

/** How a phone number is compared: digits and a leading plus only, so `555 555-5555` and `5555555555` are one person. */
export const normalisedPhone = (phone: string): string => phone.replace(/[^\d+]/g, '');

/**
 * Seals personal data with a key of the person's own (DESIGN.md §3, crypto-shredding): events keep
 * only ciphertext and a keyed hash that names the key. Forgetting a person deletes their key, after
 * which every event about them stays unreadable, in replays too. The hash's key is a server secret,
 * so a leaked event log does not reveal whose data it holds by hashing guessed addresses.
 */
export class PersonalDataVault {
  private readonly refSecret: () => Promise<Buffer>;

  constructor(private readonly db: SqlExecutor) {
    this.refSecret = lazyServerSecret(db, SECRET_NAME);
  }

  /** Seals `data` for the person, making their key on first use. `fallback` names a person with no email or phone (one submission). */
  async seal(orgId: string, who: PersonIdentity, fallback: string, data: unknown): Promise<{ person: string; sealed: string }> {
    const person = await this.personRef(who, fallback);
    const fresh = randomBytes(32).toString('base64url');
    // Two first submissions at once agree on the key written first.
    await this.db.query('INSERT INTO person_keys (org_id, person, key) VALUES ($1, $2, $3) ON CONFLICT (org_id, person) DO NOTHING', [orgId, person, fresh]);
    const { rows } = await this.db.query<{ key: string }>('SELECT key FROM person_keys WHERE org_id = $1 AND person = $2', [orgId, person]);
    return { person, sealed: sealWith(Buffer.from(rows[0]!.key, 'base64url'), data) };
  }

  /** Deletes the person's key: whatever was sealed for them cannot be opened again. */
  async forget(orgId: string, who: PersonIdentity): Promise<void> {
    await this.db.query('DELETE FROM person_keys WHERE org_id = $1 AND person = $2', [orgId, await this.referenceOf(who)]);
  }

  /** Deletes the keys of people named by the references their events carry (a customer merged from several). */
  async forgetReferences(orgId: string, people: readonly string[]): Promise<void> {
    await this.db.query('DELETE FROM person_keys WHERE org_id = $1 AND person = ANY($2::text[])', [orgId, people]);
  }

  /** Whether the person named by a reference still has a key: a forgotten one has none. */
  async holdsKeyOf(orgId: string, person: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM person_keys WHERE org_id = $1 AND person = $2', [orgId, person]);
    return rows.length > 0;
  }

  /** The reference events carry for someone known by email or phone, to find what was recorded about them. */
  referenceOf(who: PersonIdentity): Promise<string> {
    return this.personRef(who, '');
  }

  private async personRef(who: PersonIdentity, fallback: string): Promise<string> {
    const identity = who.email ? `email:${normalisedEmail(who.email)}` : who.phone ? `phone:${normalisedPhone(who.phone)}` : `one:${fallback}`;
    return createHmac('sha256', await this.refSecret())
      .update(identity)
      .digest('base64url')
      .slice(0, 32);
  }
}

/**
 * Opens what `seal` sealed, in the caller's transaction (a projection's), for many people at once;
 * a person whose key was deleted gets undefined, and so does data sealed for another organisation.
 */
export async function openSealed(db: SqlExecutor, orgId: string, items: readonly { person: string; sealed: string }[]): Promise<unknown[]> {
  const people = [...new Set(items.map((item) => item.person))];
  const { rows } = await db.query<{ person: string; key: string }>('SELECT person, key FROM person_keys WHERE org_id = $1 AND person = ANY($2::text[])', [
    orgId,
    people,
  ]);
  const keys = new Map(rows.map((row) => [row.person, Buffer.from(row.key, 'base64url')]));
  return items.map(({ person, sealed }) => {
    const key = keys.get(person);
    return key && openWith(key, sealed);
  });
}

/** AES-256-GCM under `key`: the IV, the tag and the ciphertext of `data` as JSON, in one base64url string. */
export function sealWith(key: Buffer, data: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Undefined when the key is not the one it was sealed with: GCM's tag says so. */
export function openWith(key: Buffer, sealed: string): unknown {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv(CIPHER, key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'));
  } catch {
    return undefined;
  }
}
