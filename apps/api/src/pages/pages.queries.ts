import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ExchangeView, ListSubmissionsQuery, PageView, ReturnPageBody, ReturnPageView, SubmissionListView } from '@qr/contracts';
import { normalisedEmail, normalisedPhone, PersonalDataVault, type SqlClient } from '@qr/platform';
import { codeNotFound, CodeReads } from '../codes';
import { type Caller, TenancyGate } from '../identity';
import { SQL_CLIENT } from '../infrastructure';
import { LoyaltyReads } from '../loyalty';
import { PageDirectory, type PageRow } from './page-directory';
import { pageNotFound } from './page-reads';
import { PageOwners } from './pages.handlers';

export class GetPage extends Query<PageView> {
  constructor(
    readonly caller: Caller,
    readonly pageId: string,
  ) {
    super();
  }
}

/** Spec §7 "get all pages (code_id)". */
export class ListPages extends Query<PageView[]> {
  constructor(
    readonly caller: Caller,
    readonly codeId: string,
  ) {
    super();
  }
}

/** Spec §7 "get submit data": newest first. */
export class ListSubmissions extends Query<SubmissionListView> {
  constructor(
    readonly caller: Caller,
    readonly pageId: string,
    readonly query: ListSubmissionsQuery,
  ) {
    super();
  }
}

/** Spec §7 "return page": whether the visitor who says who they are has submitted the page (by page or code id) before. */
export class FindReturningVisitor extends Query<ReturnPageView> {
  constructor(
    readonly id: string,
    readonly who: ReturnPageBody,
  ) {
    super();
  }
}

const SELECT_PAGES =
  'SELECT page_id, code_id, org_id, title, vanity_name, blocks, form, success_message, success_button, theme, created_at, updated_at FROM pages';

const toPageView = (row: PageRow): PageView => ({ ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() });

/** Reading pages needs only membership of the page's organisation (permissions.ts, `pages.read`). */
@QueryHandler(GetPage)
export class GetPageHandler implements IQueryHandler<GetPage> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
  ) {}

  async execute({ caller, pageId }: GetPage): Promise<PageView> {
    const { rows } = await this.db.query<PageRow>(`${SELECT_PAGES} WHERE page_id = $1`, [pageId]);
    await this.gate.actorOwning(caller, rows[0]?.org_id, pageNotFound());
    return toPageView(rows[0]!);
  }
}

@QueryHandler(ListPages)
export class ListPagesHandler implements IQueryHandler<ListPages> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
  ) {}

  async execute({ caller, codeId }: ListPages): Promise<PageView[]> {
    await this.gate.actorOwning(caller, await this.codes.ownerOf(codeId), codeNotFound());
    const { rows } = await this.db.query<PageRow>(`${SELECT_PAGES} WHERE code_id = $1 ORDER BY created_at, page_id`, [codeId]);
    return rows.map(toPageView);
  }
}

@QueryHandler(ListSubmissions)
export class ListSubmissionsHandler implements IQueryHandler<ListSubmissions> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly pages: PageOwners,
  ) {}

  async execute({ caller, pageId, query }: ListSubmissions): Promise<SubmissionListView> {
    await this.pages.organizationOf(caller, pageId);
    const { rows } = await this.db.query<{
      submission_id: string;
      page_id: string;
      code_id: string;
      answers: Record<string, string | boolean> | null;
      submitted_at: Date;
      total: string;
    }>(
      `SELECT submission_id, page_id, code_id, answers, submitted_at, count(*) OVER () AS total FROM submissions
        WHERE page_id = $1 ORDER BY submitted_at DESC, submission_id LIMIT $2 OFFSET $3`,
      [pageId, query.per_page, (query.page - 1) * query.per_page],
    );
    return {
      // A forgotten person's answers cannot be opened any more: they show as none.
      items: rows.map(({ total: _total, answers, submitted_at, ...row }) => ({ ...row, answers: answers ?? {}, submitted_at: submitted_at.toISOString() })),
      page: query.page,
      per_page: query.per_page,
      total: rows[0] ? Number(rows[0].total) : 0,
    };
  }
}

/**
 * Looks the visitor up by the keyed hash their submissions carry, never by their answers, which are
 * sealed; so a forgotten person is not found either. Public and rate-limited like every visitor route.
 */
@QueryHandler(FindReturningVisitor)
export class FindReturningVisitorHandler implements IQueryHandler<FindReturningVisitor> {
  private readonly vault: PersonalDataVault;

  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly pages: PageDirectory,
    private readonly loyalty: LoyaltyReads,
  ) {
    this.vault = new PersonalDataVault(db);
  }

  async execute({ id, who }: FindReturningVisitor): Promise<ReturnPageView> {
    const page = await this.pages.open(id);
    const person = await this.vault.referenceOf(who);
    const { rows } = await this.db.query<{ submitted_at: Date }>(
      'SELECT submitted_at FROM submissions WHERE page_id = $1 AND org_id = $2 AND person = $3 ORDER BY submitted_at DESC LIMIT 1',
      [page.page_id, page.org_id, person],
    );
    const latest = rows[0] && (await this.vault.holdsKeyOf(page.org_id, person)) ? rows[0].submitted_at : undefined;
    return {
      page_id: page.page_id,
      returning: latest !== undefined,
      submitted_at: latest?.toISOString() ?? null,
      success_message: page.success_message,
      exchange: who.exchange_id === undefined ? null : await this.exchangeOf(page.org_id, who.exchange_id, who),
    };
  }

  /** The exchange, when it was made on a card of the page's organisation with the email or phone the visitor gave; else nothing to tell. */
  private async exchangeOf(orgId: string, exchangeId: string, who: ReturnPageBody): Promise<ExchangeView | null> {
    const found = await this.loyalty.exchange(exchangeId);
    if (!found) return null;
    const sameEmail = who.email !== undefined && found.email !== null && normalisedEmail(who.email) === normalisedEmail(found.email);
    const samePhone = who.phone !== undefined && found.phone !== null && normalisedPhone(who.phone) === normalisedPhone(found.phone);
    if (!sameEmail && !samePhone) return null;
    return (await this.loyalty.programme(found.view.programme_id))?.org_id === orgId ? found.view : null;
  }
}
