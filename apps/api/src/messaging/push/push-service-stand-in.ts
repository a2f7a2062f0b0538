import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent, type RequestOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createConnection } from 'node:net';
import type { Duplex } from 'node:stream';
import { Global, Module, type Type } from '@nestjs/common';
import type { PushSubscriptionJson } from '@qr/contracts';
import { PUSH_AGENT } from './push-channel';

/** A browser the test plays: its subscription, and the secrets only it holds (RFC 8291 §3). */
interface StandInBrowser {
  /** The VAPID public key it subscribed with (`applicationServerKey`): the only key its push service accepts. */
  applicationServerKey: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

/** A message the push service accepted: the plaintext only the browser could read, and the TTL it was given. */
export interface ReceivedPush {
  endpoint: string;
  plaintext: string;
  ttl: number;
}

/** VAPID tokens live at most a day (RFC 8292 §2). */
const MAX_TOKEN_SECONDS = 86_400;
const P256_UNCOMPRESSED = 65;

/**
 * The https agent web-push is given in specs: the same requests, over a plain connection to the
 * stand-in (Node documents `createConnection` as the agent's hook for this). TLS is no part of what
 * is tested, and a certificate the spec would have to make and trust adds nothing.
 */
class PlainConnectionAgent extends Agent {
  override createConnection(options: RequestOptions): Duplex {
    return createConnection({ host: options.hostname ?? options.host ?? '127.0.0.1', port: Number(options.port) });
  }
}

const base64url = (text: string): Buffer => Buffer.from(text, 'base64url');

/**
 * A push service as RFC 8030 describes it, for exactly what web-push sends: POST to the endpoint,
 * `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292) checked (ES256 over the token with k, k the
 * key the browser subscribed with, aud this service's origin, exp within a day), the body decrypted
 * as the browser would (RFC 8291 over the aes128gcm coding of RFC 8188) and kept. 201 with
 * Location when accepted, 403 for a bad VAPID header, 400 for a body that does not decrypt, 404 for
 * an unknown endpoint, 410 for a browser told to have unsubscribed.
 */
export class PushServiceStandIn {
  readonly received: ReceivedPush[] = [];
  readonly refusals: { endpoint: string; status: number; reason: string }[] = [];
  readonly agent: Agent = new PlainConnectionAgent();
  private readonly browsers = new Map<string, StandInBrowser>();
  private readonly gone = new Set<string>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<PushServiceStandIn> {
    let standIn: PushServiceStandIn | undefined;
    const server = createServer((request, response) => void standIn!.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // web-push builds the token's audience from the endpoint's scheme and host: https, as browsers' push services are.
    standIn = new PushServiceStandIn(server, `https://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return standIn;
  }

  /** A new browser's subscription made with the server's VAPID public key, as `pushManager.subscribe(...).toJSON()` gives it. */
  subscribe(applicationServerKey: string): PushSubscriptionJson {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${this.origin}/push/${randomUUID()}`;
    this.browsers.set(endpoint, { applicationServerKey, ecdh, auth });
    return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } };
  }

  /** From now on the endpoint answers 410 Gone, as a push service does once its browser unsubscribed. */
  unsubscribeInBrowser(endpoint: string): void {
    this.gone.add(endpoint);
  }

  /** For startTestApp's extraModules: the push channel sends through this stand-in's agent. */
  agentModule(): Type {
    @Global()
    @Module({ providers: [{ provide: PUSH_AGENT, useValue: this.agent }], exports: [PUSH_AGENT] })
    class PushServiceStandInModule {}
    return PushServiceStandInModule;
  }

  close(): Promise<void> {
    this.agent.destroy();
    return new Promise((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const endpoint = `${this.origin}${request.url ?? ''}`;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const refuse = (status: number, reason: string) => {
      this.refusals.push({ endpoint, status, reason });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    const browser = this.browsers.get(endpoint);
    if (request.method !== 'POST' || !browser) return refuse(404, 'No such subscription.');
    if (this.gone.has(endpoint)) return refuse(410, 'push subscription has unsubscribed or expired.');
    const vapid = this.vapidProblemOrParseError(request.headers.authorization, browser.applicationServerKey);
    if (vapid) return refuse(403, vapid);
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header missing.');
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'Content-Encoding must be aes128gcm.');
    let plaintext: string;
    try {
      plaintext = decryptAes128gcm(Buffer.concat(chunks), browser);
    } catch (error) {
      return refuse(400, `The payload does not decrypt: ${(error as Error).message}`);
    }
    this.received.push({ endpoint, plaintext, ttl });
    response.writeHead(201, { location: `${this.origin}/message/${randomUUID()}` }).end();
  }

  private vapidProblemOrParseError(header: string | undefined, subscribedKey: string): string | undefined {
    try {
      return this.vapidProblem(header, subscribedKey);
    } catch (error) {
      return `The VAPID header does not parse: ${(error as Error).message}`;
    }
  }

  /** Why the VAPID header is refused, or undefined when it holds (RFC 8292 §2 and §3). */
  private vapidProblem(header: string | undefined, subscribedKey: string): string | undefined {
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
    if (!match) return 'Authorization is not "vapid t=…, k=…".';
    const [, token, key] = match as unknown as [string, string, string];
    if (key !== subscribedKey) return 'k is not the key the subscription was made with.';
    const point = base64url(key);
    if (point.length !== P256_UNCOMPRESSED || point[0] !== 4) return 'k is not an uncompressed P-256 point.';
    const [header64, claims64, signature64] = token.split('.') as [string, string, string];
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    // ES256 signatures are r || s (JWS, RFC 7518 §3.4), not DER.
    const signed = verify('sha256', Buffer.from(`${header64}.${claims64}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, base64url(signature64));
    if (!signed) return 'The token’s signature does not verify with k.';
    const head = JSON.parse(base64url(header64).toString('utf8')) as { alg?: string };
    if (head.alg !== 'ES256') return 'The token is not ES256.';
    const claims = JSON.parse(base64url(claims64).toString('utf8')) as { aud?: string; exp?: number; sub?: string };
    if (claims.aud !== this.origin) return `aud is ${claims.aud}, not this push service’s origin.`;
    const now = Date.now() / 1000;
    if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + MAX_TOKEN_SECONDS) return 'exp is not within the next 24 hours.';
    if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return 'sub is neither mailto: nor https:.';
    return undefined;
  }
}

/**
 * What the browser does with a push message's body (RFC 8291 §3.4 keys, RFC 8188 §2 coding): the
 * header's salt, record size and the sender's public key; the input keying material from ECDH
 * and the auth secret; then the content key and nonce; one record, its padding ended by 0x02.
 */
function decryptAes128gcm(body: Buffer, browser: StandInBrowser): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== P256_UNCOMPRESSED) throw new Error('the key id is not the sender’s P-256 public key');
  if (record.length > recordSize) throw new Error('more than one record');
  const browserKey = browser.ecdh.getPublicKey();
  const secret = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}
