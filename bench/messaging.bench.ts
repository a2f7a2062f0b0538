/**
 * Issue 55's messaging bench: a 10,000-recipient email campaign with a one-time QR code each (a
 * 300 × 300 PNG inline, in the base code's design), handed to a real SMTP server in this process,
 * and a 10,000-recipient SMS campaign handed to a local stand-in of Twilio's Messages endpoint
 * through the official SDK, each against one API process started as `npm start` runs it. Emails per
 * second, texts per second, and the cost of an email as a ratio to rendering its QR's PNG alone in
 * this run, on this process's core (target at most 3×: the QR is the expensive part).
 */
import { join } from 'node:path';
import { QrDesign, type CampaignView } from '@qr/contracts';
import { openDatabase } from '@qr/platform';
import { renderQrPng } from '@qr/qr-render';
import { seedConsentingCustomers } from '../apps/api/src/messaging/consenting-customers.fixture';
import { startSmtpServer } from '../apps/api/src/messaging/email/smtp-server.fixture';
import { TwilioStandIn } from '../apps/api/src/messaging/sms/twilio-stand-in';
import { apiCaller, createBenchOrganization, REPO, startServer, type Call } from './bench-servers';
import { formatRate, markdownTable, median, targetLines, writeResults } from './harness';
import { LOG_LEVEL, measureOnEachDatabase, printRunSetup, SERVER_CPU, type BenchDatabase } from './scan.bench';

const RECIPIENTS = 10_000;
/** PNGs the floor renders: enough for a stable time per PNG, in a few seconds. */
const FLOOR_RENDERS = 1_000;
const TARGET_RATIO = 3;
const OWNER = 'messaging-bench@example.com';
const ACCOUNT_SID = `AC${'b'.repeat(32)}`;
const AUTH_TOKEN = 'bench-auth-token-0123456789';

interface Measured {
  emailsPerSecond: number;
  smsPerSecond: number;
  /** Seconds per email over seconds per PNG. */
  emailOverPng: number;
  pngMs: number;
  emailsReceived: number;
  textsReceived: number;
}

export const run = (): Promise<void> => measureOnEachDatabase('messaging', measure, report);

async function measure(database: BenchDatabase): Promise<Measured> {
  const mail = await startSmtpServer();
  const twilio = new TwilioStandIn(new Map([[ACCOUNT_SID, AUTH_TOKEN]]));
  const twilioBase = await twilio.start();
  const env: Record<string, string> = { NODE_ENV: 'production', LOG_LEVEL, TWILIO_API_BASE: twilioBase, ...database.env };
  const { org_id, api_key } = createBenchOrganization(env, OWNER);
  const { db, close } = await openDatabase({ DATA_DIR: env.DATA_DIR ?? './data', DATABASE_URL: env.DATABASE_URL });
  try {
    console.error(`Seeding ${RECIPIENTS.toLocaleString('en')} consenting customers…`);
    await seedConsentingCustomers(db, org_id, 'BenchForm1', RECIPIENTS);
  } finally {
    await close();
  }
  const api = await startServer([join(REPO, 'dist/apps/api/src/main.js')], env, { cpu: SERVER_CPU });
  const call = apiCaller(api, api_key);
  try {
    await projected(call, org_id);
    await call('PUT', '/api/v1/messaging/connections/smtp', { org_id, host: '127.0.0.1', port: mail.port, from: 'bench@example.com', rate_per_second: 1000 });
    await call('PUT', '/api/v1/messaging/connections/twilio', { org_id, account_sid: ACCOUNT_SID, auth_token: AUTH_TOKEN, from: '+15005550006' });
    const code = await call<{ code_id: string }>('POST', '/api/v1/codes', { org_id, name: 'Bench tickets', type: 'url', url: 'https://example.com/tickets' });
    const emailSeconds = await campaignSeconds(call, {
      org_id,
      channel: 'email',
      name: 'Bench email',
      code_id: code.code_id,
      subject: 'Your ticket, {{first_name}}',
      message: 'Hello {{first_name}}, your ticket is below: {{code_url}}',
      qr: { type: 'png', width: 300, height: 300, placement: 'inline' },
    });
    const smsSeconds = await campaignSeconds(call, { org_id, channel: 'sms', name: 'Bench SMS', message: 'Hi {{first_name}}, see you on Saturday!' });
    const pngMs = floorPngMs();
    const emailsPerSecond = RECIPIENTS / emailSeconds;
    return {
      emailsPerSecond,
      smsPerSecond: RECIPIENTS / smsSeconds,
      emailOverPng: 1000 / emailsPerSecond / pngMs,
      pngMs,
      emailsReceived: mail.received.length,
      textsReceived: twilio.requests.filter((request) => request.path.endsWith('/Messages.json')).length,
    };
  } finally {
    await api.stop();
    await mail.close();
    await twilio.stop();
  }
}

