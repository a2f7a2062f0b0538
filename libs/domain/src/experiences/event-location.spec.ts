import { haversineMetres, isAtEvent } from './event-location';

describe('where and when a visitor is at the event', () => {
  const brandenburgGate = { latitude: 52.516275, longitude: 13.377704 };
  const event = { ...brandenburgGate, radius_m: 500, starts_at: '2026-11-25T08:00:00Z', ends_at: '2026-11-25T18:00:00Z' };
  const during = new Date('2026-11-25T12:00:00Z');

  it('measures great-circle distances in metres', () => {
    // Berlin's Brandenburg Gate to Paris's Eiffel Tower is about 878 km.
    expect(haversineMetres(brandenburgGate, { latitude: 48.858222, longitude: 2.2945 }) / 1000).toBeCloseTo(878, -1);
    // One degree of latitude is about 111.2 km anywhere.
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -2);
    expect(haversineMetres(brandenburgGate, brandenburgGate)).toBe(0);
    // Antipodes: half the circumference, without NaN from rounding.
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * 6_371_008.8, 0);
  });

  it('lets in a visitor inside the radius during the window', () => {
    // About 330 m east of the gate.
    expect(isAtEvent(event, { latitude: 52.516275, longitude: 13.3826 }, during)).toBe(true);
  });

  it('keeps out a visitor outside the radius', () => {
    // About 680 m east.
    expect(isAtEvent(event, { latitude: 52.516275, longitude: 13.3877 }, during)).toBe(false);
  });

  it('keeps out a visitor before the start or from the end on, and lets one in at the start', () => {
    expect(isAtEvent(event, brandenburgGate, new Date('2026-11-25T07:59:59Z'))).toBe(false);
    expect(isAtEvent(event, brandenburgGate, new Date('2026-11-25T08:00:00Z'))).toBe(true);
    expect(isAtEvent(event, brandenburgGate, new Date('2026-11-25T18:00:00Z'))).toBe(false);
  });

  it('keeps out a visitor whose device gave no position', () => {
    expect(isAtEvent(event, {}, during)).toBe(false);
    expect(isAtEvent(event, { latitude: 52.5 }, during)).toBe(false);
  });
});
