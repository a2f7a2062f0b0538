import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { contrastRatio, QR_DESIGN_PRESETS, QR_DESIGNER_OFFERS, QrDesign, TEMPLATE_GALLERY } from '@qr/contracts';
import { CAMERA, photographed } from './camera-degradation';
import { checkQrDesign, MIN_CONTRAST, renderQrPng, type PngImage } from './index';
import { pixelsOf, QR_DECODERS, readQrWith } from './qr-readers';
import { design, redDiscLogo, seeded, TEXT } from './testing/qr-fixtures';

const logo = redDiscLogo();
const CONTRAST_REASON = /contrast between the code and its background is too low/;
const INVERTED_REASON = /lighter than the background/;
const CIRCLE_REASON = 'Circle eyes are not read by every phone camera: use square or rounded eyes.';

/**
 * Which readings fail, judged here independently of the checker: the PNG as the API serves it, the
 * photograph of a smooth-edged print (a render at twice the camera's pixels), and of a PNG smaller
 * than the camera sees it, its own enlarged pixels.
 */
async function unreadBy(candidate: QrDesign, image?: PngImage, text = TEXT): Promise<string[]> {
  const served = await pixelsOf(renderQrPng(text, candidate, image));
  const pictures = {
    clean: served,
    photographed: await photographed(await pixelsOf(renderQrPng(text, candidate, image, 2 * CAMERA.side))),
    ...(Math.max(served.width, served.height) < CAMERA.side && { 'photographed small file': await photographed(served) }),
  };
  const failed: string[] = [];
  for (const [sight, pixels] of Object.entries(pictures)) {
    for (const decoder of QR_DECODERS) if (!(await readQrWith(decoder, pixels)).includes(text)) failed.push(`${decoder} ${sight}`);
  }
  return failed;
}

const inksOf = (d: QrDesign) => [...(d.gradient ? [d.gradient.from, d.gradient.to] : [d.foreground]), ...(d.eye_colour ? [d.eye_colour] : [])];

/** The documented colour rule, judged here independently of the checker: dark enough, and darker. */
function breaksColourRule(d: QrDesign): boolean {
  const lightness = (colour: string) => contrastRatio(colour, '#000000');
  return inksOf(d).some((ink) => contrastRatio(ink, d.background) < MIN_CONTRAST || lightness(ink) >= lightness(d.background));
}

