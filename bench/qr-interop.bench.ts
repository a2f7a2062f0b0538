/**
 * Whether every design the save-time check accepts scans with readers of independent lineage, in
 * every file the product exports (issue 52 targets). The designs: the template gallery's, each
 * with the code's link and, where it has one, its own content (`?holds=content`); the presets; and
 * 200 designs the designer can produce, from a seeded generator, each holding its content (Wi-Fi,
 * vCard, long text…, much of it beyond ASCII) with a chance of one in four, else a short link.
 *
 * Each design goes through `checkQrDesign`; the refused are counted by reason. Each accepted one is
 * exported as SVG (rasterised by sharp's librsvg), PNG at 256 and 1024 px and PDF (rasterised by
 * poppler's pdftoppm), and decoded by zxing and zbar. A PNG smaller than the design is served only if
 * the check passes it again at that size, as the API does; one it refuses is counted as not served:
 * - clean: the SVG and PDF rasterised at the design's size, the PNGs as they are;
 * - degraded: a phone photographs the print, not the file, and sees the code at about CAMERA.side
 *   pixels whatever the file's resolution. So every export is first brought to CAMERA.side: SVG and
 *   PDF rasterised at that size, the PNGs resampled to it (PNG 256 up, PNG 1024 down, as a printer
 *   and a lens would) and then `photographed`, the camera degradation the check applies too.
 * A design reads when a decoder returns exactly the encoded text.
 *
 * Last, pinned to one core, the check's time on up to 50 accepted designs, beside the check as it
 * was before this issue: the PNG at the design's size capped at 1024 px, decoded by zxing alone.
 */
import { execFile } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import sharp from 'sharp';
import { QR_DESIGN_PRESETS, TEMPLATE_GALLERY, type CodeContent, type QrDesign } from '@qr/contracts';
import { checkQrDesign, renderQrPdf, renderQrPng, renderQrSvg, type PngImage } from '@qr/qr-render';
import { CAMERA, photographed } from '../libs/qr-render/src/camera-degradation';
import { pixelsOf, QR_DECODERS, readQrWith, type QrDecoder, type RgbaPixels } from '../libs/qr-render/src/qr-readers';
import { redDiscLogo, seeded } from '../libs/qr-render/src/testing/qr-fixtures';
import { randomDesign, randomHeldContent } from '../libs/qr-render/src/testing/random-designs';
import { contentTextOf } from '../apps/api/src/codes/code-content-text';
import { qrUrlOf } from '../apps/api/src/codes/code-views';
import { formatPercent, markdownTable, median, percentile, runConcurrently, targetLines, writeResults, type TargetCheck } from './harness';
import { pinThisProcess } from './scan.bench';

const PUBLIC_URL = 'https://qr.example.com';
const SEED = 52;
const RANDOM_DESIGNS = 200;
/** The share of random designs that hold their content rather than their link. */
const HOLDING_CONTENT = 0.25;
const TARGET_SHARE = 0.99;
const TARGET_CHECK_MS = 150;
const TIMED_DESIGNS = 50;
/** The decoders run on this thread; a second design in flight overlaps its rendering and rasterising. */
const CONCURRENCY = 2;
/** What the check decoded at most before this issue: larger renders only cost time. */
const SINGLE_DECODER_MAX_SIDE = 1024;

const CODE_ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

interface Sample {
  index: number;
  source: 'gallery' | 'preset' | 'random';
  name: string;
  /** 'link', or the type of the content the code holds. */
  holds: string;
  text: string;
  design: QrDesign;
}

const EXPORTS = ['SVG', 'PNG 256', 'PNG 1024', 'PDF'] as const;
type ExportName = (typeof EXPORTS)[number];
const CONDITIONS = ['clean', 'degraded'] as const;
type Condition = (typeof CONDITIONS)[number];
type Outcome = 'read' | 'nothing' | 'wrong text' | 'error';

