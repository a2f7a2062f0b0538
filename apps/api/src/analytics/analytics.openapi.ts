import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { AnalyticsEventBody, AnalyticsQuery, AnalyticsView, SelectionQuery, SelectionView } from '@qr/contracts';
import type { z } from 'zod';
import type { ProblemResponse, Route } from '../http/openapi';

const ok = (schema: z.ZodType) => ({ 200: { description: 'Found', content: { 'application/json': { schema } } } });

/** The analytics routes in the OpenAPI document, from the same contracts the API validates with. */
export function registerAnalyticsPaths(registry: OpenAPIRegistry, route: Route, problem: ProblemResponse) {
  route('get', '', 'Figures of an organisation, or one of its codes, for one of the spec’s periods in the organisation’s time zone, beside the period before', ok(AnalyticsView), {
    query: AnalyticsQuery,
  });
  route('get', '/selection', 'How often each choice of a page’s select or checkbox input was taken', ok(SelectionView), { query: SelectionQuery });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/public/analytics/events',
    summary: 'A landing page reports what a visitor did (a button click, …); counted in the analytics of the code',
    tags: ['analytics'],
    request: { body: { content: { 'application/json': { schema: AnalyticsEventBody } } } },
    responses: { 204: { description: 'Recorded' }, 400: problem, 404: problem, 429: problem, 500: problem },
  });
}
