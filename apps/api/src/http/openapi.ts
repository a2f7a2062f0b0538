import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import {
  AcceptTermsBody,
  AuthConfigView,
  SiteView,
  ChildCodesQuery,
  CodeCreatedView,
  CodeListView,
  CodeNameView,
  CodePath,
  CodeView,
  CreateCodeBody,
  ListCodesQuery,
  OrgQuery,
  QrImageQuery,
  QrPreviewBody,
  QrPreviewView,
  UpdateCodeBody,
  CloneCodeBody,
  CloneMultipleBody,
  ClonesCreatedView,
  DuplicateCodeBody,
  ListTemplatesQuery,
  SaveCodeAsTemplateBody,
  SubmitTemplateBody,
  TemplatePath,
  TemplateView,
  UseTemplateBody,
  AddMemberBody,
  ApiKeyIssuedView,
  ApiKeyView,
  ChangePasswordBody,
  CheckExistenceBody,
  CreateOrganizationBody,
  EditRoleBody,
  HealthView,
  IdentifierView,
  IssueApiKeyBody,
  MemberView,
  MyOrganizationView,
  OrganizationView,
  Problem,
  ProfileView,
  PublicCodeView,
  PublicQrQuery,
  PublicTermsView,
  PublishTermsBody,
  TermsView,
  UpdateOrganizationBody,
  UpdateProfileBody,
  UserRoleView,
  BlobPath,
  BlobUrlQuery,
  BlobUrlView,
  SignedBlobQuery,
  UploadBody,
  UploadedImageView,
  UploadQuery,
  CreatePageBody,
  ListPagesQuery,
  ListSubmissionsQuery,
  PageCreatedView,
  PagePath,
  PageView,
  NamedPagePath,
  PublicPagePath,
  ReturnPageBody,
  ReturnPageView,
  SuccessPageView,
  PublicPageView,
  SubmissionListView,
  SubmitBody,
  UpdatePageBody,
} from '@qr/contracts';
import { z } from 'zod';
import { registerCustomersPaths } from '../customers/customers.openapi';
import { registerAnalyticsPaths } from '../analytics/analytics.openapi';
import { registerExperiencesPaths } from '../experiences/experiences.openapi';
import { registerFoldersPaths } from '../folders/folders.openapi';
import { registerNotesPaths } from '../notes/notes.openapi';
import { registerOneTimeCodesPaths } from '../one-time-codes/one-time-codes.openapi';
import { ApiKeyPath, MemberPath, OrganizationPath } from '../identity/organization-paths';

/**
 * The HTTP contract as OpenAPI, generated from the same zod schemas the API validates with and the
 * web forms use. Each bounded context registers its paths here as it arrives.
 */
export function buildOpenApiDocument(options: { version: string; serverUrl: string }) {
  const registry = new OpenAPIRegistry();
  const problem = { description: 'RFC 9457 problem details', content: { 'application/problem+json': { schema: Problem } } };

  registry.registerPath({
    method: 'get',
    path: '/api/health',
    tags: ['platform'],
    summary: 'Whether the database answers and how far behind each projection is',
    responses: {
      200: { description: 'Healthy', content: { 'application/json': { schema: HealthView } } },
      503: { description: 'The database does not answer', content: { 'application/json': { schema: HealthView } } },
      500: problem,
    },
  });

  const bearer = registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'An access token from the sign-in service (/oidc), or an API key `qrk_…`.',
  });
  const signedIn = (tag: string, prefix: string) => signedInRoutes(registry, { tag, prefix, bearer: bearer.name, problem });
  registerIdentityPaths(registry, signedIn, problem);
  registerCodesPaths(signedIn('codes', '/api/v1/codes'));
  registerClonesPaths(signedIn('codes', '/api/v1/codes'));
  registerTemplatesPaths(signedIn('templates', '/api/v1/templates'));
  registerPublicCodePaths(registry, problem);
  registerOneTimeCodesPaths(signedIn('one-time codes', '/api/v1/one-time-codes'));
  registerUploadsPaths(registry, signedIn('uploads', '/api/v1/uploads'), problem);
  registerPagesPaths(signedIn('pages', '/api/v1/pages'));
  registerPublicPagePaths(registry, problem);
  registerCustomersPaths(signedIn('customers', '/api/v1/customers'), signedIn('customers', '/api/v1/exports'));
  registerAnalyticsPaths(registry, signedIn('analytics', '/api/v1/analytics'), problem);
  registerExperiencesPaths(registry, signedIn('experiences', '/api/v1/experiences'), signedIn('experiences', '/api/v1/pages'), problem);
  registerFoldersPaths(signedIn('folders', '/api/v1/folders'));
  registerNotesPaths(signedIn('notes', '/api/v1/notes'));

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'QR Platform API', version: options.version },
    servers: [{ url: options.serverUrl }],
  });
}

