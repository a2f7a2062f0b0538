/**
 * A visitor opened a code: by scanning its QR (`/{code_id}`) or following its shared link
 * (`/code/{code_id}`). Scans are high-volume facts on streams of their own (DESIGN.md §1), appended
 * with expected version 'any' and never loaded to decide a command. They carry no IP address:
 * `visitor` is a daily-salted hash, so the same phone counts once a day and cannot be followed
 * across days. `occurredAt` on the event is when it happened.
 */
export interface ScanRecorded {
  type: 'ScanRecorded';
  data: {
    code_id: string;
    org_id: string;
    source: 'qr' | 'link';
    device: 'mobile' | 'tablet' | 'desktop' | 'other';
    os: string | null;
    browser: string | null;
    /** The referring site's origin only: a full referrer URL can carry someone's personal data. */
    referrer: string | null;
    /** The first language the browser asks for, e.g. `de-DE`. */
    language: string | null;
    /** ISO 3166-1 alpha-2, when the operator configured where it comes from (docs/decisions/017). */
    country: string | null;
    /** Absent until scans learn a city (a MaxMind City database); the analytics read it when present. */
    city?: string | null;
    visitor: string;
    bot: boolean;
  };
}

/** A code's scans spread over this many streams, so concurrent scans of a popular code do not queue on one stream row. */
export const SCAN_SHARDS = 4;

export const scanStreamId = (codeId: string, shard: number): string => `scans-${codeId}-${shard}`;
