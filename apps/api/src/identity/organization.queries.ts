import { Inject, Injectable } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  DomainError,
  type ApiKeyView,
  type BrandKit,
  type CheckExistenceBody,
  type IdentifierView,
  type MemberView,
  type MyOrganizationView,
  type OrganizationView,
  type PublicOrganization,
  type Role,
  type UserRoleView,
} from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';
import type { Caller } from './caller';
import { brandKitOf, OrganizationReads } from './organization-reads';

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

export class CheckExistence extends Query<OrganizationView> {
  constructor(
    readonly caller: Caller,
    readonly criteria: CheckExistenceBody,
  ) {
    super();
  }
}

export class GetIdentifier extends Query<IdentifierView> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
  ) {
    super();
  }
}

export class ListApiKeys extends Query<ApiKeyView[]> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
  ) {
    super();
  }
}

interface OrganizationRow {
  org_id: string;
  organization_name: string;
  organization_logo: string | null;
  time_zone: string;
  brand_kit: BrandKit | null;
}

/** The columns of an `OrganizationRow`, read from the organisations table as `o`. */
const ORGANIZATION_COLUMNS = 'o.org_id, o.organization_name, o.organization_logo, o.time_zone, o.brand_kit';

const toView = (row: OrganizationRow): OrganizationView => ({
  organization_id: row.org_id,
  organization_name: row.organization_name,
  organization_logo: row.organization_logo,
  time_zone: row.time_zone,
  brand_kit: brandKitOf(row.brand_kit),
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

/** What a visitor may see of an organisation on its public pages: its name, logo and brand kit, no sign-in. */
export class GetPublicOrganization extends Query<PublicOrganization> {
  constructor(readonly orgId: string) {
    super();
  }
}

@QueryHandler(GetPublicOrganization)
export class GetPublicOrganizationHandler implements IQueryHandler<GetPublicOrganization> {
  constructor(private readonly organizations: OrganizationReads) {}

  async execute({ orgId }: GetPublicOrganization): Promise<PublicOrganization> {
    const profile = await this.organizations.publicProfileOf(orgId);
    if (!profile) throw new DomainError('organization_not_found', 'No such organisation.');
    return profile;
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
    const { rows } = await this.db.query<OrganizationRow>(`SELECT ${ORGANIZATION_COLUMNS} FROM organizations o WHERE o.org_id = $1`, [orgId]);
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
            `SELECT ${ORGANIZATION_COLUMNS}, m.role
               FROM members m JOIN organizations o ON o.org_id = m.org_id
              WHERE m.email = $1 ORDER BY o.organization_name, o.org_id`,
            [caller.email],
          )
        : await this.db.query<OrganizationRow & { role: Role }>(
            `SELECT ${ORGANIZATION_COLUMNS}, k.role
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

@QueryHandler(CheckExistence)
export class CheckExistenceHandler implements IQueryHandler<CheckExistence> {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  /**
   * Looks only among the organisations the caller belongs to (an API key: its own), so nobody can
   * probe for other tenants' names or members; every criterion given must match.
   */
  async execute({ caller, criteria }: CheckExistence): Promise<OrganizationView> {
    const visible =
      caller.kind === 'member'
        ? { sql: 'o.org_id IN (SELECT org_id FROM members WHERE email = $1)', param: caller.email }
        : { sql: 'o.org_id = $1', param: caller.org_id };
    const { rows } = await this.db.query<OrganizationRow>(
      `SELECT ${ORGANIZATION_COLUMNS} FROM organizations o
        WHERE ${visible.sql}
          AND ($2::text IS NULL OR o.org_id = $2)
          AND ($3::text IS NULL OR lower(o.organization_name) = lower($3))
          AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM members m WHERE m.org_id = o.org_id AND m.email = $4))
        ORDER BY o.organization_name, o.org_id LIMIT 1`,
      [visible.param, criteria.id ?? null, criteria.name ?? null, criteria.email ?? null],
    );
    if (!rows[0]) throw new DomainError('organization_not_found', 'No organisation of yours matches.');
    return toView(rows[0]);
  }
}

@QueryHandler(GetIdentifier)
export class GetIdentifierHandler implements IQueryHandler<GetIdentifier> {
  constructor(private readonly membership: Membership) {}

  async execute({ caller, orgId }: GetIdentifier): Promise<IdentifierView> {
    const role = await this.membership.roleOf(caller, orgId);
    return { org_id: orgId, user_id: caller.kind === 'member' ? caller.email : null, role };
  }
}

@QueryHandler(ListApiKeys)
export class ListApiKeysHandler implements IQueryHandler<ListApiKeys> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly membership: Membership,
  ) {}

  /** Live keys first, newest first; revoked ones stay listed so an audit can see what was cut off and when. */
  async execute({ caller, orgId }: ListApiKeys): Promise<ApiKeyView[]> {
    await this.membership.roleOf(caller, orgId);
    const { rows } = await this.db.query<{ key_id: string; label: string; role: Role; prefix: string; created_at: Date; revoked_at: Date | null }>(
      `SELECT key_id, label, role, prefix, created_at, revoked_at FROM api_keys WHERE org_id = $1
        ORDER BY revoked_at IS NOT NULL, created_at DESC, key_id`,
      [orgId],
    );
    return rows.map((row) => ({
      key_id: row.key_id,
      label: row.label,
      role: row.role,
      prefix: row.prefix,
      created_at: new Date(row.created_at).toISOString(),
      revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
    }));
  }
}
