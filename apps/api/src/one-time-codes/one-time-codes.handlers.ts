import { randomBytes, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateOneTimeCodesBody, OneTimeBatchView } from '@qr/contracts';
import { oneTimeBatchDecider, oneTimeBatchStreamId, type CodeActor, type OneTimeBatchCommand } from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import { decideOnStream } from '../decide-on-stream';
import type { Caller } from '../identity/caller';
import { EVENT_STORE } from '../infrastructure';
import { CodeStream } from '../codes/codes.handlers';
import { GetCode } from '../codes/codes.queries';
import { OneTimeBatches, toBatchView } from './one-time-batches';

export class IssueOneTimeCodesCommand extends Command<OneTimeBatchView> {
  constructor(
    readonly caller: Caller,
    readonly body: CreateOneTimeCodesBody,
  ) {
    super();
  }
}

export class DeleteOneTimeCodesCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly batchId: string,
  ) {
    super();
  }
}

/** Decides on a batch's stream; the store waits for the read model, so the answer and the next scan see the codes. */
async function decideOnBatch(store: EventStore, batchId: string, orgId: string, command: OneTimeBatchCommand): Promise<void> {
  await decideOnStream(store, oneTimeBatchStreamId(batchId), oneTimeBatchDecider, command, { org_id: orgId, actor: command.actor.id });
}

@CommandHandler(IssueOneTimeCodesCommand)
export class IssueOneTimeCodesHandler implements ICommandHandler<IssueOneTimeCodesCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly queries: QueryBus,
    private readonly codes: CodeStream,
    private readonly batches: OneTimeBatches,
  ) {}

  async execute({ caller, body }: IssueOneTimeCodesCommand): Promise<OneTimeBatchView> {
    // A live code the caller can see: a deleted or another tenant's code is not found.
    const base = await this.queries.execute(new GetCode(caller, body.base_code_id));
    const actor: CodeActor = await this.codes.actorFor(caller, base.org_id);
    const batchId = randomUUID();
    await decideOnBatch(this.store, batchId, base.org_id, {
      type: 'IssueOneTimeCodes',
      actor,
      batch_id: batchId,
      org_id: base.org_id,
      base_code_id: base.code_id,
      amount: body.amount,
      seed: randomBytes(32).toString('base64url'),
    });
    return toBatchView(await this.batches.visible(caller, batchId));
  }
}

@CommandHandler(DeleteOneTimeCodesCommand)
export class DeleteOneTimeCodesHandler implements ICommandHandler<DeleteOneTimeCodesCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly codes: CodeStream,
    private readonly batches: OneTimeBatches,
  ) {}

  async execute({ caller, batchId }: DeleteOneTimeCodesCommand): Promise<void> {
    const batch = await this.batches.visible(caller, batchId);
    const actor = await this.codes.actorFor(caller, batch.org_id);
    await decideOnBatch(this.store, batchId, batch.org_id, { type: 'DeleteOneTimeCodes', actor });
  }
}

