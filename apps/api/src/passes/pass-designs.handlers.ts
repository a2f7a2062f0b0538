import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CreatePassDesignBody, PassDesignsQuery, PassDesignView, UpdatePassDesignBody } from '@qr/contracts';
import { passDesignDecider, passDesignNotFound, passDesignStreamId, type CodeActor, type PassDesignCommand } from '@qr/domain';
import { StreamWriter } from '../decide-on-stream';
import { type Caller, TenancyGate } from '../identity';
import { PassReads, type PassDesignRow } from './pass-reads';
import { PassSources } from './pass-sources';

export class CreatePassDesignCommand extends Command<PassDesignView> {
  constructor(
    readonly caller: Caller,
    readonly body: CreatePassDesignBody,
  ) {
    super();
  }
}

export class UpdatePassDesignCommand extends Command<PassDesignView> {
  constructor(
    readonly caller: Caller,
    readonly designId: string,
    readonly body: UpdatePassDesignBody,
  ) {
    super();
  }
}

export class DeletePassDesignCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly designId: string,
  ) {
    super();
  }
}

export class ListPassDesigns extends Query<PassDesignView[]> {
  constructor(
    readonly caller: Caller,
    readonly query: PassDesignsQuery,
  ) {
    super();
  }
}

export class GetPassDesign extends Query<PassDesignView> {
  constructor(
    readonly caller: Caller,
    readonly designId: string,
  ) {
    super();
  }
}

const viewOf = (row: PassDesignRow, sourceName: string): PassDesignView => ({
  design_id: row.design_id,
  org_id: row.org_id,
  source: row.source,
  source_name: sourceName,
  terms: row.terms,
  passes: row.passes,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** A design's organisation is its row's; staff outside it, and a deleted design, hear 404. */
abstract class PassDesignWriter {
  constructor(
    protected readonly reads: PassReads,
    protected readonly sources: PassSources,
    protected readonly gate: TenancyGate,
    private readonly writer: StreamWriter,
  ) {}

  protected async visible(caller: Caller, designId: string): Promise<{ orgId: string; actor: CodeActor; row: PassDesignRow }> {
    const row = await this.reads.design(designId);
    const { orgId, actor } = await this.gate.actorOwning(caller, row?.status === 'live' ? row.org_id : undefined, passDesignNotFound());
    return { orgId, actor, row: row! };
  }

  protected async decide(designId: string, orgId: string, command: PassDesignCommand): Promise<void> {
    const decided = await this.writer.decide(passDesignStreamId(designId), passDesignDecider, command, { org_id: orgId, actor: command.actor.id });
    await this.reads.reached(decided.appended);
  }

  protected async viewOf(designId: string): Promise<PassDesignView> {
    const row = (await this.reads.design(designId))!;
    return viewOf(row, (await this.sources.find(row.source))?.name ?? '');
  }
}

@CommandHandler(CreatePassDesignCommand)
export class CreatePassDesignHandler extends PassDesignWriter implements ICommandHandler<CreatePassDesignCommand> {
  constructor(reads: PassReads, sources: PassSources, gate: TenancyGate, writer: StreamWriter) {
    super(reads, sources, gate, writer);
  }

  async execute({ caller, body }: CreatePassDesignCommand): Promise<PassDesignView> {
    const actor = await this.gate.actorIn(caller, body.org_id);
    await this.sources.ofOrganization(body.org_id, body.source);
    await this.sources.checkImages(body.org_id, body.terms);
    const designId = randomUUID();
    await this.decide(designId, body.org_id, {
      type: 'CreatePassDesign',
      actor,
      design_id: designId,
      org_id: body.org_id,
      source: body.source,
      terms: body.terms,
    });
    return this.viewOf(designId);
  }
}

@CommandHandler(UpdatePassDesignCommand)
export class UpdatePassDesignHandler extends PassDesignWriter implements ICommandHandler<UpdatePassDesignCommand> {
  constructor(reads: PassReads, sources: PassSources, gate: TenancyGate, writer: StreamWriter) {
    super(reads, sources, gate, writer);
  }

  async execute({ caller, designId, body }: UpdatePassDesignCommand): Promise<PassDesignView> {
    const { orgId, actor } = await this.visible(caller, designId);
    await this.sources.checkImages(orgId, body.terms);
    await this.decide(designId, orgId, { type: 'UpdatePassDesign', actor, source: body.source, terms: body.terms });
    return this.viewOf(designId);
  }
}

@CommandHandler(DeletePassDesignCommand)
export class DeletePassDesignHandler extends PassDesignWriter implements ICommandHandler<DeletePassDesignCommand> {
  constructor(reads: PassReads, sources: PassSources, gate: TenancyGate, writer: StreamWriter) {
    super(reads, sources, gate, writer);
  }

  async execute({ caller, designId }: DeletePassDesignCommand): Promise<void> {
    const { orgId, actor } = await this.visible(caller, designId);
    await this.decide(designId, orgId, { type: 'DeletePassDesign', actor });
  }
}

@QueryHandler(ListPassDesigns)
export class ListPassDesignsHandler implements IQueryHandler<ListPassDesigns> {
  constructor(
    private readonly reads: PassReads,
    private readonly sources: PassSources,
    private readonly gate: TenancyGate,
  ) {}

  async execute({ caller, query }: ListPassDesigns): Promise<PassDesignView[]> {
    await this.gate.roleIn(caller, query.org_id);
    const rows = await this.reads.designs(query.org_id, query.kind, query.source_id);
    return Promise.all(rows.map(async (row) => viewOf(row, (await this.sources.find(row.source))?.name ?? '')));
  }
}

@QueryHandler(GetPassDesign)
export class GetPassDesignHandler implements IQueryHandler<GetPassDesign> {
  constructor(
    private readonly reads: PassReads,
    private readonly sources: PassSources,
    private readonly gate: TenancyGate,
  ) {}

  async execute({ caller, designId }: GetPassDesign): Promise<PassDesignView> {
    const row = await this.reads.design(designId);
    await this.gate.actorOwning(caller, row?.status === 'live' ? row.org_id : undefined, passDesignNotFound());
    return viewOf(row!, (await this.sources.find(row!.source))?.name ?? '');
  }
}
