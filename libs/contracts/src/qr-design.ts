import { z } from 'zod';
import { matchingUnicode } from './openapi-shapes';

/**
 * How a code's QR image looks (issue 4 "Design the QR"). Every field has a default, so `{}` is the
 * plain black-on-white square code; the server renders and decodes each design before saving it.
 */

export const HexColour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Use a colour like #1a2b3c.' })
  .transform((colour) => colour.toLowerCase());

export const QrGradient = z
  .strictObject({
    type: z.enum(['linear', 'radial']),
    from: HexColour,
    to: HexColour,
    rotation: z.number().min(0).max(360).default(0).meta({ description: 'Degrees, for linear gradients.' }),
  })
  .meta({ id: 'QrGradient', description: 'Paints the modules (not the background) from one colour to another.' });

/**
 * A logo's share of the code's width tops out at 0.3: with error correction H, renders of a 40-character
 * URL stopped reading between 0.35 and 0.4 (libs/qr-render tests), so 0.3 leaves a margin for print.
 */
export const QrLogo = z
  .strictObject({
    blob_id: z.string().min(1).max(200).meta({ description: 'An image uploaded with the upload endpoint.' }),
    size: z.number().min(0.1).max(0.3).default(0.2).meta({ description: 'The logo’s width as a share of the code’s width.' }),
  })
  .meta({ id: 'QrLogo', description: 'A logo in the middle: the code is rendered with error correction H and the modules under it cut out.' });

export const QrFrame = z
  .strictObject({
    style: z.enum(['box', 'banner']),
    // Drawn as text in SVG and PDF: XML cannot hold control characters or noncharacters at all.
    text: matchingUnicode(
      z.string().trim().min(1, { error: 'Write the call to action.' }).max(30),
      /^[^\p{Cc}\p{Noncharacter_Code_Point}]*$/u,
      'Use printable characters only: no control characters.',
    ).meta({ description: 'The call to action, e.g. “Scan me”.' }),
    colour: HexColour.default('#000000'),
    text_colour: HexColour.default('#ffffff'),
  })
  .meta({ id: 'QrFrame' });

/** A rendered side of the code, in pixels (points in a PDF). */
export const QrPixels = z.int().min(128).max(4096);

const MODULE_SHAPES = ['square', 'dots', 'rounded'] as const;
const EYE_STYLES = ['square', 'rounded', 'circle'] as const;
type QrModuleShape = (typeof MODULE_SHAPES)[number];
type QrEyeStyle = (typeof EYE_STYLES)[number];

/**
 * What the designer offers, and so what the interop bench's random designs draw from: a style that
 * no design can be saved in is not offered (the schema still reads it in codes saved before).
 */
export const QR_DESIGNER_OFFERS = {
  module_shape: MODULE_SHAPES,
  // Circle eyes have no straight edge for zbar's finder to fit: photographed, most designs in them did not read.
  eye_style: ['square', 'rounded'],
  // The least quiet zone offered, by frame: with less, no design of any style read once photographed.
  least_margin: { none: 0, banner: 1, box: 2 },
} as const satisfies {
  module_shape: readonly QrModuleShape[];
  eye_style: readonly QrEyeStyle[];
  least_margin: Record<'none' | z.infer<typeof QrFrame>['style'], number>;
};

export const QrDesign = z
  .strictObject({
    foreground: HexColour.default('#000000'),
    background: HexColour.default('#ffffff'),
    gradient: QrGradient.nullable().default(null),
    module_shape: z.enum(MODULE_SHAPES).default('square'),
    eye_style: z.enum(EYE_STYLES).default('square').meta({ description: 'The three finder patterns in the corners.' }),
    eye_colour: HexColour.nullable().default(null).meta({ description: 'Null paints the eyes like the other modules.' }),
    logo: QrLogo.nullable().default(null),
    frame: QrFrame.nullable().default(null),
    error_correction: z.enum(['L', 'M', 'Q', 'H']).default('M').meta({ description: 'Raised to H whenever there is a logo.' }),
    margin: z.int().min(0).max(10).default(4).meta({ description: 'The quiet zone, in modules; scanners need about 4.' }),
    width: QrPixels.default(512),
    height: QrPixels.default(512),
  })
  .meta({ id: 'QrDesign' });
export type QrDesign = z.infer<typeof QrDesign>;
export type QrDesignInput = z.input<typeof QrDesign>;
