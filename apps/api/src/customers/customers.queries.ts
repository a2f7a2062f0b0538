import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  DomainError,
  type CustomerActivityView,
  type CustomerInteractionQuery,
  type CustomerListView,
  type CustomerSource,
  type CustomerView,
  type ListCustomersQuery,
} from '@qr/contracts';
import { normalisedEmail, normalisedPhone, type SqlClient } from '@qr/platform';
import type { Caller } from '../identity';
import { SQL_CLIENT } from '../infrastructure';
import { AnalyticsAccess } from '../analytics';
import { PageReads } from '../pages';
import { CustomerAccess } from './customer-access';

/** Spec §7 "get customers": most recently seen first. */
export class ListCustomers extends Query<CustomerListView> {
  constructor(
    readonly caller: Caller,
    readonly query: ListCustomersQuery,
  ) {
    super();
  }
}

/** Spec §7 "get customer activity". */
export class GetCustomerActivity extends Query<CustomerActivityView> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
    readonly customerId: string,
  ) {
    super();
  }
}

/** Spec §7 "get customer interaction": the customer an email or phone belongs to, with their activity. */
export class FindCustomerInteraction extends Query<CustomerActivityView> {
  constructor(
    readonly caller: Caller,
    readonly query: CustomerInteractionQuery,
  ) {
    super();
  }
}

/** A row of the customers read model. */
export interface CustomerRow {
  org_id: string;
  customer_id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  based_on: CustomerSource;
  code_id: string;
  page_id: string | null;
  first_seen: Date;
  last_seen: Date;
  interactions: number;
}

export const CUSTOMER_COLUMNS = 'org_id, customer_id, email, phone, name, based_on, code_id, page_id, first_seen, last_seen, interactions';

export const toCustomerView = ({ customer_id, based_on, first_seen, last_seen, ...row }: CustomerRow): CustomerView => ({
  id: customer_id,
  ...row,
  basedOn: based_on,
  first_seen: first_seen.toISOString(),
  last_seen: last_seen.toISOString(),
});

/** The newest this many things a customer did; older ones are in the CSV export's counts. */
const TIMELINE_LIMIT = 500;

@QueryHandler(ListCustomers)
export class ListCustomersHandler implements IQueryHandler<ListCustomers> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly access: CustomerAccess,
    private readonly analytics: AnalyticsAccess,
  ) {}

  async execute({ caller, query }: ListCustomers): Promise<CustomerListView> {
    await this.access.reader(caller, query.org_id);
    // Another tenant's code id is not found, rather than a code nobody has used.
    if (query.code_id !== undefined) await this.analytics.assertCodeOf(query.org_id, query.code_id);
    const { rows } = await this.db.query<CustomerRow & { total: string }>(
      `SELECT ${CUSTOMER_COLUMNS}, count(*) OVER () AS total FROM customers c
        WHERE c.org_id = $1 AND ($2::text IS NULL OR c.based_on = $2)
          AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM customer_interactions i WHERE i.org_id = c.org_id AND i.customer_id = c.customer_id AND i.code_id = $3))
        ORDER BY c.last_seen DESC, c.customer_id LIMIT $4 OFFSET $5`,
      [query.org_id, query.basedOn ?? null, query.code_id ?? null, query.per_page, (query.page - 1) * query.per_page],
    );
    return {
      items: rows.map(({ total: _total, ...row }) => toCustomerView(row)),
      page: query.page,
      per_page: query.per_page,
      total: rows[0] ? Number(rows[0].total) : 0,
    };
  }
}

/** The customer and their timeline; another organisation's customer is not found. */
async function activityOf(db: SqlClient, pages: PageReads, orgId: string, where: { sql: string; params: unknown[] }): Promise<CustomerActivityView> {
  const { rows } = await db.query<CustomerRow>(`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE org_id = $1 AND ${where.sql} ORDER BY first_seen LIMIT 1`, [
    orgId,
    ...where.params,
  ]);
  const customer = rows[0];
  if (!customer) throw new DomainError('customer_not_found', 'No such customer.');
  const items = await db.query<{ interaction_id: string; kind: CustomerSource; code_id: string; page_id: string | null; at: Date }>(
    `SELECT i.interaction_id, i.kind, i.code_id, i.page_id, i.at FROM customer_interactions i
      WHERE i.org_id = $1 AND i.customer_id = $2 ORDER BY i.at DESC, i.interaction_id LIMIT ${TIMELINE_LIMIT}`,
    [orgId, customer.customer_id],
  );
  // A form interaction's id is its submission's.
  const answers = await pages.answersOf(items.rows.filter((item) => item.kind === 'form').map((item) => item.interaction_id));
  return {
    customer: toCustomerView(customer),
    items: items.rows.map(({ interaction_id, at, ...item }) => ({
      id: interaction_id,
      ...item,
      at: at.toISOString(),
      answers: answers.get(interaction_id) ?? {},
    })),
  };
}

@QueryHandler(GetCustomerActivity)
export class GetCustomerActivityHandler implements IQueryHandler<GetCustomerActivity> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly pages: PageReads,
    private readonly access: CustomerAccess,
  ) {}

  async execute({ caller, orgId, customerId }: GetCustomerActivity): Promise<CustomerActivityView> {
    await this.access.reader(caller, orgId);
    return activityOf(this.db, this.pages, orgId, { sql: 'customer_id = $2', params: [customerId] });
  }
}

@QueryHandler(FindCustomerInteraction)
export class FindCustomerInteractionHandler implements IQueryHandler<FindCustomerInteraction> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly pages: PageReads,
    private readonly access: CustomerAccess,
  ) {}

  /** Compared as the projection stores them, so `Ada@Example.com ` finds ada@example.com. */
  async execute({ caller, query }: FindCustomerInteraction): Promise<CustomerActivityView> {
    await this.access.reader(caller, query.org_id);
    const where = query.email
      ? { sql: 'email = $2', params: [normalisedEmail(query.email)] }
      : { sql: 'phone = $2', params: [normalisedPhone(query.phone ?? '')] };
    return activityOf(this.db, this.pages, query.org_id, where);
  }
}
