import {
  CreatePageBody,
  ListPagesQuery,
  FORM_POST_STEP_FIELD,
  FORM_POST_SUBMISSION_FIELD,
  FormPostFields,
  ListSubmissionsQuery,
  NamedPagePath,
  PageCreatedView,
  PagePath,
  PageView,
  PublicPagePath,
  PublicPageView,
  ReturnPageBody,
  ReturnPageView,
  SubmissionListView,
  SubmitBody,
  SuccessPageView,
  UpdatePageBody,
} from '@qr/contracts';
import { z } from 'zod';
import { body, json, type ApiPaths } from '../http/openapi';

/** Landing pages of codes, what visitors submitted through their forms, and the visitor's page and its form (no sign-in, rate-limited). */
export function registerPagesPaths({ signedIn, open }: ApiPaths): void {
  const route = signedIn('pages', '/api/v1/pages');
  route(
    'post',
    '',
    'Generate a page for a code, from the default content and form unless given (owner, admin, editor)',
    { 201: json('Created', PageCreatedView) },
    {
      body: body(CreatePageBody),
    },
  );
  route('get', '', 'A code’s pages, oldest first', { 200: json('Listed', z.array(PageView)) }, { query: ListPagesQuery });
  route('get', '/{page_id}', 'A page', { 200: json('Found', PageView) }, { params: PagePath });
  route(
    'put',
    '/{page_id}',
    'Replace its title, blocks, form, success message and button, and theme; rich text is sanitised, images (a background’s too) must be the organisation’s',
    { 200: json('Changed', PageView) },
    {
      params: PagePath,
      body: body(UpdatePageBody),
    },
  );
  route('delete', '/{page_id}', 'Delete the page', { 204: { description: 'Deleted' } }, { params: PagePath });
  route(
    'get',
    '/{page_id}/submissions',
    'Visitors’ submissions, newest first, paginated',
    { 200: json('Listed', SubmissionListView) },
    {
      params: PagePath,
      query: ListSubmissionsQuery,
    },
  );

  const refusals = [400, 404, 409, 429, 500];
  const visitor = open('pages', '/api/v1/public/pages', refusals);
  visitor(
    'get',
    '/{id}',
    'A page as a visitor sees it, by page id or by its code’s id (the code’s first page); 409 page_paused while the code is paused',
    { 200: json('Found', PublicPageView) },
    { params: PublicPagePath },
  );
  visitor(
    'get',
    '/{id}/success',
    'What a visitor sees once their submission is in: the page’s title, success message and button, in the page’s theme',
    { 200: json('Found', SuccessPageView) },
    {
      params: PublicPagePath,
    },
  );
  visitor(
    'post',
    '/{id}/return',
    'A returning visitor: whether the person with this email (or else phone) has submitted the page before; with `exchange_id`, the loyalty exchange it names when it was redeemed on a card with that email or phone (null otherwise)',
    { 200: json('Found', ReturnPageView) },
    { params: PublicPagePath, body: body(ReturnPageBody) },
    { readsOnly: true },
  );
  open('pages', '/api/v1/public/named-pages', refusals)(
    'get',
    '/{name}',
    'A page as a visitor sees it, by its vanity name (the page at `/p/{name}`)',
    { 200: json('Found', PublicPageView) },
    {
      params: NamedPagePath,
    },
  );
  visitor(
    'post',
    '/{page_id}/submissions',
    'Submit the page’s form: 400 names every bad answer; a resent submission_id is recorded once',
    { 204: { description: 'Recorded' } },
    { params: PagePath, body: body(SubmitBody) },
  );

  // The page's own HTML (apps/api/src/http/landing-page-html.ts): every answer is a page to show.
  const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
  open('pages', '/page', [])(
    'post',
    '/{page_id}/submit',
    `The landing page's form as the browser posts it itself, before or without the page's script: its inputs by name, a ticked box as "on", with the hidden \`${FORM_POST_SUBMISSION_FIELD}\` the server drew the form with (a resent one is recorded once) and \`${FORM_POST_STEP_FIELD}\`, the step shown. Checked against the page's form as the JSON submit is, and recorded by the same command`,
    {
      200: html('The next step of the form, the answers so far kept'),
      303: { description: 'Recorded: on to the thank-you page, `/page/{page_id}/thank-you`', headers: { location: { schema: { type: 'string' } } } },
      400: html('The form again, with each refused answer’s error beside its input and the answers kept'),
      403: html('A page behind the event-access guard, which the browser must check first: drawn without its form'),
      404: html('No such page'),
      409: html('The page is paused or not built yet'),
    },
    {
      params: PagePath,
      body: { content: { 'application/x-www-form-urlencoded': { schema: FormPostFields } } },
    },
  );
}
