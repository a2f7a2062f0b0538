import {
  CreatePageBody,
  ListPagesQuery,
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
    'A returning visitor: whether the person with this email (or else phone) has submitted the page before',
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
}
