import { PHONE_USER_AGENT } from './phone-user-agent';

/** The referring origin that marks request `n`; the scan event keeps it, so each stored scan names the request that made it. */
export const scanMarker = (n: number): string => `https://s${n}.crash.test`;
const MARKER = /^https:\/\/s(\d+)\.crash\.test$/;
export const requestOfMarker = (referrer: string | null): number | undefined => {
  const match = MARKER.exec(referrer ?? '');
  return match ? Number(match[1]) : undefined;
};

/**
 * A steady stream of scans of one code from `concurrency` loops, each request told apart by its
 * referrer. A request either got an answer (302 or another status) or was cut off (refused while
 * the server was down, or reset by a kill): a cut-off scan may or may not have been stored.
 */
export class ScanLoad {
  readonly redirected = new Set<number>();
  readonly cutOff = new Set<number>();
  /** Any answer but a 302, for a code that exists: what a visitor would see as a failure. */
  readonly otherAnswers: { request: number; status: number }[] = [];
  private sent = 0;
  private stopping = false;
  private readonly loops: Promise<void>[];

  /** `pauseMs`: each loop waits this long after an answer, so a run sends fewer scans than the loops could. */
  constructor(
    private readonly scanUrl: string,
    concurrency: number,
    private readonly pauseMs = 0,
  ) {
    this.loops = Array.from({ length: concurrency }, () => this.loop());
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops);
  }

  /** Resolves once `count` more scans than now were answered with a 302. */
  async redirectsMore(count: number, timeoutMs = 60_000): Promise<void> {
    const target = this.redirected.size + count;
    for (const deadline = Date.now() + timeoutMs; this.redirected.size < target;) {
      if (Date.now() > deadline) throw new Error(`no ${count} redirects within ${timeoutMs / 1000} s (${this.redirected.size} so far)`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const request = this.sent++;
      try {
        const response = await fetch(this.scanUrl, {
          redirect: 'manual',
          headers: { 'user-agent': PHONE_USER_AGENT, 'accept-language': 'de-DE,de;q=0.9', referer: `${scanMarker(request)}/` },
        });
        await response.body?.cancel();
        if (response.status === 302) this.redirected.add(request);
        else this.otherAnswers.push({ request, status: response.status });
        if (this.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, this.pauseMs));
      } catch {
        this.cutOff.add(request);
        // Refused while the server restarts: try again shortly, leaving the CPU to its start-up.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
}
