import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { IdentityModule } from '../identity/identity.module';
import { blobStoreProviders } from './blob-store.providers';
import { acceptMultipartUploads } from './multipart-file';
import { NsfwCheck } from './nsfw-check';
import { UploadAccess } from './upload-access';
import { UploadedImages } from './uploaded-images';
import { SignedBlobsController, UploadsController } from './uploads.controller';
import { UploadImageHandler } from './uploads.handlers';
import { GetBlobUrlHandler } from './uploads.queries';

/**
 * Uploaded images, links to them and the NSFW check. Other modules import it for `UploadedImages.readPng`
 * and `NsfwCheck`. The multipart parser is added here, beside the routes that read files, before the
 * server is ready.
 */
@Module({
  imports: [IdentityModule],
  controllers: [UploadsController, SignedBlobsController],
  providers: [...blobStoreProviders, UploadAccess, UploadedImages, NsfwCheck, UploadImageHandler, GetBlobUrlHandler],
  exports: [UploadedImages, NsfwCheck],
})
export class UploadsModule implements OnModuleInit {
  constructor(private readonly http: HttpAdapterHost) {}

  onModuleInit(): void {
    // The CLI boots the same modules as an application context, with no HTTP server to add it to.
    const adapter = this.http.httpAdapter as HttpAdapterHost['httpAdapter'] | undefined;
    if (adapter) acceptMultipartUploads(adapter.getInstance<FastifyInstance>());
  }
}
