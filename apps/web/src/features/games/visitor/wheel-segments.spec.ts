import fc from 'fast-check';
import { COFFEE, DISCOUNT, STAMP } from './game-fixtures';
import { segmentAt, segmentsOf, SPIN_TURNS, stopRotation, wheelSegments } from './wheel-segments';

const PRIZES = [COFFEE, DISCOUNT, STAMP];
const segments = wheelSegments(PRIZES);

test('the wheel alternates each prize with a "No win", in the prizes’ order', () => {
  expect(segments.map((segment) => (segment.kind === 'prize' ? segment.prize.id : 'none'))).toEqual(['coffee', 'none', 'discount', 'none', 'stamp', 'none']);
  expect(segmentsOf(segments, 'discount')).toEqual([2]);
  expect(segmentsOf(segments, null)).toEqual([1, 3, 5]);
});

test('a spin stops with the pointer on the segment of the prize the server drew, wherever the last spin stopped', () => {
  fc.assert(
    fc.property(
      fc.constantFrom<string | null>('coffee', 'discount', 'stamp', null),
      fc.double({ min: 0, max: 100_000, noNaN: true }),
      fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 2, maxLength: 2 }),
      (prizeId, from, draws) => {
        const random = () => draws.shift() ?? 0;
        const rotation = stopRotation(segments, prizeId, from, random);
        expect(segmentsOf(segments, prizeId)).toContain(segmentAt(segments, rotation));
        expect(rotation - from).toBeGreaterThanOrEqual(SPIN_TURNS * 360);
      },
    ),
  );
});

test('a stop never falls on a border between two segments', () => {
  const width = 360 / segments.length;
  for (const edge of [0, 0.999999]) {
    const rotation = stopRotation(segments, 'coffee', 0, () => edge);
    const pointAt = (((360 - rotation) % 360) + 360) % 360;
    expect(pointAt % width).toBeGreaterThan(width * 0.1);
    expect(pointAt % width).toBeLessThan(width * 0.9);
  }
});

test('"No win" stops on any of the "No win" segments, as the draw picks', () => {
  expect(
    segmentAt(
      segments,
      stopRotation(segments, null, 0, () => 0),
    ),
  ).toBe(1);
  expect(
    segmentAt(
      segments,
      stopRotation(segments, null, 0, () => 0.99),
    ),
  ).toBe(5);
});

test('a prize taken off the wheel after it was won stops on some segment rather than failing', () => {
  expect(segmentsOf(segments, 'gone')).toEqual([0, 1, 2, 3, 4, 5]);
});