export type ProblemResponse = { description: string; content: { 'application/problem+json': { schema: typeof Problem } } };
export type Route = (method: RouteConfig['method'], path: string, summary: string, ok: RouteConfig['responses'], request?: RouteConfig['request']) => void;

export const json = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema } } });
export const body = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

/** Routes behind the bearer guard, under one prefix and tag, with the refusals every such route may answer. */
function signedInRoutes(registry: OpenAPIRegistry, options: { tag: string; prefix: string; bearer: string; problem: ProblemResponse }): Route {
  const { problem } = options;
  const refusals = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem, 500: problem };
  return (method, path, summary, ok, request) =>
    registry.registerPath({
      method,
      path: `${options.prefix}${path}`,
      summary,
      tags: [options.tag],
      security: [{ [options.bearer]: [] }],
      request,
      responses: { ...ok, ...refusals },
    });
}

/** Organisations, users, API keys, terms and the profile: every route but the public terms takes a bearer token or an API key. */
function registerIdentityPaths(registry: OpenAPIRegistry, signedIn: (tag: string, prefix: string) => Route, problem: ProblemResponse) {
  const route = signedIn('identity', '/api/v1/organizations');
  const profileRoute = signedIn('identity', '/api/v1/profile');

  route('post', '', 'Create an organisation; the caller becomes its owner', { 201: json('Created', OrganizationView) }, { body: body(CreateOrganizationBody) });
  route('get', '', 'The organisations the caller belongs to, with their role', { 200: json('Listed', z.array(MyOrganizationView)) });
  route('get', '/{org_id}', 'An organisation the caller belongs to', { 200: json('Found', OrganizationView) }, { params: OrganizationPath });
  route('patch', '/{org_id}', 'Rename it or change its logo (owner, admin)', { 200: json('Updated', OrganizationView) }, {
    params: OrganizationPath,
    body: body(UpdateOrganizationBody),
  });
  route('get', '/{org_id}/users', 'Its members and their roles', { 200: json('Listed', z.array(MemberView)) }, { params: OrganizationPath });
  route('post', '/{org_id}/users', 'Add a member (owner, admin; only an owner adds an owner)', { 201: json('Added', UserRoleView) }, {
    params: OrganizationPath,
    body: body(AddMemberBody),
  });
  route('delete', '/{org_id}/users/{email}', 'Remove a member; the last owner stays', { 204: { description: 'Removed' } }, { params: MemberPath });
  route('put', '/{org_id}/users/{email}', 'Change a member’s role', { 200: json('Changed', UserRoleView) }, { params: MemberPath, body: body(EditRoleBody) });
  route('get', '/{org_id}/users/{email}/role', 'A member’s role', { 200: json('Found', UserRoleView) }, { params: MemberPath });
  route('post', '/{org_id}/api-keys', 'Issue an API key; its secret is in this response only', { 201: json('Issued', ApiKeyIssuedView) }, {
    params: OrganizationPath,
    body: body(IssueApiKeyBody),
  });
  route('delete', '/{org_id}/api-keys/{key_id}', 'Revoke an API key; it stops working at once', { 204: { description: 'Revoked' } }, { params: ApiKeyPath });
  route('get', '/{org_id}/api-keys', 'Its API keys, live first, revoked ones with when (never a secret)', { 200: json('Listed', z.array(ApiKeyView)) }, {
    params: OrganizationPath,
  });
  route('post', '/check-existence', 'Find one of the caller’s organisations by id, name or a member’s email', { 200: json('Found', OrganizationView) }, {
    body: body(CheckExistenceBody),
  });
  route('get', '/{org_id}/identifier', 'Who this request acts as in the organisation: user id (email) and role', { 200: json('Found', IdentifierView) }, {
    params: OrganizationPath,
  });
  route('get', '/{org_id}/terms', 'The current terms and the version the caller accepted', { 200: json('Found', TermsView), 204: { description: 'No terms published yet' } }, { params: OrganizationPath });
  route('post', '/{org_id}/terms', 'Publish a new version of the terms (owner, admin)', { 201: json('Published', TermsView) }, {
    params: OrganizationPath,
    body: body(PublishTermsBody),
  });
  route('post', '/{org_id}/terms/accept', 'Accept a published version (a signed-in user, not an API key)', { 200: json('Accepted', TermsView) }, {
    params: OrganizationPath,
    body: body(AcceptTermsBody),
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/public/site',
    summary: 'Which host is the short host printed in QR codes (ALT_HOST), for the home screen (no sign-in)',
    tags: ['identity'],
    responses: { 200: json('Found', SiteView), 500: problem },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/auth/config',
    summary: 'Where the web app signs in: the OpenID Connect issuer and client id (no sign-in)',
    tags: ['identity'],
    responses: { 200: json('Found', AuthConfigView), 500: problem },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/public/organizations/{org_id}/terms',
    summary: 'An organisation’s current terms, for its public terms page (no sign-in; rate-limited)',
    tags: ['identity'],
    request: { params: OrganizationPath },
    responses: { 200: json('Found', PublicTermsView), 400: problem, 404: problem, 429: problem, 500: problem },
  });

  profileRoute('get', '', 'The signed-in user’s profile', { 200: json('Found', ProfileView) });
  profileRoute('patch', '', 'Change the signed-in user’s name', { 200: json('Changed', ProfileView) }, { body: body(UpdateProfileBody) });
  profileRoute('post', '/password', 'Change the signed-in user’s password', { 204: { description: 'Changed' } }, { body: body(ChangePasswordBody) });
}

