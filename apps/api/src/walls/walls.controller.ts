import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreateWallBody,
  CreateWallEmbedBody,
  ListWallPhotosQuery,
  ListWallsQuery,
  ReviewWallPhotoBody,
  UpdateWallBody,
  wallEmbedPath,
  WallEmbedQuery,
  WallPath,
  WallPhotoPath,
  type WallEmbedView,
  type WallListView,
  type WallPhotoListView,
  type WallPhotoView,
  type WallView,
} from '@qr/contracts';
import type { Config } from '@qr/platform';
import type { FastifyReply } from 'fastify';
import { attachmentNamed } from '../http/attachment';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { CONFIG } from '../infrastructure';
import { ExportWallPhotos } from './walls-export';
import { ChangeWallCommand, CreateWallCommand, ReviewWallPhotoCommand } from './walls.handlers';
import { GetWall, GetWallPhoto, ListWallPhotos, ListWalls } from './walls.queries';

const wallPath = new ZodValidationPipe(WallPath, 'path');

/** Characters that would end an HTML attribute or open a tag, for a title written into the snippet. */
const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Spec §7 "create selfie wall" and "selfie wall embed creation": an organisation's walls, their review queue and export. */
@Controller('api/v1/walls')
@ReadModels(...CALLER_ROLES, 'walls')
@UseGuards(AuthenticationGuard)
export class WallsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post()
  async create(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(CreateWallBody, 'body')) body: CreateWallBody): Promise<WallView> {
    const wallId = await this.commands.execute(new CreateWallCommand(caller, body));
    return this.queries.execute(new GetWall(caller, wallId));
  }

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(ListWallsQuery, 'query')) query: ListWallsQuery): Promise<WallListView> {
    return this.queries.execute(new ListWalls(caller, query));
  }

  @Get(':wall_id')
  get(@CurrentCaller() caller: Caller, @Param(wallPath) { wall_id }: WallPath): Promise<WallView> {
    return this.queries.execute(new GetWall(caller, wall_id));
  }

  @Put(':wall_id')
  async update(
    @CurrentCaller() caller: Caller,
    @Param(wallPath) { wall_id }: WallPath,
    @Body(new ZodValidationPipe(UpdateWallBody, 'body')) terms: UpdateWallBody,
  ): Promise<WallView> {
    await this.commands.execute(new ChangeWallCommand(caller, wall_id, { type: 'UpdateWall', terms }));
    return this.queries.execute(new GetWall(caller, wall_id));
  }

  @Delete(':wall_id')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(wallPath) { wall_id }: WallPath): Promise<void> {
    await this.commands.execute(new ChangeWallCommand(caller, wall_id, { type: 'DeleteWall' }));
  }

  /** Allows a site to frame `/wall-embed/{wall_id}` and hands out the iframe to paste there. */
  @Post(':wall_id/embeds')
  async embed(
    @CurrentCaller() caller: Caller,
    @Param(wallPath) { wall_id }: WallPath,
    @Body(new ZodValidationPipe(CreateWallEmbedBody, 'body')) { origin }: CreateWallEmbedBody,
  ): Promise<WallEmbedView> {
    await this.commands.execute(new ChangeWallCommand(caller, wall_id, { type: 'AddWallEmbed', origin }));
    const wall: WallView = await this.queries.execute(new GetWall(caller, wall_id));
    const url = wallEmbedPath(wall_id);
    const snippet = `<iframe src="${this.config.PUBLIC_URL}${url}" title="${escapeAttribute(wall.title)}" width="100%" height="600" style="border:0" allow="fullscreen"></iframe>`;
    return { origin, url, snippet };
  }

  @Delete(':wall_id/embeds')
  @HttpCode(204)
  async unembed(
    @CurrentCaller() caller: Caller,
    @Param(wallPath) { wall_id }: WallPath,
    @Query(new ZodValidationPipe(WallEmbedQuery, 'query')) { origin }: WallEmbedQuery,
  ): Promise<void> {
    await this.commands.execute(new ChangeWallCommand(caller, wall_id, { type: 'RemoveWallEmbed', origin }));
  }

  @Get(':wall_id/photos')
  photos(
    @CurrentCaller() caller: Caller,
    @Param(wallPath) { wall_id }: WallPath,
    @Query(new ZodValidationPipe(ListWallPhotosQuery, 'query')) query: ListWallPhotosQuery,
  ): Promise<WallPhotoListView> {
    return this.queries.execute(new ListWallPhotos(caller, wall_id, query));
  }

  @Post(':wall_id/photos/:photo_id/review')
  @HttpCode(200)
  async review(
    @CurrentCaller() caller: Caller,
    @Param(new ZodValidationPipe(WallPhotoPath, 'path')) { wall_id, photo_id }: WallPhotoPath,
    @Body(new ZodValidationPipe(ReviewWallPhotoBody, 'body')) { decision }: ReviewWallPhotoBody,
  ): Promise<WallPhotoView> {
    await this.commands.execute(new ReviewWallPhotoCommand(caller, wall_id, photo_id, decision));
    return this.queries.execute(new GetWallPhoto(caller, wall_id, photo_id));
  }

  @Get(':wall_id/export')
  async export(
    @CurrentCaller() caller: Caller,
    @Param(wallPath) { wall_id }: WallPath,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const exported = await this.queries.execute(new ExportWallPhotos(caller, wall_id));
    void reply.header('content-disposition', attachmentNamed(exported.stem, 'zip', 'wall-photos')).header('cache-control', 'private, no-store');
    return new StreamableFile(exported.zip, { type: 'application/zip' });
  }
}
