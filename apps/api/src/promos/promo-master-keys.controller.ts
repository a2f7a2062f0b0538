import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreatePromoMasterKeyBody,
  OrgQuery,
  PromoMasterKeyPath,
  RotatePromoMasterKeyBody,
  UpdatePromoMasterKeyBody,
  type PromoMasterKeyView,
} from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { GetPromoMasterKey, ListPromoMasterKeys } from './promo-master-key-views';
import {
  CreatePromoMasterKeyCommand,
  DeletePromoMasterKeyCommand,
  RenamePromoMasterKeyCommand,
  RotatePromoMasterKeyCommand,
} from './promo-master-keys.handlers';

const keyPath = new ZodValidationPipe(PromoMasterKeyPath, 'path');

/** Spec §7 "master key get, create, edit, delete": the promo locks staff unlock codes with at the counter. */
@Controller('api/v1/promo-keys')
@ReadModels(...CALLER_ROLES, 'promo-master-keys', 'promo-campaigns')
@UseGuards(AuthenticationGuard)
export class PromoMasterKeysController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  create(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(CreatePromoMasterKeyBody, 'body')) body: CreatePromoMasterKeyBody,
  ): Promise<PromoMasterKeyView> {
    return this.commands.execute(new CreatePromoMasterKeyCommand(caller, body));
  }

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(OrgQuery, 'query')) { org_id }: OrgQuery): Promise<PromoMasterKeyView[]> {
    return this.queries.execute(new ListPromoMasterKeys(caller, org_id));
  }

  @Get(':key_id')
  get(@CurrentCaller() caller: Caller, @Param(keyPath) { key_id }: PromoMasterKeyPath): Promise<PromoMasterKeyView> {
    return this.queries.execute(new GetPromoMasterKey(caller, key_id));
  }

  @Put(':key_id')
  async rename(
    @CurrentCaller() caller: Caller,
    @Param(keyPath) { key_id }: PromoMasterKeyPath,
    @Body(new ZodValidationPipe(UpdatePromoMasterKeyBody, 'body')) { name }: UpdatePromoMasterKeyBody,
  ): Promise<PromoMasterKeyView> {
    await this.commands.execute(new RenamePromoMasterKeyCommand(caller, key_id, name));
    return this.queries.execute(new GetPromoMasterKey(caller, key_id));
  }

  /** Answers with the new secret from the command itself: a read model that lags would show the old one. */
  @Post(':key_id/rotate')
  @HttpCode(200)
  rotate(
    @CurrentCaller() caller: Caller,
    @Param(keyPath) { key_id }: PromoMasterKeyPath,
    @Body(new ZodValidationPipe(RotatePromoMasterKeyBody, 'body')) { secret }: RotatePromoMasterKeyBody,
  ): Promise<PromoMasterKeyView> {
    return this.commands.execute(new RotatePromoMasterKeyCommand(caller, key_id, secret));
  }

  @Delete(':key_id')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(keyPath) { key_id }: PromoMasterKeyPath): Promise<void> {
    await this.commands.execute(new DeletePromoMasterKeyCommand(caller, key_id));
  }
}