/** Waits until the seeded customers are in the ledger: the audience preview counts them all. */
async function projected(call: Call, orgId: string): Promise<void> {
  for (const deadline = performance.now() + 300_000; performance.now() < deadline;) {
    const { count } = await call<{ count: number }>('POST', '/api/v1/messaging/audiences/preview', { org_id: orgId, channel: 'email' });
    if (count === RECIPIENTS) return;
    await new Promise((wake) => setTimeout(wake, 500));
  }
  throw new Error('The seeded customers were not projected within 300 s');
}

/** From the schedule's answer to the campaign's last settled delivery, as its view reports them. */
async function campaignSeconds(call: Call, body: object): Promise<number> {
  const draft = await call<CampaignView>('POST', '/api/v1/messaging/campaigns', body);
  const scheduled = await call<CampaignView>('POST', `/api/v1/messaging/campaigns/${draft.campaign_id}/schedule`, {});
  for (let view = scheduled; ; view = await call<CampaignView>('GET', `/api/v1/messaging/campaigns/${draft.campaign_id}`)) {
    if (view.status === 'sent') {
      if (view.deliveries.sent !== RECIPIENTS) throw new Error(`${draft.name}: ${JSON.stringify(view.deliveries)}`);
      return (Date.parse(view.finished_at!) - Date.parse(scheduled.send_at!)) / 1000;
    }
    await new Promise((wake) => setTimeout(wake, 250));
  }
}

/** The floor: the same PNG (a one-time code's link, the default design at 300 × 300) rendered alone, ms each, median of three runs. */
function floorPngMs(): number {
  const design = { ...QrDesign.parse({}), width: 300, height: 300 };
  const runs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    for (let i = 0; i < FLOOR_RENDERS; i++) renderQrPng(`http://localhost:3000/Bench${String(i).padStart(5, '0')}`, design);
    runs.push((performance.now() - started) / FLOOR_RENDERS);
  }
  return median(runs);
}

function report(rows: readonly (Measured & { database: string; storage: string })[], loadAtStart: number, pinned: boolean): void {
  console.log(
    `\nMessaging: a ${RECIPIENTS.toLocaleString('en')}-recipient email campaign (one one-time QR code each, a 300 × 300 PNG inline) to a local SMTP server, ` +
      `and a ${RECIPIENTS.toLocaleString('en')}-recipient SMS campaign to a Twilio stand-in through the SDK; each rate from the schedule to the last delivery settled; ` +
      `the floor renders the PNG alone ${FLOOR_RENDERS} times (median of 3).`,
  );
  printRunSetup(rows, loadAtStart, pinned, 'the SMTP server, the Twilio stand-in and the floor');
  console.log(
    markdownTable(
      ['database', 'emails/s', 'SMS/s', 'PNG alone', 'email / PNG', 'emails received', 'texts received'],
      rows.map((row) => [
        row.database,
        formatRate(row.emailsPerSecond),
        formatRate(row.smsPerSecond),
        `${row.pngMs.toFixed(2)} ms`,
        `${row.emailOverPng.toFixed(2)}×`,
        String(row.emailsReceived),
        String(row.textsReceived),
      ]),
    ),
  );
  console.log(
    targetLines(
      rows.map((row) => ({
        target: `${row.database}: an email costs at most ${TARGET_RATIO}× its QR's PNG`,
        measured: `${row.emailOverPng.toFixed(2)}×`,
        met: row.emailOverPng <= TARGET_RATIO,
      })),
    ),
  );
  console.log(`Results: ${writeResults('messaging', rows)}`);
}
