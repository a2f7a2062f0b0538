// What other contexts use of identity: the guard and the caller it puts on a request, the tenancy
// gate every command and query passes, and what an organisation shows of itself.
export { AuthenticationGuard, CurrentCaller, OptionalAuthenticationGuard, OptionalCaller } from './authentication.guard';
export { actorOf, type Caller } from './caller';
export { OrganizationReads } from './organization-reads';
export { GetIdentifier, GetPublicOrganization } from './organization.queries';
export { TenancyGate } from './tenancy-gate';
