import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { PollBallot } from '@qr/contracts';
import { pollDecider, pollStreamId, type PollCommand, type PollEvent, type PollState } from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import { HotPathAppender } from '../hot-path-appender';
import { EVENT_STORE } from '../infrastructure';
import { SerialisedDecisions, type Serialised } from '../serialised-decisions';

/** What a command on a poll answers: the round it was decided in and, for a vote, the voter's vote as counted. */
export interface PollAnswer {
  round: number;
  my_vote: PollBallot | null;
}

export type PollDecision = Serialised<PollEvent, PollAnswer>;

const answerOf = (state: PollState, _events: PollEvent[], command: PollCommand): PollAnswer => ({
  round: state.round,
  my_vote: command.type === 'CastVote' ? (state.votes.get(command.voter) ?? null) : null,
});

/**
 * Every command on a poll, staff's and voters', decided in order on the poll's one stream in this
 * process (as loyalty's, docs/decisions/030): a reset and the votes racing it are decided one after
 * the other against the state held here, so no vote lands in a round it was not decided in, and a
 * live room's votes are one group-committed append per batch rather than one contended append each.
 */
@Injectable()
export class PollDecisions implements OnModuleDestroy {
  private readonly decisions: SerialisedDecisions<PollCommand, PollEvent, PollState, PollAnswer>;

  constructor(@Inject(EVENT_STORE) store: EventStore, appender: HotPathAppender) {
    this.decisions = new SerialisedDecisions(store, appender, {
      decider: pollDecider,
      streamIdOf: pollStreamId,
      answerOf,
      orgOf: (state) => state.org_id,
      occurredAtOf: (command) => new Date(command.at),
    });
  }

  /** Decides the command on the poll's stream; its DomainError (a closed poll, a bad ballot) rejects it alone. */
  decide(pollId: string, command: PollCommand): Promise<PollDecision> {
    return this.decisions.decide(pollId, command);
  }

  onModuleDestroy(): Promise<void> {
    return this.decisions.close();
  }
}
