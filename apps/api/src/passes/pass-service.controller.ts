import { Body, Controller, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CreatePassBody, PassesQuery, PassPath, PassUpdatePath, UpdatePassBody, type PassesPage, type PassView } from '@qr/contracts';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller, OptionalAuthenticationGuard, OptionalCaller } from '../identity';
import { CreatePassCommand, GetPass, ListPasses, UpdatePassCommand } from './pass-service.handlers';

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
    @Param(new ZodValidationPipe(PassUpdatePath, 'path')) { passTypeId, serialNumber }: PassUpdatePath,
    @Body(new ZodValidationPipe(UpdatePassBody, 'body')) body: UpdatePassBody,
  ): Promise<PassView> {
    return this.commands.execute(new UpdatePassCommand(caller, passTypeId, serialNumber, body));
  }
}