interface Failure {
  index: number;
  outcome: Exclude<Outcome, 'read'>;
  /** What the decoder returned instead, for a wrong text or an error. */
  got?: string;
}

interface Tally {
  exportName: ExportName;
  decoder: QrDecoder;
  condition: Condition;
  /** Accepted designs the API serves in this export. */
  served: number;
  read: number;
  failures: Failure[];
}

function codeId(next: () => number): string {
  return Array.from({ length: 10 }, () => CODE_ID_ALPHABET[Math.floor(next() * CODE_ID_ALPHABET.length)]).join('');
}

function samplesOf(): Sample[] {
  const next = seeded(SEED);
  const link = () => qrUrlOf(PUBLIC_URL, codeId(next));
  const samples: Omit<Sample, 'index'>[] = [];
  for (const template of TEMPLATE_GALLERY) {
    samples.push({ source: 'gallery', name: template.template_id, holds: 'link', text: link(), design: template.design });
    const held = contentTextOf(template.content);
    if (held !== undefined)
      samples.push({ source: 'gallery', name: template.template_id, holds: holdsOf(template.content, held), text: held, design: template.design });
  }
  for (const preset of QR_DESIGN_PRESETS) samples.push({ source: 'preset', name: preset.id, holds: 'link', text: link(), design: preset.design });
  for (let i = 0; i < RANDOM_DESIGNS; i++) {
    const design = randomDesign(next);
    const content = next() < HOLDING_CONTENT ? randomHeldContent(next) : null;
    const held = content && contentTextOf(content);
    samples.push({ source: 'random', name: `random ${i}`, holds: held ? holdsOf(content, held) : 'link', text: held ?? link(), design });
  }
  return samples.map((sample, index) => ({ ...sample, index }));
}

const holdsOf = (content: CodeContent, text: string) => (/[^\x20-\x7e\r\n]/.test(text) ? `${content.type}, non-ASCII` : content.type);

/** A design in a few words, to find a failure again. */
function describe(sample: Sample): string {
  const { design } = sample;
  const extras = [design.gradient && `${design.gradient.type} gradient`, design.logo && `logo ${design.logo.size}`, design.frame && design.frame.style].filter(
    Boolean,
  );
  return [
    `#${sample.index} ${sample.name} (${sample.holds}, ${sample.text.length} chars)`,
    `${design.module_shape} modules, ${design.eye_style} eyes, ${design.width} px, margin ${design.margin}, EC ${design.logo ? 'H' : design.error_correction}`,
    `${design.foreground} on ${design.background}`,
    ...extras,
  ].join(', ');
}

/** A refusal's kind: its first clause, numbers left out, so "too low (2.1:1…" and "(2.7:1…" count together. */
const reasonKind = (reason: string) =>
  reason
    .replace(/\d+(\.\d+)?/g, 'N')
    .split(/[:(.]/)[0]!
    .trim();

function pdfPagePng(pdf: Uint8Array, scale: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftoppm', ['-png', '-singlefile', ...scale, '-'], { encoding: 'buffer', maxBuffer: 1 << 30 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
    child.stdin!.end(pdf);
  });
}

/** An export as its file would be opened (clean) and as a camera sees its print, at CAMERA.side (degraded). */
interface Exported {
  clean: () => Promise<RgbaPixels>;
  atCameraSide: () => Promise<Buffer>;
}

const resampled = (png: Buffer) => sharp(png).resize(CAMERA.side, CAMERA.side, { fit: 'inside' }).png().toBuffer();

/** The design drawn with `side` as its longer side, as the API scales it for `?size=`. */
function scaledTo(design: QrDesign, side: number): QrDesign {
  const factor = side / Math.max(design.width, design.height);
  return { ...design, width: Math.max(1, Math.round(design.width * factor)), height: Math.max(1, Math.round(design.height * factor)) };
}

