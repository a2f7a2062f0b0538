import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { API_PATHS } from '../app.module';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { SchemaArbitraries, type JsonSchema, type KnownValues } from '../testing/openapi-arbitraries';
import { OpenApiSchemas, pointerTo } from '../testing/openapi-schemas';
import { startTestApp, type TestApp } from '../testing/test-app';
import { multipart } from '../uploads/multipart.fixture';
import { buildOpenApiDocument } from './openapi';

/**
 * Every operation of the OpenAPI document, called with requests generated from its own schemas
 * (path, query and body; mostly fitting, some near misses, some anything), as a client that trusts
 * the document would. Each answer must be no 5xx, a status the operation documents, and, when it
 * is JSON, fit the schema documented for that status. A fixed seed keeps a run reproducible;
 * FUZZ_SEED picks another.
 */

const REQUESTS_PER_OPERATION = 32;
const SEED = Number(process.env.FUZZ_SEED ?? 50);
const OWNER = 'fuzz-owner@example.com';

const document = JSON.parse(JSON.stringify(buildOpenApiDocument({ version: 'test', serverUrl: 'http://localhost:3000' }, API_PATHS))) as {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, JsonSchema> };
};

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
  $ref?: string;
}
interface ResponseObject {
  content?: Record<string, { schema: JsonSchema }>;
  headers?: Record<string, { $ref?: string }>;
}
interface OperationObject {
  parameters?: ParameterObject[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, ResponseObject>;
  security?: unknown[];
}
interface Operation {
  method: string;
  path: string;
  operation: OperationObject;
}
interface GeneratedRequest {
  url: string;
  body?: unknown;
  upload?: 'image' | 'not-an-image';
  /** A body the operation does not take: another content type, or over the size limit. */
  raw?: { payload: string; contentType: string };
  signedIn: boolean;
}

const OFF_CONTRACT_BODIES = [
  { payload: 'plain words', contentType: 'text/plain' },
  { payload: '<xml/>', contentType: 'application/xml' },
  { payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }), contentType: 'application/json' },
];

// Deletions go last, so that the ids the other operations are called with still exist for them.
// A landing page's own HTML routes (landing-page-html.ts) are only there when the API serves the
// built web app, which this app does not; landing-page-html.spec.ts calls them on the built app.
const operations: Operation[] = Object.entries(document.paths)
  .filter(([path]) => !path.startsWith('/page/'))
  .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method, path, operation })))
  .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));

/** A path segment or query value as a client would send it: percent-encoded. */
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Requests that fit the operation's schemas, two in three, and requests with parts that may not fit, the rest. */
function requestsFor(operation: Operation, arbitraries: SchemaArbitraries): fc.Arbitrary<GeneratedRequest> {
  return fc.oneof({ weight: 2, arbitrary: requestsOf(operation, arbitraries, 'valid') }, { weight: 1, arbitrary: requestsOf(operation, arbitraries, 'any') });
}

function requestsOf({ path, operation }: Operation, arbitraries: SchemaArbitraries, fit: 'valid' | 'any'): fc.Arbitrary<GeneratedRequest> {
  const value = (schema: JsonSchema, name?: string) => arbitraries[fit](schema, name);
  // min_position is left out: its waiting is another suite's, and this one checks the contract.
  const parameters = (operation.parameters ?? []).filter((parameter) => !parameter.$ref);
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const pathValues = fc.tuple(...pathParameters.map((parameter) => value(parameter.schema, parameter.name)));
  const queryValues = fc.tuple(
    ...queryParameters.map((parameter) =>
      parameter.required ? value(parameter.schema, parameter.name) : fc.option(value(parameter.schema, parameter.name), { freq: 2, nil: undefined }),
    ),
  );
  const content = operation.requestBody?.content ?? {};
  const documentedBody: fc.Arbitrary<Pick<GeneratedRequest, 'body' | 'upload' | 'raw'>> = content['application/json']
    ? fc.option(value(content['application/json'].schema), { freq: 12, nil: undefined }).map((generated) => ({ body: generated }))
    : content['multipart/form-data']
      ? fc.constantFrom<GeneratedRequest['upload']>('image', 'not-an-image').map((upload) => ({ upload }))
      : fc.constant({});
  const body =
    fit === 'any' && operation.requestBody
      ? fc.oneof({ weight: 8, arbitrary: documentedBody }, { weight: 1, arbitrary: fc.constantFrom(...OFF_CONTRACT_BODIES).map((raw) => ({ raw })) })
      : documentedBody;
  const signedIn = operation.security
    ? fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) })
    : fc.constant(false);
  return fc.record({ pathValues, queryValues, body, signedIn }).map(({ pathValues, queryValues, body, signedIn }) => {
    const filled = pathParameters.reduce((url, parameter, index) => url.replace(`{${parameter.name}}`, encodeURIComponent(asText(pathValues[index]))), path);
    const query = new URLSearchParams(
      queryParameters.flatMap((parameter, index) =>
        queryValues[index] === undefined ? [] : [[parameter.name, asText(queryValues[index])] as [string, string]],
      ),
    );
    return { url: query.size ? `${filled}?${query}` : filled, ...body, signedIn };
  });
}

