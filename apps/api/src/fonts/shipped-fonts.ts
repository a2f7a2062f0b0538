import { BRAND_FONTS, FONT_WEIGHTS, FontId } from '@qr/contracts';
import { z } from 'zod';

/** `/fonts/{font_id}/{weight}.woff2`: a shipped family and one of its weights, as they stand in the path. */
export const FontFilePath = z
  .strictObject({ font_id: FontId, weight: z.enum(FONT_WEIGHTS.map((weight) => `${weight}`) as ['400', '700']) })
  .meta({ id: 'FontFilePath' });
export type FontFilePath = z.infer<typeof FontFilePath>;

/**
 * Every shipped font file by `font_id/weight`: the Latin subset of its @fontsource package, resolved
 * once at load with require.resolve, so it is found from the sources and from the built dist alike
 * and a missing package stops the server at boot rather than a visitor's page later. A request can
 * only name a key of this map: no text of it ever reaches a file path.
 */
export const FONT_FILES: ReadonlyMap<string, string> = new Map(
  BRAND_FONTS.flatMap(({ id }) =>
    FONT_WEIGHTS.map((weight) => [`${id}/${weight}`, require.resolve(`@fontsource/${id}/files/${id}-latin-${weight}-normal.woff2`)] as const),
  ),
);