/** Dynamic codes; a design that would not scan is refused with 422 design_unscannable. */
function registerCodesPaths(route: Route) {
  route('post', '', 'Create a code; its QR encodes {PUBLIC_URL}/{code_id} (owner, admin, editor)', { 201: json('Created', CodeCreatedView) }, {
    body: body(CreateCodeBody),
  });
  route('get', '', 'An organisation’s codes, newest first, paginated and filtered', { 200: json('Listed', CodeListView) }, { query: ListCodesQuery });
  route('get', '/names', 'Names and ids of an organisation’s codes, for pickers', { 200: json('Listed', z.array(CodeNameView)) }, { query: OrgQuery });
  route('get', '/{code_id}', 'A code', { 200: json('Found', CodeView) }, { params: CodePath });
  route('get', '/{code_id}/children', 'Codes derived from this one (clones, one-time codes); org_id, if given, must own it', { 200: json('Listed', z.array(CodeView)) }, { params: CodePath, query: ChildCodesQuery });
  route('put', '/{code_id}', 'Replace its name, content (type included) and design; the printed QR keeps working', { 200: json('Changed', CodeView) }, {
    params: CodePath,
    body: body(UpdateCodeBody),
  });
  route('post', '/{code_id}/pause', 'Pause: scans show a friendly “paused” page', { 200: json('Paused', CodeView) }, { params: CodePath });
  route('post', '/{code_id}/resume', 'Resume a paused code', { 200: json('Resumed', CodeView) }, { params: CodePath });
  route('delete', '/{code_id}', 'Delete for good: scans show a friendly “gone” page', { 204: { description: 'Deleted' } }, { params: CodePath });
  route(
    'get',
    '/{code_id}/qr',
    'The QR image in the code’s design (SVG, PNG or PDF)',
    {
      200: {
        description: 'The image',
        content: {
          'image/svg+xml': { schema: z.string() },
          'image/png': { schema: z.string().meta({ format: 'binary' }) },
          'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
        },
      },
    },
    { params: CodePath, query: QrImageQuery },
  );
  route('post', '/qr-preview', 'Draw a design for the live preview and say whether it would scan', { 200: json('Drawn', QrPreviewView) }, {
    body: body(QrPreviewBody),
  });
}

