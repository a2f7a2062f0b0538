import { AnalyticsEventBody, AnalyticsQuery, AnalyticsView, SelectionQuery, SelectionView } from '@qr/contracts';
import type { z } from 'zod';
import type { ApiPaths } from '../http/openapi';

const ok = (schema: z.ZodType) => ({ 200: { description: 'Found', content: { 'application/json': { schema } } } });

/** The analytics routes in the OpenAPI document, from the same contracts the API validates with. */
export function registerAnalyticsPaths({ signedIn, open }: ApiPaths): void {
  const route = signedIn('analytics', '/api/v1/analytics');
  route(
    'get',
    '',
    'Figures of an organisation, or one of its codes, for one of the spec’s periods in the organisation’s time zone, beside the period before',
    ok(AnalyticsView),
    {
      query: AnalyticsQuery,
    },
  );
  route('get', '/selection', 'How often each choice of a page’s select or checkbox input was taken', ok(SelectionView), { query: SelectionQuery });
  open('analytics', '/api/v1/public/analytics', [400, 404, 429, 500])(
    'post',
    '/events',
    'A landing page reports what a visitor did (a button click, …); counted in the analytics of the code',
    { 204: { description: 'Recorded' } },
    { body: { content: { 'application/json': { schema: AnalyticsEventBody } } } },
  );
}
