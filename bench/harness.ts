import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One timed run: it resolves to how many items (events, requests…) it processed. */
export type TimedRun = () => Promise<number>;

/** Prepares a run without the clock running (inputs, payloads) and returns it. */
export type Workload = () => TimedRun;

export interface Rate {
  /** Items per second, the median of the repeats. */
  median: number;
  samples: number[];
}

export interface MeasureOptions {
  warmups?: number;
  repeats?: number;
}

/**
 * Times every workload `repeats` times and keeps the median rate. The workloads take turns
 * (A, B, A, B…) after a warm-up each, so a database that slows as its tables grow, or a noisy
 * neighbour, weighs on all of them alike and their ratios stay fair.
 */
export async function measureRates<Name extends string>(
  workloads: Record<Name, Workload>,
  { warmups = 1, repeats = 3 }: MeasureOptions = {},
): Promise<Record<Name, Rate>> {
  const names = Object.keys(workloads) as Name[];
  for (let i = 0; i < warmups; i++) for (const name of names) await workloads[name]()();
  const samples = new Map<Name, number[]>(names.map((name) => [name, []]));
  for (let i = 0; i < repeats; i++) {
    for (const name of names) samples.get(name)!.push(await timeRate(workloads[name]));
  }
  return Object.fromEntries(names.map((name) => [name, { median: median(samples.get(name)!), samples: samples.get(name)! }])) as Record<Name, Rate>;
}

async function timeRate(workload: Workload): Promise<number> {
  const run = workload();
  const started = process.hrtime.bigint();
  const items = await run();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return items / seconds;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The nearest-rank percentile (`p` from 0 to 100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Runs `callers` loops at once, each taking the next item number until `total` are done. */
export async function runConcurrently(total: number, callers: number, work: (item: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const caller = async () => {
    while (next < total) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(callers, total) }, caller));
  return total;
}

export function formatRate(perSecond: number): string {
  return Math.round(perSecond).toLocaleString('en-US');
}

/**
 * Whole percents, or `decimals` more where a figure is compared with a target (29.7% is not 30%).
 * An options object rather than a second number, so `ratios.map(formatPercent)` cannot pass an index.
 */
export function formatPercent(ratio: number, { decimals = 0 }: { decimals?: number } = {}): string {
  return `${(ratio * 100).toFixed(decimals)}%`;
}

/** A markdown table with padded columns, readable both raw in a terminal and rendered. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${widths.map((width, column) => (cells[column] ?? '').padEnd(width)).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}

export function targetLines(checks: readonly TargetCheck[]): string {
  return checks.map((check) => `${check.met ? 'PASS' : 'MISS'}  ${check.target}: ${check.measured}`).join('\n');
}

/** Writes `bench/results/<name>.json` (git-ignored) and returns its path. */
export function writeResults(name: string, results: unknown): string {
  const dir = join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

/** Phone `i`'s address, from 10.0.0.0/8, sent as x-forwarded-for so the public routes' rate limit counts each phone apart. */
export const addressOf = (i: number): string => `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`;
