/**
 * SVG path data as PDF path construction operators (m, l, c, h), in the path's own coordinates:
 * the PDF renderer fills the very paths qr-shapes.ts draws in SVG, so the two cannot drift apart.
 * Reads what qr-shapes.ts and frame-text.ts write: M L H V C Q A Z, absolute or relative, with
 * numbers separated by spaces, commas or a sign (arc flags too must be separated).
 */
export function pdfPathOf(svg: string): string {
  return segmentsOf(svg)
    .map(({ operator, points }) => (points.length === 0 ? operator : `${points.map(n).join(' ')} ${operator}`))
    .join('\n');
}

/**
 * [x, y, width, height] when SVG path data is one rectangle drawn along x first, as PDF's `re`
 * operator draws it; null for any other path.
 */
export function rectangleOf(svg: string): [number, number, number, number] | null {
  const segments = segmentsOf(svg);
  if (segments.map((segment) => segment.operator).join('') !== 'mlllh') return null;
  const [x0, y0, x1, y1, x2, y2, x3, y3] = segments.flatMap((segment) => segment.points) as [number, number, number, number, number, number, number, number];
  return y1 === y0 && x2 === x1 && y3 === y2 && x3 === x0 ? [x0, y0, x1 - x0, y2 - y0] : null;
}

/** A PDF path construction operator and its points, [x0, y0, x1, y1, …]. */
interface Segment {
  operator: 'm' | 'l' | 'c' | 'h';
  points: number[];
}

function segmentsOf(svg: string): Segment[] {
  const tokens = svg.match(TOKEN) ?? [];
  const out: Segment[] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let command = '';
  let i = 0;
  const next = () => Number(tokens[i++]);
  while (i < tokens.length) {
    // A number where a command should be repeats the last one (an implicit lineto after a moveto).
    if (/[a-z]/i.test(tokens[i]!)) command = tokens[i++]!;
    else if (command === 'M') command = 'L';
    else if (command === 'm') command = 'l';
    const relative = command === command.toLowerCase();
    const [dx, dy] = relative ? [x, y] : [0, 0];
    switch (command.toUpperCase()) {
      case 'M':
        [x, y] = [dx + next(), dy + next()];
        [startX, startY] = [x, y];
        out.push({ operator: 'm', points: [x, y] });
        break;
      case 'L':
        [x, y] = [dx + next(), dy + next()];
        out.push({ operator: 'l', points: [x, y] });
        break;
      case 'H':
        x = (relative ? x : 0) + next();
        out.push({ operator: 'l', points: [x, y] });
        break;
      case 'V':
        y = (relative ? y : 0) + next();
        out.push({ operator: 'l', points: [x, y] });
        break;
      case 'C': {
        const [x1, y1, x2, y2] = [dx + next(), dy + next(), dx + next(), dy + next()];
        [x, y] = [dx + next(), dy + next()];
        out.push({ operator: 'c', points: [x1, y1, x2, y2, x, y] });
        break;
      }
      case 'Q': {
        // A quadratic Bézier is the cubic whose control points lie two thirds of the way to its one.
        const [qx, qy] = [dx + next(), dy + next()];
        const [toX, toY] = [dx + next(), dy + next()];
        const points = [x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), toX + (2 / 3) * (qx - toX), toY + (2 / 3) * (qy - toY), toX, toY];
        [x, y] = [toX, toY];
        out.push({ operator: 'c', points });
        break;
      }
      case 'A': {
        const [rx, ry, rotation, largeArc, sweep] = [next(), next(), next(), next(), next()];
        const [toX, toY] = [dx + next(), dy + next()];
        for (const points of arcCurves(x, y, rx, ry, rotation, largeArc !== 0, sweep !== 0, toX, toY)) out.push({ operator: 'c', points });
        [x, y] = [toX, toY];
        break;
      }
      case 'Z':
        [x, y] = [startX, startY];
        out.push({ operator: 'h', points: [] });
        break;
      default:
        throw new Error(`SVG path command ${command} is not one PDF output reads`);
    }
  }
  return out;
}

const TOKEN = /[MLHVCQAZ]|[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

/** Thousandths of a path unit: finer than any printer resolves at the sizes codes are drawn. */
const n = (value: number) => (Math.round(value * 1000) / 1000).toString();

/**
 * An SVG arc (endpoint form, SVG 1.1 appendix F.6) as cubic Béziers of at most a quarter turn
 * each, the control points of each curve and its end as [x1, y1, x2, y2, x, y].
 */
function arcCurves(x0: number, y0: number, rx: number, ry: number, degrees: number, largeArc: boolean, sweep: boolean, x: number, y: number): number[][] {
  if (rx === 0 || ry === 0) return [[x0, y0, x, y, x, y]];
  const phi = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)];
  // The start point in the ellipse's own axes, relative to the chord's midpoint.
  const [px, py] = [(cos * (x0 - x)) / 2 + (sin * (y0 - y)) / 2, (-sin * (x0 - x)) / 2 + (cos * (y0 - y)) / 2];
  // Radii too small for the chord are scaled up until the arc just spans it.
  const grow = Math.max(1, Math.sqrt((px * px) / (rx * rx) + (py * py) / (ry * ry)));
  [rx, ry] = [Math.abs(rx) * grow, Math.abs(ry) * grow];
  const numerator = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px;
  const root = (largeArc === sweep ? -1 : 1) * Math.sqrt(Math.max(0, numerator / (rx * rx * py * py + ry * ry * px * px)));
  const [cxPrime, cyPrime] = [(root * rx * py) / ry, (-root * ry * px) / rx];
  const [cx, cy] = [cos * cxPrime - sin * cyPrime + (x0 + x) / 2, sin * cxPrime + cos * cyPrime + (y0 + y) / 2];
  const angleOf = (ux: number, uy: number) => Math.atan2(uy, ux);
  const start = angleOf((px - cxPrime) / rx, (py - cyPrime) / ry);
  let sweepAngle = angleOf((-px - cxPrime) / rx, (-py - cyPrime) / ry) - start;
  if (sweep && sweepAngle < 0) sweepAngle += 2 * Math.PI;
  if (!sweep && sweepAngle > 0) sweepAngle -= 2 * Math.PI;
  const pieces = Math.max(1, Math.ceil(Math.abs(sweepAngle) / (Math.PI / 2) - 1e-9));
  const step = sweepAngle / pieces;
  // The control arm's length for a piece of `step` radians of the unit circle.
  const arm = (4 / 3) * Math.tan(step / 4);
  const point = (ux: number, uy: number): [number, number] => [cx + cos * rx * ux - sin * ry * uy, cy + sin * rx * ux + cos * ry * uy];
  const curves: number[][] = [];
  for (let k = 0; k < pieces; k++) {
    const [a, b] = [start + k * step, start + (k + 1) * step];
    const [cosA, sinA, cosB, sinB] = [Math.cos(a), Math.sin(a), Math.cos(b), Math.sin(b)];
    const end = k === pieces - 1 ? [x, y] : point(cosB, sinB);
    curves.push([...point(cosA - arm * sinA, sinA + arm * cosA), ...point(cosB + arm * sinB, sinB - arm * cosB), ...end]);
  }
  return curves;
}
