import type { BrandKit, Role } from '@qr/contracts';

/**
 * Who sends a command. It carries no role on purpose: the decider reads the role from the
 * organisation's own stream, under the same expected version as the change, so a member demoted a
 * moment ago or a key just revoked cannot act on a stale read model.
 */
export type Actor = { kind: 'member'; email: string } | { kind: 'api_key'; key_id: string };
export type MemberActor = Extract<Actor, { kind: 'member' }>;

/** How events name their actor in `*_by` fields. Emails cannot contain ':', so the two never collide. */
export const actorId = (actor: Actor): string => (actor.kind === 'member' ? actor.email : `api_key:${actor.key_id}`);

/** The signed-in user who creates it becomes its first owner. `org_id` is a UUID the handler draws. */
export interface CreateOrganization {
  type: 'CreateOrganization';
  org_id: string;
  name: string;
  logo_url: string | null;
  time_zone: string;
  created_by: string;
}

/** Absent fields stay as they are; `logo_url: null` removes the logo. */
export interface UpdateOrganization {
  type: 'UpdateOrganization';
  actor: Actor;
  name?: string;
  logo_url?: string | null;
  time_zone?: string;
}

/** Replaces the whole brand kit: the editor sends every field, so a read model overwrites rather than merges. */
export interface SetBrandKit {
  type: 'SetBrandKit';
  actor: Actor;
  brand_kit: BrandKit;
}

export interface AddMember {
  type: 'AddMember';
  actor: Actor;
  email: string;
  role: Role;
}

export interface RemoveMember {
  type: 'RemoveMember';
  actor: Actor;
  email: string;
}

export interface ChangeMemberRole {
  type: 'ChangeMemberRole';
  actor: Actor;
  email: string;
  role: Role;
}

export interface PublishTerms {
  type: 'PublishTerms';
  actor: Actor;
  text: string;
}

/** Only a person accepts terms, so an API key cannot send this. */
export interface AcceptTerms {
  type: 'AcceptTerms';
  actor: MemberActor;
  version: number;
}

/**
 * The handler draws the secret and a fresh UUID `key_id`, keeps the secret's hash in its credential
 * store and returns the secret once; only the non-secret `prefix` reaches the event.
 */
export interface IssueApiKey {
  type: 'IssueApiKey';
  actor: Actor;
  key_id: string;
  label: string;
  role: Role;
  prefix: string;
}

export interface RevokeApiKey {
  type: 'RevokeApiKey';
  actor: Actor;
  key_id: string;
}

export type OrganizationCommand =
  CreateOrganization | UpdateOrganization | SetBrandKit | AddMember | RemoveMember | ChangeMemberRole | PublishTerms | AcceptTerms | IssueApiKey | RevokeApiKey;
