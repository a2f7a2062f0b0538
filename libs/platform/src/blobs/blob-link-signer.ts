import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BlobRef } from './blob-store';

export type BlobLinkCheck = 'valid' | 'expired' | 'invalid';

/** The query of a signed link: which organisation, until when (Unix seconds), and the signature. */
export interface BlobLinkQuery {
  org_id: string;
  expires: number;
  sig: string;
}

/**
 * Time-limited links to files in the local store, which has no presigning of its own: the API
 * serves `GET {baseUrl}/{blob_id}?org_id=…&expires=…&sig=…` without sign-in when the HMAC-SHA256 of
 * organisation, blob and expiry under the server's key matches. The key never leaves the server.
 */
export class BlobLinkSigner {
  constructor(
    private readonly key: Buffer,
    private readonly baseUrl: string,
  ) {
    if (key.length < 32) throw new Error('A blob link key needs at least 32 bytes.');
  }

  link(ref: BlobRef, expiresInSeconds: number, now = new Date()): string {
    const expires = Math.floor(now.getTime() / 1000) + expiresInSeconds;
    const query = new URLSearchParams({ org_id: ref.orgId, expires: String(expires), sig: this.signature(ref, expires) });
    return `${this.baseUrl}/${ref.blobId}?${query}`;
  }

  /** The signature first: a changed expiry is a forgery, not an expired link. */
  check(blobId: string, query: BlobLinkQuery, now = new Date()): BlobLinkCheck {
    const expected = Buffer.from(this.signature({ orgId: query.org_id, blobId }, query.expires));
    const given = Buffer.from(query.sig);
    // timingSafeEqual needs equal lengths; the length of a valid signature is no secret.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return query.expires * 1000 <= now.getTime() ? 'expired' : 'valid';
  }

  private signature(ref: BlobRef, expires: number): string {
    return createHmac('sha256', this.key).update(`${ref.orgId}\n${ref.blobId}\n${expires}`).digest('base64url');
  }
}
