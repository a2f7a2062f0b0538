import { DEFAULT_THEME_STYLE, DEFAULT_TIME_ZONE, DomainError, Email, type BrandKit, type Role, type ThemeColours } from '@qr/contracts';
import type { Decider } from '../decider';
import {
  actorId,
  type Actor,
  type AcceptTerms,
  type AddMember,
  type ChangeMemberRole,
  type CreateOrganization,
  type IssueApiKey,
  type OrganizationCommand,
  type PublishTerms,
  type RemoveMember,
  type RevokeApiKey,
  type SetBrandKit,
  type UpdateOrganization,
} from './organization.commands';
import type { OrganizationEvent } from './organization.events';
import { can } from './permissions';

export interface OrganizationState {
  exists: boolean;
  name: string;
  logoUrl: string | null;
  timeZone: string;
  brandKit: BrandKit;
  /** Keyed by lower-cased email. */
  members: ReadonlyMap<string, Role>;
  /** Live keys only: a revoked key is gone, so it can neither act nor be revoked again. */
  apiKeys: ReadonlyMap<string, Role>;
  /** The latest published version; 0 before any. */
  termsVersion: number;
  /** The highest version each email has accepted. */
  acceptedTerms: ReadonlyMap<string, number>;
}

const initialState: OrganizationState = {
  exists: false,
  name: '',
  logoUrl: null,
  timeZone: DEFAULT_TIME_ZONE,
  brandKit: DEFAULT_THEME_STYLE,
  members: new Map(),
  apiKeys: new Map(),
  termsVersion: 0,
  acceptedTerms: new Map(),
};

const withEntry = <V>(map: ReadonlyMap<string, V>, key: string, value: V): ReadonlyMap<string, V> => new Map(map).set(key, value);

function withoutEntry<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  const copy = new Map(map);
  copy.delete(key);
  return copy;
}

function evolve(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  switch (event.type) {
    case 'OrganizationCreated':
      return { ...state, exists: true, name: event.data.name, logoUrl: event.data.logo_url, timeZone: event.data.time_zone ?? DEFAULT_TIME_ZONE };
    case 'OrganizationUpdated':
      return { ...state, name: event.data.name, logoUrl: event.data.logo_url, timeZone: event.data.time_zone ?? DEFAULT_TIME_ZONE };
    case 'OrganizationBrandKitSet':
      return { ...state, brandKit: event.data.brand_kit };
    case 'MemberAdded':
      return { ...state, members: withEntry(state.members, event.data.email, event.data.role) };
    case 'MemberRoleChanged':
      return { ...state, members: withEntry(state.members, event.data.email, event.data.to) };
    case 'MemberRemoved':
      return { ...state, members: withoutEntry(state.members, event.data.email) };
    case 'TermsPublished':
      return { ...state, termsVersion: event.data.version };
    case 'TermsAccepted':
      return { ...state, acceptedTerms: withEntry(state.acceptedTerms, event.data.email, event.data.version) };
    case 'ApiKeyIssued':
      return { ...state, apiKeys: withEntry(state.apiKeys, event.data.key_id, event.data.role) };
    case 'ApiKeyRevoked':
      return { ...state, apiKeys: withoutEntry(state.apiKeys, event.data.key_id) };
  }
}

/** Refusals are thrown DomainErrors with stable codes; the API's one error filter turns them into problem+json. */
function decide(command: OrganizationCommand, state: OrganizationState): OrganizationEvent[] {
  if (command.type === 'CreateOrganization') return createOrganization(command, state);
  if (!state.exists) throw new DomainError('organization_not_found', 'No such organisation.');
  const actor = resolveActor(command.actor, state);
  switch (command.type) {
    case 'UpdateOrganization':
      return updateOrganization(command, state, actor);
    case 'SetBrandKit':
      return setBrandKit(command, state, actor);
    case 'AddMember':
      return addMember(command, state, actor);
    case 'RemoveMember':
      return removeMember(command, state, actor);
    case 'ChangeMemberRole':
      return changeMemberRole(command, state, actor);
    case 'PublishTerms':
      return publishTerms(command, state, actor);
    case 'AcceptTerms':
      return acceptTerms(command, state, actor);
    case 'IssueApiKey':
      return issueApiKey(command, actor);
    case 'RevokeApiKey':
      return revokeApiKey(command, state, actor);
  }
}

