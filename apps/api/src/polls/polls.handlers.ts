import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { pollVoterPath, type CreatePollBody, type PollAction, type PollTerms, type PollView } from '@qr/contracts';
import { codeNotFound, CodeReads } from '../codes';
import { type Caller, TenancyGate } from '../identity';
import { PollAccess } from './poll-access';
import { PollDecisions } from './poll-decisions';
import { PollReads } from './poll-reads';

export class CreatePollCommand extends Command<PollView> {
  constructor(
    readonly caller: Caller,
    readonly body: CreatePollBody,
  ) {
    super();
  }
}

export type PollChange = { type: 'UpdatePoll'; terms: PollTerms } | { type: 'ChangePoll'; action: PollAction } | { type: 'DeletePoll' };

export class ChangePollCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly pollId: string,
    readonly change: PollChange,
  ) {
    super();
  }
}

/**
 * A poll on a live code of the organisation, a draft until staff open it. The answer is built from
 * the command decided; the command waits, bounded, for the read model, so the screen's next read
 * finds it.
 */
@CommandHandler(CreatePollCommand)
export class CreatePollHandler implements ICommandHandler<CreatePollCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
    private readonly decisions: PollDecisions,
    private readonly reads: PollReads,
  ) {}

  async execute({ caller, body }: CreatePollCommand): Promise<PollView> {
    const { org_id, code_id, results_hidden, ...terms } = body;
    const actor = await this.gate.actorIn(caller, org_id);
    const code = await this.codes.live(code_id);
    if (code?.org_id !== org_id) throw codeNotFound();
    const pollId = randomUUID();
    const at = new Date().toISOString();
    const decision = await this.decisions.decide(pollId, { type: 'CreatePoll', actor, at, poll_id: pollId, org_id, code_id, terms, results_hidden });
    await this.reads.reached(decision.appended);
    return {
      ...terms,
      poll_id: pollId,
      org_id,
      code_id,
      status: 'draft',
      results_hidden,
      round: 1,
      voters: 0,
      voter_url: pollVoterPath(pollId),
      created_at: at,
      updated_at: at,
    };
  }
}

/**
 * Staff's changes to a poll: its terms, open, close, reveal, hide, reset, delete. They go through
 * the same serialiser as the votes, so a reset is decided between the votes before and after it.
 */
@CommandHandler(ChangePollCommand)
export class ChangePollHandler implements ICommandHandler<ChangePollCommand> {
  constructor(
    private readonly access: PollAccess,
    private readonly decisions: PollDecisions,
    private readonly reads: PollReads,
  ) {}

  async execute({ caller, pollId, change }: ChangePollCommand): Promise<void> {
    const { actor } = await this.access.visible(caller, pollId);
    const decision = await this.decisions.decide(pollId, { ...change, actor, at: new Date().toISOString() });
    await this.reads.reached(decision.appended);
  }
}
