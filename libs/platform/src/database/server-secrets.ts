import { randomBytes } from 'node:crypto';
import type { SqlExecutor } from './sql-client';

/**
 * A secret the server makes for itself on first use and keeps in `server_secrets` (never in events
 * or logs), one per purpose. Two servers starting at once agree on the first one written.
 */
export async function serverSecret(db: SqlExecutor, name: string): Promise<Buffer> {
  await db.query('INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, randomBytes(32).toString('base64url')]);
  const { rows } = await db.query<{ secret: string }>('SELECT secret FROM server_secrets WHERE name = $1', [name]);
  return Buffer.from(rows[0]!.secret, 'base64url');
}

/** The secret of `name`, read once on first use and kept; a failed read is tried again on the next call. */
export function lazyServerSecret(db: SqlExecutor, name: string): () => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined;
  return () => {
    secret ??= serverSecret(db, name).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}