/** What is wrong with an answer to this operation: nothing, or why a client that trusts the document would stumble. */
function defectsOf(schemas: OpenApiSchemas, operation: Operation, res: LightMyRequestResponse): string[] {
  const status = String(res.statusCode);
  if (res.statusCode >= 500) return [`answered ${status}: ${res.body.slice(0, 300)}`];
  const documented = operation.operation.responses[status] ?? operation.operation.responses.default;
  if (!documented) return [`answered ${status}, which is not documented (${Object.keys(operation.operation.responses).join(', ')}): ${res.body.slice(0, 300)}`];
  return [...headerDefects(schemas, operation, status, documented, res), ...contentDefects(schemas, operation, status, documented, res)];
}

/** The read-your-writes position, where it is answered, is documented there and has its documented form. */
function headerDefects(
  schemas: OpenApiSchemas,
  { method, path }: Operation,
  status: string,
  documented: ResponseObject,
  res: LightMyRequestResponse,
): string[] {
  const position = res.headers['x-position'];
  if (position === undefined) return [];
  const header = documented.headers?.['x-position'];
  if (!header) return [`answered ${status} with x-position, which is not documented there`];
  const pointer = header.$ref ? `${header.$ref.slice(1)}/schema` : pointerTo('/paths', path, method, 'responses', status, 'headers', 'x-position', 'schema');
  const errors = schemas.errors(pointer, position);
  return errors.length ? [`answered x-position ${String(position)}, which does not fit its schema: ${errors.join('; ')}`] : [];
}

function contentDefects(
  schemas: OpenApiSchemas,
  { method, path }: Operation,
  status: string,
  documented: ResponseObject,
  res: LightMyRequestResponse,
): string[] {
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  if (!documented.content || res.statusCode === 204) return res.body.length > 0 && res.statusCode === 204 ? ['a 204 with a body'] : [];
  if (!(type in documented.content)) return [`answered ${status} as ${type || 'no content type'}, documented as ${Object.keys(documented.content).join(', ')}`];
  if (!type.endsWith('json')) return [];
  const errors = schemas.errors(pointerTo('/paths', path, method, 'responses', status, 'content', type, 'schema'), res.json());
  return errors.length ? [`answered ${status} with JSON that does not fit its schema: ${errors.slice(0, 5).join('; ')}: ${res.body.slice(0, 300)}`] : [];
}

describe('every operation of the OpenAPI document, called with generated requests', () => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  let arbitraries: SchemaArbitraries;
  const schemas = new OpenApiSchemas(document);
  let image: Buffer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'qr-openapi-requests-'));
    // The public routes' rate limit would answer most generated requests with a (documented) 429.
    t = await startTestApp({ env: { DATA_DIR: dataDir }, publicRateLimit: { max: 1_000_000, windowMs: 60_000 } });
    token = await signedUpToken(t.app, OWNER);
    const owner = callerOf(t.app, token);
    image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8e2424' } })
      .png()
      .toBuffer();
    arbitraries = new SchemaArbitraries(document.components.schemas, await createWorld(t, owner, token, image));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(operations.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const))('%s', async (_name, operation) => {
    const requests = fc.sample(requestsFor(operation, arbitraries), { numRuns: REQUESTS_PER_OPERATION, seed: SEED });
    const defects: { request: GeneratedRequest; defects: string[] }[] = [];
    for (const request of requests) {
      const headers: Record<string, string> = request.signedIn ? { authorization: `Bearer ${token}` } : {};
      let payload: string | Buffer | undefined;
      if (request.upload) {
        const form = multipart(request.upload === 'image' ? image : Buffer.from('plain text'), 'file.png', 'image/png');
        [payload, headers['content-type']] = [form.payload, form.contentType];
      } else if (request.raw) {
        [payload, headers['content-type']] = [request.raw.payload, request.raw.contentType];
      } else if (request.body !== undefined) {
        [payload, headers['content-type']] = [JSON.stringify(request.body), 'application/json'];
      }
      const res = await t.app.inject({
        method: operation.method.toUpperCase() as 'GET',
        url: request.url,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
      const found = defectsOf(schemas, operation, res);
      if (found.length) defects.push({ request, defects: found });
    }
    expect(defects.slice(0, 3)).toEqual([]);
  });
});

