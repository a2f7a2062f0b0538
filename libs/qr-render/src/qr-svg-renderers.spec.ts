import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { QR_DESIGN_PRESETS, TEMPLATE_GALLERY, type QrDesign } from '@qr/contracts';
import { layoutOf, ModuleKind, type QrLayout } from './qr-layout';
import { pixelsOf, QR_DECODERS, readQrWith, type RgbaPixels } from './qr-readers';
import { renderQrSvg } from './qr-svg';
import { design, redDiscLogo, TEXT } from './testing/qr-fixtures';

/**
 * Print shops and design tools open the SVG export in whatever renderer they have. Each design's
 * SVG is rasterised by three renderers of separate lineage; each raster must be the design's size,
 * decode to the text with both decoders, sample the same module grid as the others and the code
 * asks for, show the logo and set the frame text in its band. Colours are not compared: ImageMagick
 * 6's own renderer paints every SVG gradient in black (dark on light, so it still scans).
 */

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const run = promisify(execFile);
const answers = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

interface Renderer {
  name: string;
  /** What to install when it is missing. */
  needs: string;
  installed: () => boolean;
  /** Writes the raster of `svgFile`, `size` pixels, to `pngFile`. */
  render: (svgFile: string, pngFile: string, size: { width: number; height: number }) => Promise<unknown>;
}

let page: Page | undefined;

const RENDERERS: Renderer[] = [
  {
    name: 'rsvg-convert',
    needs: 'rsvg-convert (apt-get install -y librsvg2-bin)',
    installed: () => answers('rsvg-convert', ['--version']),
    render: (svg, png) => run('rsvg-convert', ['-o', png, svg]),
  },
  {
    // ImageMagick's own SVG renderer, forced: the one that filled the eyes solid.
    name: 'ImageMagick MSVG',
    needs: 'ImageMagick (apt-get install -y imagemagick)',
    installed: () => answers('convert', ['-version']),
    render: (svg, png) => run('convert', [`MSVG:${svg}`, png]),
  },
  {
    // What `convert qr.svg` does as installed: librsvg where ImageMagick is built with it, else its own (as Debian 12's).
    name: 'ImageMagick convert',
    needs: 'ImageMagick (apt-get install -y imagemagick)',
    installed: () => answers('convert', ['-version']),
    render: (svg, png) => run('convert', [svg, png]),
  },
  {
    name: 'Chromium',
    needs: `Chromium at ${CHROMIUM} (apt-get install -y chromium)`,
    installed: () => existsSync(CHROMIUM),
    render: async (svg, png, size) => {
      // The SVG opened as a document, in a viewport its own size: Chromium draws it at 1:1.
      await page!.setViewportSize(size);
      await page!.goto(pathToFileURL(svg).href);
      await page!.screenshot({ path: png, type: 'png' });
    },
  },
];

const renderers = RENDERERS.filter((renderer) => renderer.installed());
const missing = [...new Set(RENDERERS.filter((renderer) => !renderers.includes(renderer)).map((renderer) => renderer.needs))];
if (missing.length > 0) {
  if (process.env.REQUIRE_SERVICES === '1') throw new Error(`REQUIRE_SERVICES=1 but the SVG renderer tests need ${missing.join(' and ')}.`);
  console.log(`Skipping the SVG renders that need ${missing.join(' and ')}.`);
}

const logo = redDiscLogo();
const LOGO_RED = [220, 40, 60];
const designs: [string, QrDesign][] = [
  ...QR_DESIGN_PRESETS.map((preset): [string, QrDesign] => [`preset ${preset.id}`, preset.design]),
  ...TEMPLATE_GALLERY.map((template): [string, QrDesign] => [`gallery ${template.template_id}`, template.design]),
  ['a logo', design({ module_shape: 'rounded', eye_style: 'rounded', logo: { blob_id: 'logo', size: 0.25 } })],
  [
    'a box frame with a logo',
    design({ foreground: '#14213d', frame: { style: 'box', text: 'Scan for the menu', colour: '#14213d' }, logo: { blob_id: 'logo', size: 0.2 } }),
  ],
];

