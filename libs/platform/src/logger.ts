import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Query parameters that are credentials (a signed link's signature, OAuth codes and tokens): their values never reach a log. */
const SECRET_QUERY_VALUES = /([?&](?:sig|code|token|access_token|id_token|refresh_token)=)[^&#]*/gi;

/** The part of an HTTP request a log line shows (Fastify's request, or anything shaped like it). */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
}

/** Fastify's own request serializer, with credentials in the query string masked. */
function requestSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url?.replace(SECRET_QUERY_VALUES, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * One JSON line per entry on stdout (or `destination`, for tests). Credentials never reach a log:
 * these paths are masked wherever they appear, and so are secret query parameters in request URLs.
 * Fastify keeps a logger's own `req` serializer over its default one.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'qr-platform' },
      serializers: { req: requestSerializer },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.api_key'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
