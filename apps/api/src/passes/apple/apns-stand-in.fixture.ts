import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { localServerCertificate } from './apple-test-certificates.fixture';

/** A push APNs accepted: to which device, under which topic and type, with what payload, from which client certificate. */
export interface ReceivedApnsPush {
  token: string;
  topic: string | undefined;
  pushType: string | undefined;
  priority: string | undefined;
  payload: unknown;
  /** The client certificate's subject as the TLS layer read it (UID, OU, CN). */
  client: { UID?: string; OU?: string; CN?: string };
}

const DEVICE_PATH = /^\/3\/device\/([^/?]+)$/;

/**
 * APNs' provider API as certificate-based providers see it, for exactly what a wallet push sends
 * (Apple's "Sending notification requests to APNs"): HTTP/2 over TLS with a client certificate the
 * server trusts (here: issued by the test WWDR, as Apple's pass type certificates are by theirs),
 * POST /3/device/<token>, `apns-topic` one the certificate may push to (its UID), a JSON body.
 * Answers 200 with an apns-id, 410 Unregistered for a device told to be gone, 400 BadDeviceToken
 * for a token told to be bad, 400 TopicDisallowed for another certificate's topic.
 */
export class ApnsStandIn {
  readonly received: ReceivedApnsPush[] = [];
  readonly unregistered = new Set<string>();
  readonly badTokens = new Set<string>();
  /** TLS sessions the server accepted: one per sender session reused. */
  connections = 0;

  private constructor(
    private readonly server: Http2SecureServer,
    readonly url: string,
    readonly caFile: string,
  ) {}

  /** Listens on 127.0.0.1; `caFile` is where its certificate is written, for APNS_CA_FILE. */
  static async start(clientCaPem: string, caFile: string): Promise<ApnsStandIn> {
    const tls = localServerCertificate();
    writeFileSync(caFile, tls.cert);
    const server = createSecureServer({ ...tls, ca: clientCaPem, requestCert: true, rejectUnauthorized: true });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const standIn = new ApnsStandIn(server, `https://127.0.0.1:${(server.address() as AddressInfo).port}`, caFile);
    server.on('secureConnection', () => standIn.connections++);
    server.on('stream', (stream, headers) => standIn.answer(stream, headers));
    return standIn;
  }

  private answer(stream: ServerHttp2Stream, headers: IncomingHttpHeaders): void {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const reply = (status: number, reason?: string) => {
        stream.respond({ ':status': status, 'apns-id': randomUUID(), ...(reason ? { 'content-type': 'application/json' } : {}) });
        stream.end(reason ? JSON.stringify({ reason }) : undefined);
      };
      const match = DEVICE_PATH.exec(String(headers[':path']));
      if (headers[':method'] !== 'POST' || !match) return reply(405, 'MethodNotAllowed');
      // Node's type names the usual attributes only; a pass type certificate's subject also has UID.
      const subject = (stream.session!.socket as TLSSocket).getPeerCertificate().subject as unknown as Record<string, string | undefined>;
      const client = { UID: subject['UID'], OU: subject['OU'], CN: subject['CN'] };
      const topic = headers['apns-topic'] as string | undefined;
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return reply(400, 'PayloadEmpty');
      }
      const token = decodeURIComponent(match[1]!);
      this.received.push({
        token,
        topic,
        pushType: headers['apns-push-type'] as string | undefined,
        priority: headers['apns-priority'] as string | undefined,
        payload,
        client,
      });
      if (topic !== client.UID) return reply(400, 'TopicDisallowed');
      if (this.badTokens.has(token)) return reply(400, 'BadDeviceToken');
      if (this.unregistered.has(token)) return reply(410, 'Unregistered');
      reply(200);
    });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
