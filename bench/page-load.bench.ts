/**
 * A visitor's landing page on a slow phone (issue 5's targets, issue 51's themed page). The API,
 * built and started as `npm start` runs it, serves a page in a preset theme of its own (custom fonts
 * and a gradient) with an image block and the default form; Chromium opens `/page/{id}` with
 * DevTools' "Slow 4G" network emulation and a 4× CPU slowdown, on a fresh profile each run, and the
 * clock stops when the form is usable: its submit button is on screen (laid out and visible) and not
 * disabled, and pressing it does something, because the form has a working action of its own (the
 * server draws it to post to /page/{id}/submit, which records the answers without any script) or
 * React has taken it over (hydrated: its handlers attached), whichever comes first. When React took
 * over is measured as well and shown beside it. The JavaScript total is the gzipped
 * size of every script the page loaded, as the server sent it; fonts are counted apart. Lighthouse
 * (mobile preset, its own simulated throttling) then scores the same page.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { PAGE_THEME_PRESETS } from '@qr/contracts';
import { median, markdownTable, targetLines, writeResults, type TargetCheck } from './harness';
import { REPO, startServer } from './bench-servers';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const WEB_DIST = join(REPO, 'dist/apps/web');
const RUNS = 5;
/** DevTools' "Slow 4G" preset (Chromium's NetworkManager.Slow4GConditions): 562.5 ms latency, 1.44 Mbit/s down, 0.675 Mbit/s up. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
const CPU_SLOWDOWN = 4;
/** A mid-range phone's screen. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const TARGET_JS_KB = 120;
const TARGET_USABLE_MS = 2000;
/** Issue 51's Lighthouse targets: Performance, Accessibility, Best Practices. */
const LIGHTHOUSE_TARGETS = { performance: 90, accessibility: 100, 'best-practices': 95 } as const;
type LighthouseScores = Record<keyof typeof LIGHTHOUSE_TARGETS, number>;
const THEME_PRESET = 'sunrise';

interface Visit {
  usableMs: number;
  /** When React had attached its handlers to the form (it sends the answers as JSON from then on). */
  hydratedMs: number;
  /** When the last script had arrived (resource timing, ms from navigation). */
  scriptsLoadedMs: number;
  /** Requests to the API for the page's content: none when the server rendered it into the HTML. */
  contentRequests: number;
  scripts: string[];
  transferredBytes: number;
  /** Of the font files alone, as sent. */
  fontBytes: number;
}

