import { randomBytes, randomUUID } from 'node:crypto';
import { BlobLinkSigner } from './blob-link-signer';

describe('signed links to local files', () => {
  const signer = new BlobLinkSigner(randomBytes(32), 'https://qr.example.com/api/v1/blobs');
  const ref = { orgId: randomUUID(), blobId: randomUUID() };
  const now = new Date('2030-01-01T00:00:00Z');

  const parse = (url: string) => {
    const { pathname, searchParams } = new URL(url);
    return {
      blobId: pathname.split('/').pop()!,
      query: { org_id: searchParams.get('org_id')!, expires: Number(searchParams.get('expires')), sig: searchParams.get('sig')! },
    };
  };

  it('accepts its own link until it expires, then says expired', () => {
    const { blobId, query } = parse(signer.link(ref, 300, now));
    expect(blobId).toBe(ref.blobId);
    expect(query.expires).toBe(now.getTime() / 1000 + 300);
    expect(signer.check(blobId, query, now)).toBe('valid');
    expect(signer.check(blobId, query, new Date(now.getTime() + 299_000))).toBe('valid');
    expect(signer.check(blobId, query, new Date(now.getTime() + 300_000))).toBe('expired');
  });

  it('refuses a link with any part changed, a later expiry included', () => {
    const { blobId, query } = parse(signer.link(ref, 300, now));
    const flipped = `${query.sig.slice(0, -1)}${query.sig.endsWith('A') ? 'B' : 'A'}`;
    const forged: [string, typeof query][] = [
      [randomUUID(), query],
      [blobId, { ...query, org_id: randomUUID() }],
      [blobId, { ...query, expires: query.expires + 3600 }],
      [blobId, { ...query, sig: flipped }],
      [blobId, { ...query, sig: query.sig.slice(1) }],
      [blobId, { ...query, sig: '' }],
    ];
    for (const [id, q] of forged) expect(signer.check(id, q, now)).toBe('invalid');
  });

  it('refuses links signed with another key', () => {
    const other = new BlobLinkSigner(randomBytes(32), 'https://qr.example.com/api/v1/blobs');
    const { blobId, query } = parse(other.link(ref, 300, now));
    expect(signer.check(blobId, query, now)).toBe('invalid');
  });

  it('will not sign with a short key', () => {
    expect(() => new BlobLinkSigner(Buffer.alloc(8), 'https://qr.example.com')).toThrow('at least 32 bytes');
  });
});
