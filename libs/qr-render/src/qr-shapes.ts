import type { QrDesign } from '@qr/contracts';
import { ModuleKind, type QrLayout } from './qr-layout';

/**
 * SVG path data, in module units, for the shapes the designer offers. The SVG and PDF renderers
 * draw these paths; the PNG renderer fills the same shapes pixel by pixel (see qr-png.ts).
 */

const n = (value: number) => (Math.round(value * 1000) / 1000).toString();

/**
 * A rectangle with corner radius r (0: square corners), clockwise, or counter-clockwise for a hole:
 * a ring drawn as an outline and a reversed inner outline is a ring under either fill rule, so a
 * renderer that ignores `fill-rule` (ImageMagick's own) draws the same eye as a browser.
 */
export function roundedRect(x: number, y: number, w: number, h: number, r: number, hole = false): string {
  if (r <= 0) return hole ? `M${n(x)} ${n(y)}v${n(h)}h${n(w)}v${n(-h)}z` : `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`;
  const [sx, sy] = [n(w - 2 * r), n(h - 2 * r)];
  if (hole) {
    const a = `a${n(r)} ${n(r)} 0 0 0`;
    return `M${n(x)} ${n(y + r)}v${sy}${a} ${n(r)} ${n(r)}h${sx}${a} ${n(r)} ${n(-r)}v${n(-(h - 2 * r))}${a} ${n(-r)} ${n(-r)}h${n(-(w - 2 * r))}${a} ${n(-r)} ${n(r)}z`;
  }
  const a = `a${n(r)} ${n(r)} 0 0 1`;
  return `M${n(x + r)} ${n(y)}h${sx}${a} ${n(r)} ${n(r)}v${sy}${a} ${n(-r)} ${n(r)}h${n(-(w - 2 * r))}${a} ${n(-r)} ${n(-r)}v${n(-(h - 2 * r))}${a} ${n(r)} ${n(-r)}z`;
}

/** A circle, clockwise from its left point, or counter-clockwise for a hole (see roundedRect). */
export function circle(cx: number, cy: number, r: number, hole = false): string {
  const sweep = hole ? 0 : 1;
  return `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 ${sweep} ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 ${sweep} ${n(-2 * r)} 0z`;
}

/**
 * Data modules in twentieths of a module, so every number is a whole one: each module is an
 * absolute move plus the same relative outline, which keeps building a path as cheap as `qrcode`'s.
 */
export const DATA_UNITS = 20;
const OUTLINE: Record<QrDesign['module_shape'], { dx: number; dy: number; rest: string }> = {
  square: { dx: 0, dy: 0, rest: 'h20v20h-20z' },
  // A circle of radius 0.45 module, from its left point.
  dots: { dx: 1, dy: 10, rest: 'a9 9 0 1 0 18 0a9 9 0 1 0-18 0z' },
  // A 0.9-module square with 0.3-module corners, from the end of its top-left corner.
  rounded: { dx: 7, dy: 1, rest: 'h6a6 6 0 0 1 6 6v6a6 6 0 0 1-6 6h-6a6 6 0 0 1-6-6v-6a6 6 0 0 1 6-6z' },
};

/** One data module's outline at module (0, 0), in DATA_UNITS: dataModulesPath repeats it at every dark module. */
export function moduleOutline(shape: QrDesign['module_shape']): string {
  const { dx, dy, rest } = OUTLINE[shape];
  return `M${dx} ${dy}${rest}`;
}

/**
 * Corner radii, in modules, of a rounded eye's ring, hole and pupil, shared with the PNG renderer.
 * Rounder corners (2, 1.4, 0.9) left zxing reading photographed codes only borderline.
 */
export const ROUNDED_EYE_RADII = { ring: 1.5, hole: 1, pupil: 0.6 } as const;

/** One eye whose top-left module is (row, col): the 7×7 ring (an outline and a reversed hole) and the 3×3 pupil. */
export function eyePath(style: QrDesign['eye_style'], row: number, col: number): string {
  switch (style) {
    case 'square':
      return roundedRect(col, row, 7, 7, 0) + roundedRect(col + 1, row + 1, 5, 5, 0, true) + roundedRect(col + 2, row + 2, 3, 3, 0);
    case 'rounded':
      return (
        roundedRect(col, row, 7, 7, ROUNDED_EYE_RADII.ring) +
        roundedRect(col + 1, row + 1, 5, 5, ROUNDED_EYE_RADII.hole, true) +
        roundedRect(col + 2, row + 2, 3, 3, ROUNDED_EYE_RADII.pupil)
      );
    case 'circle':
      return circle(col + 3.5, row + 3.5, 3.5) + circle(col + 3.5, row + 3.5, 2.5, true) + circle(col + 3.5, row + 3.5, 1.5);
  }
}

/** Every data module (not the eyes, not under the logo) as one path, in DATA_UNITS per module. */
export function dataModulesPath(layout: QrLayout): string {
  const { size, kinds } = layout;
  const { dx, dy, rest } = OUTLINE[layout.design.module_shape];
  // Imported constants are read through getters in the compiled modules: copy it out of the loop.
  const dataDark = ModuleKind.DataDark;
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (kinds[row * size + col] === dataDark) path += `M${col * DATA_UNITS + dx} ${row * DATA_UNITS + dy}${rest}`;
    }
  }
  return path;
}
