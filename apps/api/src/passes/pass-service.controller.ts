import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreatePassBody,
  PassesQuery,
  PassPath,
  PassUpdatePath,
  PKPASS_MEDIA_TYPE,
  PkpassPath,
  UpdatePassBody,
  WalletUrlBody,
  type PassesPage,
  type PassPushView,
  type PassView,
  type WalletUrlView,
} from '@qr/contracts';
import type { FastifyReply } from 'fastify';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller, OptionalAuthenticationGuard, OptionalCaller } from '../identity';
import { CreatePassCommand, GetPass, ListPasses, UpdatePassCommand } from './pass-service.handlers';
import { DownloadPkpass, GetWalletUrl, PushPassCommand } from './wallet-deliveries.handlers';

const passUpdatePath = new ZodValidationPipe(PassUpdatePath, 'path');

/**
 * Spec §7 "Pass service (second base)": create a pass, get one by id, list all, update by pass
 * type and serial. Served under PASS_BASE_URL (`/pass-service` of this process by default); the
 * .pkpass download, the push and Apple's web service sit beside it.
 */
@Controller('pass-service/passes')
@ReadModels(...CALLER_ROLES, 'passes', 'loyalty')
export class PassServiceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @UseGuards(OptionalAuthenticationGuard)
  create(@OptionalCaller() caller: Caller | null, @Body(new ZodValidationPipe(CreatePassBody, 'body')) body: CreatePassBody): Promise<PassView> {
    return this.commands.execute(new CreatePassCommand(caller, body));
  }

  @Get()
  @UseGuards(AuthenticationGuard)
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(PassesQuery, 'query')) query: PassesQuery): Promise<PassesPage> {
    return this.queries.execute(new ListPasses(caller, query));
  }

  @Get(':pass_id')
  get(@Param(new ZodValidationPipe(PassPath, 'path')) { pass_id }: PassPath): Promise<PassView> {
    return this.queries.execute(new GetPass(pass_id));
  }

  @Put(':passTypeId/:serialNumber')
  @UseGuards(AuthenticationGuard)
  update(
    @CurrentCaller() caller: Caller,
    @Param(passUpdatePath) { passTypeId, serialNumber }: PassUpdatePath,
    @Body(new ZodValidationPipe(UpdatePassBody, 'body')) body: UpdatePassBody,
  ): Promise<PassView> {
    return this.commands.execute(new UpdatePassCommand(caller, passTypeId, serialNumber, body));
  }

  @Post(':passTypeId/:serialNumber/push')
  @UseGuards(AuthenticationGuard)
  push(@CurrentCaller() caller: Caller, @Param(passUpdatePath) { passTypeId, serialNumber }: PassUpdatePath): Promise<PassPushView> {
    return this.commands.execute(new PushPassCommand(caller, passTypeId, serialNumber));
  }
}

/** Spec §7 "pkpass download by passTypeIdentifier and serialNumber": what "Add to Apple Wallet" opens. */
@Controller('pass-service/pkpass')
@ReadModels('passes', 'loyalty')
export class PkpassController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':passTypeIdentifier/:serialNumber')
  async download(
    @Param(new ZodValidationPipe(PkpassPath, 'path')) { passTypeIdentifier, serialNumber }: PkpassPath,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const pkpass: Buffer = await this.queries.execute(new DownloadPkpass(passTypeIdentifier, serialNumber));
    void reply.header('content-disposition', `attachment; filename="${serialNumber}.pkpass"`).header('cache-control', 'private, no-store');
    return new StreamableFile(pkpass, { type: PKPASS_MEDIA_TYPE });
  }
}

/** Spec §7 "Integrations: get wallet URL": the "Save to Google Wallet" link of a pass. */
@Controller('api/v1/integrations')
export class WalletUrlController {
  constructor(private readonly queries: QueryBus) {}

  @Post('wallet-url')
  @HttpCode(200)
  walletUrl(@Body(new ZodValidationPipe(WalletUrlBody, 'body')) { pass_id }: WalletUrlBody): Promise<WalletUrlView> {
    return this.queries.execute(new GetWalletUrl(pass_id));
  }
}
