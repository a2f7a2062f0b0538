import {
  AcceptTermsBody,
  AddMemberBody,
  ApiKeyIssuedView,
  ApiKeyView,
  AuthConfigView,
  ChangePasswordBody,
  CheckExistenceBody,
  CreateOrganizationBody,
  EditRoleBody,
  IdentifierView,
  IssueApiKeyBody,
  MemberView,
  MyOrganizationView,
  OrganizationView,
  ProfileView,
  PublicTermsView,
  PublishTermsBody,
  TermsView,
  UpdateBrandKitBody,
  UpdateOrganizationBody,
  UpdateProfileBody,
  UserRoleView,
} from '@qr/contracts';
import { z } from 'zod';
import { body, json, type ApiPaths } from '../http/openapi';
import { ApiKeyPath, MemberPath, OrganizationPath } from './organization-paths';

/** Organisations, users, API keys, terms and the profile: every route but the public terms and the sign-in configuration takes a bearer token or an API key. */
export function registerIdentityPaths({ signedIn, open, problem }: ApiPaths): void {
  const route = signedIn('identity', '/api/v1/organizations');
  const profileRoute = signedIn('identity', '/api/v1/profile');

  route('post', '', 'Create an organisation; the caller becomes its owner', { 201: json('Created', OrganizationView) }, { body: body(CreateOrganizationBody) });
  route('get', '', 'The organisations the caller belongs to, with their role', { 200: json('Listed', z.array(MyOrganizationView)) });
  route('get', '/{org_id}', 'An organisation the caller belongs to', { 200: json('Found', OrganizationView) }, { params: OrganizationPath });
  route(
    'patch',
    '/{org_id}',
    'Rename it or change its logo (owner, admin)',
    { 200: json('Updated', OrganizationView) },
    {
      params: OrganizationPath,
      body: body(UpdateOrganizationBody),
    },
  );
  route(
    'put',
    '/{org_id}/brand-kit',
    'Replace its brand kit: the colours, fonts, corner radius and button style its visitor pages are drawn in (owner, admin)',
    { 200: json('Updated', OrganizationView) },
    { params: OrganizationPath, body: body(UpdateBrandKitBody) },
  );
  route('get', '/{org_id}/users', 'Its members and their roles', { 200: json('Listed', z.array(MemberView)) }, { params: OrganizationPath });
  route(
    'post',
    '/{org_id}/users',
    'Add a member (owner, admin; only an owner adds an owner)',
    { 201: json('Added', UserRoleView) },
    {
      params: OrganizationPath,
      body: body(AddMemberBody),
    },
  );
  route('delete', '/{org_id}/users/{email}', 'Remove a member; the last owner stays', { 204: { description: 'Removed' } }, { params: MemberPath });
  route('put', '/{org_id}/users/{email}', 'Change a member’s role', { 200: json('Changed', UserRoleView) }, { params: MemberPath, body: body(EditRoleBody) });
  route('get', '/{org_id}/users/{email}/role', 'A member’s role', { 200: json('Found', UserRoleView) }, { params: MemberPath });
  route(
    'post',
    '/{org_id}/api-keys',
    'Issue an API key; its secret is in this response only',
    { 201: json('Issued', ApiKeyIssuedView) },
    {
      params: OrganizationPath,
      body: body(IssueApiKeyBody),
    },
  );
  route('delete', '/{org_id}/api-keys/{key_id}', 'Revoke an API key; it stops working at once', { 204: { description: 'Revoked' } }, { params: ApiKeyPath });
  route(
    'get',
    '/{org_id}/api-keys',
    'Its API keys, live first, revoked ones with when (never a secret)',
    { 200: json('Listed', z.array(ApiKeyView)) },
    {
      params: OrganizationPath,
    },
  );
  route(
    'post',
    '/check-existence',
    'Find one of the caller’s organisations by id, name or a member’s email',
    { 200: json('Found', OrganizationView) },
    { body: body(CheckExistenceBody) },
    { readsOnly: true },
  );
  route(
    'get',
    '/{org_id}/identifier',
    'Who this request acts as in the organisation: user id (email) and role',
    { 200: json('Found', IdentifierView) },
    {
      params: OrganizationPath,
    },
  );
  route(
    'get',
    '/{org_id}/terms',
    'The current terms and the version the caller accepted',
    { 200: json('Found', TermsView), 204: { description: 'No terms published yet' } },
    { params: OrganizationPath },
  );
  route(
    'post',
    '/{org_id}/terms',
    'Publish a new version of the terms (owner, admin)',
    { 201: json('Published', TermsView) },
    {
      params: OrganizationPath,
      body: body(PublishTermsBody),
    },
  );
  route(
    'post',
    '/{org_id}/terms/accept',
    'Accept a published version (a signed-in user, not an API key)',
    { 200: json('Accepted', TermsView) },
    {
      params: OrganizationPath,
      body: body(AcceptTermsBody),
    },
  );
  open('identity', '/api/v1/auth/config', [500])('get', '', 'Where the web app signs in: the OpenID Connect issuer and client id (no sign-in)', {
    200: json('Found', AuthConfigView),
  });
  open('identity', '/api/v1/public/organizations', [400, 404, 429, 500])(
    'get',
    '/{org_id}/terms',
    'An organisation’s current terms, for its public terms page (no sign-in; rate-limited)',
    { 200: json('Found', PublicTermsView) },
    { params: OrganizationPath },
  );

  profileRoute('get', '', 'The signed-in user’s profile', { 200: json('Found', ProfileView) });
  profileRoute('patch', '', 'Change the signed-in user’s name', { 200: json('Changed', ProfileView) }, { body: body(UpdateProfileBody) });
  profileRoute(
    'post',
    '/password',
    'Change the signed-in user’s password; too many wrong current passwords lock the account for a while (423)',
    { 204: { description: 'Changed' }, 423: problem },
    {
      body: body(ChangePasswordBody),
    },
  );
}
