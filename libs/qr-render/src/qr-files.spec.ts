import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { drawQrOnSheet, readPng, readQrCodes, renderQrPdf, renderQrPng, renderQrSvg } from './index';
import { layoutOf, ModuleKind } from './qr-layout';
import { pixelsOf } from './qr-readers';
import { design, redDiscLogo, TEXT } from './testing/qr-fixtures';

describe('QR PNG and PDF files', () => {
  it('writes a PNG of exactly the design’s width × height, with a frame and a logo too', () => {
    const framed = design({ width: 300, height: 420, frame: { style: 'box', text: 'Hi' }, logo: { blob_id: 'logo', size: 0.2 } });
    const png = PNG.sync.read(renderQrPng(TEXT, framed, redDiscLogo()));
    expect([png.width, png.height]).toEqual([300, 420]);
  });

  it('draws a logo only from its own pixels, at any size: no black edge where the image would be sampled outside itself', () => {
    const whiteSquare = new PNG({ width: 50, height: 50 });
    whiteSquare.data.fill(255);
    const logo = readPng(PNG.sync.write(whiteSquare));
    for (const side of [300, 333, 417, 512, 777]) {
      const png = PNG.sync.read(renderQrPng(TEXT, design({ foreground: '#1e4d2b', width: side, height: side, logo: { blob_id: 'logo', size: 0.23 } }), logo));
      const black = png.data.findIndex((_, i) => i % 4 === 0 && png.data[i] === 0 && png.data[i + 1] === 0 && png.data[i + 2] === 0);
      expect({ side, black }).toEqual({ side, black: -1 });
    }
  });

  it('draws a box frame with the SVG’s rounded corners, in PNG as in SVG', async () => {
    const boxed = design({ width: 512, height: 512, background: '#ffffff', frame: { style: 'box', text: 'Menu', colour: '#ff0000' } });
    const { code, module } = layoutOf(TEXT, boxed);
    const png = PNG.sync.read(renderQrPng(TEXT, boxed));
    // The SVG as librsvg draws it, through sharp.
    const svg = await pixelsOf(Buffer.from(renderQrSvg(TEXT, boxed)));
    const rasters = { PNG: png, SVG: svg };
    for (const [file, { data, width }] of Object.entries(rasters)) {
      const rgbAt = (x: number, y: number) => [...data.subarray((Math.floor(y) * width + Math.floor(x)) * 4, (Math.floor(y) * width + Math.floor(x)) * 4 + 3)];
      const half = module / 2;
      // The very corner lies outside the rounding; the ring's inside is the background again.
      const corner = module * 0.2;
      // The call to action's band is as wide as the box, not the image.
      const bandMiddle = 512 - 10;
      const samples = [
        rgbAt(code.x + code.size / 2, code.y + half),
        rgbAt(code.x + half, code.y + code.size / 2),
        rgbAt(code.x + corner, code.y + corner),
        rgbAt(code.x + code.size - corner, code.y + code.size - corner),
        rgbAt(code.x + code.size / 2, code.y + module * 1.5),
        rgbAt(code.x + 2, bandMiddle),
        rgbAt(code.x - 2, bandMiddle),
        rgbAt(code.x + code.size + 2, bandMiddle),
      ];
      const red = [255, 0, 0];
      const white = [255, 255, 255];
      expect({ file, samples }).toEqual({ file, samples: [red, red, white, white, white, red, white, white] });
    }
  });

  it('scales a PNG to a chosen size by its longer side, keeping proportions, and it still reads', async () => {
    const file = renderQrPng(TEXT, design({ width: 400, height: 500, frame: { style: 'banner', text: 'Scan me' } }), undefined, 1000);
    const png = PNG.sync.read(file);
    expect([png.width, png.height]).toEqual([800, 1000]);
    expect(await readQrCodes(file)).toEqual([TEXT]);
    expect(() => renderQrPng(TEXT, design({}), undefined, 100_000)).toThrow(RangeError);
  });

  it('writes a one-page PDF the size of the design, gradient, frame text outside WinAnsi and logo included', async () => {
    const styled = design({
      width: 400,
      height: 480,
      gradient: { type: 'linear', from: '#000000', to: '#222266' },
      eye_style: 'rounded',
      frame: { style: 'banner', text: 'Café ☕' },
      logo: { blob_id: 'logo', size: 0.2 },
    });
    const pdf = Buffer.from(await renderQrPdf(TEXT, styled, redDiscLogo()));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    expect(document.getPage(0).getSize()).toEqual({ width: 400, height: 480 });
  });

  it('paints a gradient in a PDF as a shading of its two colours, placed with the code on a sheet', async () => {
    const objectsOf = async (pdf: Uint8Array, type: string) =>
      (await PDFDocument.load(pdf)).context
        .enumerateIndirectObjects()
        .flatMap(([, object]) => (object instanceof PDFDict && object.has(PDFName.of(type)) ? [object] : []));
    const numbers = (dict: PDFDict, key: string) =>
      dict
        .lookup(PDFName.of(key), PDFArray)
        .asArray()
        .map((n) => Number(n.toString()));

    const linear = design({ gradient: { type: 'linear', from: '#ff0000', to: '#0000ff', rotation: 0 } });
    const [pattern] = await objectsOf(await renderQrPdf(TEXT, linear), 'PatternType');
    const shading = pattern!.lookup(PDFName.of('Shading'), PDFDict);
    expect(shading.get(PDFName.of('ShadingType'))!.toString()).toBe('2');
    const fn = shading.lookup(PDFName.of('Function'), PDFDict);
    expect([numbers(fn, 'C0'), numbers(fn, 'C1')]).toEqual([
      [1, 0, 0],
      [0, 0, 1],
    ]);
    // Left to right across the code square, at mid-height.
    const [x0, y0, x1, y1] = numbers(shading, 'Coords');
    expect([x0, y0, x1, y1]).toEqual([0, 256, 512, 256]);

    const radial = design({ gradient: { type: 'radial', from: '#ff0000', to: '#0000ff' } });
    const doc = await PDFDocument.create();
    const page = doc.addPage([600, 600]);
    await drawQrOnSheet(doc, page, TEXT, radial, { x: 40, y: 30, scale: 0.5 });
    const [placed] = await objectsOf(await doc.save(), 'PatternType');
    expect(placed!.lookup(PDFName.of('Shading'), PDFDict).get(PDFName.of('ShadingType'))!.toString()).toBe('3');
    expect(numbers(placed!, 'Matrix')).toEqual([0.5, 0, 0, 0.5, 40, 30]);
  });

  it('writes a PDF of the densest code, tens of thousands of modules, plain and with a gradient', async () => {
    const dense = 'x'.repeat(2900);
    for (const styled of [design({ error_correction: 'L' }), design({ error_correction: 'L', gradient: { type: 'linear', from: '#000000', to: '#222266' } })]) {
      const document = await PDFDocument.load(await renderQrPdf(dense, styled));
      expect(document.getPageCount()).toBe(1);
    }
  });

  it('paints a gradient in SVG as in PNG, on the data modules and the eyes alike', async () => {
    for (const gradient of [
      { type: 'linear', from: '#000000', to: '#0a7d7d', rotation: 45 },
      { type: 'radial', from: '#5a2d82', to: '#000000' },
    ] as const) {
      const styled = design({ gradient, width: 400, height: 400 });
      const png = PNG.sync.read(renderQrPng(TEXT, styled));
      const svg = await sharp(Buffer.from(renderQrSvg(TEXT, styled)))
        .ensureAlpha()
        .raw()
        .toBuffer();
      // Each dark module's centre pixel, where neither renderer's edge smoothing reaches.
      const layout = layoutOf(TEXT, styled);
      let worst = 0;
      layout.kinds.forEach((kind, i) => {
        if (kind !== ModuleKind.DataDark && kind !== ModuleKind.Eye) return;
        const x = Math.floor(layout.x0 + ((i % layout.size) + 0.5) * layout.module);
        const y = Math.floor(layout.y0 + (Math.floor(i / layout.size) + 0.5) * layout.module);
        const at = (y * layout.width + x) * 4;
        for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(png.data[at + c]! - svg[at + c]!));
      });
      expect({ type: gradient.type, worst: worst <= 4 ? 'close' : worst }).toEqual({ type: gradient.type, worst: 'close' });
    }
  });
});
