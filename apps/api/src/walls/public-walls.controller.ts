import { Controller, Get, HttpCode, Param, Post, Req, Res, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { WallCaption, WallPath, WallPhotoPath, type PublicWallView, type SubmittedWallPhotoView } from '@qr/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { LiveChannels } from '../live-channels';
import { readUploadedForm } from '../uploads';
import { wallChannel, WallLiveFeed } from './wall-live-feed';
import { SubmitWallPhotoCommand } from './wall-photo-submissions';
import { GetApprovedWallPhoto, GetPublicWall } from './walls.queries';

const wallPath = new ZodValidationPipe(WallPath, 'path');
/** The form's text beside the file, checked as a JSON body's fields would be. */
const photoFields = new ZodValidationPipe(z.strictObject({ caption: WallCaption.default('') }), 'body');

/**
 * A wall's visitors and screens (spec §2 `/wall/{id}`, `/wall-embed/{id}`): no sign-in, rate-limited
 * per address like every public route. A wall that is unknown or deleted is 404 `wall_not_found`.
 */
@Controller('api/v1/public/walls')
@ReadModels('walls', 'organizations')
export class PublicWallsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly feed: WallLiveFeed,
    private readonly channels: LiveChannels,
  ) {}

  @Get(':wall_id')
  wall(@Param(wallPath) { wall_id }: WallPath): Promise<PublicWallView> {
    return this.queries.execute(new GetPublicWall(wall_id));
  }

  /** A visitor's photo, as multipart/form-data: `file`, and `caption` when the wall takes captions. */
  @Post(':wall_id/photos')
  @HttpCode(201)
  async submit(@Param(wallPath) { wall_id }: WallPath, @Req() request: FastifyRequest): Promise<SubmittedWallPhotoView> {
    const { file, fields } = await readUploadedForm(request, ['caption']);
    const { caption } = photoFields.transform(fields);
    return this.commands.execute(new SubmitWallPhotoCommand(wall_id, file, caption, { headers: request.headers, ip: request.ip }));
  }

  /** An approved photo, for any screen; it never changes, so caches may keep it. */
  @Get(':wall_id/photos/:photo_id')
  async photo(
    @Param(new ZodValidationPipe(WallPhotoPath, 'path')) { wall_id, photo_id }: WallPhotoPath,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const image = await this.queries.execute(new GetApprovedWallPhoto(wall_id, photo_id));
    // A rejection must take a photo off screens within minutes, so shared caches keep it no longer.
    void reply.headers({
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=300',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    return new StreamableFile(image.bytes, { type: image.contentType });
  }

  /** Server-sent events: the wall's approved photos now, then again whenever they change. */
  @Get(':wall_id/live')
  async live(@Param(wallPath) { wall_id }: WallPath, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    this.channels.open(wallChannel(wall_id), request, reply, JSON.stringify(await this.feed.now(wall_id)));
  }
}
