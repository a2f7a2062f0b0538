/**
 * Issue 56's passes bench: signed Apple Wallet passes per second through the product (the .pkpass
 * download of a loyalty card's pass, made from its design and the card's read model, then signed)
 * against one API process started as `npm start` runs it, as a ratio to passkit-generator signing
 * the same pass's files alone in this process (target at least 50 %); and the time from a balance
 * change (staff's correction of a card) to the APNs push a local HTTP/2 stand-in receives for the
 * device that registered the pass through the PassKit web service.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { PKPass } from 'passkit-generator';
import { ApnsStandIn } from '../apps/api/src/passes/apple/apns-stand-in.fixture';
import { testAppleIssuer, testWwdr } from '../apps/api/src/passes/apple/apple-test-certificates.fixture';
import { coffeePassDesign } from '../apps/api/src/passes/passes.fixture';
import { autocannon } from './autocannon';
import { apiCaller, createBenchOrganization, REPO, startServer, type Call } from './bench-servers';
import { formatPercent, formatRate, markdownTable, median, percentile, targetLines, writeResults } from './harness';
import { LOG_LEVEL, measureOnEachDatabase, printRunSetup, SERVER_CPU, type BenchDatabase } from './scan.bench';

const OWNER = 'passes-bench@example.com';
/** Cards with a pass each: the downloads go round them, as many phones would ask. */
const CARDS = 200;
const SECONDS = 10;
const CONNECTIONS = 8;
/** Balance changes timed to their push. */
const PUSHES = 30;
const TARGET_RATIO = 0.5;

interface Measured {
  passesPerSecond: number;
  floorPerSecond: number;
  ratio: number;
  failed: number;
  pushMedianMs: number;
  pushP95Ms: number;
}

export const run = (): Promise<void> => measureOnEachDatabase('passes', measure, report);

async function measure(database: BenchDatabase): Promise<Measured> {
  const work = mkdtempSync(join(tmpdir(), 'passes-bench-'));
  const issuer = testAppleIssuer();
  const apns = await ApnsStandIn.start(testWwdr().pem, join(work, 'apns-ca.pem'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL,
    TRUSTED_CLIENT_IP_HEADER: 'x-forwarded-for',
    APNS_URL: apns.url,
    APNS_CA_FILE: apns.caFile,
    ...database.env,
  };
  const { org_id, api_key } = createBenchOrganization(env, OWNER);
  const api = await startServer([join(REPO, 'dist/apps/api/src/main.js')], env, { cpu: SERVER_CPU });
  const call = apiCaller(api, api_key);
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const shop = await setUp(call, base, org_id, issuer);
    const sample = Buffer.from(await (await fetch(`${base}${shop.pkpassPaths[0]}`)).arrayBuffer());
    let sent = 0;
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: {},
      requests: [
        {
          method: 'GET',
          path: shop.pkpassPaths[0]!,
          setupRequest: (request) => {
            const i = sent++;
            return { ...request, path: shop.pkpassPaths[i % shop.pkpassPaths.length], headers: { 'x-forwarded-for': `10.9.${(i >> 8) & 255}.${i & 255}` } };
          },
        },
      ],
    });
    const ok = result.statusCodeStats['200']?.count ?? 0;
    const passesPerSecond = ok / SECONDS;
    const floorPerSecond = await floorRate(sample, issuer);
    const pushes = await pushLatencies(call, base, shop, apns);
    return {
      passesPerSecond,
      floorPerSecond,
      ratio: passesPerSecond / floorPerSecond,
      failed: Object.entries(result.statusCodeStats).reduce(
        (sum, [status, { count }]) => sum + (status === '200' ? 0 : count),
        result.errors + result.timeouts,
      ),
      pushMedianMs: median(pushes),
      pushP95Ms: percentile(pushes, 95),
    };
  } finally {
    await api.stop();
    await apns.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

interface Shop {
  programmeId: string;
  cards: string[];
  pkpassPaths: string[];
}

/** A programme with a pass design, the Apple issuer connected, and CARDS members who each added their pass. */
async function setUp(call: Call, base: string, orgId: string, issuer: ReturnType<typeof testAppleIssuer>): Promise<Shop> {
  const code = await call<{ code_id: string }>('POST', '/api/v1/codes', { org_id: orgId, name: 'Counter', type: 'page' });
  const programme = await call<{ programme_id: string }>('POST', '/api/v1/loyalty/programmes', {
    org_id: orgId,
    code_id: code.code_id,
    terms: { name: 'Coffee card', kind: 'points', min_interval_minutes: 0 },
  });
  await call('PUT', '/api/v1/passes/issuers/apple', { org_id: orgId, ...issuer });
  const design = await call<{ design_id: string }>('POST', '/api/v1/passes/designs', coffeePassDesign(orgId, programme.programme_id));
  const cards: string[] = [];
  const pkpassPaths: string[] = [];
  for (let i = 0; i < CARDS; i++) {
    // Each member on a phone of their own: the public routes' limit counts per address.
    const visitor = visitorCaller(base, `10.8.${i >> 8}.${i & 255}`);
    const joined = await visitor<{ card_id: string }>('/api/v1/public/loyalty/register', {
      programme_id: programme.programme_id,
      email: `member-${i}@example.com`,
      name: `Member ${i}`,
    });
    const pass = await visitor<{ apple_url: string }>('/pass-service/passes', {
      design_id: design.design_id,
      holder: { kind: 'loyalty_card', card_id: joined.card_id },
    });
    cards.push(joined.card_id);
    pkpassPaths.push(new URL(pass.apple_url).pathname);
  }
  return { programmeId: programme.programme_id, cards, pkpassPaths };
}

/** A visitor's POSTs from their own address. */
const visitorCaller =
  (base: string, address: string) =>
  async <T>(path: string, body: object): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

/** The floor: passkit-generator signing the sampled pass's own files (pass.json and images) alone, per second, median of three runs. */
async function floorRate(pkpass: Buffer, issuer: ReturnType<typeof testAppleIssuer>): Promise<number> {
  const files = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(pkpass)))
      .filter(([name]) => name !== 'manifest.json' && name !== 'signature')
      .map(([name, bytes]) => [name, Buffer.from(bytes)]),
  );
  const certificates = { wwdr: issuer.wwdr_pem, signerCert: issuer.certificate_pem, signerKey: issuer.private_key_pem };
  const runs: number[] = [];
  for (let run = 0; run < 3; run++) {
    let signed = 0;
    const started = performance.now();
    while (performance.now() - started < 3_000) {
      new PKPass(files, certificates).getAsBuffer();
      signed++;
    }
    runs.push(signed / ((performance.now() - started) / 1000));
  }
  return median(runs);
}

