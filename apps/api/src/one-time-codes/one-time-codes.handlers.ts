import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateOneTimeCodesBody, OneTimeBatchView } from '@qr/contracts';
import { oneTimeBatchDecider, oneTimeBatchStreamId, type CodeActor, type OneTimeBatchCommand, type OneTimeBatchEvent } from '@qr/domain';
import { StreamWriter, type Decided } from '../decide-on-stream';
import { type Caller, TenancyGate } from '../identity';
import { GetCode } from '../codes';
import { OneTimeBatches } from './one-time-batches';
import { OneTimeCodeIssuer } from './one-time-code-issuer';

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

/** Decides on a batch's stream; the writer waits, bounded, for the read model, so the next scan sees the codes. */
function decideOnBatch(
  writer: StreamWriter,
  batchId: string,
  orgId: string,
  command: OneTimeBatchCommand,
  occurredAt?: Date,
): Promise<Decided<OneTimeBatchEvent>> {
  return writer.decide(oneTimeBatchStreamId(batchId), oneTimeBatchDecider, command, { org_id: orgId, actor: command.actor.id }, occurredAt);
}

@CommandHandler(IssueOneTimeCodesCommand)
export class IssueOneTimeCodesHandler implements ICommandHandler<IssueOneTimeCodesCommand> {
  constructor(
    private readonly issuer: OneTimeCodeIssuer,
    private readonly queries: QueryBus,
    private readonly gate: TenancyGate,
  ) {}

  async execute({ caller, body }: IssueOneTimeCodesCommand): Promise<OneTimeBatchView> {
    // A live code the caller can see: a deleted or another tenant's code is not found.
    const base = await this.queries.execute(new GetCode(caller, body.base_code_id));
    const actor: CodeActor = await this.gate.actorIn(caller, base.org_id);
    const batchId = randomUUID();
    const at = new Date();
    const { org_id, base_code_id, amount } = await this.issuer.issue(
      { actor, batch_id: batchId, org_id: base.org_id, base_code_id: base.code_id, amount: body.amount },
      at,
    );
    return { batch_id: batchId, org_id, base_code_id, amount, used: 0, created_at: at.toISOString() };
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
