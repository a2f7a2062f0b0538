import { Validator } from '@seriousme/openapi-schema-validator';
import { API_PATHS } from '../app.module';
import { OpenApiSchemas } from '../testing/openapi-schemas';
import { buildOpenApiDocument } from './openapi';
import { isRateLimited } from './public-rate-limit';

const document = buildOpenApiDocument({ version: '0.0.0-test', serverUrl: 'http://localhost:3000' }, API_PATHS);
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const json = JSON.parse(JSON.stringify(document)) as { [key: string]: Json };
const schemas = (json.components as { schemas: Record<string, { properties: Record<string, { pattern: string }> }> }).schemas;

type Operation = {
  parameters?: { in?: string; name?: string; $ref?: string }[];
  requestBody?: unknown;
  responses: Record<string, { headers?: Record<string, unknown> }>;
};
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
);

/** Every `pattern` keyword anywhere in the document, with where it is. */
function patternsOf(node: Json, at = ''): { at: string; pattern: string }[] {
  if (Array.isArray(node)) return node.flatMap((child, index) => patternsOf(child, `${at}/${index}`));
  if (node === null || typeof node !== 'object') return [];
  const own = typeof node.pattern === 'string' ? [{ at, pattern: node.pattern }] : [];
  return [...own, ...Object.entries(node).flatMap(([key, child]) => patternsOf(child, `${at}/${key}`))];
}

describe('the OpenAPI document', () => {
  it('is valid against the OpenAPI 3.1 schema', async () => {
    const result = await new Validator().validate(json);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('writes every pattern as a Unicode regular expression with no flags in it', () => {
    const patterns = patternsOf(json);
    expect(patterns.length).toBeGreaterThan(10);
    for (const { at, pattern } of patterns) {
      expect({ at, flags: /\/[dgimsuvy]+$/.test(pattern) }).toEqual({ at, flags: false });
      expect(() => new RegExp(pattern, 'u')).not.toThrow();
    }
  });

  it('lets a frame’s call to action and a landing page’s event name match their patterns', () => {
    expect(new RegExp(schemas.QrFrame!.properties.text!.pattern, 'u').test('Scan me ✓')).toBe(true);
    expect(new RegExp(schemas.AnalyticsEventBody!.properties.name!.pattern, 'u').test('button:click Größe')).toBe(true);
  });

  it('documents the refusals that come before any route: 413 and 415 for a body, 414 for a path parameter over the router’s length, 429 from the rate limit', () => {
    expect(operations.length).toBeGreaterThan(90);
    for (const { path, method, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      const hasPathParameter = (operation.parameters ?? []).some((parameter) => parameter.in === 'path');
      const hasBody = operation.requestBody !== undefined;
      expect({
        path,
        method,
        413: statuses.includes('413'),
        414: statuses.includes('414'),
        415: statuses.includes('415'),
        429: statuses.includes('429'),
      }).toEqual({
        path,
        method,
        413: hasBody,
        414: hasPathParameter,
        415: hasBody,
        429: isRateLimited(path),
      });
    }
  });

  it('says null where an answer holds null in place of a named schema (an organisation’s analytics, a code that is no clone, a page in no experience, a theme without dark colours, a page without a thank-you button, a return page without an exchange)', () => {
    const schemas = new OpenApiSchemas(json);
    for (const [schema, property] of [
      ['AnalyticsView', 'code_id'],
      ['Code', 'base_code_id'],
      ['EventDataView', 'experience_id'],
      ['ThemeStyle', 'dark'],
      ['Page', 'success_button'],
      ['SuccessPage', 'success_button'],
      ['ReturnPage', 'exchange'],
    ] as const) {
      const pointer = `/components/schemas/${schema}/properties/${property}`;
      expect({ pointer, errors: schemas.errors(pointer, null) }).toEqual({ pointer, errors: [] });
    }
    expect(schemas.errors('/components/schemas/AnalyticsView/properties/code_id', 'abcdefghij')).toEqual([]);
    expect(schemas.errors('/components/schemas/AnalyticsView/properties/code_id', 'not a code id')).not.toEqual([]);
  });

  it('says where a command answers its position and where a query waits for one, on every /api/v1 operation', () => {
    const readsOnly = [
      'post /api/v1/codes/qr-preview',
      'post /api/v1/organizations/check-existence',
      'post /api/v1/exports/csv',
      'post /api/v1/public/pages/{id}/return',
      'post /api/v1/public/event-data/check-location',
      'post /api/v1/public/event-data/validate',
      'post /api/v1/public/loyalty/card',
      'post /api/v1/public/loyalty/referral-code',
      'post /api/v1/messaging/sms/numbers/available',
      'post /api/v1/games/prize-inventory',
      'post /api/v1/public/games/game-leaderboard',
    ];
    for (const { path, method, operation } of operations) {
      const api = path.startsWith('/api/v1/');
      const command = api && method !== 'get' && !readsOnly.includes(`${method} ${path}`);
      const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      expect({ path, method, answersPosition: successes.map(([, response]) => response.headers?.['x-position'] !== undefined) }).toEqual({
        path,
        method,
        answersPosition: successes.map(() => command),
      });
      const waits = (operation.parameters ?? []).some((parameter) => parameter.$ref === '#/components/parameters/MinPosition');
      expect({ path, method, waits }).toEqual({ path, method, waits: api && method === 'get' });
    }
    const components = json.components as {
      headers: Record<string, { schema: { pattern: string } }>;
      parameters: Record<string, { name: string; schema: { pattern: string } }>;
    };
    expect(components.headers.Position!.schema.pattern).toBe('^[0-9]+-[0-9]+$');
    expect([components.parameters.MinPosition!.name, components.parameters.MinPosition!.schema.pattern]).toEqual(['min_position', '^[0-9]+-[0-9]+$']);
  });
});