/** A design the designer can make, from what it offers; `inks` bounds how light the module colours get. */
function randomDesign(next: () => number, inks: number, backgrounds: readonly string[]): QrDesign {
  const pick = <T>(options: readonly T[]) => options[Math.floor(next() * options.length)]!;
  const hex = (max: number) =>
    `#${[0, 1, 2]
      .map(() =>
        Math.floor(next() * max)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  // The designer's one size sets both sides, and offers no narrower quiet zone than the frame needs.
  const side = pick([200, 256, 400, 512, 800, 1024]);
  const frame = next() < 0.3 ? { style: pick(['box', 'banner'] as const), text: pick(['Scan me', 'Menu', 'Win a prize!']) } : null;
  const leastMargin = QR_DESIGNER_OFFERS.least_margin[frame?.style ?? 'none'];
  return design({
    foreground: hex(inks),
    background: pick(backgrounds),
    gradient: next() < 0.3 ? { type: pick(['linear', 'radial'] as const), from: hex(inks), to: hex(inks), rotation: Math.floor(next() * 360) } : null,
    module_shape: pick(QR_DESIGNER_OFFERS.module_shape),
    eye_style: pick(QR_DESIGNER_OFFERS.eye_style),
    eye_colour: next() < 0.3 ? hex(inks) : null,
    logo: next() < 0.35 ? { blob_id: 'logo', size: 0.1 + next() * 0.2 } : null,
    frame,
    error_correction: pick(['L', 'M', 'Q', 'H'] as const),
    margin: leastMargin + Math.floor(next() * (11 - leastMargin)),
    width: side,
    height: side,
  });
}

const LIGHT_BACKGROUNDS = ['#ffffff', '#fffaf0', '#f0f4ff', '#fdf2e9', '#eef7ee'];
/** A refusal after decoding says which decoder failed, and how. */
const DECODER_FAILURE =
  /^(Many|Some) phone cameras \((zxing|zbar)\) cannot read this code (when it is photographed at an angle in dim light|even printed sharp and held straight)\. /;

describe('checking that a QR design scans', () => {
  const starters = [
    ...QR_DESIGN_PRESETS.map((p) => [`the ${p.id} preset`, p.design] as const),
    ...TEMPLATE_GALLERY.map((t) => [`the ${t.template_id} gallery template`, t.design] as const),
  ];
  it.each(starters)('%s passes the check, and both decoders read its PNG and its photograph', async (_name, starter) => {
    expect(await checkQrDesign(TEXT, starter)).toEqual({ ok: true });
    expect(await unreadBy(starter)).toEqual([]);
  });

  it('30 seeded random designs the designer can make, within the colour rule: most pass, and every one passed is read by both decoders, clean and photographed', async () => {
    const next = seeded(42);
    const designs: QrDesign[] = [];
    while (designs.length < 30) {
      const candidate = randomDesign(next, 110, LIGHT_BACKGROUNDS);
      if (!breaksColourRule(candidate)) designs.push(candidate);
    }
    const [failures, refusals] = [[] as unknown[], [] as string[]];
    for (const [i, candidate] of designs.entries()) {
      const image = candidate.logo ? logo : undefined;
      const check = await checkQrDesign(TEXT, candidate, image);
      if (!check.ok) refusals.push(check.reason);
      else if ((await unreadBy(candidate, image)).length > 0) failures.push({ i, candidate });
    }
    expect(failures).toEqual([]);
    expect(refusals.filter((reason) => !DECODER_FAILURE.test(reason))).toEqual([]);
    expect(refusals.length).toBeLessThan(designs.length / 5);
  });

  it('40 seeded random designs with any colours: a refused design breaks the colour rule or really does not read', async () => {
    const next = seeded(7);
    const outcomes = { passed: 0, refusedForColour: 0, refusedUnreadable: 0 };
    const wrong = [];
    for (let i = 0; i < 40; i++) {
      const candidate = randomDesign(next, 256, [...LIGHT_BACKGROUNDS, '#000000', '#1b2a4a', '#777777']);
      const image = candidate.logo ? logo : undefined;
      const check = await checkQrDesign(TEXT, candidate, image);
      const reads = (await unreadBy(candidate, image)).length === 0;
      const colourRefusal = !check.ok && (CONTRAST_REASON.test(check.reason) || INVERTED_REASON.test(check.reason));
      if (check.ok) outcomes.passed++;
      else if (colourRefusal) outcomes.refusedForColour++;
      else outcomes.refusedUnreadable++;
      const consistent = check.ok ? reads && !breaksColourRule(candidate) : colourRefusal ? breaksColourRule(candidate) : !reads;
      if (!consistent) wrong.push({ i, candidate, check, reads });
    }
    expect(wrong).toEqual([]);
    expect(outcomes.passed).toBeGreaterThan(0);
    expect(outcomes.refusedForColour).toBeGreaterThan(0);
  });

  it('draws the contrast line at 3:1: just above passes, just below is refused although a clean render still decodes', async () => {
    const [above, below] = [design({ foreground: '#949494' }), design({ foreground: '#a0a0a0' })];
    expect(contrastRatio(above.foreground, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(below.foreground, '#ffffff')).toBeLessThan(MIN_CONTRAST);
    expect(await checkQrDesign(TEXT, above)).toEqual({ ok: true });
    expect(await checkQrDesign(TEXT, below)).toEqual({ ok: false, reason: expect.stringMatching(CONTRAST_REASON) });
    // The rule is stricter than the decoders on a perfect image on purpose: phones read prints, in poor light.
    expect((await unreadBy(below)).filter((reading) => reading.endsWith('clean'))).toEqual([]);
  });

  it('refuses light modules on a dark background, which many phone scanners miss', async () => {
    const inverted = design({ foreground: '#ffffff', background: '#000000' });
    expect(await checkQrDesign(TEXT, inverted)).toEqual({ ok: false, reason: expect.stringMatching(INVERTED_REASON) });
  });

  it('refuses a logo too large for error correction H, names a size that reads, and the refused PNG really does not read', async () => {
    // Beyond the contract's 0.3, which keeps a margin under the largest share that reads (0.35 to 0.4, by logo).
    const oversized = { ...design({}), logo: { blob_id: 'logo', size: 0.45 } };
    const check = await checkQrDesign(TEXT, oversized, logo);
    expect(check).toEqual({ ok: false, reason: expect.stringMatching(/logo covers more of the code than its error correction \(level H.*at most 30 %/) });
    expect(await unreadBy(oversized, logo)).toContain('zxing clean');
    expect(await unreadBy({ ...oversized, logo: { blob_id: 'logo', size: 0.3 } }, logo)).toEqual([]);
  });

  it('refuses a quiet zone so narrow that the box frame touches the corner squares, and says so', async () => {
    const cramped = design({ margin: 1, frame: { style: 'box', text: 'Scan' } });
    expect(await checkQrDesign(TEXT, cramped)).toEqual({ ok: false, reason: expect.stringContaining('quiet zone') });
    expect(await unreadBy(cramped)).toContain('zxing clean');
  });

  it.each((['banner', 'box'] as const).map((style) => [style, QR_DESIGNER_OFFERS.least_margin[style]] as const))(
    'offers no quiet zone narrower than a %s frame is read with (%i modules): one less is refused, in every style offered',
    async (style, least) => {
      const outcomes = [];
      for (const eye_style of QR_DESIGNER_OFFERS.eye_style) {
        for (const module_shape of QR_DESIGNER_OFFERS.module_shape) {
          const framed = design({ eye_style, module_shape, frame: { style, text: 'Scan me' }, margin: least });
          const narrower = await checkQrDesign(TEXT, { ...framed, margin: least - 1 });
          outcomes.push({ eye_style, module_shape, least: await checkQrDesign(TEXT, framed), narrower: !narrower.ok && /quiet zone/.test(narrower.reason) });
        }
      }
      expect(outcomes.filter((outcome) => !outcome.least.ok || !outcome.narrower)).toEqual([]);
    },
  );

  it('names the decoder that failed, and how, with the change that makes every reading pass', async () => {
    const text = 'https://qr.example.com/menu';
    // The banner runs along the code's foot with no quiet zone between.
    const flush = design({ margin: 0, frame: { style: 'banner', text: 'Scan me' } });
    expect(await checkQrDesign(text, flush)).toEqual({
      ok: false,
      reason:
        'Many phone cameras (zxing) cannot read this code even printed sharp and held straight. The quiet zone around the code is too narrow for scanners to find it: give it a margin of 4 modules.',
    });
    expect(await unreadBy(flush, undefined, text)).toContain('zxing clean');
    expect(await checkQrDesign(text, { ...flush, margin: 4 })).toEqual({ ok: true });
  });

  it('refuses circle eyes, which are no longer offered, saying what to use: zbar does not read them once photographed', async () => {
    expect(QR_DESIGNER_OFFERS.eye_style).not.toContain('circle');
    const circles = design({ eye_style: 'circle' });
    expect(await checkQrDesign(TEXT, circles)).toEqual({ ok: false, reason: CIRCLE_REASON });
    expect(await checkQrDesign(TEXT, { ...circles, module_shape: 'dots', margin: 2 })).toEqual({ ok: false, reason: CIRCLE_REASON });
    expect(await unreadBy(circles)).toContain('zbar photographed');
    expect(await unreadBy({ ...circles, eye_style: 'rounded' })).toEqual([]);
  });

  it('refuses content too long for any QR code at its error correction, naming the level it would fit at', async () => {
    // Version 40 holds 2,953 bytes at L, 2,331 at M, 1,273 at H.
    const text = 'x'.repeat(2500);
    expect(await checkQrDesign(text, design({ error_correction: 'M' }))).toEqual({
      ok: false,
      reason: "The content is too long for a QR code at error correction M: choose error correction L, shorten it, or print the code's link instead.",
    });
    expect(await checkQrDesign('x'.repeat(2000), design({ logo: { blob_id: 'logo', size: 0.2 } }), logo)).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^The content is too long for a QR code with a logo, which needs error correction H: leave the logo out and choose error correction M,/,
      ),
    });
    expect(await checkQrDesign('x'.repeat(3000), design({ error_correction: 'L' }))).toEqual({
      ok: false,
      reason: expect.stringMatching(/too long for even the largest QR code/),
    });
  });

  it('checks a typical styled design at 512 px, with both decoders clean and photographed, in at most 150 ms (median of 20)', () => {
    // In a plain Node process, as the API runs it (see check-timing.ts): run under `taskset -c 0` for one core, which it inherits.
    const script = join(__dirname, 'testing', 'check-timing.ts');
    const output = execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: join(__dirname, '..', '..', '..'), encoding: 'utf8' });
    const { check, median } = JSON.parse(output) as { check: unknown; median: number };
    console.log(`checkQrDesign, styled 512 px: median ${median.toFixed(1)} ms of 20`);
    expect(check).toEqual({ ok: true });
    expect(median).toBeLessThanOrEqual(150);
  });
});
