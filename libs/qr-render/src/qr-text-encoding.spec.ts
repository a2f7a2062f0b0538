import QRCode from 'qrcode';
import { checkQrDesign, renderQrPng } from './index';
import { fitsInQrCode, layoutOf, ModuleKind, type ErrorCorrection } from './qr-layout';
import { pixelsOf, QR_DECODERS, readQrWith } from './qr-readers';
import { design, seeded } from './testing/qr-fixtures';
import { SCRIPT_SAMPLES, transmissionOf, utf8EciTransmission } from './testing/encoded-text';

const LEVELS: readonly ErrorCorrection[] = ['L', 'M', 'Q', 'H'];

/** What each decoder reads in a clean render of `text` at `level`, and how a scanner receives its bytes. */
async function readBack(text: string, level: ErrorCorrection): Promise<{ read: Record<string, string[]>; transmitted: string }> {
  const png = renderQrPng(text, design({ error_correction: level }));
  const pixels = await pixelsOf(png);
  const read = Object.fromEntries(await Promise.all(QR_DECODERS.map(async (decoder) => [decoder, await readQrWith(decoder, pixels)])));
  return { read, transmitted: await transmissionOf(png) };
}

/** What readBack gives for a text carried as UTF-8 behind the ECI designator. */
const readExactly = (text: string) => ({ read: { zxing: [text], zbar: [text] }, transmitted: utf8EciTransmission(text) });

describe('how a QR code carries its text', () => {
  it('prints text in every script behind the UTF-8 ECI, so zxing and zbar both read back exactly what was typed', async () => {
    // After ASCII too, as in WIFI: and BEGIN:VCARD: the designator still comes first, before the whole text.
    const texts = [...Object.values(SCRIPT_SAMPLES), Object.values(SCRIPT_SAMPLES).join(' / '), `WIFI:T:WPA;S:${SCRIPT_SAMPLES.accented};;`];
    for (const text of texts) {
      for (const level of ['L', 'H'] as const) expect({ text, level, ...(await readBack(text, level)) }).toEqual({ text, level, ...readExactly(text) });
    }
    expect(utf8EciTransmission('Café')).toBe(']Q2\\000026Caf\u00c3\u00a9');
  });

  it('reads back a long non-ASCII text exactly, as in a note printed with its content', async () => {
    const text = Object.values(SCRIPT_SAMPLES).join('\n').repeat(8);
    expect(await readBack(text, 'M')).toEqual(readExactly(text));
  });

  it('carries ASCII text with no ECI, as before', async () => {
    const text = 'WIFI:T:WPA;S:Cafe;;';
    expect(await readBack(text, 'M')).toEqual({ read: { zxing: [text], zbar: [text] }, transmitted: `]Q1${text}` });
  });

  it('draws an ASCII text with exactly the modules node-qrcode gives it, so codes printed before keep their size and look', () => {
    const random = seeded(52);
    const printable = (length: number) => Array.from({ length }, () => String.fromCharCode(32 + Math.floor(random() * 95))).join('');
    const texts = [
      'https://qr.example.com/AbCdEf1234',
      'WIFI:T:WPA;S:Terrace\\; east;P:espresso42;;',
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n',
      'tel:+15550101234',
      '0123456789012345',
      ...Array.from({ length: 60 }, () => printable(1 + Math.floor(random() * 300))),
    ];
    for (const text of texts) {
      for (const level of LEVELS) {
        const expected = QRCode.create(text, { errorCorrectionLevel: level }).modules;
        const { size, kinds } = layoutOf(text, design({ error_correction: level }));
        // Eyes are drawn as a whole rather than module by module; every other module is the matrix's own.
        const differing = [...kinds.keys()].filter((i) => kinds[i] !== ModuleKind.Eye && kinds[i] !== expected.data[i]);
        expect({ text, level, size, differing }).toEqual({ text, level, size: expected.size, differing: [] });
      }
    }
  });

  it('says a non-ASCII text too long for the largest code is too long, by its UTF-8 bytes and the ECI', async () => {
    // Version 40 at L holds 2956 data bytes; mode, length and the ECI designator take 4.
    const fullest = 'é'.repeat(1476);
    expect([fitsInQrCode(fullest, 'L'), fitsInQrCode(`${fullest}a`, 'L')]).toEqual([true, false]);
    expect(await checkQrDesign(`${fullest}a`, design({ error_correction: 'L' }))).toEqual({
      ok: false,
      reason: "The content is too long for even the largest QR code: shorten it, or print the code's link instead.",
    });
  });
});
