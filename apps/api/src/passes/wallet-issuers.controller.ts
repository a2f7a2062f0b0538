import { Body, Controller, Delete, Get, Param, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AppleIssuerBody, GoogleIssuerBody, OrgQuery, WalletProviderPath, type IssuersView } from '@qr/contracts';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { ChangeIssuerCommand, GetIssuers } from './wallet-issuers.handlers';

/** The organisation's wallet issuers: Apple's certificates and Google's service account, with their health. */
@Controller('api/v1/passes/issuers')
@ReadModels(...CALLER_ROLES)
@UseGuards(AuthenticationGuard)
export class WalletIssuersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  issuers(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(OrgQuery, 'query')) { org_id }: OrgQuery): Promise<IssuersView> {
    return this.queries.execute(new GetIssuers(caller, org_id));
  }

  @Put('apple')
  apple(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(AppleIssuerBody, 'body')) body: AppleIssuerBody): Promise<IssuersView> {
    return this.commands.execute(new ChangeIssuerCommand(caller, body.org_id, { provider: 'apple', body }));
  }

  @Put('google')
  google(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(GoogleIssuerBody, 'body')) body: GoogleIssuerBody): Promise<IssuersView> {
    return this.commands.execute(new ChangeIssuerCommand(caller, body.org_id, { provider: 'google', body }));
  }

  @Delete(':provider')
  disconnect(
    @CurrentCaller() caller: Caller,
    @Param(new ZodValidationPipe(WalletProviderPath, 'path')) { provider }: WalletProviderPath,
    @Query(new ZodValidationPipe(OrgQuery, 'query')) { org_id }: OrgQuery,
  ): Promise<IssuersView> {
    return this.commands.execute(new ChangeIssuerCommand(caller, org_id, { provider, body: null }));
  }
}
