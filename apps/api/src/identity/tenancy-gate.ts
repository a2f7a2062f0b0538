import { Injectable } from '@nestjs/common';
import { DomainError, type Role } from '@qr/contracts';
import { actorId, type CodeActor } from '@qr/domain';
import { actorOf, refuseOtherOrganizationsKey, type Caller } from './caller';
import { Membership } from './organization.queries';

/**
 * Tenant isolation, asked the same way by every context: may this caller act in this organisation,
 * and in what role. A thing of another organisation answers exactly as one that does not exist.
 * Identity knows members, not codes or pages: a context asks the owning context's read (for a code,
 * `CodeReads.ownerOf`) which organisation owns a thing, and hands the answer to `actorOwning`.
 */
@Injectable()
export class TenancyGate {
  constructor(private readonly membership: Membership) {}

  /** The caller's role in the organisation, or 404 organization_not_found (also for another organisation's key). */
  async roleIn(caller: Caller, orgId: string): Promise<Role> {
    refuseOtherOrganizationsKey(caller, orgId);
    return this.membership.roleOf(caller, orgId);
  }

  /** The caller as the organisation's commands record them. */
  async actorIn(caller: Caller, orgId: string): Promise<CodeActor> {
    return { id: actorId(actorOf(caller)), role: await this.roleIn(caller, orgId) };
  }

  /**
   * The caller in the organisation that owns a thing (`orgId` undefined: no such thing, as its
   * context's read model says). Someone outside it hears `notFound`, exactly as if it did not exist.
   */
  async actorOwning(caller: Caller, orgId: string | undefined, notFound: DomainError): Promise<{ orgId: string; actor: CodeActor }> {
    if (!orgId) throw notFound;
    try {
      return { orgId, actor: await this.actorIn(caller, orgId) };
    } catch (error) {
      if (error instanceof DomainError && error.code === 'organization_not_found') throw notFound;
      throw error;
    }
  }
}
