import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { QR_DESIGN_PRESETS, QrDesign, type QrDesignInput } from '@qr/contracts';
import { checkQrDesign, contrastRatio, MIN_CONTRAST, readPng, renderQrPdf, renderQrPng, renderQrSvg, type PngImage } from './index';

const TEXT = 'https://qr.example.com/AbCdEf1234?ref=flyer';
const design = (input: QrDesignInput) => QrDesign.parse(input);

/** A seeded generator, so the random grid is the same on every run and a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

function logoPng(): PngImage {
  const png = new PNG({ width: 64, height: 64 });
  for (let i = 0; i < png.data.length; i += 4) {
    const inCircle = Math.hypot(((i / 4) % 64) - 32, Math.floor(i / 4 / 64) - 32) < 30;
    png.data.set(inCircle ? [220, 40, 60, 255] : [0, 0, 0, 0], i);
  }
  return readPng(PNG.sync.write(png));
}

describe('rendering QR designs', () => {
  const logo = logoPng();

  it.each(QR_DESIGN_PRESETS.map((p) => [p.id, p.design] as const))('renders the %s preset to a PNG that reads back', async (_id, preset) => {
    expect(await checkQrDesign(TEXT, preset)).toEqual({ ok: true });
  });

  it('renders a seeded grid of 60 random designs that pass the colour rules, and every one reads back', async () => {
    const next = random(42);
    const pick = <T>(options: readonly T[]) => options[Math.floor(next() * options.length)]!;
    const hex = (max: number) => `#${[0, 1, 2].map(() => Math.floor(next() * max).toString(16).padStart(2, '0')).join('')}`;
    const designs: QrDesign[] = [];
    while (designs.length < 60) {
      const candidate = design({
        foreground: hex(110),
        background: pick(['#ffffff', '#fffaf0', '#f0f4ff', hex(40).replace('#', '#f') as string].map((c) => c.slice(0, 7))),
        gradient: next() < 0.3 ? { type: pick(['linear', 'radial'] as const), from: hex(90), to: hex(90), rotation: Math.floor(next() * 360) } : null,
        module_shape: pick(['square', 'dots', 'rounded'] as const),
        eye_style: pick(['square', 'rounded', 'circle'] as const),
        eye_colour: next() < 0.3 ? hex(90) : null,
        logo: next() < 0.3 ? { blob_id: 'logo', size: 0.1 + next() * 0.12 } : null,
        frame: next() < 0.3 ? { style: pick(['box', 'banner'] as const), text: pick(['Scan me', 'Menu', 'Win a prize!']) } : null,
        error_correction: pick(['L', 'M', 'Q', 'H'] as const),
        margin: 2 + Math.floor(next() * 5),
        width: pick([256, 400, 512, 800]),
        height: pick([256, 400, 512, 800]),
      });
      const inks = candidate.gradient ? [candidate.gradient.from, candidate.gradient.to] : [candidate.foreground];
      if ([...inks, ...(candidate.eye_colour ? [candidate.eye_colour] : [])].every((ink) => contrastRatio(ink, candidate.background) >= MIN_CONTRAST)) designs.push(candidate);
    }
    const failures = [];
    for (const [i, candidate] of designs.entries()) {
      const check = await checkQrDesign(TEXT, candidate, candidate.logo ? logo : undefined);
      if (!check.ok) failures.push({ i, candidate, check });
    }
    expect(failures).toEqual([]);
  });

  it('refuses low contrast and inverted colours with a reason a user understands', async () => {
    const faint = await checkQrDesign(TEXT, design({ foreground: '#bbbbbb' }));
    expect(faint).toEqual({ ok: false, reason: expect.stringContaining('contrast between the code and its background is too low') });
    const inverted = await checkQrDesign(TEXT, design({ foreground: '#ffffff', background: '#000000' }));
    expect(inverted).toEqual({ ok: false, reason: expect.stringContaining('lighter than the background') });
  });

  it('refuses a design that renders but does not read, saying why: a quiet zone too narrow on a busy frame', async () => {
    // Without a quiet zone the box frame's border touches the finder patterns.
    const check = await checkQrDesign(TEXT, design({ margin: 0, frame: { style: 'box', text: 'Scan' } }));
    expect(check).toEqual({ ok: false, reason: expect.stringContaining('quiet zone') });
  });

  it('writes SVG with no script and no outside reference, the frame text escaped and the logo embedded', () => {
    const svg = renderQrSvg(TEXT, design({ frame: { style: 'banner', text: '<script>&"' }, logo: { blob_id: 'x', size: 0.2 } }), logo);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/<script|href="http|javascript:/i);
    expect(svg).toContain('&lt;script&gt;&amp;&quot;');
    expect(svg).toContain('href="data:image/png;base64,');
    expect(svg.match(/</g)!.length).toBe(svg.match(/>/g)!.length);
  });

  it('writes a PNG of exactly the asked size, and a one-page PDF', async () => {
    const png = PNG.sync.read(renderQrPng(TEXT, design({ width: 300, height: 420, frame: { style: 'box', text: 'Hi' } })));
    expect([png.width, png.height]).toEqual([300, 420]);
    const pdf = Buffer.from(await renderQrPdf(TEXT, design({ gradient: { type: 'linear', from: '#000000', to: '#222266' }, frame: { style: 'banner', text: 'Café ☕' } }), logo));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });
});
