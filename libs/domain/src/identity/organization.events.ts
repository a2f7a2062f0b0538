import type { BrandKit, Role } from '@qr/contracts';

/**
 * Everything that happens to an organisation, on its stream `organization-<org_id>`. Members,
 * API keys and terms live on the same stream because their invariants (one owner at least, no
 * duplicate member, only live keys act) span them and need one expected-version check.
 *
 * Events are immutable and reach analysts and Kafka, so they never carry a password, token, API
 * key secret or its hash. When a thing happened is the event's `occurredAt`, set by the handler.
 *
 * `*_by` fields name the actor: a member's email, or `api_key:<key_id>` for a script (see actorId).
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

export type OrganizationCreated = Event<
  'OrganizationCreated',
  /** `time_zone` is absent from events written before organisations had one: read it as UTC. */
  { org_id: string; name: string; logo_url: string | null; time_zone?: string; created_by: string }
>;

/** Carries the whole profile after the change, so a read model can overwrite rather than merge. */
export type OrganizationUpdated = Event<'OrganizationUpdated', { name: string; logo_url: string | null; time_zone?: string; updated_by: string }>;

/** The whole brand kit after the change; an organisation without this event has the default (DEFAULT_THEME_STYLE). */
export type OrganizationBrandKitSet = Event<'OrganizationBrandKitSet', { brand_kit: BrandKit; set_by: string }>;

export type MemberAdded = Event<'MemberAdded', { email: string; role: Role; added_by: string }>;

export type MemberRemoved = Event<'MemberRemoved', { email: string; role: Role; removed_by: string }>;

export type MemberRoleChanged = Event<'MemberRoleChanged', { email: string; from: Role; to: Role; changed_by: string }>;

/** Versions count up from 1; publishing never edits an older text, so an acceptance names what was read. */
export type TermsPublished = Event<'TermsPublished', { version: number; text: string; published_by: string }>;

export type TermsAccepted = Event<'TermsAccepted', { email: string; version: number }>;

/** The secret's hash is kept by the API's credential store, keyed by key_id, never here. */
export type ApiKeyIssued = Event<'ApiKeyIssued', { key_id: string; label: string; role: Role; prefix: string; issued_by: string }>;

export type ApiKeyRevoked = Event<'ApiKeyRevoked', { key_id: string; revoked_by: string }>;

export type OrganizationEvent =
  | OrganizationCreated
  | OrganizationUpdated
  | OrganizationBrandKitSet
  | MemberAdded
  | MemberRemoved
  | MemberRoleChanged
  | TermsPublished
  | TermsAccepted
  | ApiKeyIssued
  | ApiKeyRevoked;

export const organizationStreamId = (orgId: string): string => `organization-${orgId}`;
