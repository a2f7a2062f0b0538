import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  VENUE_CODE_PARAM,
  type LoyaltyMembersPage,
  type LoyaltyMembersQuery,
  type LoyaltyMemberView,
  type ProgrammeView,
  type ReferralAnalysisView,
  type VenueCodeView,
} from '@qr/contracts';
import type { Config } from '@qr/platform';
import { type Caller, TenancyGate } from '../identity';
import { CONFIG } from '../infrastructure';
import { LoyaltyAccess } from './loyalty-access';
import { LoyaltyReads } from './loyalty-reads';
import { memberNotFound, programmeNotFound } from '@qr/domain';
import { VenueCodes } from './venue-codes';

/** A question about one programme, asked by a staff member. */
class ProgrammeQuery<View> extends Query<View> {
  constructor(
    readonly caller: Caller,
    readonly programmeId: string,
  ) {
    super();
  }
}

export class GetProgramme extends ProgrammeQuery<ProgrammeView> {}
export class GetVenueCode extends ProgrammeQuery<VenueCodeView> {}
/** Spec §7 "refer analysis". */
export class GetReferralAnalysis extends ProgrammeQuery<ReferralAnalysisView> {}

export class ListProgrammes extends Query<ProgrammeView[]> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
    readonly codeId: string | undefined,
  ) {
    super();
  }
}

export class ListMembers extends Query<LoyaltyMembersPage> {
  constructor(
    readonly caller: Caller,
    readonly programmeId: string,
    readonly query: LoyaltyMembersQuery,
  ) {
    super();
  }
}

export class GetMember extends Query<LoyaltyMemberView> {
  constructor(
    readonly caller: Caller,
    readonly programmeId: string,
    readonly cardId: string,
  ) {
    super();
  }
}

@QueryHandler(GetProgramme)
export class GetProgrammeHandler implements IQueryHandler<GetProgramme> {
  constructor(
    private readonly access: LoyaltyAccess,
    private readonly reads: LoyaltyReads,
  ) {}

  async execute({ caller, programmeId }: GetProgramme): Promise<ProgrammeView> {
    await this.access.reader(caller, programmeId);
    return (await this.reads.programmeView(programmeId)) ?? Promise.reject(programmeNotFound());
  }
}

/** Today's venue code for the counter's screen, and the card page's link that collects a stamp with it. */
@QueryHandler(GetVenueCode)
export class GetVenueCodeHandler implements IQueryHandler<GetVenueCode> {
  constructor(
    private readonly access: LoyaltyAccess,
    private readonly venueCodes: VenueCodes,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ caller, programmeId }: GetVenueCode): Promise<VenueCodeView> {
    const programme = await this.access.reader(caller, programmeId);
    const { venue_code, valid_until } = await this.venueCodes.today(programmeId, programme.terms.time_zone);
    const url = `${this.config.PUBLIC_URL}/card/${programmeId}?${VENUE_CODE_PARAM}=${encodeURIComponent(venue_code)}`;
    return { programme_id: programmeId, venue_code, url, valid_until };
  }
}

@QueryHandler(GetReferralAnalysis)
export class GetReferralAnalysisHandler implements IQueryHandler<GetReferralAnalysis> {
  constructor(
    private readonly access: LoyaltyAccess,
    private readonly reads: LoyaltyReads,
  ) {}

  async execute({ caller, programmeId }: GetReferralAnalysis): Promise<ReferralAnalysisView> {
    await this.access.reader(caller, programmeId);
    return this.reads.referralAnalysis(programmeId);
  }
}

@QueryHandler(ListProgrammes)
export class ListProgrammesHandler implements IQueryHandler<ListProgrammes> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly reads: LoyaltyReads,
  ) {}

  /** Another organisation's code has no programmes here: the list is filtered by the caller's organisation. */
  async execute({ caller, orgId, codeId }: ListProgrammes): Promise<ProgrammeView[]> {
    await this.gate.roleIn(caller, orgId);
    return this.reads.listProgrammes(orgId, codeId);
  }
}

@QueryHandler(ListMembers)
export class ListMembersHandler implements IQueryHandler<ListMembers> {
  constructor(
    private readonly access: LoyaltyAccess,
    private readonly reads: LoyaltyReads,
  ) {}

  async execute({ caller, programmeId, query }: ListMembers): Promise<LoyaltyMembersPage> {
    await this.access.reader(caller, programmeId);
    return this.reads.members(programmeId, query);
  }
}

/** A member's screen: what staff land on when they scan the card's QR on the visitor's phone. */
@QueryHandler(GetMember)
export class GetMemberHandler implements IQueryHandler<GetMember> {
  constructor(
    private readonly access: LoyaltyAccess,
    private readonly reads: LoyaltyReads,
  ) {}

  async execute({ caller, programmeId, cardId }: GetMember): Promise<LoyaltyMemberView> {
    await this.access.reader(caller, programmeId);
    const member = await this.reads.member(programmeId, cardId);
    if (!member) throw memberNotFound();
    return member;
  }
}
