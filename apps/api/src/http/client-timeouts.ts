/**
 * How long a client may take to send its request. Node's own limits let a request whose body
 * stalls hold its connection for minutes (Fastify turns Node's request timeout off by default), so
 * both are set: the headers must arrive within `headersMs`, the whole request, body included,
 * within `requestMs`, which an upload of 5 MB on a slow phone line still fits into. Once a request
 * is in, neither limit applies: a long download or export is not cut.
 */
export interface ClientTimeouts {
  headersMs: number;
  requestMs: number;
}

export const DEFAULT_CLIENT_TIMEOUTS: ClientTimeouts = { headersMs: 10_000, requestMs: 60_000 };

/** Node checks its connections against both limits this often; the default (30 s) would add that much to each. */
const CHECK_EVERY_MS = 1_000;

/** The Fastify server options that set these limits, on the server Fastify makes and on the scan front's. */
export function clientTimeoutOptions({ headersMs, requestMs }: ClientTimeouts) {
  return { requestTimeout: requestMs, http: { headersTimeout: headersMs, connectionsCheckingInterval: Math.min(CHECK_EVERY_MS, headersMs) } };
}
