import { generate, mode } from 'lean-qr';
import { pixelsOf, readQrWith, type RgbaPixels } from './qr-readers';
import { renderQrSvg } from './qr-svg';
import { design } from './testing/qr-fixtures';

/** A code of `text`'s UTF-8 bytes, with or without the UTF-8 ECI designator, 8 px a module, 4 modules of margin. */
function codeOf(text: string, { eci }: { eci: boolean }): RgbaPixels {
  const bytes = mode.bytes(new TextEncoder().encode(text));
  const code = generate(eci ? mode.multi(mode.eci(26), bytes) : bytes);
  const [scale, margin] = [8, 4];
  const side = (code.size + 2 * margin) * scale;
  const data = new Uint8Array(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (code.get(Math.floor(x / scale) - margin, Math.floor(y / scale) - margin)) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { width: side, height: side, data };
}

describe('the QR decoders', () => {
  it('zbar, like the readers that embed it, misreads UTF-8 without the ECI designator and reads it with one; zxing reads both', async () => {
    const text = 'WIFI:T:WPA;S:Café;P:pass-1234;;';
    expect(await readQrWith('zbar', codeOf(text, { eci: false }))).toEqual(['WIFI:T:WPA;S:Caf矇;P:pass-1234;;']);
    expect(await readQrWith('zbar', codeOf(text, { eci: true }))).toEqual([text]);
    expect(await readQrWith('zxing', codeOf(text, { eci: false }))).toEqual([text]);
    expect(await readQrWith('zxing', codeOf(text, { eci: true }))).toEqual([text]);
  });

  it('zbar reads one picture the same way every time, even one it finds hard', async () => {
    // Dots and circle eyes: a shared scanner read this picture in 7 of 12 scans, one after another.
    const hard = design({
      foreground: '#556200',
      background: '#fbf6e9',
      module_shape: 'dots',
      eye_style: 'circle',
      error_correction: 'Q',
      width: 1024,
      height: 1024,
    });
    const picture = await pixelsOf(Buffer.from(renderQrSvg('https://qr.example.com/w422jsqzKn', hard)));
    const reads = [];
    for (let i = 0; i < 12; i++) reads.push(await readQrWith('zbar', picture));
    expect(new Set(reads.map((texts) => JSON.stringify(texts))).size).toBe(1);
  });
});
