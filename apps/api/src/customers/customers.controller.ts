import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CSV_ROW_COUNT_HEADER,
  CsvExportBody,
  CustomerInteractionQuery,
  CustomerPath,
  ListCustomersQuery,
  OrgQuery,
  type CustomerActivityView,
  type CustomerListView,
} from '@qr/contracts';
import type { FastifyReply } from 'fastify';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { ExportCsv, type CsvExport } from './customers.export';
import { ExportOneTimeCodesCsv } from '../one-time-codes';
import { ForgetCustomerCommand } from './customers.handlers';
import { FindCustomerInteraction, GetCustomerActivity, ListCustomers } from './customers.queries';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';

const customerPath = new ZodValidationPipe(CustomerPath, 'path');
const orgQuery = new ZodValidationPipe(OrgQuery, 'query');

/** An organisation's customers (spec §7 "Collection and analytics"): list, activity, interaction, forget. */
@Controller('api/v1/customers')
@ReadModels(...CALLER_ROLES, 'customers', 'submissions')
@UseGuards(AuthenticationGuard)
export class CustomersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(ListCustomersQuery, 'query')) query: ListCustomersQuery): Promise<CustomerListView> {
    return this.queries.execute(new ListCustomers(caller, query));
  }

  /** Spec §7 "get customer interaction": by email or phone. Declared before `:id`, which it would otherwise match. */
  @Get('interaction')
  interaction(
    @CurrentCaller() caller: Caller,
    @Query(new ZodValidationPipe(CustomerInteractionQuery, 'query')) query: CustomerInteractionQuery,
  ): Promise<CustomerActivityView> {
    return this.queries.execute(new FindCustomerInteraction(caller, query));
  }

  @Get(':id/activity')
  activity(@CurrentCaller() caller: Caller, @Param(customerPath) { id }: CustomerPath, @Query(orgQuery) { org_id }: OrgQuery): Promise<CustomerActivityView> {
    return this.queries.execute(new GetCustomerActivity(caller, org_id, id));
  }

  /** "Forget this customer": irreversible, see ForgetCustomerHandler. */
  @Delete(':id')
  @HttpCode(204)
  async forget(@CurrentCaller() caller: Caller, @Param(customerPath) { id }: CustomerPath, @Query(orgQuery) { org_id }: OrgQuery): Promise<void> {
    await this.commands.execute(new ForgetCustomerCommand(caller, org_id, id));
  }
}

/** Spec §7 "CSV export": the body is the CSV in base64, streamed; the row count comes first, in a header, for a progress bar. */
@Controller('api/v1/exports')
@UseGuards(AuthenticationGuard)
export class ExportsController {
  constructor(private readonly queries: QueryBus) {}

  @Post('csv')
  @HttpCode(200)
  async csv(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(CsvExportBody, 'body')) body: CsvExportBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const query = body.from === 'my-codes/one-time-codes' ? new ExportOneTimeCodesCsv(caller, body) : new ExportCsv(caller, body);
    const exported: CsvExport = await this.queries.execute(query);
    void reply.header(CSV_ROW_COUNT_HEADER, String(exported.rows)).header('x-file-name', exported.fileName).header('cache-control', 'no-store');
    return new StreamableFile(exported.body, { type: 'text/plain; charset=us-ascii' });
  }
}
