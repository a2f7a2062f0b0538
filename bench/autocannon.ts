/**
 * autocannon ships no types: this is the part of its API the HTTP benchmarks use, and one timed
 * turn of POSTs through it (the promo and loyalty benches' turns).
 */
export interface AutocannonRequest {
  method: 'POST' | 'GET';
  path: string;
  setupRequest?: (request: { path?: string; body?: string; headers?: Record<string, string> }) => {
    path?: string;
    body?: string;
    headers?: Record<string, string>;
  };
  onResponse?: (status: number, body: string) => void;
}
export interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- typed by the two interfaces above
export const autocannon = require('autocannon') as (options: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  headers: Record<string, string>;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;

/** A turn's rate, its p99 and every answer's status, failed requests counted apart. */
export interface PostTurn {
  requestsPerSecond: number;
  p99Ms: number;
  statuses: Record<string, number>;
  errors: number;
}

export function postTurnOf(result: AutocannonResult): PostTurn {
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count])),
    errors: result.errors + result.timeouts,
  };
}
