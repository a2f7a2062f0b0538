import { readFileSync } from 'node:fs';
import { connect, type ClientHttp2Session } from 'node:http2';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import type { Config, Logger } from '@qr/platform';
import { CONFIG, LOGGER } from '../../infrastructure';
import type { AppleIssuer } from '../wallet-issuer';

const APNS_ORIGIN = 'https://api.push.apple.com';
/** A push APNs has not answered in this long is counted failed; the pass updater tries it again later. */
const PUSH_TIMEOUT_MS = 10_000;
/**
 * Refusals that say the token will never reach a device for this pass type again (Apple's APNs
 * response codes): the device removed the pass or Wallet, or the token is not one of this topic's.
 */
const GONE_REASONS = new Set(['BadDeviceToken', 'DeviceTokenNotForTopic', 'Unregistered', 'ExpiredToken']);

interface PushAnswer {
  status: number;
  reason: string | undefined;
}

export interface ApnsPushResult {
  delivered: number;
  /** Push tokens to forget: APNs will never deliver to them again. */
  gone: string[];
}

/**
 * Tells Wallet on each device that a pass changed (Apple's "Adding a web service to update passes"):
 * an empty JSON dictionary POSTed over HTTP/2 to APNs with the pass type certificate as the TLS
 * client certificate and the pass type identifier as `apns-topic`. Wallet then asks the web service
 * which passes changed. The push is `background` at priority 5, the type APNs gives to a
 * notification that shows nothing by itself (Wallet shows the pass's own change messages).
 * One HTTP/2 session per pass type, kept open as Apple asks of providers, and opened again after a
 * certificate changes or APNs closes it.
 */
@Injectable()
export class ApnsSender implements OnModuleDestroy {
  private readonly origin: string;
  private readonly ca: Buffer | undefined;
  private readonly sessions = new Map<string, { certificate: string; session: ClientHttp2Session }>();

  constructor(
    @Inject(CONFIG) config: Pick<Config, 'APNS_URL' | 'APNS_CA_FILE'>,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.origin = config.APNS_URL ?? APNS_ORIGIN;
    this.ca = config.APNS_CA_FILE ? readFileSync(config.APNS_CA_FILE) : undefined;
  }

  /**
   * Pushes to every token. Resolves once each has a final answer (delivered, or gone); rejects with
   * pass_provider_failed when any other failed (no connection, a refused certificate, APNs busy),
   * after trying all of them: a device pushed twice only asks once more what changed.
   */
  async push(issuer: AppleIssuer, pushTokens: readonly string[]): Promise<ApnsPushResult> {
    // A pass no device follows opens no connection.
    if (pushTokens.length === 0) return { delivered: 0, gone: [] };
    const session = this.sessionOf(issuer);
    const answers = await Promise.all(
      pushTokens.map((token) =>
        this.send(session, issuer.pass_type_identifier, token).catch((error: unknown): PushAnswer => ({ status: 0, reason: messageOf(error) })),
      ),
    );
    const result: ApnsPushResult = { delivered: 0, gone: [] };
    const failures: PushAnswer[] = [];
    answers.forEach((answer, index) => {
      if (answer.status === 200) result.delivered++;
      else if (answer.status === 410 || (answer.status === 400 && GONE_REASONS.has(answer.reason ?? ''))) result.gone.push(pushTokens[index]!);
      else failures.push(answer);
    });
    if (failures.length === 0) return result;
    const reasons = [...new Set(failures.map(({ status, reason }) => (status ? `${status} ${reason ?? ''}`.trim() : (reason ?? 'no answer'))))].join(', ');
    this.log.warn({ pass_type_identifier: issuer.pass_type_identifier, failed: failures.length, reasons }, 'APNs did not take every wallet push');
    throw new DomainError('pass_provider_failed', `APNs did not take ${failures.length} of ${pushTokens.length} pushes: ${reasons}.`, {
      delivered: result.delivered,
      gone: result.gone,
    });
  }

  private sessionOf(issuer: AppleIssuer): ClientHttp2Session {
    const kept = this.sessions.get(issuer.pass_type_identifier);
    if (kept && kept.certificate === issuer.certificate_pem && !kept.session.closed && !kept.session.destroyed) return kept.session;
    kept?.session.close();
    const session = connect(this.origin, {
      cert: issuer.certificate_pem,
      key: issuer.private_key_pem,
      passphrase: issuer.private_key_passphrase,
      ...(this.ca ? { ca: this.ca } : {}),
    });
    const forget = () => {
      if (this.sessions.get(issuer.pass_type_identifier)?.session === session) this.sessions.delete(issuer.pass_type_identifier);
    };
    // The session's own error also fails its open streams, which answer for it; this only keeps it from crashing the process.
    session.on('error', (error: unknown) => {
      this.log.warn({ err: error, pass_type_identifier: issuer.pass_type_identifier }, 'the APNs connection failed');
      forget();
    });
    session.on('goaway', forget);
    session.on('close', forget);
    this.sessions.set(issuer.pass_type_identifier, { certificate: issuer.certificate_pem, session });
    return session;
  }

  private send(session: ClientHttp2Session, topic: string, token: string): Promise<PushAnswer> {
    return new Promise((resolve, reject) => {
      const stream = session.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(token)}`,
        'apns-topic': topic,
        'apns-push-type': 'background',
        'apns-priority': '5',
        'content-type': 'application/json',
      });
      let status = 0;
      let body = '';
      stream.setEncoding('utf8');
      stream.setTimeout(PUSH_TIMEOUT_MS, () => stream.close());
      stream.on('response', (headers) => (status = Number(headers[':status'])));
      stream.on('data', (chunk: string) => (body += chunk));
      // 'close' comes last, after an 'error' (which settles first) or the whole answer.
      stream.on('error', reject);
      stream.on('close', () => (status ? resolve({ status, reason: reasonOf(body) }) : reject(new Error('APNs closed the stream without an answer'))));
      stream.end('{}');
    });
  }

  async onModuleDestroy(): Promise<void> {
    const open = [...this.sessions.values()].map(({ session }) => session);
    this.sessions.clear();
    await Promise.all(open.map((session) => new Promise<void>((resolve) => (session.closed ? resolve() : session.close(() => resolve())))));
  }
}

/** APNs explains a refusal as `{"reason": "…"}`. */
function reasonOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { reason?: unknown };
    return typeof parsed.reason === 'string' ? parsed.reason : undefined;
  } catch {
    return undefined;
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
