import type { Provider } from '@nestjs/common';
import { BlobLinkSigner, openBlobStore, serverSecret, type Config, type SqlClient } from '@qr/platform';
import { CONFIG, SQL_CLIENT } from '../infrastructure';

export const BLOB_STORE = Symbol('BlobStore');

/** Where the API serves files of the local store to holders of a signed link. */
export const BLOB_LINK_PREFIX = '/api/v1/blobs';

/**
 * The key behind signed file links, one server secret per installation, so links survive restarts
 * and every server of one database accepts them.
 */
const KEY_NAME = 'blob_links';

export const blobStoreProviders: Provider[] = [
  {
    provide: BlobLinkSigner,
    inject: [SQL_CLIENT, CONFIG],
    useFactory: async (db: SqlClient, config: Config) => new BlobLinkSigner(await serverSecret(db, KEY_NAME), `${config.PUBLIC_URL}${BLOB_LINK_PREFIX}`),
  },
  {
    provide: BLOB_STORE,
    inject: [CONFIG, BlobLinkSigner],
    useFactory: (config: Config, links: BlobLinkSigner) => openBlobStore(config, links),
  },
];
