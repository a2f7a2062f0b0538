import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PostgresEventStore } from '@qr/eventstore';
import { createLogger, loadConfig, type PgliteClient } from '@qr/platform';
import { openTestPglite } from '@qr/platform/testing';
import { PROJECTIONS } from '@qr/projections-registry';
import { ProjectionRunner } from '@qr/projections-runner';
import { createApp } from '../create-app';
import { Accounts } from '../identity/auth/accounts';
import { callerOf } from '../identity/organization-api.fixture';
import { orgCreate, type OrgCreateResult } from './org-create';

const config = loadConfig({ NODE_ENV: 'test' });
const logger = createLogger('silent');

function captured() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (line: string) => out.push(line), stderr: (line: string) => err.push(line) } };
}

describe('npm run cli -- org:create', () => {
  let db: PgliteClient;
  const run = (name: string, owner: string) => {
    const c = captured();
    const code = orgCreate({ name, owner }, { config, logger, open: async () => ({ db, close: async () => {} }) }, c.io);
    return code.then((exitCode) => ({ exitCode, ...c }));
  };
  beforeAll(async () => {
    db = await openTestPglite();
  });
  afterAll(() => db.close());

  async function withHttpApp<T>(use: (app: NestFastifyApplication) => Promise<T>): Promise<T> {
    const eventStore = new PostgresEventStore(db);
    const projections = new ProjectionRunner(db, eventStore, PROJECTIONS, logger);
    await projections.start();
    const app = await createApp({ config, logger, db, eventStore, projections });
    await app.getHttpAdapter().getInstance().ready();
    try {
      return await use(app);
    } finally {
      await app.close();
      await projections.stop();
    }
  }

  it('creates the owner and the organisation, prints one JSON line, and the key and password work', async () => {
    const { exitCode, out, err } = await run('Acme', ' Ada@Example.com ');
    expect(err).toEqual([]);
    expect(exitCode).toBe(0);
    expect(out).toHaveLength(1);
    const result = JSON.parse(out[0]!) as OrgCreateResult;
    expect(result).toEqual({
      org_id: expect.any(String),
      owner_email: 'ada@example.com',
      password: expect.any(String),
      api_key: expect.stringMatching(/^qrk_/),
    });
    expect(result.password!.length).toBeGreaterThanOrEqual(20);

    await expect(new Accounts(db, new PostgresEventStore(db)).signIn('ada@example.com', result.password!)).resolves.toMatchObject({ email: 'ada@example.com' });

    await withHttpApp(async (app) => {
      const key = callerOf(app, result.api_key);
      const org = await key('GET', `/api/v1/organizations/${result.org_id}`);
      expect(org.statusCode).toBe(200);
      expect(org.json()).toMatchObject({ organization_id: result.org_id, organization_name: 'Acme' });
      expect((await key('GET', `/api/v1/organizations/${result.org_id}/users`)).json()).toEqual([
        { email: 'ada@example.com', role: 'owner', added_at: expect.any(String) },
      ]);
      // Only an owner may hand out an owner-role key, so this proves the key acts as owner.
      const issued = await key('POST', `/api/v1/organizations/${result.org_id}/api-keys`, { label: 'second', role: 'owner' });
      expect(issued.statusCode).toBe(201);
    });
  });

  it('keeps an existing account and its password, and prints password null', async () => {
    const first = await run('First', 'bo@example.com');
    const firstPassword = (JSON.parse(first.out[0]!) as OrgCreateResult).password!;
    const second = await run('Second', 'bo@example.com');
    expect(second.exitCode).toBe(0);
    const result = JSON.parse(second.out[0]!) as OrgCreateResult;
    expect(result).toMatchObject({ owner_email: 'bo@example.com', password: null });
    expect(result.org_id).not.toBe((JSON.parse(first.out[0]!) as OrgCreateResult).org_id);
    await expect(new Accounts(db, new PostgresEventStore(db)).signIn('bo@example.com', firstPassword)).resolves.toMatchObject({ email: 'bo@example.com' });
  });

  it.each([
    ['an invalid email', 'Acme', 'not-an-email'],
    ['an empty name', '   ', 'cy@example.com'],
  ])('refuses %s in one line with exit 2 and changes nothing', async (_, name, owner) => {
    const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events')).rows[0]!.n;
    const before = await count();
    const { exitCode, out, err } = await run(name, owner);
    expect(exitCode).toBe(2);
    expect(out).toEqual([]);
    expect(err).toHaveLength(1);
    expect(err[0]).not.toContain('\n');
    expect(await count()).toBe(before);
    expect((await db.query('SELECT 1 FROM accounts WHERE email = $1', [owner])).rows).toEqual([]);
  });

  it('refuses in one line, writing nothing, while another process holds the data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'qr-cli-'));
    try {
      // What a running server leaves: its pid in the lock file (the parent process stands in, alive).
      writeFileSync(join(dataDir, 'app.lock'), String(process.ppid));
      const c = captured();
      const exitCode = await orgCreate(
        { name: 'Acme', owner: 'di@example.com' },
        { config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), logger },
        c.io,
      );
      expect(exitCode).toBe(1);
      expect(c.out).toEqual([]);
      expect(c.err).toHaveLength(1);
      expect(c.err[0]).not.toContain('\n');
      expect(c.err[0]).toContain(`in use by process ${process.ppid}`);
      expect(readdirSync(dataDir)).toEqual(['app.lock']);
      expect(readFileSync(join(dataDir, 'app.lock'), 'utf8')).toBe(String(process.ppid));
      expect(existsSync(join(dataDir, 'pg'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