/** What visitor pages read: no sign-in, rate-limited like every `/api/v1/public/` route. */
function registerPublicCodePaths(registry: OpenAPIRegistry, problem: ProblemResponse) {
  const refusals = { 400: problem, 404: problem, 429: problem, 500: problem };
  registry.registerPath({
    method: 'get',
    path: '/api/v1/public/codes/{code_id}',
    summary: 'A code’s public content, for its page; a paused code shows no content',
    tags: ['codes'],
    request: { params: CodePath },
    responses: { 200: json('Found', PublicCodeView), ...refusals },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/public/codes/{code_id}/vcard',
    summary: 'A business card code as a vCard 4.0 file, for “add to contacts”',
    tags: ['codes'],
    request: { params: CodePath },
    responses: { 200: { description: 'The .vcf file', content: { 'text/vcard': { schema: z.string() } } }, ...refusals },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/public/codes/{code_id}/qr',
    summary: 'An active code’s QR image in its design, as SVG, for the share page; it takes no options',
    tags: ['codes'],
    request: { params: CodePath, query: PublicQrQuery },
    responses: { 200: { description: 'The SVG image', content: { 'image/svg+xml': { schema: z.string() } } }, ...refusals },
  });
}

/** Spec §7 "Clone QR, create duplicate code, clone code, and clone multiple (code_id, data)"; get-child is `/{code_id}/children`. */
function registerClonesPaths(route: Route) {
  const created = { 201: json('Created', CodeCreatedView) };
  route('post', '/{code_id}/clone', 'Clone a code (and, with with_page, its landing pages); the clone records base_code_id (owner, admin, editor)', created, {
    params: CodePath,
    body: body(CloneCodeBody),
  });
  route('post', '/{code_id}/duplicate', 'Duplicate a code with its landing pages, as a code of its own (no base_code_id)', created, { params: CodePath, body: body(DuplicateCodeBody) });
  route('post', '/clone-multiple', 'One clone per entry of data (name and content fields of the base’s type); one bad entry stores none', { 201: json('Created', ClonesCreatedView) }, {
    body: body(CloneMultipleBody),
  });
}

/** Spec §7 "Get templates", "Submit template": the built-in gallery and the organisation's own. */
function registerTemplatesPaths(route: Route) {
  const saved = { 201: json('Saved', TemplateView) };
  route('get', '', 'The gallery, then the organisation’s templates, newest first', { 200: json('Listed', z.array(TemplateView)) }, { query: ListTemplatesQuery });
  route('post', '', 'Submit a template: content, design and an optional landing page (owner, admin, editor)', saved, { body: body(SubmitTemplateBody) });
  route('post', '/from-code', 'Save a code’s content, design and first landing page as a template', saved, { body: body(SaveCodeAsTemplateBody) });
  route('get', '/{template_id}', 'A gallery or organisation template', { 200: json('Found', TemplateView) }, { params: TemplatePath });
  route('post', '/{template_id}/codes', 'Create a code from a template, with its landing page', { 201: json('Created', CodeCreatedView) }, {
    params: TemplatePath,
    body: body(UseTemplateBody),
  });
  route('delete', '/{template_id}', 'Delete an organisation template (gallery templates stay)', { 204: { description: 'Deleted' } }, { params: TemplatePath });
}

