import { randomBytes } from 'node:crypto';
import type { Provider } from '@nestjs/common';
import { BlobLinkSigner, openBlobStore, type Config, type SqlClient } from '@qr/platform';
import { CONFIG, SQL_CLIENT } from '../infrastructure';

export const BLOB_STORE = Symbol('BlobStore');

/** Where the API serves files of the local store to holders of a signed link. */
export const BLOB_LINK_PREFIX = '/api/v1/blobs';
const KEY_NAME = 'blob_links';

/**
 * The key behind signed file links, made once per installation in `server_secrets` (never in an
 * event or a log), so links survive restarts and every server of one database accepts them.
 * Two servers starting at once agree on the first one written.
 */
async function loadBlobLinkKey(db: SqlClient): Promise<Buffer> {
  await db.query('INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [KEY_NAME, randomBytes(32).toString('base64url')]);
  const { rows } = await db.query<{ secret: string }>('SELECT secret FROM server_secrets WHERE name = $1', [KEY_NAME]);
  return Buffer.from(rows[0]!.secret, 'base64url');
}

export const blobStoreProviders: Provider[] = [
  {
    provide: BlobLinkSigner,
    inject: [SQL_CLIENT, CONFIG],
    useFactory: async (db: SqlClient, config: Config) => new BlobLinkSigner(await loadBlobLinkKey(db), `${config.PUBLIC_URL}${BLOB_LINK_PREFIX}`),
  },
  {
    provide: BLOB_STORE,
    inject: [CONFIG, BlobLinkSigner],
    useFactory: (config: Config, links: BlobLinkSigner) => openBlobStore(config, links),
  },
];
