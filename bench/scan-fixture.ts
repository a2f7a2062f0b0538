import { randomBytes } from 'node:crypto';
import { QrDesign } from '@qr/contracts';
import { codeStreamId, SCAN_SHARDS, scanStreamId, type CodeCreated, type ScanRecorded } from '@qr/domain';
import { PostgresEventStore, type AppendRequest } from '@qr/eventstore';
import type { SqlClient } from '@qr/platform';

/**
 * One organisation's scans over a span of days, as the analytics and pipeline benchmarks append
 * them through the real event store: deterministic, in time order, bots and unknown values included.
 */
export interface ScanFixture {
  orgId: string;
  events: number;
  codes: number;
  days: number;
  /** The last scan is a minute before this. */
  now: Date;
}

/** Distinct visitors a day across the organisation; each scans about 1.4 times a day at a million a year. */
const VISITORS_PER_DAY = 2_000;
const EVENTS_PER_APPEND = 20_000;
const EVENTS_PER_REQUEST = 100;

const pick = <T>(values: readonly T[], i: number): T => values[i % values.length]!;
const COUNTRIES = ['DE', 'GB', 'FR', 'US', 'NL', 'ES', 'IT', 'PL', 'AT', null];
const DEVICES = ['mobile', 'mobile', 'mobile', 'tablet', 'desktop'] as const;
const SYSTEMS = ['iOS 18', 'Android 15', 'iOS 17', 'Android 14', 'Windows 10', 'macOS 15'];
const BROWSERS = ['Mobile Safari 18', 'Chrome 140', 'Samsung Internet 27', 'Firefox 143', 'Edge 140', 'Mobile Safari 17'];
const REFERRERS = [null, null, null, 'https://www.instagram.com', 'https://news.example'];
const LANGUAGES = ['de-DE', 'en-GB', 'fr-FR', 'en-US', 'nl-NL', null];

export const fixtureCodes = (count: number): string[] => Array.from({ length: count }, (_, i) => `BENCH${String(i).padStart(5, '0')}`);

/** Scan `i` of the fixture: times rise with `i` (scans arrive in time order), the rest varies deterministically. */
export function scanData(fixture: ScanFixture, codeId: string, i: number): { data: ScanRecorded['data']; at: Date } {
  const start = fixture.now.getTime() - fixture.days * 86_400_000;
  const span = fixture.now.getTime() - start - 60_000;
  const at = new Date(start + Math.floor((i / fixture.events) * span));
  const day = Math.floor(at.getTime() / 86_400_000);
  const spread = (i * 2_654_435_761) >>> 0;
  return {
    at,
    data: {
      code_id: codeId,
      org_id: fixture.orgId,
      source: spread % 5 === 0 ? 'link' : 'qr',
      device: pick(DEVICES, spread >>> 3),
      os: pick(SYSTEMS, spread >>> 5),
      browser: pick(BROWSERS, spread >>> 7),
      referrer: pick(REFERRERS, spread >>> 9),
      language: pick(LANGUAGES, spread >>> 11),
      country: pick(COUNTRIES, spread >>> 13),
      visitor: `${day}-${(spread >>> 4) % VISITORS_PER_DAY}`,
      bot: spread % 50 === 7,
    },
  };
}

/** Appends the fixture's scans in big batches, each request one code's shard stream as the scan path appends them. */
export async function seedScans(db: SqlClient, fixture: ScanFixture): Promise<{ seconds: number }> {
  const store = new PostgresEventStore(db);
  const codes = fixtureCodes(fixture.codes);
  const started = Date.now();
  for (let first = 0; first < fixture.events; first += EVENTS_PER_APPEND) {
    const requests: AppendRequest[] = [];
    for (let i = first; i < Math.min(first + EVENTS_PER_APPEND, fixture.events); i += EVENTS_PER_REQUEST) {
      const request = i / EVENTS_PER_REQUEST;
      const codeId = pick(codes, request);
      const events = Array.from({ length: Math.min(EVENTS_PER_REQUEST, fixture.events - i) }, (_, k) => {
        const { data, at } = scanData(fixture, codeId, i + k);
        return { type: 'ScanRecorded', data, occurredAt: at, metadata: { org_id: fixture.orgId } };
      });
      requests.push({ streamId: scanStreamId(codeId, request % SCAN_SHARDS), expectedVersion: 'any', events });
    }
    for (const result of await store.appendMany(requests)) if (result instanceof Error) throw result;
  }
  return { seconds: (Date.now() - started) / 1000 };
}

/** What a phone sends: the scan path parses all of it, so a baseline gets the same bytes. */
export const PHONE_HEADERS = {
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'accept-language': 'de-DE,de;q=0.9,en;q=0.8',
};

/** URL codes with random ids of the scan path's shape, to seed and then scan. */
export const urlCodes = (count: number): { codeId: string; url: string }[] =>
  Array.from({ length: count }, () => ({
    codeId: randomBytes(30)
      .toString('base64')
      .replace(/[^0-9A-Za-z]/g, '')
      .slice(0, 10),
    url: 'https://example.com/menu?table=4',
  }));

/** URL codes as the API would have stored them; the codes projection builds its read model when the API starts. */
export async function seedCodes(db: SqlClient, orgId: string, codes: readonly { codeId: string; url: string }[]): Promise<void> {
  const store = new PostgresEventStore(db);
  for (const { codeId, url } of codes) {
    const created: CodeCreated = {
      type: 'CodeCreated',
      data: {
        code_id: codeId,
        org_id: orgId,
        name: `Bench ${codeId}`,
        content: { type: 'url', url },
        design: QrDesign.parse({}),
        base_code_id: null,
        created_by: 'bench',
      },
    };
    await store.append({ streamId: codeStreamId(codeId), expectedVersion: 'no_stream', events: [{ ...created, metadata: { org_id: orgId } }] });
  }
}
