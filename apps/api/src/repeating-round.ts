/**
 * A round of background work (a runner's, an updater's) run again and again in one process: at
 * once after a busy round or a kick, otherwise after `idleMs`. A failed round is reported and the
 * next one runs as usual; `stop` waits for the round in flight.
 */
export class RepeatingRound {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  /** `work` answers whether it was busy (had more to do than one round takes). */
  constructor(
    private readonly work: () => Promise<boolean>,
    private readonly idleMs: number,
    private readonly failed: (error: unknown) => void,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** Something is there to do: run now rather than at the next poll. */
  kick(): void {
    if (this.round) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), ms);
  }

  private async run(): Promise<void> {
    let busy = false;
    this.round = this.work().then(
      (wasBusy) => {
        busy = wasBusy;
      },
      (error: unknown) => this.failed(error),
    );
    await this.round;
    this.round = undefined;
    const next = busy || this.again ? 0 : this.idleMs;
    this.again = false;
    this.schedule(next);
  }
}
