/**
 * Times the save check in a plain Node process, as the API runs it, and prints the median in ms.
 * Jest runs test code in a vm context, where every read of a global such as `Math` in a renderer's
 * pixel loop is a slow lookup (30 to 50 times slower than in Node): timed there, the check measures Jest.
 */
import { checkQrDesign } from '../qr-check';
import { STYLED_DESIGN as STYLED, TEXT } from './qr-fixtures';

const COUNT = 20;

async function main(): Promise<void> {
  // The first check loads both decoders' WebAssembly: a save pays that once per process.
  const check = await checkQrDesign(TEXT, STYLED);
  const times: number[] = [];
  for (let i = 0; i < COUNT; i++) {
    const start = performance.now();
    await checkQrDesign(TEXT, STYLED);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(JSON.stringify({ check, median: (times[COUNT / 2 - 1]! + times[COUNT / 2]!) / 2 }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
