import { Injectable } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import { can, programmeNotFound, type CodeActor } from '@qr/domain';
import { type Caller, TenancyGate } from '../identity';
import { LoyaltyReads, type ProgrammeRow } from './loyalty-reads';

/**
 * Which programmes a staff caller reaches (permissions.ts): every member reads them
 * (`loyalty.read`); changes are the decider's to refuse (`loyalty.write`); the members export takes
 * every member's email and phone out in bulk, so only those who may export analytics export it.
 */
@Injectable()
export class LoyaltyAccess {
  constructor(
    private readonly reads: LoyaltyReads,
    private readonly gate: TenancyGate,
  ) {}

  /** A live programme the caller's organisation owns, with the caller as its commands record them. */
  async visible(caller: Caller, programmeId: string): Promise<{ programme: ProgrammeRow; actor: CodeActor }> {
    const programme = await this.reads.programme(programmeId);
    const { actor } = await this.gate.actorOwning(caller, programme?.status === 'live' ? programme.org_id : undefined, programmeNotFound());
    return { programme: programme!, actor };
  }

  async reader(caller: Caller, programmeId: string): Promise<ProgrammeRow> {
    const { programme, actor } = await this.visible(caller, programmeId);
    if (!can.read('loyalty', actor.role)) throw new DomainError('forbidden', `A ${actor.role} cannot read loyalty programmes.`);
    return programme;
  }

  async exporter(caller: Caller, programmeId: string): Promise<ProgrammeRow> {
    const { programme, actor } = await this.visible(caller, programmeId);
    if (!can.exportAnalytics(actor.role)) throw new DomainError('forbidden', `A ${actor.role} cannot export a programme's members.`);
    return programme;
  }
}