/** An organisation with one of everything, whose ids the generated requests use by name. */
async function createWorld(t: TestApp, owner: ApiCaller, token: string, image: Buffer): Promise<KnownValues> {
  const ok = async (res: Promise<LightMyRequestResponse>) => {
    const answered = await res;
    if (answered.statusCode >= 300) throw new Error(`setting up failed: ${answered.statusCode} ${answered.body}`);
    return answered.statusCode === 204 ? {} : answered.json();
  };
  const orgId = await createOrganization(owner, 'Fuzz Fair');
  const pageCode = (await ok(owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Fair page', type: 'page' }))).code_id as string;
  const urlCode = (await ok(owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Fair site', type: 'url', url: 'https://example.com/fair' })))
    .code_id as string;
  const pageId = (await ok(owner('POST', '/api/v1/pages', { code_id: pageCode, vanity_name: 'fuzz-fair' }))).page_id as string;
  await ok(
    callerOf(t.app)('POST', `/api/v1/public/pages/${pageId}/submissions`, {
      submission_id: randomUUID(),
      answers: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '555 555 5555' },
    }),
  );
  const folderId = (await ok(owner('POST', '/api/v1/folders', { org_id: orgId, name: 'Fair' }))).folder_id as string;
  const noteId = (await ok(owner('POST', '/api/v1/notes', { code_id: urlCode, text: 'Printed on the flyer' }))).id as string;
  const templateId = (await ok(owner('POST', '/api/v1/templates/from-code', { code_id: pageCode, name: 'Fair template' }))).template_id as string;
  const experienceId = (await ok(owner('POST', '/api/v1/experiences', { org_id: orgId, name: 'Fair days', starts_on: '2030-05-01', ends_on: '2030-05-03' })))
    .experience_id as string;
  const batchId = (await ok(owner('POST', '/api/v1/one-time-codes', { base_code_id: urlCode, amount: 3 }))).batch_id as string;
  const { payload, contentType } = multipart(image, 'logo.png', 'image/png');
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/v1/uploads?org_id=${orgId}`,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  });
  const blobId = uploaded.json().blob_id as string;
  const keyId = (await ok(owner('POST', `/api/v1/organizations/${orgId}/api-keys`, { label: 'fuzz', role: 'viewer' }))).key_id as string;
  const promoKeyId = (await ok(owner('POST', '/api/v1/promo-keys', { org_id: orgId, name: 'Fair till' }))).key_id as string;
  const campaignId = (
    await ok(
      owner('POST', '/api/v1/promos', {
        org_id: orgId,
        code_id: pageCode,
        codes: { kind: 'unique', pattern: { mask: '######' }, count: 3 },
        terms: { name: 'Fair deal', offer: { kind: 'text', text: 'A free drink' } },
        master_key_id: promoKeyId,
      }),
    )
  ).campaign_id as string;
  const customers = await ok(owner('GET', `/api/v1/customers?org_id=${orgId}`));
  const customerIds = (customers.items ?? customers.customers ?? []).map((customer: { id: string }) => customer.id);
  return {
    org_id: [orgId],
    code_id: [pageCode, urlCode],
    base_code_id: [urlCode],
    code_ids: [[urlCode], [pageCode, urlCode]],
    page_id: [pageId],
    id: [pageId, pageCode, noteId, ...customerIds],
    name: ['fuzz-fair'],
    folder_id: [folderId],
    template_id: [templateId, 'wifi'],
    experience_id: [experienceId],
    batch_id: [batchId],
    blob_id: [blobId],
    key_id: [keyId, promoKeyId],
    master_key_id: [promoKeyId, null],
    campaign_id: [campaignId],
    qr_id: [pageCode, urlCode],
    email: [OWNER, 'ada@example.com'],
    input: ['first_name', 'email'],
  };
}
