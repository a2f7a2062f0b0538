import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type CreateExperienceBody, type ExperienceCreatedView, type PutEventDataBody, type UpdateExperienceBody } from '@qr/contracts';
import { experienceDecider, experienceStreamId, pageEventDataDecider, pageEventDataStreamId, type CodeActor, type ExperienceCommand, type PageEventDataCommand } from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import type { SqlClient } from '@qr/platform';
import { CodeStream } from '../codes/codes.handlers';
import { decideOnStream } from '../decide-on-stream';
import type { Caller } from '../identity/caller';
import { EVENT_STORE, SQL_CLIENT } from '../infrastructure';
import { PageStream } from '../pages/pages.handlers';

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

/** The write path of experience and page-event streams; tenancy comes from the read models, as for codes and pages. */
@Injectable()
export class ExperienceStreams {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly codes: CodeStream,
  ) {}

  /** The caller in the experience's organisation; another tenant's or a deleted experience is not found. */
  async organizationOf(caller: Caller, experienceId: string): Promise<{ orgId: string; actor: CodeActor }> {
    const { rows } = await this.db.query<{ org_id: string }>('SELECT org_id FROM experiences WHERE experience_id = $1', [experienceId]);
    return this.codes.actorOwning(caller, rows[0]?.org_id, new DomainError('experience_not_found', 'No such experience.'));
  }

  actorFor(caller: Caller, orgId: string): Promise<CodeActor> {
    return this.codes.actorFor(caller, orgId);
  }

  /** A page may join only an experience of its own organisation. */
  async assertExperienceOf(orgId: string, experienceId: string): Promise<void> {
    const { rows } = await this.db.query('SELECT 1 FROM experiences WHERE experience_id = $1 AND org_id = $2', [experienceId, orgId]);
    if (rows.length === 0) throw new DomainError('experience_not_found', 'No such experience in this organisation.');
  }

  async decideExperience(experienceId: string, orgId: string, command: ExperienceCommand): Promise<void> {
    await decideOnStream(this.store, experienceStreamId(experienceId), experienceDecider, command, { org_id: orgId, actor: command.actor.id });
  }

  async decidePageEventData(pageId: string, orgId: string, command: PageEventDataCommand): Promise<void> {
    await decideOnStream(this.store, pageEventDataStreamId(pageId), pageEventDataDecider, command, { org_id: orgId, actor: command.actor.id });
  }
}

@CommandHandler(CreateExperienceCommand)
export class CreateExperienceHandler implements ICommandHandler<CreateExperienceCommand> {
  constructor(private readonly streams: ExperienceStreams) {}

  async execute({ caller, body }: CreateExperienceCommand): Promise<ExperienceCreatedView> {
    const { org_id, name, description, starts_on, ends_on } = body;
    const actor = await this.streams.actorFor(caller, org_id);
    const experienceId = randomUUID();
    await this.streams.decideExperience(experienceId, org_id, { type: 'CreateExperience', actor, experience_id: experienceId, org_id, name, description, starts_on, ends_on });
    return { experience_id: experienceId };
  }
}

@CommandHandler(ChangeExperienceCommand)
export class ChangeExperienceHandler implements ICommandHandler<ChangeExperienceCommand> {
  constructor(private readonly streams: ExperienceStreams) {}

  async execute({ caller, experienceId, change }: ChangeExperienceCommand): Promise<void> {
    const { orgId, actor } = await this.streams.organizationOf(caller, experienceId);
    const command: ExperienceCommand = change.type === 'DeleteExperience' ? { type: 'DeleteExperience', actor } : { type: 'UpdateExperience', actor, ...change.body };
    await this.streams.decideExperience(experienceId, orgId, command);
  }
}

@CommandHandler(PutPageEventDataCommand)
export class PutPageEventDataHandler implements ICommandHandler<PutPageEventDataCommand> {
  constructor(
    private readonly streams: ExperienceStreams,
    private readonly pages: PageStream,
  ) {}

  async execute({ caller, pageId, body }: PutPageEventDataCommand): Promise<void> {
    const { orgId, actor } = await this.pages.organizationOf(caller, pageId);
    if (body === null) return this.streams.decidePageEventData(pageId, orgId, { type: 'ClearPageEventData', actor, page_id: pageId });
    if (body.experience_id !== null) await this.streams.assertExperienceOf(orgId, body.experience_id);
    await this.streams.decidePageEventData(pageId, orgId, { type: 'SetPageEventData', actor, page_id: pageId, org_id: orgId, ...body });
  }
}