export const organizationDecider: Decider<OrganizationCommand, OrganizationEvent, OrganizationState> = {
  initialState,
  evolve,
  decide,
};

/** The actor as this organisation knows them: who to record in `*_by`, and the role to check. */
interface Acting {
  id: string;
  role: Role;
}

function resolveActor(actor: Actor, state: OrganizationState): Acting {
  if (actor.kind === 'api_key') {
    const role = state.apiKeys.get(actor.key_id);
    if (!role) throw new DomainError('unauthenticated', 'This API key is revoked or not one of this organisation’s.');
    return { id: actorId(actor), role };
  }
  const email = normaliseEmail(actor.email, 'actor.email');
  const role = state.members.get(email);
  // A non-member hears what they would for an id that does not exist: other tenants' ids reveal nothing.
  if (!role) throw new DomainError('organization_not_found', 'No such organisation.');
  return { id: email, role };
}

function authorise(allowed: boolean, what: string): void {
  if (!allowed) throw new DomainError('forbidden', `Your role does not allow you to ${what}.`);
}

/** Emails are user ids, so they are compared lower-cased; the contract's rule decides what an email is. */
function normaliseEmail(raw: string, field: string): string {
  const parsed = Email.safeParse(raw);
  if (!parsed.success) throw new DomainError('validation_failed', `${field} is not an email address.`, { field });
  return parsed.data;
}

function roleOfMember(state: OrganizationState, email: string): Role {
  const role = state.members.get(email);
  if (!role) throw new DomainError('member_not_found', `${email} is not a member of this organisation.`, { email });
  return role;
}

function refuseIfLastOwner(state: OrganizationState): void {
  const owners = [...state.members.values()].filter((role) => role === 'owner').length;
  if (owners <= 1) throw new DomainError('last_owner', 'The organisation needs at least one other owner first.');
}

function createOrganization(command: CreateOrganization, state: OrganizationState): OrganizationEvent[] {
  // Only a reused org_id gets here; answer as the store's `no_stream` append would.
  if (state.exists) throw new DomainError('wrong_expected_version', `Organisation ${command.org_id} already exists.`);
  const owner = normaliseEmail(command.created_by, 'created_by');
  return [
    {
      type: 'OrganizationCreated',
      data: { org_id: command.org_id, name: command.name, logo_url: command.logo_url, time_zone: command.time_zone, created_by: owner },
    },
    { type: 'MemberAdded', data: { email: owner, role: 'owner', added_by: owner } },
  ];
}

function updateOrganization(command: UpdateOrganization, state: OrganizationState, actor: Acting): OrganizationEvent[] {
  authorise(can.updateOrganization(actor.role), 'change the organisation');
  const name = command.name ?? state.name;
  const logoUrl = command.logo_url === undefined ? state.logoUrl : command.logo_url;
  const timeZone = command.time_zone ?? state.timeZone;
  if (name === state.name && logoUrl === state.logoUrl && timeZone === state.timeZone) return [];
  return [{ type: 'OrganizationUpdated', data: { name, logo_url: logoUrl, time_zone: timeZone, updated_by: actor.id } }];
}

function setBrandKit(command: SetBrandKit, state: OrganizationState, actor: Acting): OrganizationEvent[] {
  authorise(can.updateOrganization(actor.role), 'change the brand kit');
  // Saving the kit as it is records nothing, so a retried PUT leaves one event.
  if (sameBrandKit(command.brand_kit, state.brandKit)) return [];
  return [{ type: 'OrganizationBrandKitSet', data: { brand_kit: command.brand_kit, set_by: actor.id } }];
}

