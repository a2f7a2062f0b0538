import {
  Role,
  type ApiKeyIssuedView,
  type ApiKeyView,
  type IssueApiKeyBody,
  type MemberView,
  type MyOrganizationView,
  type OrganizationView,
  type TermsView,
  type UpdateOrganizationBody,
} from '@qr/contracts';
import { apiFetch } from '../../api/api-fetch';

export const roles = Role.options;
export type { Role };
export const isRole = (value: string): value is Role => (roles as readonly string[]).includes(value);
export type Organisation = OrganizationView;
export type MyOrganisation = MyOrganizationView;
export type OrganisationUser = MemberView;

/** Query keys: everything about organisations hangs under ['organizations']. */
export const organisationKeys = {
  all: ['organizations'] as const,
  mine: () => [...organisationKeys.all, 'mine'] as const,
};

export const userKeys = {
  all: (orgId: string) => [...organisationKeys.all, orgId, 'users'] as const,
};

export const apiKeyKeys = {
  all: (orgId: string) => [...organisationKeys.all, orgId, 'api-keys'] as const,
};

export const termsKeys = {
  current: (orgId: string) => [...organisationKeys.all, orgId, 'terms'] as const,
};

/** A failed call, carrying the problem+json title/detail when the API sent one. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string | undefined,
    readonly code: string | undefined,
    readonly errors: { field: string; message: string }[] = [],
  ) {
    super(detail ?? title);
    this.name = 'ApiProblem';
  }
}

/** A query's retry rule: as the query client's (3 times), but never a refusal (4xx), which asking again only repeats. */
export const retryUnlessRefused = (failures: number, error: unknown): boolean => !(error instanceof ApiProblem && error.status < 500) && failures < 3;

/** The problem+json a failed response carries, as an error to throw. */
export async function problem(response: Response): Promise<ApiProblem> {
  try {
    const body = (await response.json()) as Partial<{
      title: string;
      detail: string;
      code: string;
      errors: { field: string; message: string }[];
    }>;
    return new ApiProblem(response.status, body.title ?? response.statusText, body.detail, body.code, body.errors ?? []);
  } catch {
    return new ApiProblem(response.status, response.statusText || `Request failed (${response.status})`, undefined, undefined);
  }
}

export async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await apiFetch(path, init);
  if (!response.ok) throw await problem(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

const base = '/api/v1/organizations';
const orgPath = (orgId: string) => `${base}/${encodeURIComponent(orgId)}`;
const usersPath = (orgId: string) => `${orgPath(orgId)}/users`;
const userPath = (orgId: string, email: string) => `${usersPath(orgId)}/${encodeURIComponent(email)}`;

export const organisationApi = {
  listMine: () => call<MyOrganisation[]>(base),
  /** A new organisation starts in the creator's time zone, which is most often where its codes are scanned. */
  create: (organization_name: string) =>
    call<Organisation>(base, { method: 'POST', body: JSON.stringify({ organization_name, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone }) }),
  listUsers: (orgId: string) => call<OrganisationUser[]>(usersPath(orgId)),
  addUser: (orgId: string, email: string, role: Role) =>
    call<unknown>(usersPath(orgId), { method: 'POST', body: JSON.stringify({ email, role }) }),
  editRole: (orgId: string, email: string, role: Role) =>
    call<unknown>(userPath(orgId, email), { method: 'PUT', body: JSON.stringify({ role }) }),
  deleteUser: (orgId: string, email: string) => call<void>(userPath(orgId, email), { method: 'DELETE' }),
  update: (orgId: string, body: UpdateOrganizationBody) => call<Organisation>(orgPath(orgId), { method: 'PATCH', body: JSON.stringify(body) }),
  listApiKeys: (orgId: string) => call<ApiKeyView[]>(`${orgPath(orgId)}/api-keys`),
  issueApiKey: (orgId: string, body: IssueApiKeyBody) =>
    call<ApiKeyIssuedView>(`${orgPath(orgId)}/api-keys`, { method: 'POST', body: JSON.stringify(body) }),
  revokeApiKey: (orgId: string, keyId: string) =>
    call<void>(`${orgPath(orgId)}/api-keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' }),
  /** The current terms, or null while none are published. */
  terms: async (orgId: string): Promise<TermsView | null> => (await call<TermsView | undefined>(`${orgPath(orgId)}/terms`)) ?? null,
  publishTerms: (orgId: string, text: string) => call<TermsView>(`${orgPath(orgId)}/terms`, { method: 'POST', body: JSON.stringify({ text }) }),
  acceptTerms: (orgId: string, version: number) =>
    call<TermsView>(`${orgPath(orgId)}/terms/accept`, { method: 'POST', body: JSON.stringify({ version }) }),
};

/** A message for the user out of whatever a call threw. */
export function describeError(error: unknown): string {
  if (error instanceof ApiProblem) {
    const fields = error.errors.map((e) => e.message).join(' ');
    return [error.detail ?? error.title, fields].filter(Boolean).join(' ');
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}