/**
 * A PNG of `side` pixels as the API serves it: smaller than the saved design, its modules may be
 * too few pixels to read, so the API checks it again and refuses it rather than serve it (null).
 */
async function servedPng(sample: Sample, logo: PngImage | undefined, side: number): Promise<Buffer | null> {
  const drawn = scaledTo(sample.design, side);
  if (drawn.width < sample.design.width && !(await checkQrDesign(sample.text, drawn, logo)).ok) return null;
  return renderQrPng(sample.text, drawn, logo);
}

const pngExport = (png: Buffer | null): Exported | null => png && { clean: () => pixelsOf(png), atCameraSide: () => resampled(png) };

async function exportsOf(sample: Sample, logo: PngImage | undefined): Promise<Record<ExportName, Exported | null>> {
  const { text, design } = sample;
  const svg = Buffer.from(renderQrSvg(text, design, logo));
  const pdf = await renderQrPdf(text, design, logo);
  // The SVG's and the PDF page's own size is the design's, at 72 dpi.
  const cameraDensity = (72 * CAMERA.side) / Math.max(design.width, design.height);
  return {
    SVG: { clean: () => pixelsOf(svg), atCameraSide: () => sharp(svg, { density: cameraDensity }).png().toBuffer() },
    'PNG 256': pngExport(await servedPng(sample, logo, 256)),
    'PNG 1024': pngExport(await servedPng(sample, logo, 1024)),
    PDF: {
      clean: async () => pixelsOf(await pdfPagePng(pdf, ['-r', '72'])),
      atCameraSide: () => pdfPagePng(pdf, ['-scale-to', String(CAMERA.side)]),
    },
  };
}

async function outcomeOf(decoder: QrDecoder, pixels: RgbaPixels, text: string): Promise<{ outcome: Outcome; got?: string }> {
  try {
    const texts = await readQrWith(decoder, pixels);
    if (texts.includes(text)) return { outcome: 'read' };
    return texts.length === 0 ? { outcome: 'nothing' } : { outcome: 'wrong text', got: texts[0]!.slice(0, 60) };
  } catch (error) {
    return { outcome: 'error', got: error instanceof Error ? error.message : String(error) };
  }
}

/** The check as it was before this issue: a clean PNG at the design's size, capped, decoded by zxing alone. */
async function singleDecoderCheck(text: string, design: QrDesign, logo: PngImage | undefined): Promise<boolean> {
  const side = Math.min(SINGLE_DECODER_MAX_SIDE, Math.max(design.width, design.height));
  return (await readQrWith('zxing', await pixelsOf(renderQrPng(text, design, logo, side)))).includes(text);
}

async function milliseconds(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Up to `count` items spread evenly over `items`, the same ones on every run. */
const spread = <T>(items: readonly T[], count: number): T[] =>
  items.length <= count ? [...items] : Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);

