import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ConsentQuery,
  OrgQuery,
  OutboxQuery,
  ProviderPath,
  RecordConsentBody,
  SmtpConnectionBody,
  TwilioConnectionBody,
  type ConnectionsView,
  type ConsentView,
  type OutboxListView,
} from '@qr/contracts';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { ChangeConnectionCommand, GetConnections, GetConsent, ListOutbox, RecordConsentCommand } from './messaging-settings.handlers';

/** Provider connections, the outbox of what was not handed to a provider, and the consent ledger by address. */
@Controller('api/v1/messaging')
@ReadModels(...CALLER_ROLES, 'messaging')
@UseGuards(AuthenticationGuard)
export class MessagingSettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('connections')
  connections(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(OrgQuery, 'query')) { org_id }: OrgQuery): Promise<ConnectionsView> {
    return this.queries.execute(new GetConnections(caller, org_id));
  }

  @Put('connections/smtp')
  connectSmtp(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(SmtpConnectionBody, 'body')) body: SmtpConnectionBody): Promise<ConnectionsView> {
    return this.commands.execute(new ChangeConnectionCommand(caller, body.org_id, { provider: 'smtp', body }));
  }

  @Put('connections/twilio')
  connectTwilio(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(TwilioConnectionBody, 'body')) body: TwilioConnectionBody,
  ): Promise<ConnectionsView> {
    return this.commands.execute(new ChangeConnectionCommand(caller, body.org_id, { provider: 'twilio', body }));
  }

  @Delete('connections/:provider')
  disconnect(
    @CurrentCaller() caller: Caller,
    @Param(new ZodValidationPipe(ProviderPath, 'path')) { provider }: ProviderPath,
    @Query(new ZodValidationPipe(OrgQuery, 'query')) { org_id }: OrgQuery,
  ): Promise<ConnectionsView> {
    return this.commands.execute(new ChangeConnectionCommand(caller, org_id, { provider, body: null }));
  }

  @Get('outbox')
  outbox(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(OutboxQuery, 'query')) query: OutboxQuery): Promise<OutboxListView> {
    return this.queries.execute(new ListOutbox(caller, query));
  }

  @Get('consents')
  consent(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(ConsentQuery, 'query')) query: ConsentQuery): Promise<ConsentView> {
    return this.queries.execute(new GetConsent(caller, query));
  }

  @Post('consents')
  record(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(RecordConsentBody, 'body')) body: RecordConsentBody): Promise<ConsentView> {
    return this.commands.execute(new RecordConsentCommand(caller, body));
  }
}