export async function run(): Promise<void> {
  console.error('Building the API and the web app (nx run-many -t build -p api web)…');
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'api', 'web', '--output-style=stream'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });

  const dataDir = mkdtempSync(join(tmpdir(), 'qr-bench-page-'));
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, WEB_DIST_DIR: WEB_DIST, LOG_LEVEL: 'warn' };
  try {
    const { org_id, api_key } = JSON.parse(
      execFileSync(process.execPath, [join(REPO, 'dist/apps/api/src/cli/cli.main.js'), 'org:create', '--name', 'Bench', '--owner', 'bench@example.com'], {
        cwd: REPO,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      }),
    ) as { org_id: string; api_key: string };
    const server = await startServer([join(REPO, 'dist/apps/api/src/main.js')], env);
    try {
      const origin = `http://127.0.0.1:${server.port}`;
      const pageId = await createThemedPage(origin, org_id, api_key);
      const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
      const visits: Visit[] = [];
      try {
        await visit(browser, `${origin}/page/${pageId}`); // warm-up: the server's first answers, not the visitor's cache
        for (let i = 0; i < RUNS; i++) visits.push(await visit(browser, `${origin}/page/${pageId}`));
      } finally {
        await browser.close();
      }
      report(visits, lighthouseScores(`${origin}/page/${pageId}`));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A page in a preset theme of its own, with an uploaded photo above the default content and form. */
async function createThemedPage(origin: string, orgId: string, apiKey: string): Promise<string> {
  const authorization = `Bearer ${apiKey}`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  const photo = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#e8744f' } })
    .composite([{ input: Buffer.from('<svg width="1200" height="675"><circle cx="600" cy="338" r="250" fill="#ffd8c4"/></svg>') }])
    .jpeg({ quality: 80 })
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'hall.jpg');
  const uploaded = await fetch(`${origin}/api/v1/uploads?org_id=${orgId}`, { method: 'POST', headers: { authorization }, body: form });
  if (!uploaded.ok) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const { blob_id } = (await uploaded.json()) as { blob_id: string };
  const preset = PAGE_THEME_PRESETS.find((candidate) => candidate.id === THEME_PRESET)!;
  const { code_id } = await post('/api/v1/codes', { org_id: orgId, name: 'Conference check-in', type: 'page' });
  const { page_id } = await post('/api/v1/pages', {
    code_id,
    title: 'Conference check-in',
    theme: { source: 'custom', preset: preset.id, style: preset.style, background: preset.background },
    blocks: [
      { kind: 'heading', title: 'Welcome to the conference', subtitle: 'Check in for your badge in a minute' },
      { kind: 'image', blob_id, alt: 'The conference hall' },
      { kind: 'form', submit_label: 'Check in' },
    ],
  });
  return page_id!;
}

/** Lighthouse's mobile preset (its default: a mid-range phone, simulated Slow 4G and CPU) on Debian's Chromium. */
function lighthouseScores(url: string): LighthouseScores {
  const answer = execFileSync(process.execPath, [join(REPO, 'bench/lighthouse-scores.mjs'), url, JSON.stringify(CHROMIUM_ARGS)], {
    cwd: REPO,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { below, ...scores } = JSON.parse(answer) as LighthouseScores & { below: string[] };
  for (const audit of below) console.error(`Lighthouse audit below 0.9: ${audit}`);
  return scores;
}

/** One visit on a fresh browser context (empty cache), throttled as a slow phone. */
async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const scriptRequests = new Map<string, string>();
    const fontRequests = new Set<string>();
    let transferredBytes = 0;
    let fontBytes = 0;
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type === 'Script') scriptRequests.set(requestId, response.url);
      if (type === 'Font') fontRequests.add(requestId);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      transferredBytes += encodedDataLength;
      if (fontRequests.has(requestId)) fontBytes += encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'commit' });
    // Polled on every frame in the page, so the time is when the visitor could first use the form.
    const when = async (moment: 'usable' | 'hydrated') =>
      (await (
        await page.waitForFunction(
          (wanted) => {
            const form = document.querySelector<HTMLFormElement>('form[aria-label="Registration form"]');
            const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
            if (!form || !submit || submit.disabled || submit.getClientRects().length === 0 || getComputedStyle(submit).visibility === 'hidden') return false;
            const hydrated = Object.keys(submit).some((key) => key.startsWith('__reactProps'));
            // A form the browser posts itself: its own method and an action on this server.
            const posts = form.getAttribute('method')?.toLowerCase() === 'post' && new URL(form.action).origin === location.origin;
            return (wanted === 'hydrated' ? hydrated : hydrated || posts) ? performance.now() : false;
          },
          moment,
          { polling: 'raf', timeout: 60_000 },
        )
      ).jsonValue()) as number;
    const usableMs = await when('usable');
    const hydratedMs = await when('hydrated');
    const timings = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        name: entry.name,
        type: (entry as PerformanceResourceTiming).initiatorType,
        end: (entry as PerformanceResourceTiming).responseEnd,
      })),
    );
    const content = timings.filter((entry) => new URL(entry.name).pathname.startsWith('/api/v1/public/'));
    const scriptsLoadedMs = Math.max(...timings.filter((entry) => entry.name.endsWith('.js')).map((entry) => entry.end));
    const firstInput = page.getByRole('textbox').first();
    await firstInput.fill('Ada');
    if ((await firstInput.inputValue()) !== 'Ada') throw new Error('The form did not take input.');
    return {
      usableMs,
      hydratedMs,
      scriptsLoadedMs,
      contentRequests: content.length,
      scripts: [...scriptRequests.values()],
      transferredBytes,
      fontBytes,
    };
  } finally {
    await context.close();
  }
}

