import { Injectable } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import { can, pollNotFound, type CodeActor } from '@qr/domain';
import { type Caller, TenancyGate } from '../identity';
import { PollReads, type PollRow } from './poll-reads';

/**
 * Which polls a staff caller reaches (permissions.ts): members of the owning organisation read them
 * (`engagement.read`); changes are the decider's to refuse (`engagement.write`). Another
 * organisation's poll, a deleted and an unknown one answer alike: 404 poll_not_found.
 */
@Injectable()
export class PollAccess {
  constructor(
    private readonly reads: PollReads,
    private readonly gate: TenancyGate,
  ) {}

  /** A live poll the caller's organisation owns, with the caller as its commands record them. */
  async visible(caller: Caller, pollId: string): Promise<{ poll: PollRow; actor: CodeActor }> {
    const poll = await this.reads.poll(pollId);
    const { actor } = await this.gate.actorOwning(caller, poll && poll.status !== 'deleted' ? poll.org_id : undefined, pollNotFound());
    return { poll: poll!, actor };
  }

  async reader(caller: Caller, pollId: string): Promise<PollRow> {
    const { poll, actor } = await this.visible(caller, pollId);
    if (!can.read('engagement', actor.role)) throw new DomainError('forbidden', `A ${actor.role} cannot read polls.`);
    return poll;
  }
}
