import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES } from '@qr/contracts';
import { callerOf, createOrganization, signedUpToken } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { multipart } from '../uploads/multipart.fixture';

// The upload's body takes a second to arrive: the request timeout leaves it three more for a busy machine's event loop.
const TIMEOUTS = { headersMs: 500, requestMs: 4_000 };

/** Sends `head` (and `body`, if any) on a raw connection, then nothing more; resolves with what came back once the server closes it. */
function stallAfter(port: number, head: string, body = ''): Promise<{ answer: string; afterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(head + body));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, afterMs: Date.now() - started }));
  });
}

describe('a client that is slow to send its request', () => {
  let t: TestApp;
  let port: number;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'qr-timeouts-'));
    t = await startTestApp({ env: { DATA_DIR: dataDir }, clientTimeouts: TIMEOUTS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is cut off with a 408 soon after the request timeout when its body stalls', async () => {
    const head = 'POST /api/v1/notes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const { answer, afterMs } = await stallAfter(port, head, '{"code_id": ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"malformed_request"');
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 100);
    expect(afterMs).toBeLessThan(TIMEOUTS.requestMs + 2_000);
  });

  it('is cut off with a 408 soon after the headers timeout when its headers stall', async () => {
    const { answer, afterMs } = await stallAfter(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(TIMEOUTS.headersMs + 2_000);
  });

  it('still uploads an image of nearly 5 MB whose body takes longer than the headers timeout to arrive', async () => {
    const token = await signedUpToken(t.app, 'slow-uploader@example.com');
    const orgId = await createOrganization(callerOf(t.app, token));
    const side = 1290;
    const image = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(image.length).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    expect(image.length).toBeGreaterThan(MAX_UPLOAD_BYTES * 0.9);
    const { payload, contentType } = multipart(image, 'noise.png', 'image/png');

    const status = await new Promise<number>((resolve, reject) => {
      const upload = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: `/api/v1/uploads?org_id=${orgId}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': payload.length },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      upload.on('error', reject);
      // Ten slices a fifth of the headers timeout apart: the body takes twice that timeout to arrive.
      const slice = Math.ceil(payload.length / 10);
      let sent = 0;
      const next = () => {
        upload.write(payload.subarray(sent, sent + slice));
        sent += slice;
        if (sent < payload.length) setTimeout(next, TIMEOUTS.headersMs / 5);
        else upload.end();
      };
      next();
    });
    expect(status).toBe(201);
  });
});
