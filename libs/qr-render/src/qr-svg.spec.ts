/**
 * @jest-environment jsdom
 */
/// <reference lib="dom" />
import sharp from 'sharp';
import { renderQrSvg } from './qr-svg';
import { design, redDiscLogo, TEXT } from './testing/qr-fixtures';

/** The browser's own XML parser: it reports a <parsererror> for anything not well-formed. */
function parseSvg(svg: string): Document {
  const document = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
}

describe('QR SVG output', () => {
  const hostile = `<script>x</script> & "q" 'a'`;
  const svg = renderQrSvg(
    TEXT,
    design({
      gradient: { type: 'radial', from: '#0b3d91', to: '#5a2d82' },
      module_shape: 'rounded',
      eye_style: 'circle',
      frame: { style: 'banner', text: hostile },
      logo: { blob_id: 'logo', size: 0.2 },
    }),
    redDiscLogo(),
  );

  it('is well-formed XML whose frame text reads exactly as typed, tags and all escaped', () => {
    const document = parseSvg(svg);
    expect(document.documentElement.tagName).toBe('svg');
    expect(document.getElementsByTagName('text')[0]!.textContent).toBe(hostile);
    // Compared as a boolean: a failure should not print the whole SVG.
    expect(svg.includes('&lt;script&gt;x&lt;/script&gt; &amp; &quot;q&quot; &apos;a&apos;')).toBe(true);
  });

  it('runs nothing and fetches nothing: no script, no event handler, the logo embedded as a data: PNG', () => {
    const document = parseSvg(svg);
    expect(document.getElementsByTagName('script')).toHaveLength(0);
    expect(/<script|href="http|javascript:|\son\w+=/i.test(svg)).toBe(false);
    const hrefs = [...document.querySelectorAll('[href]')].map((element) => element.getAttribute('href')!);
    expect(hrefs).toHaveLength(1);
    expect(hrefs[0]).toMatch(/^data:image\/png;base64,/);
  });

  it('paints every shape with an explicit fill and no stroke, so renderers with other defaults draw the same', () => {
    const boxed = renderQrSvg(TEXT, design({ frame: { style: 'box', text: 'Menu' }, logo: { blob_id: 'logo', size: 0.2 } }), redDiscLogo());
    for (const markup of [svg, boxed]) {
      const shapes = [...parseSvg(markup).querySelectorAll('rect, path, text, circle, ellipse, line, polyline, polygon')];
      expect(shapes.map((shape) => [shape.tagName, shape.hasAttribute('fill'), shape.getAttribute('stroke')])).toEqual(
        shapes.map((shape) => [shape.tagName, true, 'none']),
      );
      expect(new Set(markup.match(/stroke[\w-]*="[^"]*"/g))).toEqual(new Set(['stroke="none"']));
    }
  });

  it('names the logo by xlink:href beside href, as SVG 1.1 tools look for it', () => {
    const image = parseSvg(svg).getElementsByTagName('image')[0]!;
    expect(image.getAttributeNS('http://www.w3.org/1999/xlink', 'href')).toBe(image.getAttribute('href'));
  });

  it.each(['square', 'rounded', 'circle'] as const)(
    'draws %s eyes and a box frame the same under either fill rule: each hole is wound against its outline',
    async (eye_style) => {
      const markup = renderQrSvg(TEXT, design({ eye_style, frame: { style: 'box', text: 'Menu' } }));
      expect(markup.includes('fill-rule')).toBe(false);
      const rendered = (rule: string) =>
        sharp(Buffer.from(markup.replace('<svg ', `<svg fill-rule="${rule}" `)))
          .raw()
          .toBuffer();
      const [nonZero, evenOdd] = await Promise.all([rendered('nonzero'), rendered('evenodd')]);
      expect(nonZero.equals(evenOdd)).toBe(true);
    },
  );

  it('is exactly the width × height of the design', () => {
    const root = parseSvg(renderQrSvg(TEXT, design({ width: 300, height: 420 }))).documentElement;
    expect([root.getAttribute('width'), root.getAttribute('height'), root.getAttribute('viewBox')]).toEqual(['300', '420', '0 0 300 420']);
  });
});