/** Relative luminance on 0..255, enough to tell a design's dark paint from its background. */
const luminance = ([r, g, b]: readonly number[]) => 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
const rgbOf = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const pixelAt = (image: RgbaPixels, x: number, y: number) => {
  const i = (Math.floor(y) * image.width + Math.floor(x)) * 4;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
};

/**
 * Dark (#) or light (.) around the centre of every module of the code square, quiet zone
 * included, split halfway between the background and the lightest ink: what a scanner samples.
 * ? where an edge passes within a sixth of a module of the centre (a circle eye's ring, a logo's
 * rim), as renderers that anti-alias a pixel apart may well disagree there. A solid eye, a dropped
 * logo or a dropped ring shows; a pixel's difference along an edge does not.
 */
function moduleGrid(layout: QrLayout, image: RgbaPixels): string {
  const { design: d, code, module } = layout;
  const inks = [...(d.gradient ? [d.gradient.from, d.gradient.to] : [d.foreground]), ...(d.eye_colour ? [d.eye_colour] : [])];
  const threshold = (luminance(rgbOf(d.background)) + Math.max(...inks.map((ink) => luminance(rgbOf(ink))))) / 2;
  const reach = Math.max(1, Math.round(module / 6));
  const sample = (cx: number, cy: number) => {
    const dark = new Set<boolean>();
    for (let dy = -reach; dy <= reach; dy++) for (let dx = -reach; dx <= reach; dx++) dark.add(luminance(pixelAt(image, cx + dx, cy + dy)) < threshold);
    return dark.size > 1 ? '?' : dark.has(true) ? '#' : '.';
  };
  const side = layout.size + 2 * d.margin;
  return Array.from({ length: side }, (_, row) =>
    Array.from({ length: side }, (_, col) => sample(code.x + (col + 0.5) * module, code.y + (row + 0.5) * module)).join(''),
  ).join('\n');
}

/**
 * The grid the design asks for: its data modules, light quiet zone, and a box frame's ring on the
 * quiet zone's outer modules. ? where a sample may go either way: the eyes (a circle eye's ring
 * misses its corner modules), the logo, and the ring's rounded corners.
 */
function designGrid(layout: QrLayout): string {
  const { size, kinds, design: d } = layout;
  const side = size + 2 * d.margin;
  const boxFrame = d.frame?.style === 'box';
  const at = (row: number, col: number): string => {
    const edges = Number(row === 0 || row === side - 1) + Number(col === 0 || col === side - 1);
    if (boxFrame && edges > 0) return edges === 2 ? '?' : '#';
    const [r, c] = [row - d.margin, col - d.margin];
    if (r < 0 || c < 0 || r >= size || c >= size) return '.';
    const kind = kinds[r * size + c];
    return kind === ModuleKind.DataDark ? '#' : kind === ModuleKind.Light ? '.' : '?';
  };
  return Array.from({ length: side }, (_, row) => Array.from({ length: side }, (_, col) => at(row, col)).join('')).join('\n');
}

/** `grid` with ? wherever `pattern` has one: equal to `pattern` when every other module matches. */
const maskedBy = (pattern: string, grid: string) => [...grid].map((sample, i) => (pattern[i] === '?' ? '?' : sample)).join('');

/** Where the frame's text is inked in its band (pixels nearer the text colour than the frame colour), as shares of the band. */
function frameTextInk(layout: QrLayout, image: RgbaPixels): { share: number; centreX: number; centreY: number } {
  const band = layout.band!;
  const [text, frame] = [rgbOf(layout.design.frame!.text_colour), rgbOf(layout.design.frame!.colour)];
  const distance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
  let [pixels, inked, sumX, sumY] = [0, 0, 0, 0];
  for (let y = Math.ceil(band.y); y < band.y + band.height; y++) {
    for (let x = Math.ceil(band.x); x < band.x + band.width; x++) {
      pixels++;
      const colour = pixelAt(image, x, y);
      if (distance(colour, text) < distance(colour, frame)) [inked, sumX, sumY] = [inked + 1, sumX + x + 0.5, sumY + y + 0.5];
    }
  }
  return { share: inked / pixels, centreX: (sumX / inked - band.x) / band.width, centreY: (sumY / inked - band.y) / band.height };
}