/** The gzipped size of a built script, as the server's dist holds it. */
function gzippedBytes(scriptUrl: string): number {
  return gzipSync(readFileSync(join(WEB_DIST, new URL(scriptUrl).pathname)), { level: 9 }).length;
}

function report(visits: readonly Visit[], scores: LighthouseScores): void {
  const scripts = [...new Set(visits.flatMap((v) => v.scripts))].sort().map((url) => ({ path: new URL(url).pathname, bytes: gzippedBytes(url) }));
  const scriptRows = scripts.map(({ path, bytes }) => [path, `${(bytes / 1024).toFixed(1)} KB`]);
  const totalJsKb = scripts.reduce((sum, { bytes }) => sum + bytes, 0) / 1024;
  const usable = median(visits.map((v) => v.usableMs));
  const transferred = median(visits.map((v) => v.transferredBytes)) / 1024;
  const fontKb = median(visits.map((v) => v.fontBytes)) / 1024;

  console.log(
    `\nLanding page /page/{id} in the "${THEME_PRESET}" theme with an image and the form, Chromium "Slow 4G" (562.5 ms, 1.44 Mbit/s down) and ${CPU_SLOWDOWN}× CPU slowdown, ${RUNS} fresh-profile visits after a warm-up.\n`,
  );
  console.log(markdownTable(['Script loaded', 'gzip -9'], [...scriptRows, ['total', `${totalJsKb.toFixed(1)} KB`]]));
  console.log('');
  console.log(
    markdownTable(
      ['Visit', 'scripts in', 'API requests for content', 'form usable', 'React took over', 'fonts', 'bytes on the wire (all resources)'],
      visits.map((v, i) => [
        String(i + 1),
        `${Math.round(v.scriptsLoadedMs)} ms`,
        String(v.contentRequests),
        `${Math.round(v.usableMs)} ms`,
        `${Math.round(v.hydratedMs)} ms`,
        `${(v.fontBytes / 1024).toFixed(1)} KB`,
        `${(v.transferredBytes / 1024).toFixed(1)} KB`,
      ]),
    ),
  );
  console.log('');
  const targets: TargetCheck[] = [
    { target: `JavaScript for /page/{id} <= ${TARGET_JS_KB} KB gzipped`, measured: `${totalJsKb.toFixed(1)} KB`, met: totalJsKb <= TARGET_JS_KB },
    {
      target: `form usable <= ${TARGET_USABLE_MS} ms (median)`,
      measured: `${Math.round(usable)} ms (React took over at ${Math.round(median(visits.map((v) => v.hydratedMs)))} ms), ${transferred.toFixed(1)} KB on the wire`,
      met: usable <= TARGET_USABLE_MS,
    },
    { target: 'fonts, counted apart from the JavaScript (median)', measured: `${fontKb.toFixed(1)} KB`, met: true },
    ...(Object.keys(LIGHTHOUSE_TARGETS) as (keyof LighthouseScores)[]).map((category) => {
      const target = LIGHTHOUSE_TARGETS[category];
      return { target: `Lighthouse ${category} >= ${target} (mobile)`, measured: String(scores[category]), met: scores[category] >= target };
    }),
  ];
  console.log(targetLines(targets));
  const file = writeResults('page-load', {
    measuredAt: new Date().toISOString(),
    network: SLOW_4G,
    cpuSlowdown: CPU_SLOWDOWN,
    visits,
    totalJsKb,
    fontKb,
    lighthouse: scores,
    targets,
  });
  console.log(`\nJSON: ${file}`);
}
