/**
 * Something a visitor did on a landing page that staff asked to count (spec §7 "analytics event"),
 * e.g. a button click. A high-volume fact like a scan: on its own stream per code, appended with
 * expected version 'any', spread over shards like scans, never loaded to decide. `visitor` is the scan path's daily-salted hash.
 */
export interface AnalyticsEventRecorded {
  type: 'AnalyticsEventRecorded';
  data: {
    org_id: string;
    code_id: string;
    page_id: string | null;
    name: string;
    target: string | null;
    visitor: string;
    bot: boolean;
  };
}

export const analyticsEventsStreamId = (codeId: string, shard: number): string => `analytics-events-${codeId}-${shard}`;
