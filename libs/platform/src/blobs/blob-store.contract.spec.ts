import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobLinkSigner } from './blob-link-signer';
import type { BlobRef, BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

interface StoreUnderTest {
  name: string;
  open(): { store: BlobStore; close(): void };
  /** What the store's signed URL answers when fetched: the adapter-specific half of the link contract. */
  follow(url: string, store: BlobStore): Promise<Buffer | 'refused'>;
}

const BASE_URL = 'http://files.test/api/v1/blobs';

/** The local store's links are served by the API: following one is checking it with the same signer. */
function localStore(): StoreUnderTest {
  const signer = new BlobLinkSigner(randomBytes(32), BASE_URL);
  return {
    name: 'local directory',
    open: () => {
      const directory = mkdtempSync(join(tmpdir(), 'blobs-'));
      return { store: new LocalBlobStore(directory, signer), close: () => rmSync(directory, { recursive: true, force: true }) };
    },
    follow: async (url, store) => {
      const { pathname, searchParams } = new URL(url);
      const blobId = pathname.split('/').pop()!;
      const query = { org_id: searchParams.get('org_id')!, expires: Number(searchParams.get('expires')), sig: searchParams.get('sig')! };
      if (signer.check(blobId, query) !== 'valid') return 'refused';
      return (await store.get({ orgId: query.org_id, blobId })) ?? 'refused';
    },
  };
}

/** Only with a server to talk to: S3_ENDPOINT and S3_BUCKET (and AWS_* credentials) for, e.g., a local MinIO. */
function s3Store(): StoreUnderTest | undefined {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket } = process.env;
  if (!endpoint || !bucket) {
    // Not required under REQUIRE_SERVICES: CI machines have no S3-compatible server to start.
    console.log('Skipping S3 blob store tests: set S3_ENDPOINT, S3_BUCKET and AWS credentials to run them against MinIO or another S3-compatible server.');
    return undefined;
  }
  return {
    name: 'S3',
    open: () => {
      const store = new S3BlobStore({ bucket, endpoint, region: process.env.S3_REGION ?? 'us-east-2' });
      return { store, close: () => store.close() };
    },
    follow: async (url) => {
      const res = await fetch(url);
      return res.ok ? Buffer.from(await res.arrayBuffer()) : 'refused';
    },
  };
}

const stores = [localStore(), s3Store()].filter((store): store is StoreUnderTest => store !== undefined);

describe.each(stores)('blob store on $name', (adapter) => {
  let store: BlobStore;
  let close: () => void;
  beforeAll(() => ({ store, close } = adapter.open()));
  afterAll(() => close());

  const orgId = randomUUID();
  const bytes = (text: string) => Buffer.from(text);

  it('gives back exactly the bytes it stored, under an id it made', async () => {
    const ref = await store.put(orgId, bytes('logo'), 'image/png');
    expect(ref.orgId).toBe(orgId);
    expect(ref.blobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await store.get(ref)).toEqual(bytes('logo'));
    expect(await store.has(ref)).toBe(true);
  });

  it('makes a new id for every file, even the same bytes twice', async () => {
    const [a, b] = await Promise.all([store.put(orgId, bytes('same'), 'image/png'), store.put(orgId, bytes('same'), 'image/png')]);
    expect(a.blobId).not.toBe(b.blobId);
  });

  it('keeps a file to its organisation: the same id under another organisation is missing', async () => {
    const ref = await store.put(orgId, bytes('private'), 'image/png');
    const elsewhere = { orgId: randomUUID(), blobId: ref.blobId };
    expect(await store.get(elsewhere)).toBeUndefined();
    expect(await store.has(elsewhere)).toBe(false);
  });

  it('answers missing, never an error or another file, for unknown and malformed refs', async () => {
    const ref = await store.put(orgId, bytes('kept'), 'image/png');
    const malformed: BlobRef[] = [
      { orgId, blobId: randomUUID() },
      { orgId, blobId: `../${ref.blobId}` },
      { orgId, blobId: `${ref.blobId}/..` },
      { orgId, blobId: '..' },
      { orgId, blobId: '' },
      { orgId: '..', blobId: ref.blobId },
      { orgId: `${orgId}/..`, blobId: ref.blobId },
      { orgId, blobId: ref.blobId.toUpperCase() },
    ];
    for (const bad of malformed) {
      expect({ bad, found: await store.get(bad), has: await store.has(bad) }).toEqual({ bad, found: undefined, has: false });
      await store.delete(bad);
    }
    expect(await store.get(ref)).toEqual(bytes('kept'));
  });

  it('refuses to write for an organisation id that could name a path', async () => {
    await expect(store.put('../elsewhere', bytes('x'), 'image/png')).rejects.toThrow('Not an organisation id');
  });

  it('deletes, and deleting twice is fine', async () => {
    const ref = await store.put(orgId, bytes('gone'), 'image/png');
    await store.delete(ref);
    await store.delete(ref);
    expect(await store.get(ref)).toBeUndefined();
  });

  it('signs a link that fetches the file, and only that file', async () => {
    const ref = await store.put(orgId, bytes('linked'), 'image/png');
    const url = await store.signedUrl(ref, 60);
    expect(url).toMatch(/^https?:\/\//);
    expect(await adapter.follow(url, store)).toEqual(bytes('linked'));
    const other = await store.put(orgId, bytes('other'), 'image/png');
    expect(await adapter.follow(url.replace(ref.blobId, other.blobId), store)).toBe('refused');
  });
});

describe('local blob store files', () => {
  it('lands each file whole under DATA_DIR/blobs/<org>/<id> and leaves no temporary file behind', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'blobs-'));
    try {
      const store = new LocalBlobStore(directory, new BlobLinkSigner(randomBytes(32), BASE_URL));
      const orgId = randomUUID();
      const big = randomBytes(2_000_000);
      const refs = await Promise.all([1, 2, 3].map(() => store.put(orgId, big, 'image/png')));
      expect(readdirSync(join(directory, orgId)).sort()).toEqual(refs.map((r) => r.blobId).sort());
      expect(await store.get(refs[0]!)).toEqual(big);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
