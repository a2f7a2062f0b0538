import { isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';

/** A visitor's request as what reads its address sees it: a Fastify request is one, and so is the scan path's bare node:http request. */
export interface Visit {
  headers: IncomingHttpHeaders;
  /** The connection's address; a forwarded one is believed only from TRUSTED_CLIENT_IP_HEADER (see clientAddress). */
  ip: string | undefined;
}

/**
 * The visitor's address: the one the trusted proxy's header names (TRUSTED_CLIENT_IP_HEADER) when
 * it holds one, else the connection's. In a list (`x-forwarded-for: client, proxy1`) the last entry
 * is the one the proxy nearest this server added; those before it anyone could have written.
 */
export function clientAddress(headers: IncomingHttpHeaders, connection: string | undefined, trustedHeader: string | undefined): string | undefined {
  if (trustedHeader === undefined) return connection;
  const value = headers[trustedHeader];
  const named = (Array.isArray(value) ? value[value.length - 1] : value)?.split(',').pop()?.trim();
  return named !== undefined && isIP(named) !== 0 ? named : connection;
}
