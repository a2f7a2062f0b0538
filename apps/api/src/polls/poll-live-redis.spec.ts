import type { PollLiveView } from '@qr/contracts';
import { createLogger, loadConfig } from '@qr/platform';
import { freePort, openTestPostgres, requiredServiceUrl } from '@qr/platform/testing';
import { Redis } from 'ioredis';
import { orgCreate } from '../cli/org-create';
import { API_MAIN, buildApi, NodeProcess } from '../testing/node-process';
import { includes, openLiveStream } from './live-stream.fixture';

const postgresUrl = requiredServiceUrl('DATABASE_URL', 'PostgreSQL (set DATABASE_URL=postgres://…)');
// Asked only with PostgreSQL, so a machine with neither hears one line of what is skipped.
const redisUrl = postgresUrl && requiredServiceUrl('REDIS_URL', 'Redis (set REDIS_URL=redis://127.0.0.1:6379)');

/**
 * Two built API processes on one PostgreSQL database with REDIS_URL: a vote answered by one
 * reaches a live screen on the other, through Redis pub/sub (issue 57).
 */
(postgresUrl && redisUrl ? describe : describe.skip)('live results across two API processes over Redis', () => {
  beforeAll(buildApi, 300_000);

  it('brings a vote answered by process A to a screen on process B, by way of Redis', async () => {
    const pg = await openTestPostgres(postgresUrl!);
    const lines: string[] = [];
    const io = { stdout: (line: string) => lines.push(line), stderr: (line: string) => lines.push(line) };
    const env = { config: loadConfig({ NODE_ENV: 'test' }), logger: createLogger('silent'), open: async () => ({ db: pg.db, close: async () => undefined }) };
    expect(await orgCreate({ name: 'Redis Hall', owner: 'redis-owner@example.com' }, env, io)).toBe(0);
    const { org_id: orgId, api_key: apiKey } = JSON.parse(lines[0]!) as { org_id: string; api_key: string };
    const processes: NodeProcess[] = [];
    const listener = new Redis(redisUrl!);
    try {
      const start = async (name: string) => {
        const port = await freePort();
        const origin = `http://127.0.0.1:${port}`;
        const api = NodeProcess.start(name, API_MAIN, {
          DATABASE_URL: pg.url,
          REDIS_URL: redisUrl,
          NODE_ENV: 'production',
          PORT: String(port),
          PUBLIC_URL: origin,
          LOG_LEVEL: 'warn',
        });
        processes.push(api);
        await api.answers(`${origin}/api/health`);
        return { port, origin };
      };
      // One after the other: the first creates the schema and the read models.
      const a = await start('api A');
      const b = await start('api B');
      const call = async (origin: string, method: string, path: string, body?: object) => {
        const response = await fetch(`${origin}${path}`, {
          method,
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
        return { body: (await response.json()) as Record<string, unknown>, position: response.headers.get('x-position') };
      };
      const codeId = (await call(a.origin, 'POST', '/api/v1/codes', { org_id: orgId, name: 'Stage', type: 'page' })).body.code_id as string;
      const options = [
        { id: 'yes', label: 'Yes' },
        { id: 'no', label: 'No' },
      ];
      const pollId = (await call(a.origin, 'POST', '/api/v1/polls', { org_id: orgId, code_id: codeId, question: 'Two?', kind: 'single', options })).body
        .poll_id as string;
      await call(a.origin, 'POST', `/api/v1/polls/${pollId}/open`);

      const heard: PollLiveView[] = [];
      listener.on('message', (_channel: string, data: string) => heard.push(JSON.parse(data) as PollLiveView));
      await listener.subscribe(`poll:${pollId}:public`);
      const screen = await openLiveStream(b.port, `/api/v1/public/polls/${pollId}/live`);
      try {
        expect((await screen.next(() => true)).status).toBe('open');
        const token = ((await (await fetch(`${a.origin}/api/v1/public/polls/${pollId}`)).json()) as { voter_token: string }).voter_token;
        const vote = await fetch(`${a.origin}/api/v1/public/polls/${pollId}/votes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ voter_token: token, choices: ['yes'] }),
        });
        expect(vote.status).toBe(200);
        const position = vote.headers.get('x-position')!;
        const seen = await screen.next((view) => includes(view, position), 3000);
        expect(seen.results).toMatchObject({
          voters: 1,
          tally: [
            { key: 'yes', votes: 1 },
            { key: 'no', votes: 0 },
          ],
        });
        expect(heard.some((view) => includes(view, position) && view.results?.voters === 1)).toBe(true);
      } finally {
        screen.close();
      }
    } catch (error) {
      throw new Error(`${String(error)}\n${processes.map((api) => api.log()).join('\n')}`);
    } finally {
      listener.disconnect();
      await Promise.all(processes.map((api) => api.kill9()));
      await pg.drop();
    }
  }, 120_000);
});
