import type { PublicPrize } from '@qr/contracts';

/** A slice of the wheel: a prize, or a "No win" between two prizes. */
export type WheelSegment = { kind: 'prize'; prize: PublicPrize } | { kind: 'none' };

/** Whole turns a spin makes before it settles: enough to read as a spin, few enough to follow. */
export const SPIN_TURNS = 5;
/** How far from a segment's middle the pointer may stop, as a share of its width: never on a border. */
const STOP_SPREAD = 0.7;

/** The prizes in order with a "No win" after each, so no two prizes touch and a win does not look likelier than it is. */
export const wheelSegments = (prizes: readonly PublicPrize[]): WheelSegment[] => prizes.flatMap((prize) => [{ kind: 'prize', prize }, { kind: 'none' }]);

/** The indexes of the segments a play's outcome may stop on: its prize's, or any "No win" for none. */
export function segmentsOf(segments: readonly WheelSegment[], prizeId: string | null): number[] {
  const matching = segments.flatMap((segment, index) => ((segment.kind === 'prize' ? segment.prize.id : null) === prizeId ? [index] : []));
  // A prize no longer on the wheel (staff took it off after it was won) stops anywhere: the words say what was won.
  return matching.length > 0 ? matching : segments.map((_, index) => index);
}

/**
 * The wheel's rotation, in degrees clockwise, that leaves the pointer at the top over a segment of
 * the outcome: segment i spans [i·w, (i+1)·w) clockwise from the top before turning. It is always
 * past `from` by at least SPIN_TURNS turns, so a spin goes forward from wherever the last one stopped.
 * `random` gives numbers in [0, 1), as Math.random does; a spec passes its own.
 */
export function stopRotation(segments: readonly WheelSegment[], prizeId: string | null, from: number, random: () => number): number {
  const width = 360 / segments.length;
  const candidates = segmentsOf(segments, prizeId);
  const index = candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))]!;
  const pointAt = (index + 0.5 + (random() - 0.5) * STOP_SPREAD) * width;
  // Turning the wheel by r brings the point at 360 − r (mod 360) under the pointer.
  const settled = (((360 - pointAt) % 360) + 360) % 360;
  const base = Math.ceil(from / 360) * 360 + SPIN_TURNS * 360;
  return base + settled;
}

/** The segment under the pointer for a rotation: what a player sees the wheel stopped on. */
export function segmentAt(segments: readonly WheelSegment[], rotation: number): number {
  const width = 360 / segments.length;
  const pointAt = (((360 - rotation) % 360) + 360) % 360;
  return Math.floor(pointAt / width) % segments.length;
}