export async function run(): Promise<void> {
  const started = Date.now();
  const loadAtStart = loadavg()[0]!;
  const samples = samplesOf();
  const logoImage = redDiscLogo();
  const logoOf = (sample: Sample) => (sample.design.logo ? logoImage : undefined);

  const refusals = new Map<string, number[]>();
  const accepted: Sample[] = [];
  const notServed = new Map<ExportName, number[]>(EXPORTS.map((exportName) => [exportName, []]));
  const tallies: Tally[] = EXPORTS.flatMap((exportName) =>
    QR_DECODERS.flatMap((decoder) => CONDITIONS.map((condition) => ({ exportName, decoder, condition, served: 0, read: 0, failures: [] }))),
  );
  const tallyOf = (exportName: ExportName, decoder: QrDecoder, condition: Condition) =>
    tallies.find((tally) => tally.exportName === exportName && tally.decoder === decoder && tally.condition === condition)!;

  await runConcurrently(samples.length, CONCURRENCY, async (i) => {
    const sample = samples[i]!;
    const logo = logoOf(sample);
    const check = await checkQrDesign(sample.text, sample.design, logo);
    if (!check.ok) {
      const kind = reasonKind(check.reason);
      refusals.set(kind, [...(refusals.get(kind) ?? []), sample.index]);
      return;
    }
    accepted.push(sample);
    const exported = await exportsOf(sample, logo);
    for (const exportName of EXPORTS) {
      const file = exported[exportName];
      if (!file) {
        notServed.get(exportName)!.push(sample.index);
        continue;
      }
      const pictures: Record<Condition, RgbaPixels> = { clean: await file.clean(), degraded: await photographed(await pixelsOf(await file.atCameraSide())) };
      for (const condition of CONDITIONS) {
        for (const decoder of QR_DECODERS) {
          const { outcome, got } = await outcomeOf(decoder, pictures[condition], sample.text);
          const tally = tallyOf(exportName, decoder, condition);
          tally.served++;
          if (outcome === 'read') tally.read++;
          else tally.failures.push({ index: sample.index, outcome, ...(got === undefined ? {} : { got }) });
        }
      }
    }
  });
  // Two designs in flight finish in either order: sorted, two runs print alike.
  accepted.sort((a, b) => a.index - b.index);
  for (const tally of tallies) tally.failures.sort((a, b) => a.index - b.index);
  for (const indexes of refusals.values()) indexes.sort((a, b) => a - b);
  const interopSeconds = (Date.now() - started) / 1000;

  // The check's time on one core, the two checks taking turns design by design.
  const pinned = pinThisProcess();
  const timed = spread(accepted, TIMED_DESIGNS);
  const times = { twoDecoders: [] as number[], singleDecoder: [] as number[] };
  if (timed[0]) {
    await checkQrDesign(timed[0].text, timed[0].design, logoOf(timed[0]));
    await singleDecoderCheck(timed[0].text, timed[0].design, logoOf(timed[0]));
  }
  for (const sample of timed) {
    times.twoDecoders.push(await milliseconds(() => checkQrDesign(sample.text, sample.design, logoOf(sample))));
    times.singleDecoder.push(await milliseconds(() => singleDecoderCheck(sample.text, sample.design, logoOf(sample))));
  }

  const counts = {
    gallery: samples.filter((sample) => sample.source === 'gallery').length,
    preset: samples.filter((sample) => sample.source === 'preset').length,
    random: samples.filter((sample) => sample.source === 'random').length,
  };
  const refused = samples.length - accepted.length;
  console.log(
    `\n${samples.length} designs (${counts.gallery} gallery designs with their link or content, ${counts.preset} presets, ${counts.random} random, seed ${SEED}): ` +
      `${accepted.length} accepted, ${refused} refused (${formatPercent(refused / samples.length, { decimals: 1 })}). ` +
      `Decoded in ${interopSeconds.toFixed(0)} s, ${CONCURRENCY} designs at a time; load average ${loadAtStart.toFixed(1)} on ${cpus().length} cores at the start.\n`,
  );
  const share = (tally: Tally) => (tally.served === 0 ? 0 : tally.read / tally.served);
  console.log(
    `${markdownTable(
      ['Export', 'Decoder', 'Condition', 'Decoded of served', 'Share', 'Target', 'Result'],
      tallies.map((tally) => [
        tally.exportName,
        tally.decoder,
        tally.condition,
        `${tally.read}/${tally.served}`,
        formatPercent(share(tally), { decimals: 1 }),
        `>= ${formatPercent(TARGET_SHARE)}`,
        share(tally) >= TARGET_SHARE ? 'pass' : 'fail',
      ]),
    )}\n`,
  );
  const refusalRows = [...refusals.entries()].sort((a, b) => b[1].length - a[1].length);
  console.log(
    `${markdownTable(
      ['Refused because', 'Designs', 'Share of all', 'Which'],
      refusalRows.map(([kind, indexes]) => [
        kind,
        String(indexes.length),
        formatPercent(indexes.length / samples.length, { decimals: 1 }),
        indexes.map((i) => `#${i}`).join(' '),
      ]),
    )}\n`,
  );

  for (const [exportName, indexes] of notServed) {
    if (indexes.length > 0) {
      console.log(`Not served: ${exportName}, which the API checks again and refuses at that size: ${indexes.map((i) => `#${i}`).join(' ')}`);
    }
  }
  const failing = new Set<number>();
  for (const tally of tallies.filter((candidate) => candidate.failures.length > 0)) {
    const outcomes = [...new Set(tally.failures.map((failure) => failure.outcome))];
    const parts = outcomes.map(
      (outcome) =>
        `${outcome} ${tally.failures
          .filter((failure) => failure.outcome === outcome)
          .map((failure) => `#${failure.index}`)
          .join(' ')}`,
    );
    console.log(`Not read: ${tally.exportName} · ${tally.decoder} · ${tally.condition}: ${parts.join('; ')}`);
    for (const failure of tally.failures) failing.add(failure.index);
  }
  if (failing.size > 0) {
    console.log('\nThe designs not read:');
    for (const index of [...failing].sort((a, b) => a - b)) {
      const wrong = tallies.flatMap((tally) =>
        tally.failures.filter((failure) => failure.index === index && failure.got).map((failure) => ({ tally, failure })),
      )[0];
      const read = wrong ? `; ${wrong.tally.decoder} read ${JSON.stringify(wrong.failure.got)}` : '';
      console.log(`  ${describe(samples[index]!)}${read}`);
    }
    console.log();
  }

  const timeRows = [
    ['checkQrDesign, as the API runs it on save', times.twoDecoders],
    [`single decoder: zxing on a clean PNG at most ${SINGLE_DECODER_MAX_SIDE} px (before issue 52)`, times.singleDecoder],
  ] as const;
  console.log(
    `${markdownTable(
      ['Save-time check, one core', 'median ms', 'p90 ms', 'designs'],
      timeRows.map(([name, values]) => [
        name,
        values.length ? median(values).toFixed(0) : '-',
        values.length ? percentile(values, 90).toFixed(0) : '-',
        String(values.length),
      ]),
    )}`,
  );
  console.log(pinned ? '(pinned to one core with taskset)\n' : 'Note: not pinned to one core (fewer than 2 CPUs or no taskset).\n');

  const worst = tallies.reduce((lowest, tally) => (share(tally) < share(lowest) ? tally : lowest));
  const checkMedian = times.twoDecoders.length ? median(times.twoDecoders) : Number.NaN;
  const targets: TargetCheck[] = [
    {
      target: `every export, decoder and condition decodes >= ${formatPercent(TARGET_SHARE)} of accepted designs`,
      measured: `lowest ${formatPercent(share(worst), { decimals: 1 })} (${worst.exportName}, ${worst.decoder}, ${worst.condition})`,
      met: tallies.every((tally) => tally.served > 0) && share(worst) >= TARGET_SHARE,
    },
    {
      target: `the save-time check takes <= ${TARGET_CHECK_MS} ms on one core (median)`,
      measured: `${checkMedian.toFixed(0)} ms (before: ${times.singleDecoder.length ? median(times.singleDecoder).toFixed(0) : '-'} ms)`,
      met: checkMedian <= TARGET_CHECK_MS,
    },
  ];
  console.log(targetLines(targets));
  const results = {
    measuredAt: new Date().toISOString(),
    seed: SEED,
    designs: samples.length,
    accepted: accepted.length,
    refusals: Object.fromEntries(refusals),
    notServed: Object.fromEntries(notServed),
    tallies,
    checkMs: times,
    pinned,
    seconds: (Date.now() - started) / 1000,
    targets,
  };
  console.log(`\nJSON: ${writeResults('qr-interop', results)}`);
}
