import {
  ApiKeyIssuedView,
  ApiKeyView,
  MemberView,
  MyOrganizationView,
  OrganizationView,
  Role,
  TermsView,
  UserRoleView,
  type IssueApiKeyBody,
  type UpdateOrganizationBody,
} from '@qr/contracts';
import { z } from 'zod';
import { call, NoContent } from '../../api/api-call';

export const roles = Role.options;
export type { Role };
export const isRole = (value: string): value is Role => (roles as readonly string[]).includes(value);

/** Query keys: everything about organizations hangs under ['organizations']. */
export const organizationKeys = {
  all: ['organizations'] as const,
  mine: () => [...organizationKeys.all, 'mine'] as const,
};

export const userKeys = {
  all: (orgId: string) => [...organizationKeys.all, orgId, 'users'] as const,
};

export const apiKeyKeys = {
  all: (orgId: string) => [...organizationKeys.all, orgId, 'api-keys'] as const,
};

export const termsKeys = {
  current: (orgId: string) => [...organizationKeys.all, orgId, 'terms'] as const,
};

const base = '/api/v1/organizations';
const orgPath = (orgId: string) => `${base}/${encodeURIComponent(orgId)}`;
const usersPath = (orgId: string) => `${orgPath(orgId)}/users`;
const userPath = (orgId: string, email: string) => `${usersPath(orgId)}/${encodeURIComponent(email)}`;

export const organizationApi = {
  listMine: () => call(z.array(MyOrganizationView), base),
  /** A new organization starts in the creator's time zone, which is most often where its codes are scanned. */
  create: (organization_name: string) =>
    call(OrganizationView, base, { method: 'POST', body: JSON.stringify({ organization_name, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone }) }),
  listUsers: (orgId: string) => call(z.array(MemberView), usersPath(orgId)),
  addUser: (orgId: string, email: string, role: Role) => call(UserRoleView, usersPath(orgId), { method: 'POST', body: JSON.stringify({ email, role }) }),
  editRole: (orgId: string, email: string, role: Role) => call(UserRoleView, userPath(orgId, email), { method: 'PUT', body: JSON.stringify({ role }) }),
  deleteUser: (orgId: string, email: string) => call(NoContent, userPath(orgId, email), { method: 'DELETE' }),
  update: (orgId: string, body: UpdateOrganizationBody) => call(OrganizationView, orgPath(orgId), { method: 'PATCH', body: JSON.stringify(body) }),
  listApiKeys: (orgId: string) => call(z.array(ApiKeyView), `${orgPath(orgId)}/api-keys`),
  issueApiKey: (orgId: string, body: IssueApiKeyBody) => call(ApiKeyIssuedView, `${orgPath(orgId)}/api-keys`, { method: 'POST', body: JSON.stringify(body) }),
  revokeApiKey: (orgId: string, keyId: string) => call(NoContent, `${orgPath(orgId)}/api-keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' }),
  /** The current terms, or null while none are published. */
  terms: async (orgId: string): Promise<TermsView | null> => (await call(TermsView.optional(), `${orgPath(orgId)}/terms`)) ?? null,
  publishTerms: (orgId: string, text: string) => call(TermsView, `${orgPath(orgId)}/terms`, { method: 'POST', body: JSON.stringify({ text }) }),
  acceptTerms: (orgId: string, version: number) => call(TermsView, `${orgPath(orgId)}/terms/accept`, { method: 'POST', body: JSON.stringify({ version }) }),
};
