import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CampaignView, HealthView } from '@qr/contracts';
import { createLogger, loadConfig, PgliteClient, type SqlClient } from '@qr/platform';
import { freePort, openTestPglite, openTestPostgres, requiredServiceUrl } from '@qr/platform/testing';
import { orgCreate } from '../cli/org-create';
import { API_MAIN, buildApi, NodeProcess } from '../testing/node-process';
import { seedConsentingCustomers } from './consenting-customers.fixture';
import { startSmtpServer, type LocalSmtpServer } from './email/smtp-server.fixture';

const RECIPIENTS = 10_000;
/** Messages the SMTP server takes before the API is killed: well into the campaign, well before its end. */
const KILL_AFTER = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each message the server took: its recipient and Message-ID, which a resend after a crash keeps. */
const messagesOf = (mail: LocalSmtpServer) =>
  mail.received.flatMap(({ to, raw }) => {
    const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw.subarray(0, 8192).toString('utf8'))?.[1] ?? '';
    return to.map((address) => ({ to: address, messageId }));
  });

interface Deployment {
  env: NodeJS.ProcessEnv;
  /** The organisation and its API key, and RECIPIENTS customers who consented on a form, before any server runs. */
  seed(): Promise<{ orgId: string; apiKey: string }>;
  close(): Promise<void>;
}

/** The organisation with its API key, and RECIPIENTS customers who consented on a form. */
async function seedWith(db: SqlClient): Promise<{ orgId: string; apiKey: string }> {
  const lines: string[] = [];
  const code = await orgCreate(
    { name: 'Crash Mailers', owner: 'mail-owner@example.com' },
    { config: loadConfig({ NODE_ENV: 'test' }), logger: createLogger('silent'), open: async () => ({ db, close: async () => undefined }) },
    { stdout: (line) => lines.push(line), stderr: (line) => lines.push(line) },
  );
  if (code !== 0) throw new Error(`org:create failed: ${lines.join('\n')}`);
  const { org_id: orgId, api_key: apiKey } = JSON.parse(lines[0]!) as { org_id: string; api_key: string };
  await seedConsentingCustomers(db, orgId, 'CrashCode1', RECIPIENTS);
  return { orgId, apiKey };
}

async function embeddedDeployment(): Promise<Deployment> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qr-campaign-crash-'));
  return {
    env: { DATA_DIR: dataDir },
    seed: async () => {
      const template = await openTestPglite();
      const dump = await template.dump();
      await template.close();
      const db = await PgliteClient.open({ dataDir: join(dataDir, 'pg'), template: dump });
      try {
        return await seedWith(db);
      } finally {
        await db.close();
      }
    },
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresDeployment(serverUrl: string): Promise<Deployment> {
  const pg = await openTestPostgres(serverUrl);
  return {
    // A killed process's claims wait out their lease before another process may send them.
    env: { DATABASE_URL: pg.url, MESSAGING_LEASE_SECONDS: '3' },
    seed: () => seedWith(pg.db),
    close: () => pg.drop(),
  };
}

/**
 * A 10,000-recipient email campaign, the API killed -9 once the SMTP server has taken KILL_AFTER
 * messages, then started again: every recipient ends up with exactly one message (one Message-ID,
 * which a resend after the crash keeps), and the campaign is marked sent with every delivery sent.
 */
async function crashMidCampaign(deployment: Deployment): Promise<void> {
  const mail = await startSmtpServer();
  const { orgId, apiKey } = await deployment.seed();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...deployment.env, NODE_ENV: 'production', PORT: String(port), PUBLIC_URL: origin, LOG_LEVEL: 'warn' };
  const start = async () => {
    const api = NodeProcess.start('api', API_MAIN, env);
    await api.answers(`${origin}/api/health`);
    return api;
  };
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const response = await fetch(`${origin}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  let api = await start();
  try {
    // The seeded submissions reach the customers and the ledger at start.
    for (let lagging = Infinity; lagging > 0; await sleep(250)) {
      const health = (await (await fetch(`${origin}/api/health`)).json()) as HealthView;
      lagging = health.projections.reduce((sum, projection) => sum + projection.lag_events, 0);
    }
    await call('PUT', '/api/v1/messaging/connections/smtp', {
      org_id: orgId,
      host: '127.0.0.1',
      port: mail.port,
      from: 'news@example.com',
      rate_per_second: 1000,
    });
    const campaign = await call<CampaignView>('POST', '/api/v1/messaging/campaigns', {
      org_id: orgId,
      channel: 'email',
      name: 'Crash test',
      subject: 'Hello {{first_name}}',
      message: 'Dear {{first_name}}, this is a test.',
    });
    await call('POST', `/api/v1/messaging/campaigns/${campaign.campaign_id}/schedule`, {});
    while (mail.received.length < KILL_AFTER) {
      if (!api.running) throw new Error(`the API stopped before the kill:\n${api.log()}`);
      await sleep(20);
    }
    await api.kill9();
    const atKill = mail.received.length;
    api = await start();
    let view = await call<CampaignView>('GET', `/api/v1/messaging/campaigns/${campaign.campaign_id}`);
    for (
      const deadline = Date.now() + 240_000;
      view.status !== 'sent';
      view = await call<CampaignView>('GET', `/api/v1/messaging/campaigns/${campaign.campaign_id}`)
    ) {
      if (Date.now() > deadline) throw new Error(`the campaign did not finish: ${JSON.stringify(view)}\n${api.log()}`);
      await sleep(500);
    }
    const messages = messagesOf(mail);
    const idsOf = new Map<string, Set<string>>();
    for (const { to, messageId } of messages) idsOf.set(to, (idsOf.get(to) ?? new Set()).add(messageId));
    expect(view.recipients).toBe(RECIPIENTS);
    expect(view.deliveries).toEqual({ queued: 0, sent: RECIPIENTS, delivered: 0, failed: 0, opted_out: 0 });
    expect(idsOf.size).toBe(RECIPIENTS);
    expect([...idsOf.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    // Messages the server took whose answer the kill cut off are sent again, as the same message: at most a batch.
    const resent = messages.length - RECIPIENTS;
    expect(resent).toBeLessThanOrEqual(64);
    console.log(`campaign crash: killed after ${atKill} messages; ${resent} sent again with the same Message-ID`);
  } finally {
    await api.kill9();
    await mail.close();
  }
}

describe('a campaign survives kill -9 of the server mid-send', () => {
  beforeAll(buildApi, 300_000);

  it(`embedded default: each of ${RECIPIENTS.toLocaleString('en')} recipients gets exactly one message`, async () => {
    const deployment = await embeddedDeployment();
    try {
      await crashMidCampaign(deployment);
    } finally {
      await deployment.close();
    }
  }, 400_000);

  const postgresUrl = requiredServiceUrl('DATABASE_URL', 'PostgreSQL (set DATABASE_URL=postgres://…)');
  (postgresUrl ? it : it.skip)(
    `PostgreSQL: each of ${RECIPIENTS.toLocaleString('en')} recipients gets exactly one message`,
    async () => {
      const deployment = await postgresDeployment(postgresUrl!);
      try {
        await crashMidCampaign(deployment);
      } finally {
        await deployment.close();
      }
    },
    400_000,
  );
});
