import { randomBytes } from 'node:crypto';
import type { SqlExecutor } from './sql-client';

/**
 * A secret the server makes for itself on first use and keeps in `server_secrets` (never in events
 * or logs), one per purpose, as text `make` writes (a key pair, say). Two servers starting at once
 * agree on the first one written.
 */
export async function serverSecretText(db: SqlExecutor, name: string, make: () => string): Promise<string> {
  const read = () => db.query<{ secret: string }>('SELECT secret FROM server_secrets WHERE name = $1', [name]);
  const { rows } = await read();
  if (rows.length > 0) return rows[0]!.secret;
  await db.query('INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, make()]);
  return (await read()).rows[0]!.secret;
}

/** 32 random bytes made on first use and kept (see serverSecretText). */
export async function serverSecret(db: SqlExecutor, name: string): Promise<Buffer> {
  return Buffer.from(await serverSecretText(db, name, () => randomBytes(32).toString('base64url')), 'base64url');
}

/** The value `load` gives, loaded once on first use and kept; a failed load is tried again on the next call. */
export function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}

/** The secret of `name`, read once on first use and kept; a failed read is tried again on the next call. */
export function lazyServerSecret(db: SqlExecutor, name: string): () => Promise<Buffer> {
  return loadedOnce(() => serverSecret(db, name));
}
