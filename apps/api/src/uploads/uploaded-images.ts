import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type BlobUrlView, type StoredImageType } from '@qr/contracts';
import type { BlobRef, BlobStore } from '@qr/platform';
import sharp from 'sharp';
import { BLOB_STORE } from './blob-store.providers';
import { PNG_SIGNATURE, type ReencodedImage } from './image-reencoding';

/**
 * An organisation's uploaded images, for this module's routes and for other modules: the QR
 * renderer embeds an uploaded logo with `readPng(orgId, blobId)`, a card's photo is read with `read`. Callers have already settled
 * that the organisation is the caller's; an id of another organisation is simply not found.
 */
@Injectable()
export class UploadedImages {
  constructor(@Inject(BLOB_STORE) private readonly store: BlobStore) {}

  /** The stored image as it was stored (see `reencodeImage`), or 404 `blob_not_found`. */
  async read(orgId: string, blobId: string): Promise<{ bytes: Buffer; contentType: StoredImageType }> {
    const bytes = await this.store.get({ orgId, blobId });
    if (!bytes) throw notFound();
    return { bytes, contentType: bytes.subarray(0, 8).equals(PNG_SIGNATURE) ? 'image/png' : 'image/jpeg' };
  }

  /** The image as PNG, for drawing into a QR code, scaled down to fit `maxSide` when it is larger. */
  async readPng(orgId: string, blobId: string, maxSide = Infinity): Promise<Buffer> {
    const { bytes, contentType } = await this.read(orgId, blobId);
    // Width and height stand at fixed places in a PNG's header: no decoding to learn them.
    if (contentType === 'image/png' && bytes.readUInt32BE(16) <= maxSide && bytes.readUInt32BE(20) <= maxSide) return bytes;
    return sharp(bytes).resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  }

  /** Stores an image `reencodeImage` made, for another context that records it in its own events (a wall's photo). */
  save(orgId: string, image: ReencodedImage): Promise<BlobRef> {
    return this.store.put(orgId, image.bytes, image.contentType);
  }

  /** Removes a stored image whose event could not be written, so no file is left that nothing names. */
  remove(ref: BlobRef): Promise<void> {
    return this.store.delete(ref);
  }

  /** Refuses, with 404 `blob_not_found`, an image the organisation has not uploaded. */
  async assertStored(ref: BlobRef): Promise<void> {
    if (!(await this.store.has(ref))) throw notFound();
  }

  /** A link anyone holding it can GET the image with until it expires. */
  async link(ref: BlobRef, expiresInSeconds: number): Promise<BlobUrlView> {
    await this.assertStored(ref);
    return this.linkToStored(ref, expiresInSeconds);
  }

  /** For a ref just stored, saving the store a round trip. */
  async linkToStored(ref: BlobRef, expiresInSeconds: number): Promise<BlobUrlView> {
    // Whole seconds, as the local link's `expires` counts them.
    const expiresAt = new Date((Math.floor(Date.now() / 1000) + expiresInSeconds) * 1000);
    return { url: await this.store.signedUrl(ref, expiresInSeconds), expires_at: expiresAt.toISOString() };
  }
}

const notFound = () => new DomainError('blob_not_found', 'No such file.');
