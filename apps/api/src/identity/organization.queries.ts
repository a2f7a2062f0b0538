import { Inject, Injectable } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import { DomainError, OrganizationView, Role, type MemberView, type UserRoleView } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';
import type { Caller } from './caller';

/** An organisation the caller belongs to, with their role in it: what the organisation switcher lists. */
export const MyOrganizationView = OrganizationView.extend({ role: Role }).meta({ id: 'MyOrganization' });
export type MyOrganizationView = z.infer<typeof MyOrganizationView>;

export class GetOrganization extends Query<OrganizationView> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
  ) {
    super();
  }
}

export class ListMyOrganizations extends Query<MyOrganizationView[]> {
  constructor(readonly caller: Caller) {
    super();
  }
}

export class ListMembers extends Query<MemberView[]> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
  ) {
    super();
  }
}

export class GetMemberRole extends Query<UserRoleView> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
    readonly email: string,
  ) {
    super();
  }
}

interface OrganizationRow {
  org_id: string;
  organization_name: string;
  organization_logo: string | null;
}

const toView = (row: OrganizationRow): OrganizationView => ({
  organization_id: row.org_id,
  organization_name: row.organization_name,
  organization_logo: row.organization_logo,
});

/**
 * Tenant isolation for reads: the caller's role in the organisation from the read models, or
 * 404 organization_not_found, the same answer as for an id that does not exist.
 */
@Injectable()
export class Membership {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  async roleOf(caller: Caller, orgId: string): Promise<Role> {
    const { rows } =
      caller.kind === 'member'
        ? await this.db.query<{ role: Role }>('SELECT role FROM members WHERE org_id = $1 AND email = $2', [orgId, caller.email])
        : await this.db.query<{ role: Role }>('SELECT role FROM api_keys WHERE org_id = $1 AND key_id = $2 AND revoked_at IS NULL', [orgId, caller.key_id]);
    const role = rows[0]?.role;
    if (!role) throw new DomainError('organization_not_found', 'No such organisation.');
    return role;
  }
}

@QueryHandler(GetOrganization)
export class GetOrganizationHandler implements IQueryHandler<GetOrganization> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly membership: Membership,
  ) {}

  async execute({ caller, orgId }: GetOrganization): Promise<OrganizationView> {
    await this.membership.roleOf(caller, orgId);
    const { rows } = await this.db.query<OrganizationRow>('SELECT org_id, organization_name, organization_logo FROM organizations WHERE org_id = $1', [orgId]);
    if (!rows[0]) throw new DomainError('organization_not_found', 'No such organisation.');
    return toView(rows[0]);
  }
}

@QueryHandler(ListMyOrganizations)
export class ListMyOrganizationsHandler implements IQueryHandler<ListMyOrganizations> {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  async execute({ caller }: ListMyOrganizations): Promise<MyOrganizationView[]> {
    // An API key belongs to one organisation and acts there with its own role.
    const { rows } =
      caller.kind === 'member'
        ? await this.db.query<OrganizationRow & { role: Role }>(
            `SELECT o.org_id, o.organization_name, o.organization_logo, m.role
               FROM members m JOIN organizations o ON o.org_id = m.org_id
              WHERE m.email = $1 ORDER BY o.organization_name, o.org_id`,
            [caller.email],
          )
        : await this.db.query<OrganizationRow & { role: Role }>(
            `SELECT o.org_id, o.organization_name, o.organization_logo, k.role
               FROM api_keys k JOIN organizations o ON o.org_id = k.org_id
              WHERE k.key_id = $1 AND k.revoked_at IS NULL`,
            [caller.key_id],
          );
    return rows.map((row) => ({ ...toView(row), role: row.role }));
  }
}

@QueryHandler(ListMembers)
export class ListMembersHandler implements IQueryHandler<ListMembers> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly membership: Membership,
  ) {}

  async execute({ caller, orgId }: ListMembers): Promise<MemberView[]> {
    await this.membership.roleOf(caller, orgId);
    const { rows } = await this.db.query<{ email: string; role: Role; added_at: Date }>(
      'SELECT email, role, added_at FROM members WHERE org_id = $1 ORDER BY added_at, email',
      [orgId],
    );
    return rows.map((row) => ({ email: row.email, role: row.role, added_at: new Date(row.added_at).toISOString() }));
  }
}

@QueryHandler(GetMemberRole)
export class GetMemberRoleHandler implements IQueryHandler<GetMemberRole> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly membership: Membership,
  ) {}

  async execute({ caller, orgId, email }: GetMemberRole): Promise<UserRoleView> {
    await this.membership.roleOf(caller, orgId);
    const { rows } = await this.db.query<{ role: Role }>('SELECT role FROM members WHERE org_id = $1 AND email = $2', [orgId, email]);
    if (!rows[0]) throw new DomainError('member_not_found', `${email} is not a member of this organisation.`);
    return { email, role: rows[0].role };
  }
}
