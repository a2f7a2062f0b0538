import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { Projection, RecordedEvent } from '@qr/eventstore';
import { testAdapters } from '@qr/platform/testing';
import { openAnalyticsSink, PROJECTIONS } from '@qr/projections-registry';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { PHONE_USER_AGENT } from '../testing/phone-user-agent';
import { startTestApp, type TestApp } from '../testing/test-app';
import { READ_MODELS } from './read-models.decorator';

/** Holds a projection's batches back before their transaction, as a slow or paused projection would be, until let go. */
class Hold {
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;

  start(): void {
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  letGo(): void {
    this.release?.();
    this.held = undefined;
  }

  of(projection: Projection): Projection {
    return {
      ...projection,
      prepare: async (events: readonly RecordedEvent[]) => {
        await this.held;
        return projection.prepare?.(events);
      },
    };
  }
}

const POSITION = /^\d+-\d+$/;
const COMMAND_WAIT_MS = 1500;
const QUERY_WAIT_MS = 1500;

describe.each(testAdapters())('reading your own writes by position on $name', (adapter) => {
  const codes = new Hold();
  const analytics = new Hold();
  // The read models that commands creating a folder, a note, a template or one-time codes used to read their answer back from.
  const created = new Hold();
  let t: TestApp;
  let owner: ApiCaller;
  let orgId: string;

  beforeAll(async () => {
    t = await startTestApp({
      database: adapter,
      projections: {
        codes: (p) => codes.of(p),
        analytics: (p) => analytics.of(p),
        ...Object.fromEntries(['folders', 'notes', 'templates', 'one-time-codes'].map((name) => [name, (p: Projection) => created.of(p)])),
      },
      readYourWrites: { commandWaitMs: COMMAND_WAIT_MS, queryWaitMs: QUERY_WAIT_MS },
    });
    owner = callerOf(t.app, await signedUpToken(t.app, 'rita@example.com'));
    orgId = await createOrganization(owner, 'Position Bakery');
  });
  afterAll(async () => {
    codes.letGo();
    analytics.letGo();
    created.letGo();
    await t.close();
  });

  const timed = async <T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> => {
    const started = performance.now();
    const result = await call();
    return { result, ms: performance.now() - started };
  };

  it('answers a command with the position of its last event, which a query given min_position reads at', async () => {
    const created = await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Menu', type: 'url', url: 'https://example.com/menu' });
    expect(created.statusCode).toBe(201);
    const codeId = created.json().code_id as string;
    const { rows } = await t.db.query<{ position: string }>(
      `SELECT transaction_id::text || '-' || global_position AS position FROM es_events WHERE stream_id = $1 ORDER BY stream_position DESC LIMIT 1`,
      [`code-${codeId}`],
    );
    expect(created.headers['x-position']).toBe(rows[0]!.position);

    const shown = await owner('GET', `/api/v1/codes/${codeId}?min_position=${created.headers['x-position']}`);
    expect([shown.statusCode, shown.json().name]).toEqual([200, 'Menu']);
    // Taken out before the route's strict query contract reads the rest.
    const listed = await owner('GET', `/api/v1/codes?org_id=${orgId}&min_position=${created.headers['x-position']}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((code: { code_id: string }) => code.code_id)).toContain(codeId);
    // A query appends nothing and carries no position.
    expect(shown.headers['x-position']).toBeUndefined();
  });

  it('answers a command its success with the position when its read model does not catch up in time, and the next query waits for it', async () => {
    codes.start();
    try {
      const { result: created, ms } = await timed(() =>
        owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Late poster', type: 'url', url: 'https://example.com/late' }),
      );
      expect(created.statusCode).toBe(201);
      expect(ms).toBeGreaterThanOrEqual(COMMAND_WAIT_MS - 10);
      const position = created.headers['x-position'] as string;
      expect(position).toMatch(POSITION);
      const codeId = created.json().code_id as string;
      // Without the position, the query answers from the read model as it is.
      expect((await owner('GET', `/api/v1/codes/${codeId}`)).statusCode).toBe(404);

      const waited = owner('GET', `/api/v1/codes/${codeId}?min_position=${position}`);
      setTimeout(() => codes.letGo(), 200);
      const shown = await waited;
      expect([shown.statusCode, shown.json().name]).toEqual([200, 'Late poster']);
    } finally {
      codes.letGo();
    }
  });

  it('answers a create whose read model does not catch up in time with its normal body, which the read model then shows alike', async () => {
    const code = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Counter card', type: 'url', url: 'https://example.com/card' })).json()
      .code_id as string;
    created.start();
    try {
      const commands = {
        folder: () => owner('POST', '/api/v1/folders', { org_id: orgId, name: 'Autumn' }),
        note: () => owner('POST', '/api/v1/notes', { code_id: code, text: 'Laminate it' }),
        template: () => owner('POST', '/api/v1/templates/from-code', { code_id: code, name: 'Card', description: 'For the counter' }),
        batch: () => owner('POST', '/api/v1/one-time-codes', { base_code_id: code, amount: 3 }),
      };
      const answers: Record<string, { body: Record<string, unknown>; position: string }> = {};
      for (const [name, command] of Object.entries(commands)) {
        const { result, ms } = await timed(command);
        expect([name, result.statusCode, result.headers['x-position']]).toEqual([name, 201, expect.stringMatching(POSITION)]);
        // It waited the whole bound: its read model had not caught up when it answered.
        expect(ms).toBeGreaterThanOrEqual(COMMAND_WAIT_MS - 10);
        answers[name] = { body: result.json(), position: result.headers['x-position'] as string };
      }
      const { folder, note, template, batch } = answers;
      expect(folder!.body).toMatchObject({ org_id: orgId, name: 'Autumn', code_count: 0 });
      expect(note!.body).toMatchObject({ code_id: code, org_id: orgId, text: 'Laminate it', code_name: 'Counter card', created_by: 'rita@example.com' });
      expect(template!.body).toMatchObject({ org_id: orgId, name: 'Card', description: 'For the counter', source: 'organization' });
      expect(batch!.body).toMatchObject({ org_id: orgId, base_code_id: code, amount: 3, used: 0 });

      created.letGo();
      // The read models, once caught up, show what the commands answered.
      expect((await owner('GET', `/api/v1/folders/${folder!.body.folder_id}?min_position=${folder!.position}`)).json()).toEqual(folder!.body);
      const notes = (await owner('GET', `/api/v1/notes?code_id=${code}&min_position=${note!.position}`)).json();
      expect(notes.items).toEqual([note!.body]);
      expect((await owner('GET', `/api/v1/templates/${template!.body.template_id}?min_position=${template!.position}`)).json()).toEqual(template!.body);
      expect((await owner('GET', `/api/v1/one-time-codes/${batch!.body.batch_id}?min_position=${batch!.position}`)).json()).toEqual(batch!.body);
    } finally {
      created.letGo();
    }
  });

  it('answers commands without waiting for the analytics projection held far behind, and queries of other read models see their writes', async () => {
    const code = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Flyer', type: 'page' })).json().code_id as string;
    analytics.start();
    try {
      for (let i = 0; i < 20; i++) await t.app.inject({ method: 'GET', url: `/${code}`, headers: { 'user-agent': PHONE_USER_AGENT } });
      const behind = async () => ((await t.projections.lag()).find((lag) => lag.name === 'analytics')?.lag_events ?? 0) > 0;
      expect(await behind()).toBe(true);

      const commands = [
        () => owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Poster', type: 'url', url: 'https://example.com/' }),
        () => owner('POST', '/api/v1/folders', { org_id: orgId, name: 'Spring' }),
        () => owner('POST', '/api/v1/notes', { code_id: code, text: 'Print 200' }),
        () => owner('POST', '/api/v1/pages', { code_id: code, title: 'Welcome' }),
      ];
      const answers = [];
      for (const command of commands) answers.push(await timed(command));
      for (const { result, ms } of answers) {
        expect([result.statusCode, result.headers['x-position']]).toEqual([201, expect.stringMatching(POSITION)]);
        // Short of the wait a command gives its own read models: it never waited for analytics.
        expect(ms).toBeLessThan(COMMAND_WAIT_MS);
      }
      const [poster, spring, note, page] = answers.map(({ result }) => ({ body: result.json(), position: result.headers['x-position'] as string }));
      expect((await owner('GET', `/api/v1/codes/${poster!.body.code_id}?min_position=${poster!.position}`)).json().name).toBe('Poster');
      expect((await owner('GET', `/api/v1/folders/${spring!.body.folder_id}?min_position=${spring!.position}`)).json().name).toBe('Spring');
      const notes = (await owner('GET', `/api/v1/notes?code_id=${code}&min_position=${note!.position}`)).json();
      expect(JSON.stringify(notes)).toContain(note!.body.id);
      expect((await owner('GET', `/api/v1/pages/${page!.body.page_id}?min_position=${page!.position}`)).json().title).toBe('Welcome');

      // A query of analytics itself waits for it, bounded, then answers as it is.
      const { result: stats, ms } = await timed(() => owner('GET', `/api/v1/analytics?org_id=${orgId}&period=7day&min_position=${poster!.position}`));
      expect(stats.statusCode).toBe(200);
      expect(ms).toBeGreaterThanOrEqual(QUERY_WAIT_MS - 10);
      expect(await behind()).toBe(true);
    } finally {
      analytics.letGo();
    }
  });

  it('refuses a malformed min_position with a 400 that names it', async () => {
    const tokens = ['abc', '12', '1-', '-1', '1-2-3', '1.5-2', '+1-2', `${2n ** 64n}-1`, '1-99999999999999999', '1-2&min_position=3-4'];
    for (const token of tokens) {
      const res = await owner('GET', `/api/v1/codes?org_id=${orgId}&min_position=${token}`);
      expect([token, res.statusCode, res.json().code, res.json().errors?.map((e: { field: string }) => e.field)]).toEqual([
        token,
        400,
        'validation_failed',
        ['query.min_position'],
      ]);
    }
    expect((await owner('GET', `/api/v1/codes?org_id=${orgId}&min_position=0-0`)).statusCode).toBe(200);
  });
});

describe('the read models of each query route', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('are declared by every GET route under /api/v1, by projection names the product runs', async () => {
    const clickhouse = openAnalyticsSink({ CLICKHOUSE_URL: 'http://127.0.0.1:1' });
    const known = new Set([...PROJECTIONS, ...clickhouse.projections].map((projection) => projection.name));
    await clickhouse.close();
    const routes: { route: string; names: unknown }[] = [];
    for (const module of t.app.get(ModulesContainer).values()) {
      for (const { metatype } of module.controllers.values()) {
        if (typeof metatype !== 'function') continue;
        const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
        if (!base.startsWith('api/v1')) continue;
        const prototype = metatype.prototype as Record<string, unknown>;
        for (const key of Object.getOwnPropertyNames(prototype)) {
          const handler = prototype[key];
          if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.GET) continue;
          const names: unknown = Reflect.getMetadata(READ_MODELS, handler) ?? Reflect.getMetadata(READ_MODELS, metatype);
          routes.push({ route: `GET /${base}/${String(Reflect.getMetadata(PATH_METADATA, handler))}`, names });
        }
      }
    }
    expect(routes.length).toBeGreaterThan(40);
    const undeclared = routes.filter(({ names }) => !Array.isArray(names)).map(({ route }) => route);
    expect(undeclared).toEqual([]);
    const unknown = routes.flatMap(({ route, names }) => (names as string[]).filter((name) => !known.has(name)).map((name) => `${route}: ${name}`));
    expect(unknown).toEqual([]);
  });
});
