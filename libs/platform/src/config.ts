import { accessSync, constants, statSync } from 'node:fs';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const KAFKA_BROKER_LIST = /^\s*[a-z0-9.-]+:\d{1,5}\s*(,\s*[a-z0-9.-]+:\d{1,5}\s*)*$/i;

/** An optional HTTP header name, kept in lower case as Node gives request headers. */
const headerName = (example: string) =>
  z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/i, `must be an HTTP header name such as ${example}`)
    .transform((name) => name.toLowerCase())
    .optional();

/**
 * Every setting the server reads, validated once at boot. Unset and empty variables take the
 * defaults that make `npm start` work with nothing installed: PGlite in ./data on port 3000.
 */
const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce
      .number({ error: 'must be a whole number between 1 and 65535' })
      .int('must be a whole number between 1 and 65535')
      .min(1, 'must be a whole number between 1 and 65535')
      .max(65535, 'must be a whole number between 1 and 65535')
      .default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://qr.example.com' }).optional(),
    // The short host printed in QR codes (e.g. qr.example): visitors who arrive there at / get a
    // screen to enter or scan a code rather than the product's home. Host, and port if not 80/443.
    ALT_HOST: z
      .string()
      .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, 'must be a host name such as qr.example or localhost:3001, without scheme or path')
      .transform((host) => host.toLowerCase())
      .optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// connection URL' }).optional(),
    // Set: analytics are projected into and read from ClickHouse (http(s)://user:password@host:8123/database)
    // instead of the Postgres rollups; the database is created when missing.
    CLICKHOUSE_URL: z
      .url({ protocol: /^https?$/, error: 'must be the http(s) URL of a ClickHouse server, such as http://127.0.0.1:8123/analytics' })
      .optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    WEB_DIST_DIR: z.string().min(1).optional(),
    // Unset: the API hosts its own OpenID Connect provider. Set: sign-in goes to this issuer (a
    // Keycloak realm such as https://sso.example.com/realms/qr-platform) and the API verifies its
    // tokens, which must be issued for OIDC_CLIENT_ID (the embedded provider has its own one client).
    OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of an OpenID Connect issuer' }).optional(),
    OIDC_CLIENT_ID: z
      .string()
      .regex(/^[\w.:-]{1,100}$/, 'must be a client id of letters, digits and . _ : -')
      .default('qr-web'),
    // Where a scan's country comes from: a header a trusted proxy in front of the server sets
    // (e.g. Cloudflare's cf-ipcountry). Unset: scans record no country.
    TRUSTED_COUNTRY_HEADER: headerName('cf-ipcountry'),
    // Behind a proxy every connection comes from the proxy: the header it sets to the visitor's
    // address (cf-connecting-ip, x-real-ip, x-forwarded-for) keeps visitors and rate limits apart.
    // Unset: the connection's address, and forwarded headers are never believed.
    TRUSTED_CLIENT_IP_HEADER: headerName('x-real-ip'),
    // Without that header: a MaxMind GeoLite2/GeoIP2 Country or City database (.mmdb) the operator
    // downloads, looked up by the connection's address (so only for a server visitors reach directly).
    GEOIP_DB: z.string().refine(isReadableFile, 'must be the path of a readable MaxMind .mmdb file such as /var/lib/GeoIP/GeoLite2-Country.mmdb').optional(),
    // Fonts for a frame's call to action in characters the shipped DejaVu Sans Bold lacks, CJK above
    // all: font files separated by ':', tried in order. A collection (.ttc) gives its first font,
    // or the one named after '#': /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc#NotoSansCJKsc-Bold.
    FRAME_FONTS: z
      .string()
      .transform((list) =>
        list
          .split(':')
          .filter((entry) => entry !== '')
          .map((entry) => {
            const [file = '', name] = entry.split('#', 2);
            return name ? { file, name } : { file };
          }),
      )
      .refine(
        (fonts) => fonts.every(({ file }) => isReadableFile(file)),
        'must be readable font files separated by ":", such as /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
      )
      .default([]),
    // Set S3_BUCKET to keep uploaded files in S3-compatible storage instead of DATA_DIR/blobs.
    // Credentials come from the standard AWS variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE…).
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name of 3-63 lower-case letters, digits, dots and dashes')
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-2')
      .default('us-east-2'),
    // Another S3-compatible service (MinIO, Ceph, R2…); unset means AWS itself.
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of an S3-compatible endpoint' }).optional(),
    // Tests only: where the Twilio SDK sends every request instead of api.twilio.com and
    // verify.twilio.com (a local stand-in of the endpoints the SMS channel uses). Unset in production.
    TWILIO_API_BASE: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of a Twilio API stand-in, such as http://127.0.0.1:4010' }).optional(),
    // The pass service's base (spec §7 "second base"): the web service URL printed in every Apple
    // pass and the base of the pass routes. Unset: PUBLIC_URL/pass-service, served by this process.
    PASS_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://passes.example.com/pass-service' }).optional(),
    // Tests only: the APNs origin (instead of https://api.push.apple.com) and a CA file it is
    // trusted by, for a local HTTP/2 stand-in. Unset in production.
    APNS_URL: z.url({ protocol: /^https$/, error: 'must be the https URL of an APNs stand-in, such as https://127.0.0.1:4011' }).optional(),
    APNS_CA_FILE: z.string().min(1).optional(),
    // Tests only: where the Google Wallet client and its token requests go instead of Google's
    // APIs (a local stand-in of the endpoints the passes context uses). Unset in production.
    GOOGLE_WALLET_API_BASE: z
      .url({ protocol: /^https?$/, error: 'must be the http(s) URL of a Google Wallet API stand-in, such as http://127.0.0.1:4012' })
      .optional(),
    // Set REDIS_URL when several API processes serve one site: live screens (poll results, selfie
    // walls) then hear every process's updates over Redis pub/sub. Unset: each process pushes its own.
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379' }).optional(),
    // Set KAFKA_BROKERS (host:port, comma-separated) to publish every event to KAFKA_TOPIC through
    // the relay (DESIGN.md §2). Unset: events stay in-process, as in the embedded default.
    KAFKA_BROKERS: z
      .string()
      .regex(KAFKA_BROKER_LIST, 'must be host:port pairs separated by commas, such as kafka-1:9092,kafka-2:9092')
      .transform((list) => list.split(',').map((broker) => broker.trim()))
      .optional(),
    KAFKA_TOPIC: z
      .string()
      .regex(/^[a-zA-Z0-9._-]{1,249}$/, 'must be a Kafka topic name of letters, digits, dots, dashes and underscores')
      .default('qr.events'),
    // How long a runner holds a message it is handing to a provider before another may send it
    // again: a process killed mid-send leaves its claims, which wait this long (PostgreSQL, where
    // another API process may still be sending them); the embedded default takes them back at boot.
    MESSAGING_LEASE_SECONDS: z.coerce
      .number({ error: 'must be a whole number of seconds between 1 and 3600' })
      .int('must be a whole number of seconds between 1 and 3600')
      .min(1, 'must be a whole number of seconds between 1 and 3600')
      .max(3600, 'must be a whole number of seconds between 1 and 3600')
      .default(30),
  })
  .transform((raw) => ({
    ...raw,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    PASS_BASE_URL: (raw.PASS_BASE_URL ?? `${(raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '')}/pass-service`).replace(/\/+$/, ''),
    OIDC_ISSUER: raw.OIDC_ISSUER?.replace(/\/+$/, ''),
  }));

export type Config = z.infer<typeof ConfigSchema>;

/** The name of every variable the server reads, and so of every variable a deployment may set. */
export const CONFIG_VARIABLES = Object.keys(ConfigSchema.in.shape) as (keyof z.input<typeof ConfigSchema>)[];

function isReadableFile(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(CONFIG_VARIABLES.flatMap((key) => (env[key] ? [[key, env[key]]] : [])));
  const parsed = ConfigSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0]);
      return { variable, message: `${issue.message} (got "${present[variable]}")` };
    }),
  );
}
