import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AnalyticsQuery, AnalyticsView, FormInput, SelectionQuery, SelectionView } from '@qr/contracts';
import { periodWindow } from '@qr/domain';
import type { AnalyticsReader } from '@qr/projections-analytics';
import { RequestValidationError } from '../http/problem-details';
import type { Caller } from '../identity';
import { ANALYTICS_READER } from '../infrastructure';
import { pageNotFound, PageReads } from '../pages';
import { AnalyticsAccess } from './analytics-access';

/** Spec §7 "get analytics": an organisation's (or one code's) figures for one of the spec's periods. */
export class GetAnalytics extends Query<AnalyticsView> {
  constructor(
    readonly caller: Caller,
    readonly query: AnalyticsQuery,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}

/** Spec §7 "selection analysis": how often each choice of a page's select or checkbox input was taken. */
export class AnalyseSelection extends Query<SelectionView> {
  constructor(
    readonly caller: Caller,
    readonly query: SelectionQuery,
  ) {
    super();
  }
}

const iso = (range: { from: Date; to: Date }) => ({ from: range.from.toISOString(), to: range.to.toISOString() });

@QueryHandler(GetAnalytics)
export class GetAnalyticsHandler implements IQueryHandler<GetAnalytics> {
  constructor(
    @Inject(ANALYTICS_READER) private readonly rollups: AnalyticsReader,
    private readonly access: AnalyticsAccess,
  ) {}

  async execute({ caller, query, now }: GetAnalytics): Promise<AnalyticsView> {
    const { org_id, period, code_id } = query;
    await this.access.reader(caller, org_id);
    if (code_id) await this.access.assertCodeOf(org_id, code_id);
    const zone = await this.access.timeZoneOf(org_id);
    const scope = { orgId: org_id, codeId: code_id ?? null };
    const window = periodWindow(period, now, zone, period === 'all' ? await this.rollups.firstActivity(scope) : null);
    const { previous, ...figures } = await this.rollups.figures(scope, window, zone);
    return {
      org_id,
      code_id: code_id ?? null,
      period,
      time_zone: zone,
      range: iso(window.range),
      bucket: window.bucket,
      previous: window.previous && previous ? { range: iso(window.previous), totals: previous } : null,
      ...figures,
    };
  }
}

/** The choices an input offers, as its answers are stored: a select's options, a box's true or false. */
function choicesOf(input: FormInput): string[] | null {
  if (input.input_type === 'select') return input.options ?? [];
  if (input.input_type === 'checkbox' || input.input_type === 'consent') return ['true', 'false'];
  return null;
}

@QueryHandler(AnalyseSelection)
export class AnalyseSelectionHandler implements IQueryHandler<AnalyseSelection> {
  constructor(
    private readonly pages: PageReads,
    private readonly access: AnalyticsAccess,
  ) {}

  async execute({ caller, query: { org_id, page_id, input } }: AnalyseSelection): Promise<SelectionView> {
    await this.access.reader(caller, org_id);
    const form = await this.pages.formOf(org_id, page_id);
    if (!form) throw pageNotFound();
    const formInput = form.find((candidate) => candidate.name === input);
    const choices = formInput && choicesOf(formInput);
    if (!choices) throw new RequestValidationError([{ field: 'query.input', message: 'The page has no select or checkbox input of that name.' }]);
    // Forgotten people's answers are null and count as none; jsonb's ->> turns true into 'true'.
    const rows = await this.pages.answerCounts(page_id, input);
    const counts = new Map(rows.map((row) => [row.value, Number(row.count)]));
    // Every choice the form offers, taken or not, plus any an older version of the form offered.
    const options = [...new Set([...choices, ...counts.keys()])].map((value) => ({ value, count: counts.get(value) ?? 0 }));
    options.sort((a, b) => b.count - a.count);
    return { page_id, input, submissions: rows.reduce((sum, row) => sum + Number(row.count), 0), options };
  }
}
