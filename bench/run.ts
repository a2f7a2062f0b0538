/**
 * `npm run bench -- <name>` runs `bench/<name>.bench.ts`, whose `run()` prints its own results.
 * Without a name, or with an unknown one, it lists the benchmarks and exits non-zero.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const SUFFIX = '.bench.ts';

interface BenchmarkModule {
  run(): Promise<void>;
}

async function main(): Promise<void> {
  const available = readdirSync(__dirname)
    .filter((file) => file.endsWith(SUFFIX))
    .map((file) => file.slice(0, -SUFFIX.length))
    .sort();
  const name = process.argv[2];
  if (!name || !available.includes(name)) {
    if (name) console.error(`Unknown benchmark "${name}".`);
    console.error(`Usage: npm run bench -- <name>\nAvailable: ${available.join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const benchmark = (await import(join(__dirname, `${name}${SUFFIX}`))) as Partial<BenchmarkModule>;
  if (typeof benchmark.run !== 'function') throw new Error(`bench/${name}${SUFFIX} does not export run().`);
  await benchmark.run();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
