import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DEFAULT_LINK_SECONDS, uploadsStreamId, type ImageUploaded, type UploadedImageView } from '@qr/contracts';
import type { EventStore } from '@qr/eventstore';
import type { BlobStore, Logger } from '@qr/platform';
import { EVENT_STORE, LOGGER } from '../infrastructure';
import { BLOB_STORE } from './blob-store.providers';
import { reencodeImage } from './image-reencoding';
import { UploadedImages } from './uploaded-images';

export class UploadImageCommand extends Command<UploadedImageView> {
  constructor(
    readonly orgId: string,
    /** The uploader's actor id; the controller has checked their role before reading the file. */
    readonly uploader: string,
    readonly file: Buffer,
  ) {
    super();
  }
}

/**
 * Re-encode, store, record. The file is stored before the event, so an `ImageUploaded` always
 * names a file that exists; if the event cannot be written the file is removed again.
 */
@CommandHandler(UploadImageCommand)
export class UploadImageHandler implements ICommandHandler<UploadImageCommand> {
  constructor(
    @Inject(BLOB_STORE) private readonly store: BlobStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly images: UploadedImages,
  ) {}

  async execute({ orgId, uploader, file }: UploadImageCommand): Promise<UploadedImageView> {
    const image = await reencodeImage(file);
    const ref = await this.store.put(orgId, image.bytes, image.contentType);
    const event: ImageUploaded = {
      type: 'ImageUploaded',
      data: {
        blob_id: ref.blobId,
        org_id: orgId,
        content_type: image.contentType,
        size: image.bytes.length,
        width: image.width,
        height: image.height,
        original_type: image.originalType,
        original_size: file.length,
        uploaded_by: uploader,
      },
    };
    try {
      // One stream per organisation's uploads; nothing decides on it, so no expected version.
      await this.events.append({
        streamId: uploadsStreamId(orgId),
        expectedVersion: 'any',
        events: [{ ...event, metadata: { org_id: orgId, actor: uploader } }],
      });
    } catch (error) {
      await this.store.delete(ref).catch((cleanup: unknown) => this.log.warn({ err: cleanup, blob_id: ref.blobId }, 'could not remove an unrecorded upload'));
      throw error;
    }
    const link = await this.images.linkToStored(ref, DEFAULT_LINK_SECONDS);
    return { blob_id: ref.blobId, width: image.width, height: image.height, size: image.bytes.length, content_type: image.contentType, ...link };
  }
}
