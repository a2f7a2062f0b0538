import { request as httpRequest } from 'node:http';
import type { PollLiveView } from '@qr/contracts';

/** A screen on a live stream, as a browser's EventSource would be: every `data:` line parsed, with when it came. */
export interface LiveStream {
  status: number;
  contentType: string;
  messages: { at: number; view: PollLiveView }[];
  /** Resolves with the first message (already heard or to come) that `matches`, or rejects after `timeoutMs`. */
  next(matches: (view: PollLiveView) => boolean, timeoutMs?: number): Promise<PollLiveView>;
  close(): void;
}

/** Opens `path` on the listening server as an SSE client over node:http. */
export function openLiveStream(port: number, path: string, headers: Record<string, string> = {}): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const waiting = new Set<() => void>();
    const client = httpRequest({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const messages: LiveStream['messages'] = [];
      let buffered = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) if (line.startsWith('data: ')) messages.push({ at: Date.now(), view: JSON.parse(line.slice(6)) as PollLiveView });
        waiting.forEach((wake) => wake());
      });
      resolve({
        status: response.statusCode!,
        contentType: String(response.headers['content-type']),
        messages,
        next: (matches, timeoutMs = 5000) =>
          new Promise((found, fail) => {
            const look = () => {
              const hit = messages.find(({ view }) => matches(view));
              if (!hit) return;
              cleanUp();
              found(hit.view);
            };
            const timer = setTimeout(() => {
              cleanUp();
              fail(new Error(`no matching message in ${timeoutMs} ms; heard ${JSON.stringify(messages.map(({ view }) => view))}`));
            }, timeoutMs);
            const cleanUp = () => {
              clearTimeout(timer);
              waiting.delete(look);
            };
            waiting.add(look);
            look();
          }),
        close: () => client.destroy(),
      });
    });
    client.on('error', (error) => reject(error));
    client.end();
  });
}

/** Whether the live message's results include a write answered with `position` (`transactionId-globalPosition`). */
export const includes = (view: PollLiveView, position: string): boolean => {
  const [tx, global] = view.position.split('-').map(BigInt);
  const [wantedTx, wantedGlobal] = position.split('-').map(BigInt);
  return tx! > wantedTx! || (tx === wantedTx && global! >= wantedGlobal!);
};
