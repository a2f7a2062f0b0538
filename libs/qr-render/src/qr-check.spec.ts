import { contrastRatio, QR_DESIGN_PRESETS, QrDesign } from '@qr/contracts';
import { checkQrDesign, MIN_CONTRAST, readQrCodes, renderQrPng, type PngImage } from './index';
import { design, redDiscLogo, seeded, TEXT } from './testing/qr-fixtures';

const logo = redDiscLogo();
const CONTRAST_REASON = /contrast between the code and its background is too low/;
const INVERTED_REASON = /lighter than the background/;

/** zxing reads the PNG exactly as the API serves it, at the design's full size. */
async function readsBack(candidate: QrDesign, image?: PngImage): Promise<boolean> {
  return (await readQrCodes(renderQrPng(TEXT, candidate, image))).includes(TEXT);
}

const inksOf = (d: QrDesign) => [...(d.gradient ? [d.gradient.from, d.gradient.to] : [d.foreground]), ...(d.eye_colour ? [d.eye_colour] : [])];

/** The documented colour rule, judged here independently of the checker: dark enough, and darker. */
function breaksColourRule(d: QrDesign): boolean {
  const lightness = (colour: string) => contrastRatio(colour, '#000000');
  return inksOf(d).some((ink) => contrastRatio(ink, d.background) < MIN_CONTRAST || lightness(ink) >= lightness(d.background));
}

/** A design drawn from every option the contract offers; `inks` bounds how light the module colours get. */
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
  return design({
    foreground: hex(inks),
    background: pick(backgrounds),
    gradient: next() < 0.3 ? { type: pick(['linear', 'radial'] as const), from: hex(inks), to: hex(inks), rotation: Math.floor(next() * 360) } : null,
    module_shape: pick(['square', 'dots', 'rounded'] as const),
    eye_style: pick(['square', 'rounded', 'circle'] as const),
    eye_colour: next() < 0.3 ? hex(inks) : null,
    logo: next() < 0.35 ? { blob_id: 'logo', size: 0.1 + next() * 0.2 } : null,
    frame: next() < 0.3 ? { style: pick(['box', 'banner'] as const), text: pick(['Scan me', 'Menu', 'Win a prize!']) } : null,
    error_correction: pick(['L', 'M', 'Q', 'H'] as const),
    margin: 2 + Math.floor(next() * 7),
    width: pick([200, 256, 400, 512, 800, 1024]),
    height: pick([200, 256, 400, 512, 800, 1024]),
  });
}

const LIGHT_BACKGROUNDS = ['#ffffff', '#fffaf0', '#f0f4ff', '#fdf2e9', '#eef7ee'];

describe('checking that a QR design scans', () => {
  it.each(QR_DESIGN_PRESETS.map((p) => [p.id, p.design] as const))('the %s preset passes the check and its PNG reads back', async (_id, preset) => {
    expect(await checkQrDesign(TEXT, preset)).toEqual({ ok: true });
    expect(await readsBack(preset)).toBe(true);
  });

  it('60 seeded random designs within the colour rule, with logos up to the largest allowed, all pass and read back', async () => {
    const next = seeded(42);
    const designs: QrDesign[] = [];
    while (designs.length < 60) {
      const candidate = randomDesign(next, 110, LIGHT_BACKGROUNDS);
      if (!breaksColourRule(candidate)) designs.push(candidate);
    }
    const failures = [];
    for (const [i, candidate] of designs.entries()) {
      const image = candidate.logo ? logo : undefined;
      const check = await checkQrDesign(TEXT, candidate, image);
      if (!check.ok || !(await readsBack(candidate, image))) failures.push({ i, candidate, check });
    }
    expect(failures).toEqual([]);
  });

  it('40 seeded random designs with any colours: a refused design breaks the colour rule or really does not read', async () => {
    const next = seeded(7);
    const outcomes = { passed: 0, refusedForColour: 0, refusedUnreadable: 0 };
    const wrong = [];
    for (let i = 0; i < 40; i++) {
      const candidate = randomDesign(next, 256, [...LIGHT_BACKGROUNDS, '#000000', '#1b2a4a', '#777777']);
      const image = candidate.logo ? logo : undefined;
      const check = await checkQrDesign(TEXT, candidate, image);
      const reads = await readsBack(candidate, image);
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
    // The rule is stricter than zxing on a perfect image on purpose: phones read prints, in poor light.
    expect(await readsBack(below)).toBe(true);
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
    expect(await readsBack(oversized, logo)).toBe(false);
    expect(await readsBack({ ...oversized, logo: { blob_id: 'logo', size: 0.3 } }, logo)).toBe(true);
  });

  it('refuses a quiet zone so narrow that the box frame touches the corner squares, and says so', async () => {
    const cramped = design({ margin: 1, frame: { style: 'box', text: 'Scan' } });
    expect(await checkQrDesign(TEXT, cramped)).toEqual({ ok: false, reason: expect.stringContaining('quiet zone') });
    expect(await readsBack(cramped)).toBe(false);
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
});
