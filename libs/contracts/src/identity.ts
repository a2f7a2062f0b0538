import { z } from 'zod';
import { ThemeStyle } from './brand';

/**
 * The identity context's HTTP contract: organisations, their users and roles, API keys and terms.
 * Field names are the spec's (§3, §7 "Organisation and users"); the email is a user's id.
 */

/** Lower-cased so that `Ann@x.io` and `ann@x.io` are one member; surrounding spaces are refused, not trimmed. */
export const Email = z.email().toLowerCase().max(254).meta({ id: 'Email', description: 'A user’s email, which is also their user id.' });
export type Email = z.infer<typeof Email>;

export const Role = z.enum(['owner', 'admin', 'editor', 'viewer']).meta({
  id: 'Role',
  description: 'What a member (or an API key) may do in the organisation; see the permission matrix in ARCHITECTURE.md.',
});
export type Role = z.infer<typeof Role>;

const OrganizationName = z.string().trim().min(1).max(120);
// Only web addresses: a logo URL ends up in an <img src>, where javascript: or data: would be an attack surface.
const LogoUrl = z.url({ protocol: /^https$/, error: 'Use an https:// address.' }).max(2048);
const Timestamp = z.iso.datetime();

/** Where analytics cut days, weeks and months: the Intl time-zone database, in browsers and on the server alike. */
export const TimeZone = z
  .string()
  .max(64)
  .refine(
    (name) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: name });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'Use an IANA time zone such as Europe/Berlin or UTC.' },
  )
  .meta({ id: 'TimeZone', description: 'An IANA time zone, e.g. `Europe/Berlin`.' });
export const DEFAULT_TIME_ZONE = 'UTC';

export const CreateOrganizationBody = z
  .strictObject({
    organization_name: OrganizationName,
    organization_logo: LogoUrl.optional(),
    time_zone: TimeZone.optional().meta({ description: 'Defaults to UTC; the web app sends the browser’s.' }),
  })
  .meta({ id: 'CreateOrganizationBody' });
export type CreateOrganizationBody = z.infer<typeof CreateOrganizationBody>;

export const UpdateOrganizationBody = z
  .strictObject({
    organization_name: OrganizationName.optional(),
    organization_logo: LogoUrl.nullable().optional().meta({ description: '`null` removes the logo.' }),
    time_zone: TimeZone.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give organization_name, organization_logo or time_zone.',
  })
  .meta({ id: 'UpdateOrganizationBody' });
export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBody>;

export const OrganizationView = z
  .object({
    organization_id: z.uuid(),
    organization_name: z.string(),
    organization_logo: z.string().nullable(),
    time_zone: z.string().meta({ description: 'The IANA time zone analytics periods are cut in.' }),
    brand_kit: ThemeStyle.meta({ description: 'How the organisation’s visitor pages look; a new organisation has the default.' }),
  })
  .meta({ id: 'Organization' });
export type OrganizationView = z.infer<typeof OrganizationView>;

