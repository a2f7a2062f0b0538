/**
 * QR rendering speed (issue 4 targets): styled SVG against plain `qrcode` SVG output, and PNG at
 * 512 px against plain `qrcode` PNG output, in turns in one run so the ratios are fair; and
 * (issue 52) a long text code's PDF against its PNG at 1024 px.
 */
import { cpus, loadavg } from 'node:os';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { QrDesign } from '@qr/contracts';
import { readPng, renderQrPng, renderQrSvg, type PngImage } from '@qr/qr-render';
import { LONG_TEXT, PDF_TO_PNG_TARGET, PNG_SIDE, timePdfAgainstPng, TIMED_DESIGNS, type PdfTiming } from '../libs/qr-render/src/testing/pdf-timing';
import { STYLED_DESIGN } from '../libs/qr-render/src/testing/qr-fixtures';
import { formatPercent, formatRate, markdownTable, measureRates, targetLines, writeResults, type Workload } from './harness';

const TEXT = 'https://qr.example.com/AbCdEf1234?utm_source=flyer&utm_medium=print';
const SVG_COUNT = 400;
const PNG_COUNT = 100;
const SVG_TARGET_RATIO = 0.8;
const PNG_TARGET_RATE = 200;
const PDF_RUNS = 15;

const STYLED = STYLED_DESIGN;
const PLAIN = QrDesign.parse({ width: 512, height: 512 });
const WITH_LOGO = { ...STYLED, logo: { blob_id: 'logo', size: 0.2 } };

/** A logo as uploads deliver it, re-encoded to PNG: it makes the renderer draw in RGB instead of a palette. */
function greyLogo(): PngImage {
  const png = new PNG({ width: 128, height: 128 });
  png.data.fill(180);
  return readPng(PNG.sync.write(png));
}

const times =
  (count: number, render: () => unknown): Workload =>
  () =>
  async () => {
    for (let i = 0; i < count; i++) await render();
    return count;
  };

export async function run(): Promise<void> {
  const logo = greyLogo();
  const rates = await measureRates({
    qrcodeSvg: times(SVG_COUNT, () => QRCode.toString(TEXT, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })),
    styledSvg: times(SVG_COUNT, () => renderQrSvg(TEXT, STYLED)),
    qrcodePng: times(PNG_COUNT, () => QRCode.toBuffer(TEXT, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 512 })),
    plainPng: times(PNG_COUNT, () => renderQrPng(TEXT, PLAIN)),
    styledPng: times(PNG_COUNT, () => renderQrPng(TEXT, STYLED)),
    logoPng: times(PNG_COUNT, () => renderQrPng(TEXT, WITH_LOGO, logo)),
  });
  const pdfTimings: Record<string, PdfTiming> = {};
  for (const [name, design] of Object.entries(TIMED_DESIGNS)) pdfTimings[name] = await timePdfAgainstPng(LONG_TEXT, design, PDF_RUNS);
  const rows = [
    ['qrcode toString(svg), plain', formatRate(rates.qrcodeSvg.median), '100%'],
    [
      'renderQrSvg, styled (rounded, gradient, eyes, frame)',
      formatRate(rates.styledSvg.median),
      formatPercent(rates.styledSvg.median / rates.qrcodeSvg.median),
    ],
    ['qrcode toBuffer(png), 512 px, plain', formatRate(rates.qrcodePng.median), '100%'],
    ['renderQrPng, 512 px, plain', formatRate(rates.plainPng.median), formatPercent(rates.plainPng.median / rates.qrcodePng.median)],
    ['renderQrPng, 512 px, styled', formatRate(rates.styledPng.median), formatPercent(rates.styledPng.median / rates.qrcodePng.median)],
    ['renderQrPng, 512 px, styled with a logo', formatRate(rates.logoPng.median), formatPercent(rates.logoPng.median / rates.qrcodePng.median)],
  ];
  // Absolute rates depend on what else the machine runs; the ratios to qrcode, measured in turns, much less.
  const load = `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
  console.log(`\nQR rendering of a ${TEXT.length}-character URL; images/s, median of 3 runs after a warm-up; ${load}.\n`);
  console.log(`${markdownTable(['Renderer', 'images/s', 'vs qrcode'], rows)}\n`);
  const pdfRows = Object.entries(pdfTimings).map(([name, { pdf, png }]) => [name, pdf.toFixed(1), png.toFixed(1), `${(pdf / png).toFixed(2)}×`]);
  console.log(`A ${LONG_TEXT.length}-character text: ms per file, median of ${PDF_RUNS} in turns.\n`);
  console.log(`${markdownTable(['Design', 'renderQrPdf ms', `renderQrPng ${PNG_SIDE} px ms`, 'PDF / PNG'], pdfRows)}\n`);
  const targets = [
    {
      target: `styled SVG >= ${formatPercent(SVG_TARGET_RATIO)} of plain qrcode SVG`,
      measured: formatPercent(rates.styledSvg.median / rates.qrcodeSvg.median, { decimals: 1 }),
      met: rates.styledSvg.median / rates.qrcodeSvg.median >= SVG_TARGET_RATIO,
    },
    {
      target: `styled PNG at 512 px >= ${PNG_TARGET_RATE}/s`,
      measured: `${formatRate(rates.styledPng.median)}/s`,
      met: rates.styledPng.median >= PNG_TARGET_RATE,
    },
    ...Object.entries(pdfTimings).map(([name, { pdf, png }]) => ({
      target: `long text PDF, ${name}, <= ${PDF_TO_PNG_TARGET}× its PNG at ${PNG_SIDE} px`,
      measured: `${(pdf / png).toFixed(2)}× (${pdf.toFixed(1)} ms / ${png.toFixed(1)} ms)`,
      met: pdf <= PDF_TO_PNG_TARGET * png,
    })),
  ];
  console.log(targetLines(targets));
  console.log(`\nJSON: ${writeResults('qr', { measuredAt: new Date().toISOString(), text: TEXT, rates, pdfTimings, targets })}`);
}
