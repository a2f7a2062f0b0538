import { Body, Controller, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { AcceptTermsBody, PublishTermsBody, type PublicTermsView, type TermsView } from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, CurrentCaller } from './authentication.guard';
import type { Caller } from './caller';
import { ChangeOrganizationCommand } from './organization.handlers';
import { OrganizationPath } from './organization-paths';
import { GetPublicTerms, GetTerms } from './terms.queries';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';

const orgPath = new ZodValidationPipe(OrganizationPath, 'path');

/** An organisation's terms: managers publish versions, members accept them (spec §7 "accept terms", "get terms"). */
@Controller('api/v1/organizations/:org_id/terms')
@ReadModels(...CALLER_ROLES, 'organizations')
@UseGuards(AuthenticationGuard)
export class TermsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** 204 while none are published: every admin screen asks, and a 404 would be logged by the browser each time. */
  @Get()
  async get(
    @CurrentCaller() caller: Caller,
    @Param(orgPath) { org_id }: OrganizationPath,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TermsView | undefined> {
    const terms = await this.queries.execute(new GetTerms(caller, org_id));
    if (terms) return terms;
    reply.status(204);
    return undefined;
  }

  /** Publishes the next version; members who accepted an older one are asked again. */
  @Post()
  async publish(
    @CurrentCaller() caller: Caller,
    @Param(orgPath) { org_id }: OrganizationPath,
    @Body(new ZodValidationPipe(PublishTermsBody, 'body')) body: PublishTermsBody,
  ): Promise<TermsView | null> {
    await this.commands.execute(new ChangeOrganizationCommand(caller, org_id, { type: 'PublishTerms', text: body.text }));
    return this.queries.execute(new GetTerms(caller, org_id));
  }

  @Post('accept')
  @HttpCode(200)
  async accept(
    @CurrentCaller() caller: Caller,
    @Param(orgPath) { org_id }: OrganizationPath,
    @Body(new ZodValidationPipe(AcceptTermsBody, 'body')) body: AcceptTermsBody,
  ): Promise<TermsView | null> {
    await this.commands.execute(new ChangeOrganizationCommand(caller, org_id, { type: 'AcceptTerms', version: body.version }));
    return this.queries.execute(new GetTerms(caller, org_id));
  }
}

/** What the public page `/{id}/terms` reads: no sign-in, rate-limited like every public route. */
@Controller('api/v1/public/organizations/:org_id/terms')
@ReadModels('organizations')
export class PublicTermsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  get(@Param(orgPath) { org_id }: OrganizationPath): Promise<PublicTermsView> {
    return this.queries.execute(new GetPublicTerms(org_id));
  }
}
