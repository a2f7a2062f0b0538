import type { Actor, MemberActor } from '@qr/domain';
import { DomainError } from '@qr/contracts';

/**
 * Who a request comes from, as the authentication guard found them. An API key also says which
 * organisation issued it, so a key is kept to that organisation before anything else is read.
 */
export type Caller = MemberActor | { kind: 'api_key'; key_id: string; org_id: string };

/** The actor a command carries: the key's organisation stays with the request, not with the command. */
export function actorOf(caller: Caller): Actor {
  return caller.kind === 'member' ? caller : { kind: 'api_key', key_id: caller.key_id };
}

/**
 * A key of another organisation hears what a stranger hears, so other tenants' ids reveal nothing
 * (the decider alone would answer `unauthenticated`, which tells the caller the organisation exists).
 */
export function refuseOtherOrganizationsKey(caller: Caller, orgId: string): void {
  if (caller.kind === 'api_key' && caller.org_id !== orgId) throw new DomainError('organization_not_found', 'No such organisation.');
}
