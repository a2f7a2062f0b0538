import { randomBytes, randomUUID } from 'node:crypto';
import { Command, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateOneTimeCodesBody, OneTimeBatchView } from '@qr/contracts';
import { oneTimeBatchDecider, oneTimeBatchStreamId, type CodeActor, type OneTimeBatchCommand } from '@qr/domain';
import { StreamWriter } from '../decide-on-stream';
import { type Caller, TenancyGate } from '../identity';
import { GetCode } from '../codes';
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

/** Decides on a batch's stream; the writer waits for the read model, so the answer and the next scan see the codes. */
async function decideOnBatch(writer: StreamWriter, batchId: string, orgId: string, command: OneTimeBatchCommand): Promise<void> {
  await writer.decide(oneTimeBatchStreamId(batchId), oneTimeBatchDecider, command, { org_id: orgId, actor: command.actor.id });
}

@CommandHandler(IssueOneTimeCodesCommand)
export class IssueOneTimeCodesHandler implements ICommandHandler<IssueOneTimeCodesCommand> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly queries: QueryBus,
    private readonly gate: TenancyGate,
    private readonly batches: OneTimeBatches,
  ) {}

  async execute({ caller, body }: IssueOneTimeCodesCommand): Promise<OneTimeBatchView> {
    // A live code the caller can see: a deleted or another tenant's code is not found.
    const base = await this.queries.execute(new GetCode(caller, body.base_code_id));
    const actor: CodeActor = await this.gate.actorIn(caller, base.org_id);
    const batchId = randomUUID();
    await decideOnBatch(this.writer, batchId, base.org_id, {
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
    private readonly writer: StreamWriter,
    private readonly gate: TenancyGate,
    private readonly batches: OneTimeBatches,
  ) {}

  async execute({ caller, batchId }: DeleteOneTimeCodesCommand): Promise<void> {
    const batch = await this.batches.visible(caller, batchId);
    const actor = await this.gate.actorIn(caller, batch.org_id);
    await decideOnBatch(this.writer, batchId, batch.org_id, { type: 'DeleteOneTimeCodes', actor });
  }
}

