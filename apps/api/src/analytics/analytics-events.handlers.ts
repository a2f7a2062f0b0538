import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { DomainError, type AnalyticsEventBody } from '@qr/contracts';
import { analyticsEventsStreamId, type AnalyticsEventRecorded } from '@qr/domain';
import { HotPathAppender } from '../hot-path-appender';
import { pageNotFound, PageReads } from '../pages';
import { CodeDirectory, VisitorFactsReader } from '../scans';

/** A visitor's custom event from a landing page: no caller, the page is public. */
export class RecordAnalyticsEventCommand extends Command<void> {
  constructor(
    readonly body: AnalyticsEventBody,
    readonly request: FastifyRequest,
  ) {
    super();
  }
}

/**
 * Appends `AnalyticsEventRecorded` through the hot path's group commit, with the scan path's
 * visitor facts (the daily-salted hash, the bot flag), so events and scans count the same visitor
 * alike. A deleted code, or a page of another code, is not found.
 */
@CommandHandler(RecordAnalyticsEventCommand)
export class RecordAnalyticsEventHandler implements ICommandHandler<RecordAnalyticsEventCommand> {
  constructor(
    private readonly pages: PageReads,
    private readonly codes: CodeDirectory,
    private readonly visitors: VisitorFactsReader,
    private readonly appender: HotPathAppender,
  ) {}

  async execute({ body, request }: RecordAnalyticsEventCommand): Promise<void> {
    const code = await this.codes.find(body.code_id);
    if (!code || code.status === 'deleted') throw new DomainError('code_not_found', 'No such code.');
    const pageId = body.page_id ?? null;
    if (pageId) {
      if (!(await this.pages.isPageOfCode(pageId, body.code_id))) throw pageNotFound();
    }
    const now = new Date();
    const { visitor, bot } = await this.visitors.read(request, now);
    const event: AnalyticsEventRecorded = {
      type: 'AnalyticsEventRecorded',
      data: { org_id: code.orgId, code_id: code.codeId, page_id: pageId, name: body.name, target: body.target ?? null, visitor, bot },
    };
    await this.appender.append({
      streamId: analyticsEventsStreamId(code.codeId, this.appender.shard()),
      expectedVersion: 'any',
      events: [{ ...event, occurredAt: now, metadata: { org_id: code.orgId } }],
    });
  }
}
