import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, type PublicTermsView, type TermsView } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';
import type { Caller } from './caller';
import { Membership } from './organization.queries';

/** The current terms for a member, with the version they accepted, so the app knows whether to ask; null while none are published. */
export class GetTerms extends Query<TermsView | null> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
  ) {
    super();
  }
}

/** The current terms as the public page `/{id}/terms` shows them: no sign-in. */
export class GetPublicTerms extends Query<PublicTermsView> {
  constructor(readonly orgId: string) {
    super();
  }
}

interface TermsRow {
  organization_name: string;
  organization_logo: string | null;
  terms_version: number | null;
  terms_text: string | null;
  terms_published_at: Date | null;
}

async function currentTerms(db: SqlClient, orgId: string): Promise<TermsRow | undefined> {
  const { rows } = await db.query<TermsRow>(
    `SELECT organization_name, organization_logo, terms_version, terms_text, terms_published_at FROM organizations WHERE org_id = $1`,
    [orgId],
  );
  return rows[0];
}

@QueryHandler(GetTerms)
export class GetTermsHandler implements IQueryHandler<GetTerms> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly membership: Membership,
  ) {}

  async execute({ caller, orgId }: GetTerms): Promise<TermsView | null> {
    await this.membership.roleOf(caller, orgId);
    const terms = await currentTerms(this.db, orgId);
    if (!terms?.terms_version) return null;
    const { rows } =
      caller.kind === 'member'
        ? await this.db.query<{ accepted_terms_version: number | null }>('SELECT accepted_terms_version FROM members WHERE org_id = $1 AND email = $2', [
            orgId,
            caller.email,
          ])
        : { rows: [] };
    return {
      version: terms.terms_version,
      text: terms.terms_text ?? '',
      published_at: new Date(terms.terms_published_at!).toISOString(),
      accepted_version: rows[0]?.accepted_terms_version ?? null,
    };
  }
}

@QueryHandler(GetPublicTerms)
export class GetPublicTermsHandler implements IQueryHandler<GetPublicTerms> {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  /** An unknown organisation and one without terms answer alike: the page has nothing to show either way. */
  async execute({ orgId }: GetPublicTerms): Promise<PublicTermsView> {
    const terms = await currentTerms(this.db, orgId);
    if (!terms?.terms_version) throw new DomainError('not_found', 'This organisation has not published terms yet.');
    return {
      organization_name: terms.organization_name,
      organization_logo: terms.organization_logo,
      version: terms.terms_version,
      text: terms.terms_text ?? '',
      published_at: new Date(terms.terms_published_at!).toISOString(),
    };
  }
}
