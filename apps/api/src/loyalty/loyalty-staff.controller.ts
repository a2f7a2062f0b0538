import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreateProgrammeBody,
  LoyaltyMemberPath,
  LoyaltyMembersQuery,
  PostCardBody,
  ProgrammePath,
  ProgrammesQuery,
  StaffRedeemBody,
  UpdateProgrammeBody,
  type CardMovement,
  type LoyaltyMembersPage,
  type LoyaltyMemberView,
  type ProgrammeView,
  type ReferralAnalysisView,
  type VenueCodeView,
} from '@qr/contracts';
import type { FastifyReply } from 'fastify';
import { namedCsvFile } from '../http/named-csv-export';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { ExportLoyaltyMembers } from './loyalty-export';
import { ChangeProgrammeCommand, CreateProgrammeCommand, MoveCardCommand } from './loyalty-staff.handlers';
import { GetMember, GetProgramme, GetReferralAnalysis, GetVenueCode, ListMembers, ListProgrammes } from './loyalty-staff.queries';

const programmePath = new ZodValidationPipe(ProgrammePath, 'path');
const memberPath = new ZodValidationPipe(LoyaltyMemberPath, 'path');

/** Spec §1 loyalty, §7 "post card" and "refer analysis": an organisation's programmes on its codes, their members and cards. */
@Controller('api/v1/loyalty/programmes')
@ReadModels(...CALLER_ROLES, 'loyalty', 'organizations')
@UseGuards(AuthenticationGuard)
export class LoyaltyStaffController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  create(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(CreateProgrammeBody, 'body')) body: CreateProgrammeBody): Promise<ProgrammeView> {
    return this.commands.execute(new CreateProgrammeCommand(caller, body));
  }

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(ProgrammesQuery, 'query')) query: ProgrammesQuery): Promise<ProgrammeView[]> {
    return this.queries.execute(new ListProgrammes(caller, query.org_id, query.code_id));
  }

  @Get(':programme_id')
  get(@CurrentCaller() caller: Caller, @Param(programmePath) { programme_id }: ProgrammePath): Promise<ProgrammeView> {
    return this.queries.execute(new GetProgramme(caller, programme_id));
  }

  @Put(':programme_id')
  async update(
    @CurrentCaller() caller: Caller,
    @Param(programmePath) { programme_id }: ProgrammePath,
    @Body(new ZodValidationPipe(UpdateProgrammeBody, 'body')) { terms }: UpdateProgrammeBody,
  ): Promise<ProgrammeView> {
    await this.commands.execute(new ChangeProgrammeCommand(caller, programme_id, { type: 'UpdateProgramme', terms }));
    return this.queries.execute(new GetProgramme(caller, programme_id));
  }

  @Delete(':programme_id')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(programmePath) { programme_id }: ProgrammePath): Promise<void> {
    await this.commands.execute(new ChangeProgrammeCommand(caller, programme_id, { type: 'DeleteProgramme' }));
  }

  @Get(':programme_id/venue-code')
  venueCode(@CurrentCaller() caller: Caller, @Param(programmePath) { programme_id }: ProgrammePath): Promise<VenueCodeView> {
    return this.queries.execute(new GetVenueCode(caller, programme_id));
  }

  @Get(':programme_id/members')
  members(
    @CurrentCaller() caller: Caller,
    @Param(programmePath) { programme_id }: ProgrammePath,
    @Query(new ZodValidationPipe(LoyaltyMembersQuery, 'query')) query: LoyaltyMembersQuery,
  ): Promise<LoyaltyMembersPage> {
    return this.queries.execute(new ListMembers(caller, programme_id, query));
  }

  @Get(':programme_id/members/:card_id')
  member(@CurrentCaller() caller: Caller, @Param(memberPath) { programme_id, card_id }: LoyaltyMemberPath): Promise<LoyaltyMemberView> {
    return this.queries.execute(new GetMember(caller, programme_id, card_id));
  }

  @Post(':programme_id/members/:card_id/post')
  @HttpCode(200)
  post(
    @CurrentCaller() caller: Caller,
    @Param(memberPath) { programme_id, card_id }: LoyaltyMemberPath,
    @Body(new ZodValidationPipe(PostCardBody, 'body')) body: PostCardBody,
  ): Promise<CardMovement> {
    return this.commands.execute(new MoveCardCommand(caller, programme_id, card_id, { kind: 'post', body }));
  }

  @Post(':programme_id/members/:card_id/redeem')
  @HttpCode(200)
  redeem(
    @CurrentCaller() caller: Caller,
    @Param(memberPath) { programme_id, card_id }: LoyaltyMemberPath,
    @Body(new ZodValidationPipe(StaffRedeemBody, 'body')) body: StaffRedeemBody,
  ): Promise<CardMovement> {
    return this.commands.execute(new MoveCardCommand(caller, programme_id, card_id, { kind: 'redeem', body }));
  }

  @Get(':programme_id/referrals')
  referrals(@CurrentCaller() caller: Caller, @Param(programmePath) { programme_id }: ProgrammePath): Promise<ReferralAnalysisView> {
    return this.queries.execute(new GetReferralAnalysis(caller, programme_id));
  }

  @Get(':programme_id/export')
  async export(
    @CurrentCaller() caller: Caller,
    @Param(programmePath) { programme_id }: ProgrammePath,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return namedCsvFile(reply, await this.queries.execute(new ExportLoyaltyMembers(caller, programme_id)), 'loyalty-members');
  }
}
