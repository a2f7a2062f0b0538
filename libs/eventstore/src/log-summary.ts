import { compareCheckpoints, type Checkpoint, type ReadAllResult } from './event-store';

/** What one look at a server's log found: the horizon below which every transaction has ended, and the types written since the previous look. */
export interface LogLook {
  horizon: string;
  /** Types of the events whose transaction id is at or past the previous horizon and below this one; empty on the first look. */
  types: readonly string[];
}

/** Looks at the log from a horizon (undefined: only to find where it is now). */
export type LookAtLog = (since: string | undefined) => Promise<LogLook>;

/** About a minute of looks at the rate a few subscriptions polling twice a second make them. */
const KEPT_LOOKS = 240;

interface Look {
  /** The horizon this look reached: its types are those of transactions from the previous one's up to this. */
  horizon: bigint;
  types: ReadonlySet<string>;
}

/**
 * Which event types a server's log gained lately, shared by the subscriptions of a process. Each
 * subscription to a few types polls the log twice a second for what other processes wrote, and
 * every poll scanned the log from its checkpoint, passing over the busy scan path's events one by
 * one to find none of its own: a dozen idle subscriptions scanned every scan a dozen times. Here
 * one look at a time reads the types written since the last look, and a timed poll that finds none
 * of its types since its checkpoint moves to the horizon without asking the log.
 */
export class LogSummary {
  /** Transactions from this id on are covered by `looks`; undefined until the first look. */
  private coveredFrom: bigint | undefined;
  private readonly looks: Look[] = [];
  private lookedAt = -Infinity;
  private looking: Promise<void> | undefined;

  constructor(
    private readonly lookAtLog: LookAtLog,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * The answer to a read after `from` of these types when the log, as of at most `maxAgeMs` ago,
   * holds none of them past `from`; undefined when it may, or when `from` is older than the looks kept.
   */
  async quietAfter(from: Checkpoint, types: readonly string[], maxAgeMs: number): Promise<ReadAllResult | undefined> {
    if (this.now() - this.lookedAt > maxAgeMs) {
      this.looking ??= this.look().finally(() => (this.looking = undefined));
      await this.looking;
    }
    const fromTransaction = BigInt(from.transactionId);
    if (this.coveredFrom === undefined || fromTransaction < this.coveredFrom) return undefined;
    // A look whose horizon is at or before `from` holds only transactions below it, all read already.
    for (const look of this.looks) {
      if (look.horizon > fromTransaction && types.some((type) => look.types.has(type))) return undefined;
    }
    const horizon: Checkpoint = { transactionId: this.horizon()!.toString(), globalPosition: 0 };
    return { events: [], checkpoint: compareCheckpoints(from, horizon) >= 0 ? from : horizon, caughtUp: true };
  }

  /** How far the looks reach: the newest one's horizon, or the first look's before any other. */
  private horizon(): bigint | undefined {
    return this.looks.at(-1)?.horizon ?? this.coveredFrom;
  }

  private async look(): Promise<void> {
    const startedAt = this.now();
    const previous = this.horizon();
    const { horizon, types } = await this.lookAtLog(previous?.toString());
    const reached = BigInt(horizon);
    if (previous === undefined) this.coveredFrom = reached;
    else if (reached > previous) {
      this.looks.push({ horizon: reached, types: new Set(types) });
      if (this.looks.length > KEPT_LOOKS) this.coveredFrom = this.looks.shift()!.horizon;
    }
    this.lookedAt = startedAt;
  }
}
