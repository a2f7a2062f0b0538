import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BlobPath, BlobUrlQuery, DomainError, SignedBlobQuery, UploadQuery, type BlobUrlView, type NsfwCheckView, type UploadedImageView } from '@qr/contracts';
import { BlobLinkSigner } from '@qr/platform';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { BLOB_LINK_PREFIX } from './blob-store.providers';
import { reencodeImage } from './image-reencoding';
import { readUploadedFile } from './multipart-file';
import { NsfwCheck } from './nsfw-check';
import { UploadAccess } from './upload-access';
import { UploadedImages } from './uploaded-images';
import { UploadImageCommand } from './uploads.handlers';
import { GetBlobUrl } from './uploads.queries';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';

const blobPath = new ZodValidationPipe(BlobPath, 'path');

/** Spec §7 "upload image", "NSFW check" and "generate (signed) URL", behind the authentication guard. */
@Controller('api/v1/uploads')
@ReadModels(...CALLER_ROLES)
@UseGuards(AuthenticationGuard)
export class UploadsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly access: UploadAccess,
    private readonly nsfw: NsfwCheck,
  ) {}

  /** The role is checked before the file is read, so a viewer's upload costs no more than its headers. */
  @Post()
  async upload(
    @CurrentCaller() caller: Caller,
    @Query(new ZodValidationPipe(UploadQuery, 'query')) { org_id }: UploadQuery,
    @Req() request: FastifyRequest,
  ): Promise<UploadedImageView> {
    const uploader = await this.access.uploader(caller, org_id);
    const file = await readUploadedFile(request);
    return this.commands.execute(new UploadImageCommand(org_id, uploader, file));
  }

  /**
   * Checks an image without storing it, for whoever may upload. It is refused or re-encoded exactly as an
   * upload is first, so the model only ever sees pixels of a real image, never a script dressed as one.
   */
  @Post('nsfw-check')
  @HttpCode(200)
  async nsfwCheck(
    @CurrentCaller() caller: Caller,
    @Query(new ZodValidationPipe(UploadQuery, 'query')) { org_id }: UploadQuery,
    @Req() request: FastifyRequest,
  ): Promise<NsfwCheckView> {
    await this.access.uploader(caller, org_id);
    const image = await reencodeImage(await readUploadedFile(request));
    return this.nsfw.check(image.bytes);
  }

  @Get(':blob_id/url')
  url(
    @CurrentCaller() caller: Caller,
    @Param(blobPath) { blob_id }: BlobPath,
    @Query(new ZodValidationPipe(BlobUrlQuery, 'query')) query: BlobUrlQuery,
  ): Promise<BlobUrlView> {
    return this.queries.execute(new GetBlobUrl(caller, query.org_id, blob_id, query.expires_in));
  }
}

/**
 * Files of the local store for holders of a link the server signed: no sign-in, nothing listed,
 * only an id of the store's own shape with a signature over it. The file is always a PNG the
 * uploads route made, served so that no browser takes it for anything else.
 */
@Controller(BLOB_LINK_PREFIX.slice(1))
@ReadModels()
export class SignedBlobsController {
  constructor(
    @Inject(BlobLinkSigner) private readonly links: BlobLinkSigner,
    private readonly images: UploadedImages,
  ) {}

  @Get(':blob_id')
  async serve(
    @Param(blobPath) { blob_id }: BlobPath,
    @Query(new ZodValidationPipe(SignedBlobQuery, 'query')) query: SignedBlobQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const check = this.links.check(blob_id, query);
    if (check === 'invalid') throw new DomainError('signed_url_invalid', 'This link was not signed by this server, or was changed.');
    if (check === 'expired') throw new DomainError('signed_url_expired', 'This link has expired: ask for a new one.');
    const image = await this.images.read(query.org_id, blob_id);
    const secondsLeft = Math.max(0, query.expires - Math.floor(Date.now() / 1000));
    void reply.headers({
      'content-type': image.contentType,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': `private, max-age=${secondsLeft}`,
    });
    return image.bytes;
  }
}