/** Field by field, not as JSON text: a stored event's keys come back in the database's order, not the contract's. */
function sameBrandKit(a: BrandKit, b: BrandKit): boolean {
  const sameColours = (x: ThemeColours | null, y: ThemeColours | null) =>
    x === null || y === null ? x === y : x.primary === y.primary && x.accent === y.accent && x.text === y.text && x.background === y.background;
  return (
    sameColours(a.light, b.light) &&
    sameColours(a.dark, b.dark) &&
    a.heading_font === b.heading_font &&
    a.body_font === b.body_font &&
    a.radius === b.radius &&
    a.button_style === b.button_style
  );
}

function addMember(command: AddMember, state: OrganizationState, actor: Acting): OrganizationEvent[] {
  authorise(can.manageMembers(actor.role), 'add members');
  if (command.role === 'owner') authorise(can.manageOwners(actor.role), 'make someone an owner');
  const email = normaliseEmail(command.email, 'email');
  if (state.members.has(email)) throw new DomainError('member_already_exists', `${email} is already a member.`, { email });
  return [{ type: 'MemberAdded', data: { email, role: command.role, added_by: actor.id } }];
}

function removeMember(command: RemoveMember, state: OrganizationState, actor: Acting): OrganizationEvent[] {
  authorise(can.manageMembers(actor.role), 'remove members');
  const email = normaliseEmail(command.email, 'email');
  const role = roleOfMember(state, email);
  if (role === 'owner') {
    authorise(can.manageOwners(actor.role), 'remove an owner');
    refuseIfLastOwner(state);
  }
  return [{ type: 'MemberRemoved', data: { email, role, removed_by: actor.id } }];
}

function changeMemberRole(command: ChangeMemberRole, state: OrganizationState, actor: Acting): OrganizationEvent[] {
  authorise(can.manageMembers(actor.role), 'change roles');
  const email = normaliseEmail(command.email, 'email');
  const from = roleOfMember(state, email);
  if (from === 'owner' || command.role === 'owner') authorise(can.manageOwners(actor.role), 'give or take the owner role');
  // Setting the role a member already has is a no-op, so a retried PUT records nothing twice.
  if (from === command.role) return [];
  if (from === 'owner') refuseIfLastOwner(state);
  return [{ type: 'MemberRoleChanged', data: { email, from, to: command.role, changed_by: actor.id } }];
}

function publishTerms(command: PublishTerms, state: OrganizationState, actor: Acting): OrganizationEvent[] {
  authorise(can.publishTerms(actor.role), 'publish terms');
  return [{ type: 'TermsPublished', data: { version: state.termsVersion + 1, text: command.text, published_by: actor.id } }];
}

function acceptTerms(command: AcceptTerms, state: OrganizationState, actor: Acting): OrganizationEvent[] {
  authorise(can.acceptTerms(actor.role), 'accept terms');
  if (!Number.isInteger(command.version) || command.version < 1 || command.version > state.termsVersion) {
    throw new DomainError('not_found', `No terms version ${command.version} has been published.`, { version: command.version });
  }
  // Accepting what one already accepted (or older) changes nothing; acceptance only moves forward.
  if ((state.acceptedTerms.get(actor.id) ?? 0) >= command.version) return [];
  return [{ type: 'TermsAccepted', data: { email: actor.id, version: command.version } }];
}

function issueApiKey(command: IssueApiKey, actor: Acting): OrganizationEvent[] {
  authorise(can.manageApiKeys(actor.role), 'issue API keys');
  // A key with the owner role could do what owners alone may, so only an owner hands one out.
  if (command.role === 'owner') authorise(can.manageOwners(actor.role), 'issue a key with the owner role');
  const { key_id, label, role, prefix } = command;
  return [{ type: 'ApiKeyIssued', data: { key_id, label, role, prefix, issued_by: actor.id } }];
}

function revokeApiKey(command: RevokeApiKey, state: OrganizationState, actor: Acting): OrganizationEvent[] {
  // Any key manager may revoke any key, owner keys included: a leaked key must not wait for an owner.
  authorise(can.manageApiKeys(actor.role), 'revoke API keys');
  if (!state.apiKeys.has(command.key_id)) {
    throw new DomainError('api_key_not_found', 'No live API key with this id.', { key_id: command.key_id });
  }
  return [{ type: 'ApiKeyRevoked', data: { key_id: command.key_id, revoked_by: actor.id } }];
}
