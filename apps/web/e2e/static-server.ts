import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface StaticSite {
  url: string;
  close: () => Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}

/**
 * Serves a built single-page app on a free loopback port. Any path that is not a file gets
 * index.html, as a production host would, so deep links reach the client router.
 */
export async function serveStatic(root: string): Promise<StaticSite> {
  const server: Server = createServer(async (request, response) => {
    const requested = normalize(join(root, new URL(request.url ?? '/', 'http://localhost').pathname));
    const inside = requested.startsWith(root + sep);
    const file = inside && (await isFile(requested)) ? requested : join(root, 'index.html');
    response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
