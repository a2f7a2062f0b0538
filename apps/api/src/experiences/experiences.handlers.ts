import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type CreateExperienceBody, type ExperienceCreatedView, type PutEventDataBody, type UpdateExperienceBody } from '@qr/contracts';
import {
  experienceDecider,
  experienceStreamId,
  pageEventDataDecider,
  pageEventDataStreamId,
  type CodeActor,
  type ExperienceCommand,
  type PageEventDataCommand,
} from '@qr/domain';
import type { SqlClient } from '@qr/platform';
import { StreamWriter } from '../decide-on-stream';
import { type Caller, TenancyGate } from '../identity';
import { SQL_CLIENT } from '../infrastructure';
import { pageNotFound, PageReads } from '../pages';

export class CreateExperienceCommand extends Command<ExperienceCreatedView> {
  constructor(
    readonly caller: Caller,
    readonly body: CreateExperienceBody,
  ) {
    super();
  }
}

export type ExperienceChange = { type: 'UpdateExperience'; body: UpdateExperienceBody } | { type: 'DeleteExperience' };

export class ChangeExperienceCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly experienceId: string,
    readonly change: ExperienceChange,
  ) {
    super();
  }
}

/** Spec §7 "create event data": attaches (or with no body, detaches) a page's place and time window. */
export class PutPageEventDataCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly pageId: string,
    readonly body: PutEventDataBody | null,
  ) {
    super();
  }
}

/** An experience's organisation and the caller there; another tenant's or a deleted experience is not found. */
@Injectable()
export class ExperienceOwners {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
  ) {}

  async organizationOf(caller: Caller, experienceId: string): Promise<{ orgId: string; actor: CodeActor }> {
    const { rows } = await this.db.query<{ org_id: string }>('SELECT org_id FROM experiences WHERE experience_id = $1', [experienceId]);
    return this.gate.actorOwning(caller, rows[0]?.org_id, new DomainError('experience_not_found', 'No such experience.'));
  }

  /** A page may join only an experience of its own organisation. */
  async assertExperienceOf(orgId: string, experienceId: string): Promise<void> {
    const { rows } = await this.db.query('SELECT 1 FROM experiences WHERE experience_id = $1 AND org_id = $2', [experienceId, orgId]);
    if (rows.length === 0) throw new DomainError('experience_not_found', 'No such experience in this organisation.');
  }
}

@CommandHandler(CreateExperienceCommand)
export class CreateExperienceHandler implements ICommandHandler<CreateExperienceCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, body }: CreateExperienceCommand): Promise<ExperienceCreatedView> {
    const { org_id, name, description, starts_on, ends_on } = body;
    const actor = await this.gate.actorIn(caller, org_id);
    const experienceId = randomUUID();
    const command: ExperienceCommand = { type: 'CreateExperience', actor, experience_id: experienceId, org_id, name, description, starts_on, ends_on };
    await this.writer.decide(experienceStreamId(experienceId), experienceDecider, command, { org_id, actor: actor.id });
    return { experience_id: experienceId };
  }
}

@CommandHandler(ChangeExperienceCommand)
export class ChangeExperienceHandler implements ICommandHandler<ChangeExperienceCommand> {
  constructor(
    private readonly experiences: ExperienceOwners,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, experienceId, change }: ChangeExperienceCommand): Promise<void> {
    const { orgId, actor } = await this.experiences.organizationOf(caller, experienceId);
    const command: ExperienceCommand =
      change.type === 'DeleteExperience' ? { type: 'DeleteExperience', actor } : { type: 'UpdateExperience', actor, ...change.body };
    await this.writer.decide(experienceStreamId(experienceId), experienceDecider, command, { org_id: orgId, actor: actor.id });
  }
}

@CommandHandler(PutPageEventDataCommand)
export class PutPageEventDataHandler implements ICommandHandler<PutPageEventDataCommand> {
  constructor(
    private readonly experiences: ExperienceOwners,
    private readonly gate: TenancyGate,
    private readonly pages: PageReads,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, pageId, body }: PutPageEventDataCommand): Promise<void> {
    const { orgId, actor } = await this.gate.actorOwning(caller, await this.pages.ownerOf(pageId), pageNotFound());
    if (body !== null && body.experience_id !== null) await this.experiences.assertExperienceOf(orgId, body.experience_id);
    const command: PageEventDataCommand =
      body === null ? { type: 'ClearPageEventData', actor, page_id: pageId } : { type: 'SetPageEventData', actor, page_id: pageId, org_id: orgId, ...body };
    await this.writer.decide(pageEventDataStreamId(pageId), pageEventDataDecider, command, { org_id: orgId, actor: actor.id });
  }
}
