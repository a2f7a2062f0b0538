/**
 * A long text code's PDF timed against its PNG at 1024 px (the target: at most 5× as long), for
 * qr-pdf.spec.ts and bench/qr.bench.ts. The spec runs this file as a Node process of its own:
 * inside Jest's sandbox every Math.round costs a hundred times what it costs in Node, which slows
 * the PNG renderer's pixel loop tenfold and would flatter the PDF.
 */
import { QrDesign } from '@qr/contracts';
import { renderQrPdf } from '../qr-pdf';
import { renderQrPng } from '../qr-png';
import { STYLED_DESIGN } from './qr-fixtures';

/** What a user pastes into a text code: letters, digits and punctuation, a version 34 code at error correction M. */
export const LONG_TEXT = 'Opening hours: Mon-Fri 08:00-18:30, Sat 09:00-14:00; call +1 (555) 010-2030 or write to hello@example.com! '
  .repeat(15)
  .slice(0, 1600);

/** A plain code, and one as users style theirs. */
export const TIMED_DESIGNS = {
  plain: QrDesign.parse({ width: 512, height: 512 }),
  styled: STYLED_DESIGN,
};

export const PDF_TO_PNG_TARGET = 5;
export const PNG_SIDE = 1024;

export interface PdfTiming {
  /** Median milliseconds per file. */
  pdf: number;
  png: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function millisecondsOf(render: () => unknown): Promise<number> {
  const start = performance.now();
  await render();
  return performance.now() - start;
}

/** Medians of `runs` renders of each, in turns so both meet the same load, after a warm-up of each. */
export async function timePdfAgainstPng(text: string, design: QrDesign, runs: number): Promise<PdfTiming> {
  const pdf: number[] = [];
  const png: number[] = [];
  for (let run = -1; run < runs; run++) {
    const [pdfTime, pngTime] = [
      await millisecondsOf(() => renderQrPdf(text, design)),
      await millisecondsOf(() => renderQrPng(text, design, undefined, PNG_SIDE)),
    ];
    if (run < 0) continue;
    pdf.push(pdfTime);
    png.push(pngTime);
  }
  return { pdf: median(pdf), png: median(png) };
}

/** Run as a process: the timings of every timed design as one line of JSON, keyed by design. */
async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 9);
  const timings: Record<string, PdfTiming> = {};
  for (const [name, design] of Object.entries(TIMED_DESIGNS)) timings[name] = await timePdfAgainstPng(LONG_TEXT, design, runs);
  process.stdout.write(`${JSON.stringify(timings)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