/** Landing pages of codes, and what visitors submitted through their forms. */
function registerPagesPaths(route: Route) {
  route('post', '', 'Generate a page for a code, from the default content and form unless given (owner, admin, editor)', { 201: json('Created', PageCreatedView) }, {
    body: body(CreatePageBody),
  });
  route('get', '', 'A code’s pages, oldest first', { 200: json('Listed', z.array(PageView)) }, { query: ListPagesQuery });
  route('get', '/{page_id}', 'A page', { 200: json('Found', PageView) }, { params: PagePath });
  route('put', '/{page_id}', 'Replace its title, blocks, form and success message; rich text is sanitised', { 200: json('Changed', PageView) }, {
    params: PagePath,
    body: body(UpdatePageBody),
  });
  route('delete', '/{page_id}', 'Delete the page', { 204: { description: 'Deleted' } }, { params: PagePath });
  route('get', '/{page_id}/submissions', 'Visitors’ submissions, newest first, paginated', { 200: json('Listed', SubmissionListView) }, {
    params: PagePath,
    query: ListSubmissionsQuery,
  });
}

/** A visitor's page and its form: no sign-in, rate-limited like every `/api/v1/public/` route. */
function registerPublicPagePaths(registry: OpenAPIRegistry, problem: ProblemResponse) {
  const refusals = { 400: problem, 404: problem, 409: problem, 429: problem, 500: problem };
  registry.registerPath({
    method: 'get',
    path: '/api/v1/public/pages/{id}',
    summary: 'A page as a visitor sees it, by page id or by its code’s id (the code’s first page); 409 page_paused while the code is paused',
    tags: ['pages'],
    request: { params: PublicPagePath },
    responses: { 200: json('Found', PublicPageView), ...refusals },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/public/pages/{id}/success',
    summary: 'What a visitor sees once their submission is in: the page’s title and success message',
    tags: ['pages'],
    request: { params: PublicPagePath },
    responses: { 200: json('Found', SuccessPageView), ...refusals },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/public/pages/{id}/return',
    summary: 'A returning visitor: whether the person with this email (or else phone) has submitted the page before',
    tags: ['pages'],
    request: { params: PublicPagePath, body: body(ReturnPageBody) },
    responses: { 200: json('Found', ReturnPageView), ...refusals },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/public/named-pages/{name}',
    summary: 'A page as a visitor sees it, by its vanity name (the page at `/p/{name}`)',
    tags: ['pages'],
    request: { params: NamedPagePath },
    responses: { 200: json('Found', PublicPageView), ...refusals },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/public/pages/{page_id}/submissions',
    summary: 'Submit the page’s form: 400 names every bad answer; a resent submission_id is recorded once',
    tags: ['pages'],
    request: { params: PagePath, body: body(SubmitBody) },
    responses: { 204: { description: 'Recorded' }, ...refusals },
  });
}

/** Images uploaded for logos and card photos, and time-limited links to them. */
function registerUploadsPaths(registry: OpenAPIRegistry, route: Route, problem: ProblemResponse) {
  route(
    'post',
    '',
    'Upload an image (PNG, JPEG, WebP or GIF by its bytes, at most 5 MB and 4096 px a side); it is stored re-encoded as PNG (owner, admin, editor)',
    { 201: json('Stored', UploadedImageView), 413: problem, 415: problem },
    { query: UploadQuery, body: { content: { 'multipart/form-data': { schema: UploadBody } } } },
  );
  route('get', '/{blob_id}/url', 'A link to one of the organisation’s files that works without sign-in until it expires', { 200: json('Signed', BlobUrlView) }, {
    params: BlobPath,
    query: BlobUrlQuery,
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/blobs/{blob_id}',
    summary: 'A file of the local store, for the holder of a link the server signed (no sign-in); with S3 storage links are presigned S3 addresses instead',
    tags: ['uploads'],
    request: { params: BlobPath, query: SignedBlobQuery },
    responses: {
      200: { description: 'The image', content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } } },
      400: problem,
      403: problem,
      404: problem,
      500: problem,
    },
  });
}