/** A device registers the first card's pass; each correction of that card's balance is timed until the stand-in has its push. */
async function pushLatencies(call: Call, base: string, shop: Shop, apns: ApnsStandIn): Promise<number[]> {
  const pass = await (await fetch(`${base}${shop.pkpassPaths[0]}`)).arrayBuffer();
  const passJson = JSON.parse(Buffer.from(unzipSync(new Uint8Array(pass))['pass.json']!).toString('utf8')) as {
    passTypeIdentifier: string;
    serialNumber: string;
    authenticationToken: string;
  };
  const pushToken = randomUUID().replace(/-/g, '');
  const registered = await fetch(`${base}/pass-service/v1/devices/bench-device/registrations/${passJson.passTypeIdentifier}/${passJson.serialNumber}`, {
    method: 'POST',
    headers: { authorization: `ApplePass ${passJson.authenticationToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pushToken }),
  });
  if (registered.status !== 201) throw new Error(`registering the device: ${registered.status} ${await registered.text()}`);
  const latencies: number[] = [];
  for (let i = 0; i < PUSHES; i++) {
    const before = apns.received.filter((push) => push.token === pushToken).length;
    const started = performance.now();
    await call('POST', `/api/v1/loyalty/programmes/${shop.programmeId}/members/${shop.cards[0]}/post`, {
      kind: 'correction',
      request_id: randomUUID(),
      amount: 1,
      note: 'Bench',
    });
    for (const deadline = started + 10_000; apns.received.filter((push) => push.token === pushToken).length === before;) {
      if (performance.now() > deadline) throw new Error(`no push within 10 s of balance change ${i + 1}`);
      await new Promise((wake) => setTimeout(wake, 2));
    }
    latencies.push(performance.now() - started);
    // Apart, so that each change is pushed on its own rather than coalesced with the next.
    await new Promise((wake) => setTimeout(wake, 300));
  }
  return latencies;
}

function report(rows: readonly (Measured & { database: string; storage: string })[], loadAtStart: number, pinned: boolean): void {
  console.log(
    `\nPasses: ${SECONDS} s of .pkpass downloads (${CONNECTIONS} connections, round ${CARDS} loyalty cards' passes, each made from its design and the card, then signed) ` +
      `against passkit-generator signing the same pass's files alone (median of 3 runs of 3 s, this process); then ${PUSHES} balance changes, each timed from staff's ` +
      `correction to the push a local APNs stand-in (HTTP/2 over TLS) receives for the registered device.`,
  );
  printRunSetup(rows, loadAtStart, pinned, 'autocannon, the APNs stand-in and the floor');
  console.log(
    markdownTable(
      ['database', 'signed passes/s', 'passkit-generator alone', 'product / alone', 'failed', 'change → push (median)', 'p95'],
      rows.map((row) => [
        row.database,
        formatRate(row.passesPerSecond),
        formatRate(row.floorPerSecond),
        formatPercent(row.ratio),
        String(row.failed),
        `${row.pushMedianMs.toFixed(0)} ms`,
        `${row.pushP95Ms.toFixed(0)} ms`,
      ]),
    ),
  );
  console.log(
    targetLines(
      rows.map((row) => ({
        target: `${row.database}: signed passes/s at least ${formatPercent(TARGET_RATIO)} of passkit-generator alone`,
        measured: formatPercent(row.ratio),
        met: row.ratio >= TARGET_RATIO && row.failed === 0,
      })),
    ),
  );
  console.log(`Results: ${writeResults('passes', rows)}`);
}
