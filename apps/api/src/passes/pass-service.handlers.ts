import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, UNSIGNED_PASS_TYPE, type CreatePassBody, type PassesPage, type PassesQuery, type PassView, type UpdatePassBody } from '@qr/contracts';
import { passDecider, passDesignNotFound, passStreamId, type PassCommand } from '@qr/domain';
import { StreamWriter } from '../decide-on-stream';
import { type Caller, TenancyGate } from '../identity';
import { PassReads, type PassRow } from './pass-reads';
import { PassSources } from './pass-sources';
import { PassTokens } from './pass-tokens';
import { PassViews } from './pass-views';
import { WalletIssuers } from './wallet-issuers';

export const passNotFound = (): DomainError => new DomainError('pass_not_found', 'No such pass.');

/** Spec §7 "create pass": staff (`caller`) or a visitor (null) holding the card, code or ticket. */
export class CreatePassCommand extends Command<PassView> {
  constructor(
    readonly caller: Caller | null,
    readonly body: CreatePassBody,
  ) {
    super();
  }
}

/** Spec §7 "pass update" by pass type and serial: staff void a pass or bring it back. */
export class UpdatePassCommand extends Command<PassView> {
  constructor(
    readonly caller: Caller,
    readonly passTypeId: string,
    readonly serialNumber: string,
    readonly body: UpdatePassBody,
  ) {
    super();
  }
}

/** Spec §7 "get pass by id": the pass id is the holder's (derived from their card, code or ticket), so it reads like one. */
export class GetPass extends Query<PassView> {
  constructor(readonly passId: string) {
    super();
  }
}

/** Spec §7 "list all": the organisation's passes, of one design when named. */
export class ListPasses extends Query<PassesPage> {
  constructor(
    readonly caller: Caller,
    readonly query: PassesQuery,
  ) {
    super();
  }
}

/** Finds a pass by the pass type and serial a spec §7 path names: another organisation's, or another type, is not found. */
export async function passOfType(reads: PassReads, issuers: WalletIssuers, passTypeId: string, serialNumber: string): Promise<PassRow> {
  const pass = await reads.pass(serialNumber);
  const passType = pass && ((await issuers.apple(pass.org_id))?.pass_type_identifier ?? UNSIGNED_PASS_TYPE);
  if (!pass || passType !== passTypeId) throw passNotFound();
  return pass;
}

@CommandHandler(CreatePassCommand)
export class CreatePassHandler implements ICommandHandler<CreatePassCommand> {
  constructor(
    private readonly reads: PassReads,
    private readonly views: PassViews,
    private readonly sources: PassSources,
    private readonly tokens: PassTokens,
    private readonly gate: TenancyGate,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, body }: CreatePassCommand): Promise<PassView> {
    const design = await this.reads.design(body.design_id);
    if (design?.status !== 'live') throw passDesignNotFound();
    // Staff issue passes of their own organisation's designs only; a visitor's page offers any live design.
    const actor = caller ? (await this.gate.actorOwning(caller, design.org_id, passDesignNotFound())).actor : null;
    // A coupon's code is a secret until staff hand it out: visitors do not get to try codes here.
    if (!actor && body.holder.kind === 'promo_code') throw new DomainError('unauthenticated', 'Staff issue coupons: sign in to issue a pass for a promo code.');
    if (!(await this.sources.find(design.source))) throw passDesignNotFound();
    const holderKey = await this.sources.holderKey(design.source, body.holder);
    const passId = await this.tokens.passIdOf(design.design_id, holderKey);
    const command: PassCommand = {
      type: 'IssuePass',
      actor,
      pass_id: passId,
      design_id: design.design_id,
      org_id: design.org_id,
      source: design.source,
      holder: body.holder,
    };
    const decided = await this.writer.decide(passStreamId(passId), passDecider, command, { org_id: design.org_id, actor: actor?.id ?? 'visitor' });
    await this.reads.reached(decided.appended);
    const row = await this.reads.pass(passId);
    if (!row) throw new DomainError('service_unavailable', 'The pass was issued; ask for it again in a moment.');
    return (await this.views.of([row]))[0]!;
  }
}

@CommandHandler(UpdatePassCommand)
export class UpdatePassHandler implements ICommandHandler<UpdatePassCommand> {
  constructor(
    private readonly reads: PassReads,
    private readonly views: PassViews,
    private readonly issuers: WalletIssuers,
    private readonly gate: TenancyGate,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, passTypeId, serialNumber, body }: UpdatePassCommand): Promise<PassView> {
    const pass = await passOfType(this.reads, this.issuers, passTypeId, serialNumber).catch(() => undefined);
    const { orgId, actor } = await this.gate.actorOwning(caller, pass?.org_id, passNotFound());
    const decided = await this.writer.decide(
      passStreamId(serialNumber),
      passDecider,
      { type: 'SetPassVoided', actor, voided: body.voided },
      { org_id: orgId, actor: actor.id },
    );
    await this.reads.reached(decided.appended);
    return (await this.views.of([(await this.reads.pass(serialNumber))!]))[0]!;
  }
}

@QueryHandler(GetPass)
export class GetPassHandler implements IQueryHandler<GetPass> {
  constructor(
    private readonly reads: PassReads,
    private readonly views: PassViews,
  ) {}

  async execute({ passId }: GetPass): Promise<PassView> {
    const pass = await this.reads.pass(passId);
    if (!pass) throw passNotFound();
    return (await this.views.of([pass]))[0]!;
  }
}

@QueryHandler(ListPasses)
export class ListPassesHandler implements IQueryHandler<ListPasses> {
  constructor(
    private readonly reads: PassReads,
    private readonly views: PassViews,
    private readonly gate: TenancyGate,
  ) {}

  async execute({ caller, query }: ListPasses): Promise<PassesPage> {
    await this.gate.roleIn(caller, query.org_id);
    const { rows, total } = await this.reads.passes(query.org_id, query.design_id, query.page, query.per_page);
    return { items: await this.views.of(rows), page: query.page, per_page: query.per_page, total };
  }
}
