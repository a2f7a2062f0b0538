import { CodeCreatedView, ListTemplatesQuery, SaveCodeAsTemplateBody, SubmitTemplateBody, TemplatePath, TemplateView, UseTemplateBody } from '@qr/contracts';
import { z } from 'zod';
import { body, json, type ApiPaths } from '../http/openapi';

/** Spec §7 "Get templates", "Submit template": the built-in gallery and the organisation's own. */
export function registerTemplatesPaths({ signedIn, problem }: ApiPaths): void {
  const route = signedIn('templates', '/api/v1/templates');
  const saved = { 201: json('Saved', TemplateView) };
  route(
    'get',
    '',
    'The gallery, then the organisation’s templates, newest first',
    { 200: json('Listed', z.array(TemplateView)) },
    { query: ListTemplatesQuery },
  );
  route(
    'post',
    '',
    'Submit a template: content, design and an optional landing page (owner, admin, editor); 422 for a design that would not scan',
    { ...saved, 422: problem },
    {
      body: body(SubmitTemplateBody),
    },
  );
  route('post', '/from-code', 'Save a code’s content, design and first landing page as a template', saved, { body: body(SaveCodeAsTemplateBody) });
  route('get', '/{template_id}', 'A gallery or organisation template', { 200: json('Found', TemplateView) }, { params: TemplatePath });
  route(
    'post',
    '/{template_id}/codes',
    'Create a code from a template, with its landing page',
    { 201: json('Created', CodeCreatedView) },
    {
      params: TemplatePath,
      body: body(UseTemplateBody),
    },
  );
  route('delete', '/{template_id}', 'Delete an organisation template (gallery templates stay)', { 204: { description: 'Deleted' } }, { params: TemplatePath });
}
