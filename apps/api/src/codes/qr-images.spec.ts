import { QrDesign } from '@qr/contracts';
import { loadConfig } from '@qr/platform';
import { useFallbackFonts } from '@qr/qr-render';
import { QrImages } from './qr-images';
import type { UploadedImages } from '../uploads';

// DejaVu Sans Book stands in for an operator's CJK font: it has the mathematical sans-serif letters the shipped Bold lacks.
const FALLBACK = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const framed = QrDesign.parse({ height: 640, frame: { style: 'banner', text: 'Scan 𝖠𝖡 東' } });
// Previews without a logo never read an upload.
const imagesWith = (env: Record<string, string>) => new QrImages(loadConfig(env), {} as UploadedImages);

describe('the fonts an operator adds for frame text (FRAME_FONTS)', () => {
  afterEach(() => useFallbackFonts([]));

  it('are read at boot, and the preview then names only what no font has', async () => {
    expect((await imagesWith({}).preview(undefined, framed)).frame_text_not_printed).toEqual(['𝖠', '𝖡', '東']);

    const images = imagesWith({ FRAME_FONTS: `${FALLBACK}:` });
    images.onModuleInit();
    expect((await images.preview(undefined, framed)).frame_text_not_printed).toEqual(['東']);
  });

  it('name the font to take after "#", as a collection (.ttc) needs', () => {
    expect(loadConfig({ FRAME_FONTS: `${FALLBACK}#DejaVuSans:${FALLBACK}` }).FRAME_FONTS).toEqual([{ file: FALLBACK, name: 'DejaVuSans' }, { file: FALLBACK }]);
    expect(() => imagesWith({ FRAME_FONTS: `${FALLBACK}#NotoSansCJKsc-Bold` }).onModuleInit()).toThrow(
      `FRAME_FONTS: ${FALLBACK} is the font DejaVuSans, not NotoSansCJKsc-Bold`,
    );
  });

  it('stop the start, naming the variable and the file, when one is missing or not a font', () => {
    expect(() => loadConfig({ FRAME_FONTS: '/nowhere/font.ttf' })).toThrow('FRAME_FONTS: must be readable font files');
    const notAFont = require.resolve('./qr-images.ts');
    expect(() => imagesWith({ FRAME_FONTS: notAFont }).onModuleInit()).toThrow(`FRAME_FONTS: ${notAFont} is not a font file`);
  });
});