/** Runs `task` over `items`, `limit` at a time. */
async function inPool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const describeRenders = renderers.length > 0 ? describe : describe.skip;

describeRenders('the SVG export as other renderers draw it', () => {
  let directory: string;
  let browser: Browser | undefined;
  const rasters = new Map<string, RgbaPixels>();
  const rasterOf = (designName: string, renderer: string) => rasters.get(`${designName} / ${renderer}`)!;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'qr-svg-renderers-'));
    if (renderers.some((renderer) => renderer.name === 'Chromium')) {
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
      page = await browser.newPage();
    }
    const jobs = designs.flatMap(([name, d], index) => {
      const svgFile = join(directory, `${index}.svg`);
      writeFileSync(svgFile, renderQrSvg(TEXT, d, d.logo ? logo : undefined));
      const size = { width: d.width, height: d.height };
      return renderers.map((renderer, r) => ({ key: `${name} / ${renderer.name}`, renderer, svgFile, size, pngFile: join(directory, `${index}-${r}.png`) }));
    });
    const render = async (job: (typeof jobs)[number]) => {
      await job.renderer.render(job.svgFile, job.pngFile, job.size);
      rasters.set(job.key, await pixelsOf(readFileSync(job.pngFile)));
    };
    // One page draws the Chromium renders one after another while the command-line renderers share the cores.
    const [inPage, commands] = [jobs.filter((job) => job.renderer.name === 'Chromium'), jobs.filter((job) => job.renderer.name !== 'Chromium')];
    await Promise.all([inPool(inPage, 1, render), inPool(commands, Math.min(4, availableParallelism()), render)]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it.each(designs.flatMap(([name, d]) => renderers.map((renderer) => [name, renderer.name, d] as const)))(
    '%s, drawn by %s, is its design’s size, shows its logo and reads back exactly with zxing and zbar',
    async (name, renderer, d) => {
      const raster = rasterOf(name, renderer);
      expect([raster.width, raster.height]).toEqual([d.width, d.height]);
      const area = layoutOf(TEXT, d).logo;
      // The fixture logo's red disc, at the logo's centre.
      if (area) expect(pixelAt(raster, area.x + area.size / 2, area.y + area.size / 2)).toEqual(LOGO_RED);
      for (const decoder of QR_DECODERS) expect({ decoder, texts: await readQrWith(decoder, raster) }).toEqual({ decoder, texts: [TEXT] });
    },
  );

  it.each(designs)('%s: every renderer samples the module grid the design asks for, and the same one', (name, d) => {
    const layout = layoutOf(TEXT, d);
    const wanted = designGrid(layout);
    const grids = renderers.map((renderer) => ({ renderer: renderer.name, grid: moduleGrid(layout, rasterOf(name, renderer.name)) }));
    for (const { renderer, grid } of grids) expect({ renderer, grid: maskedBy(wanted, grid) }).toEqual({ renderer, grid: wanted });
    const [first, ...rest] = grids;
    for (const { renderer, grid } of rest) expect({ renderer, grid: maskedBy(grid, first!.grid) }).toEqual({ renderer, grid: maskedBy(first!.grid, grid) });
  });

  it.each(designs.filter(([, d]) => d.frame).flatMap(([name, d]) => renderers.map((renderer) => [name, renderer.name, d] as const)))(
    '%s: %s sets the frame text centred in its band',
    (name, renderer, d) => {
      const ink = frameTextInk(layoutOf(TEXT, d), rasterOf(name, renderer));
      expect(ink.share).toBeGreaterThan(0.02);
      expect(Math.abs(ink.centreX - 0.5)).toBeLessThan(0.03);
      expect(Math.abs(ink.centreY - 0.5)).toBeLessThan(0.06);
    },
  );
});
