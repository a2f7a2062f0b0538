import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CheckEventLocationBody,
  CreateExperienceBody,
  ExperiencePath,
  OrgQuery,
  PagePath,
  PutEventDataBody,
  UpdateExperienceBody,
  ValidateEventDataBody,
  type ExperienceCreatedView,
  type ExperienceView,
  type PageEventDataView,
} from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { ChangeExperienceCommand, CreateExperienceCommand, PutPageEventDataCommand } from './experiences.handlers';
import { CheckEventLocation, GetExperience, GetPageEventData, ListExperiences, ValidateEventData } from './experiences.queries';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';

const experiencePath = new ZodValidationPipe(ExperiencePath, 'path');
const pagePath = new ZodValidationPipe(PagePath, 'path');

/** Spec §7 "Events and experiences": create, get, update and delete an organisation's experiences. */
@Controller('api/v1/experiences')
@ReadModels(...CALLER_ROLES, 'experiences')
@UseGuards(AuthenticationGuard)
export class ExperiencesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  create(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(CreateExperienceBody, 'body')) body: CreateExperienceBody,
  ): Promise<ExperienceCreatedView> {
    return this.commands.execute(new CreateExperienceCommand(caller, body));
  }

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(OrgQuery, 'query')) { org_id }: OrgQuery): Promise<ExperienceView[]> {
    return this.queries.execute(new ListExperiences(caller, org_id));
  }

  @Get(':experience_id')
  get(@CurrentCaller() caller: Caller, @Param(experiencePath) { experience_id }: ExperiencePath): Promise<ExperienceView> {
    return this.queries.execute(new GetExperience(caller, experience_id));
  }

  @Put(':experience_id')
  async update(
    @CurrentCaller() caller: Caller,
    @Param(experiencePath) { experience_id }: ExperiencePath,
    @Body(new ZodValidationPipe(UpdateExperienceBody, 'body')) body: UpdateExperienceBody,
  ): Promise<ExperienceView> {
    await this.commands.execute(new ChangeExperienceCommand(caller, experience_id, { type: 'UpdateExperience', body }));
    return this.queries.execute(new GetExperience(caller, experience_id));
  }

  @Delete(':experience_id')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(experiencePath) { experience_id }: ExperiencePath): Promise<void> {
    await this.commands.execute(new ChangeExperienceCommand(caller, experience_id, { type: 'DeleteExperience' }));
  }
}

/** Spec §7 "create event data": a page's place and time window, which its `/page/{id}` guard checks. */
@Controller('api/v1/pages')
@ReadModels(...CALLER_ROLES, 'page_event_data', 'experiences', 'pages', 'codes')
@UseGuards(AuthenticationGuard)
export class PageEventDataController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':page_id/event-data')
  get(@CurrentCaller() caller: Caller, @Param(pagePath) { page_id }: PagePath): Promise<PageEventDataView> {
    return this.queries.execute(new GetPageEventData(caller, page_id));
  }

  @Put(':page_id/event-data')
  async put(
    @CurrentCaller() caller: Caller,
    @Param(pagePath) { page_id }: PagePath,
    @Body(new ZodValidationPipe(PutEventDataBody, 'body')) body: PutEventDataBody,
  ): Promise<PageEventDataView> {
    await this.commands.execute(new PutPageEventDataCommand(caller, page_id, body));
    return this.queries.execute(new GetPageEventData(caller, page_id));
  }

  /** Lets every visitor in again. */
  @Delete(':page_id/event-data')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(pagePath) { page_id }: PagePath): Promise<void> {
    await this.commands.execute(new PutPageEventDataCommand(caller, page_id, null));
  }
}

/**
 * The `/page/{id}` guard's two questions (spec §4): no sign-in, rate-limited like every public route.
 * Each answers a bare boolean; a bad body is a 400 and an unknown page a 404, which the guard reads as false.
 */
@Controller('api/v1/public/event-data')
export class PublicEventDataController {
  constructor(private readonly queries: QueryBus) {}

  @Post('check-location')
  @HttpCode(200)
  checkLocation(@Body(new ZodValidationPipe(CheckEventLocationBody, 'body')) { id }: CheckEventLocationBody): Promise<boolean> {
    return this.queries.execute(new CheckEventLocation(id));
  }

  @Post('validate')
  @HttpCode(200)
  validate(@Body(new ZodValidationPipe(ValidateEventDataBody, 'body')) body: ValidateEventDataBody): Promise<boolean> {
    return this.queries.execute(new ValidateEventData(body));
  }
}
