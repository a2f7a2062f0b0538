import { Buffer } from 'node:buffer';
import { DATA_UNITS, dataModulesPath, eyePath, roundedRect } from './qr-shapes';
import { frameTextAdvance, frameTextCapHeight, frameTextSize } from './frame-text';
import { layoutOf, type PngImage, type QrLayout } from './qr-layout';
import type { QrDesign } from '@qr/contracts';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

const px = (value: number) => (Math.round(value * 100) / 100).toString();

/**
 * The gradient as `id`, in `units` per module: a userSpaceOnUse gradient is laid out in the space of
 * the element it paints, and the data modules' path is drawn in DATA_UNITS per module, the eyes in
 * modules. Matches moduleColourAt pixel for pixel.
 */
function gradientDef(layout: QrLayout, id: string, units: number): string {
  const gradient = layout.design.gradient;
  if (!gradient) return '';
  const { size, design } = layout;
  const centre = (size / 2) * units;
  const radius = (size / 2 + design.margin) * units;
  const stops = `<stop offset="0" stop-color="${gradient.from}"/><stop offset="1" stop-color="${gradient.to}"/>`;
  if (gradient.type === 'radial') {
    return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${px(centre)}" cy="${px(centre)}" r="${px(radius)}">${stops}</radialGradient>`;
  }
  const angle = (gradient.rotation * Math.PI) / 180;
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const half = (Math.abs(dx) + Math.abs(dy)) * radius;
  return (
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${px(centre - dx * half)}" y1="${px(centre - dy * half)}" ` +
    `x2="${px(centre + dx * half)}" y2="${px(centre + dy * half)}">${stops}</linearGradient>`
  );
}

function frame(layout: QrLayout): string {
  const { design, band, code, module } = layout;
  if (!design.frame || !band) return '';
  const { colour, text_colour, text, style } = design.frame;
  // A filled ring, not a stroked rectangle: renderers agree on fills, not on stroke defaults.
  const inner = { x: code.x + module, y: code.y + module, size: code.size - 2 * module };
  const border =
    style === 'box'
      ? `<path fill="${colour}" stroke="none" d="${roundedRect(code.x, code.y, code.size, code.size, 1.5 * module)}${roundedRect(inner.x, inner.y, inner.size, inner.size, module / 2, true)}"/>`
      : '';
  // Sized by the frame font's metrics, so a long call to action fits the width as in PNG and PDF.
  const fontSize = frameTextSize(frameTextAdvance(text), band);
  // The baseline placed by the font's cap height, not by dominant-baseline, which librsvg and ImageMagick ignore.
  const baseline = band.y + band.height / 2 + (frameTextCapHeight() * fontSize) / 2;
  return (
    `${border}<rect x="${px(band.x)}" y="${px(band.y)}" width="${px(band.width)}" height="${px(band.height)}" fill="${colour}" stroke="none"/>` +
    `<text x="${px(band.x + band.width / 2)}" y="${px(baseline)}" fill="${text_colour}" stroke="none" font-family="Helvetica, Arial, 'DejaVu Sans', sans-serif" ` +
    `font-weight="700" font-size="${px(fontSize)}" text-anchor="middle">${escapeXml(text)}</text>`
  );
}

function logoImage(layout: QrLayout, logo: PngImage | undefined): string {
  if (!layout.logo || !logo) return '';
  const { x, y, size } = layout.logo;
  const href = `data:image/png;base64,${Buffer.from(logo.png).toString('base64')}`;
  // xlink:href too: SVG 1.1 renderers (ImageMagick's, older librsvg, print tools) know only that one.
  return `<image x="${px(x)}" y="${px(y)}" width="${px(size)}" height="${px(size)}" preserveAspectRatio="xMidYMid meet" href="${href}" xlink:href="${href}"/>`;
}

/**
 * The code as a self-contained SVG: no script, no external reference (a logo is embedded as a
 * data: PNG), and the frame text escaped, so it is safe to serve and to open anywhere.
 */
export function renderQrSvg(text: string, design: QrDesign, logo?: PngImage): string {
  return svgOf(layoutOf(text, design), logo);
}

export function svgOf(layout: QrLayout, logo?: PngImage): string {
  const { design, width, height, x0, y0, module } = layout;
  const [fill, eyeFill] = design.gradient
    ? ['url(#qr-data-fill)', design.eye_colour ?? 'url(#qr-eye-fill)']
    : [design.foreground, design.eye_colour ?? design.foreground];
  const eyes = layout.eyes.map(([row, col]) => eyePath(design.eye_style, row, col)).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" shape-rendering="geometricPrecision">` +
    `<rect width="${width}" height="${height}" fill="${design.background}" stroke="none"/>` +
    frame(layout) +
    `<g transform="translate(${px(x0)} ${px(y0)}) scale(${Math.round(module * 10_000) / 10_000})">` +
    `<defs>${gradientDef(layout, 'qr-data-fill', DATA_UNITS)}${gradientDef(layout, 'qr-eye-fill', 1)}</defs>` +
    `<path fill="${fill}" stroke="none" transform="scale(${1 / DATA_UNITS})" d="${dataModulesPath(layout)}"/>` +
    `<path fill="${eyeFill}" stroke="none" d="${eyes}"/>` +
    `</g>` +
    logoImage(layout, logo) +
    `</svg>`
  );
}
