import { Inject, Injectable } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventDataView, ExperienceView, PageEventDataView, ValidateEventDataBody } from '@qr/contracts';
import { isAtEvent } from '@qr/domain';
import type { SqlClient } from '@qr/platform';
import { type Caller, TenancyGate } from '../identity';
import { SQL_CLIENT } from '../infrastructure';
import { PageDirectory, pageNotFound, PageReads } from '../pages';
import { ExperienceOwners } from './experiences.handlers';

/** Spec §7 "get experiences": the organisation's, soonest first. */
export class ListExperiences extends Query<ExperienceView[]> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
  ) {
    super();
  }
}

export class GetExperience extends Query<ExperienceView> {
  constructor(
    readonly caller: Caller,
    readonly experienceId: string,
  ) {
    super();
  }
}

export class GetPageEventData extends Query<PageEventDataView> {
  constructor(
    readonly caller: Caller,
    readonly pageId: string,
  ) {
    super();
  }
}

/** Spec §7 "check event location": true when the page's visitors need not say where they are. */
export class CheckEventLocation extends Query<boolean> {
  constructor(readonly id: string) {
    super();
  }
}

/** Spec §7 "validate event data": true when the visitor is within the event's radius during its window. */
export class ValidateEventData extends Query<boolean> {
  constructor(readonly body: ValidateEventDataBody) {
    super();
  }
}

interface ExperienceRow {
  experience_id: string;
  org_id: string;
  name: string;
  description: string;
  starts_on: string;
  ends_on: string;
  created_at: Date;
  updated_at: Date;
}

// Dates leave as text: a DATE read into a JavaScript Date would shift by the server's zone.
const SELECT_EXPERIENCES = `SELECT e.experience_id, e.org_id, e.name, e.description, to_char(e.starts_on, 'YYYY-MM-DD') AS starts_on,
       to_char(e.ends_on, 'YYYY-MM-DD') AS ends_on, e.created_at, e.updated_at
  FROM experiences e`;

/** Experiences read by a query, each with how many pages it holds: the event data of pages deleted since is not counted. */
@Injectable()
export class ExperienceViews {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly pages: PageReads,
  ) {}

  async of(rows: readonly ExperienceRow[]): Promise<ExperienceView[]> {
    const { rows: joined } = await this.db.query<{ experience_id: string; page_id: string }>(
      'SELECT experience_id, page_id FROM page_event_data WHERE experience_id = ANY($1::text[])',
      [rows.map((row) => row.experience_id)],
    );
    const live = await this.pages.existing(joined.map((row) => row.page_id));
    const counts = new Map<string, number>();
    for (const { experience_id, page_id } of joined) if (live.has(page_id)) counts.set(experience_id, (counts.get(experience_id) ?? 0) + 1);
    return rows.map(({ created_at, updated_at, ...row }) => ({
      ...row,
      page_count: counts.get(row.experience_id) ?? 0,
      created_at: created_at.toISOString(),
      updated_at: updated_at.toISOString(),
    }));
  }
}

@QueryHandler(ListExperiences)
export class ListExperiencesHandler implements IQueryHandler<ListExperiences> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
    private readonly views: ExperienceViews,
  ) {}

  async execute({ caller, orgId }: ListExperiences): Promise<ExperienceView[]> {
    await this.gate.roleIn(caller, orgId);
    const { rows } = await this.db.query<ExperienceRow>(`${SELECT_EXPERIENCES} WHERE e.org_id = $1 ORDER BY e.starts_on, e.name, e.experience_id`, [orgId]);
    return this.views.of(rows);
  }
}

@QueryHandler(GetExperience)
export class GetExperienceHandler implements IQueryHandler<GetExperience> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly experiences: ExperienceOwners,
    private readonly views: ExperienceViews,
  ) {}

  async execute({ caller, experienceId }: GetExperience): Promise<ExperienceView> {
    await this.experiences.organizationOf(caller, experienceId);
    const { rows } = await this.db.query<ExperienceRow>(`${SELECT_EXPERIENCES} WHERE e.experience_id = $1`, [experienceId]);
    const [view] = await this.views.of(rows);
    return view!;
  }
}

interface EventDataRow {
  page_id: string;
  experience_id: string | null;
  latitude: number;
  longitude: number;
  radius_m: number;
  starts_at: Date;
  ends_at: Date;
}

async function eventDataOf(db: SqlClient, pageId: string): Promise<EventDataView | null> {
  const { rows } = await db.query<EventDataRow>(
    'SELECT page_id, experience_id, latitude, longitude, radius_m, starts_at, ends_at FROM page_event_data WHERE page_id = $1',
    [pageId],
  );
  const row = rows[0];
  return row ? { ...row, starts_at: row.starts_at.toISOString(), ends_at: row.ends_at.toISOString() } : null;
}

/** A page's event data as other contexts read it (a wallet pass's event ticket); null when the page has none. */
@Injectable()
export class EventDataReads {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  ofPage(pageId: string): Promise<EventDataView | null> {
    return eventDataOf(this.db, pageId);
  }
}

@QueryHandler(GetPageEventData)
export class GetPageEventDataHandler implements IQueryHandler<GetPageEventData> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
    private readonly pages: PageReads,
  ) {}

  async execute({ caller, pageId }: GetPageEventData): Promise<PageEventDataView> {
    await this.gate.actorOwning(caller, await this.pages.ownerOf(pageId), pageNotFound());
    return { page_id: pageId, event_data: await eventDataOf(this.db, pageId) };
  }
}

/** The event data of the page a visitor opens (by page or code id); a page that is not open to visitors is not found. */
async function visitorsEventData(db: SqlClient, pages: PageDirectory, id: string): Promise<EventDataView | null> {
  const page = await pages.open(id);
  return eventDataOf(db, page.page_id);
}

@QueryHandler(CheckEventLocation)
export class CheckEventLocationHandler implements IQueryHandler<CheckEventLocation> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly pages: PageDirectory,
  ) {}

  async execute({ id }: CheckEventLocation): Promise<boolean> {
    return (await visitorsEventData(this.db, this.pages, id)) === null;
  }
}

@QueryHandler(ValidateEventData)
export class ValidateEventDataHandler implements IQueryHandler<ValidateEventData> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly pages: PageDirectory,
  ) {}

  async execute({ body }: ValidateEventData): Promise<boolean> {
    const event = await visitorsEventData(this.db, this.pages, body.id);
    if (event === null) return true;
    // The server's clock decides the window: a visitor's device could claim any time.
    return isAtEvent(event, body, new Date());
  }
}