export const CheckExistenceBody = z
  .strictObject({
    email: Email.optional().meta({ description: 'Finds the organisation this user belongs to.' }),
    id: z.uuid().optional(),
    name: OrganizationName.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Give email, id or name.' })
  .meta({ id: 'CheckExistenceBody' });
export type CheckExistenceBody = z.infer<typeof CheckExistenceBody>;

/**
 * What the web client keeps about the organisation it works in (spec §3): every field is text and
 * empty until set, so it parses leniently (a stale or partial record resets to empty fields).
 */
export const OrganizationRecord = z
  .object({
    org_id: z.string().default(''),
    org_name: z.string().default(''),
    organization_logo: z.string().default(''),
    role: z.string().default(''),
  })
  .meta({ id: 'OrganizationRecord' });
export type OrganizationRecord = z.infer<typeof OrganizationRecord>;

// A default on a shared component would be drawn onto the Role schema itself in OpenAPI, so each
// defaulted role is its own inline schema with a description saying what the default means.
export const AddMemberBody = z
  .strictObject({ email: Email, role: Role.default('viewer').meta({ description: 'Defaults to viewer: read-only until promoted.' }) })
  .meta({ id: 'AddMemberBody' });
export type AddMemberBody = z.infer<typeof AddMemberBody>;

export const EditRoleBody = z.strictObject({ role: Role }).meta({ id: 'EditRoleBody' });
export type EditRoleBody = z.infer<typeof EditRoleBody>;

export const MemberView = z.object({ email: Email, role: Role, added_at: Timestamp }).meta({ id: 'Member' });
export type MemberView = z.infer<typeof MemberView>;

export const UserRoleView = z.object({ email: Email, role: Role }).meta({ id: 'UserRole' });
export type UserRoleView = z.infer<typeof UserRoleView>;

export const IssueApiKeyBody = z
  .strictObject({
    label: z.string().trim().min(1, { error: 'Say what the key is for.' }).max(80).meta({ description: 'Says where the key is used, e.g. “nightly export”.' }),
    role: Role.default('viewer').meta({ description: 'The key acts with this role; defaults to read-only.' }),
  })
  .meta({ id: 'IssueApiKeyBody' });
export type IssueApiKeyBody = z.infer<typeof IssueApiKeyBody>;

const ApiKeyFields = {
  key_id: z.uuid(),
  label: z.string(),
  role: Role,
  prefix: z.string().meta({ description: 'The first characters of the key, to tell keys apart; not enough to use it.' }),
  created_at: Timestamp,
};

export const ApiKeyIssuedView = z
  .object({
    ...ApiKeyFields,
    api_key: z.string().meta({ description: 'The secret. Shown in this response only: the server keeps only its hash.' }),
  })
  .meta({ id: 'ApiKeyIssued' });
export type ApiKeyIssuedView = z.infer<typeof ApiKeyIssuedView>;

export const ApiKeyView = z
  .object({ ...ApiKeyFields, revoked_at: Timestamp.nullable().meta({ description: 'When it stopped working, or null while it works.' }) })
  .meta({ id: 'ApiKey' });
export type ApiKeyView = z.infer<typeof ApiKeyView>;

export const PublishTermsBody = z
  .strictObject({ text: z.string().trim().min(1, { error: 'Write the terms first.' }).max(100_000) })
  .meta({ id: 'PublishTermsBody' });
export type PublishTermsBody = z.infer<typeof PublishTermsBody>;

const TermsVersion = z.number().int().positive();

export const TermsView = z
  .object({
    version: TermsVersion,
    text: z.string(),
    published_at: Timestamp,
    accepted_version: TermsVersion.nullable().meta({
      description: 'The version the caller accepted, or null; a lower number than `version` means they must accept again.',
    }),
  })
  .meta({ id: 'Terms' });
export type TermsView = z.infer<typeof TermsView>;

export const AcceptTermsBody = z
  .strictObject({ version: TermsVersion.meta({ description: 'The version the user read, so a newer text is never accepted unseen.' }) })
  .meta({ id: 'AcceptTermsBody' });
export type AcceptTermsBody = z.infer<typeof AcceptTermsBody>;

/** An organisation's current terms as anyone may read them on its public terms page (`/{id}/terms`). */
export const PublicTermsView = z
  .object({
    organization_name: z.string(),
    organization_logo: z.string().nullable(),
    version: TermsVersion,
    text: z.string().meta({ description: 'Plain text: shown as written, never interpreted as HTML.' }),
    published_at: Timestamp,
  })
  .meta({ id: 'PublicTerms' });
export type PublicTermsView = z.infer<typeof PublicTermsView>;

/** An organisation the caller belongs to, with their role in it: what the organisation switcher lists. */
export const MyOrganizationView = OrganizationView.extend({ role: Role }).meta({ id: 'MyOrganization' });
export type MyOrganizationView = z.infer<typeof MyOrganizationView>;

const DisplayName = z.string().trim().min(1, { error: 'Enter your name' }).max(100, { error: 'Use at most 100 characters for your name' });

/** The signed-in user as they see themselves on /admin/profile. */
export const ProfileView = z
  .object({
    email: Email,
    display_name: z.string().nullable().meta({ description: 'Null when an external sign-in service keeps the profile.' }),
    local_account: z.boolean().meta({
      description: 'True when this server keeps the account (name and password can be changed here); false with an external sign-in service.',
    }),
    created_at: Timestamp.nullable(),
  })
  .meta({ id: 'Profile' });
export type ProfileView = z.infer<typeof ProfileView>;

export const UpdateProfileBody = z.strictObject({ display_name: DisplayName }).meta({ id: 'UpdateProfileBody' });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

/** The sign-up rule for passwords; the upper bound keeps one request from buying seconds of hashing. */
export const PASSWORD_MIN_LENGTH = 10;
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters for the password` })
  .max(1024, { error: 'Use at most 1024 characters for the password' });

export const ChangePasswordBody = z
  .strictObject({ current_password: z.string().min(1, { error: 'Enter your current password' }).max(1024), new_password: NewPassword })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** Who a request acts as: lets a script holding only an API key find its organisation and role. */
export const IdentifierView = z
  .object({
    org_id: z.uuid(),
    user_id: Email.nullable().meta({ description: 'The signed-in user’s email, or null for an API key.' }),
    role: Role,
  })
  .meta({ id: 'Identifier' });
export type IdentifierView = z.infer<typeof IdentifierView>;
