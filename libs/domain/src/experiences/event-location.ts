import { MAX_EVENT_RADIUS_M } from '@qr/contracts';
import type { EventData } from './experiences.events';

export interface Position {
  latitude: number;
  longitude: number;
}

/** The mean Earth radius of IUGG/WGS-84, in metres: the haversine formula assumes a sphere. */
const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres. Off by at most ~0.5% against the ellipsoid, far below a radius's slack. */
export function haversineMetres(a: Position, b: Position): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  // min() keeps rounding from pushing asin past 1 for antipodal points.
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Why event data cannot describe a real event, or nothing: the contract says the same, this guards the stream. */
export function eventDataProblem(data: EventData): string | undefined {
  const finite = [data.latitude, data.longitude, data.radius_m].every(Number.isFinite);
  if (!finite || Math.abs(data.latitude) > 90) return 'Latitude is between -90 and 90.';
  if (Math.abs(data.longitude) > 180) return 'Longitude is between -180 and 180.';
  if (!(data.radius_m > 0 && data.radius_m <= MAX_EVENT_RADIUS_M)) return `The radius is more than 0 and at most ${MAX_EVENT_RADIUS_M} metres.`;
  const [start, end] = [Date.parse(data.starts_at), Date.parse(data.ends_at)];
  if (!(start < end)) return 'The end comes after the start.';
  return undefined;
}

/**
 * Spec §4 step 3 on the server: the visitor is at the event when their position is within its
 * radius and now is inside its window (start included, end excluded). No position, no entry.
 */
export function isAtEvent(
  event: Pick<EventData, 'latitude' | 'longitude' | 'radius_m' | 'starts_at' | 'ends_at'>,
  position: Partial<Position>,
  now: Date,
): boolean {
  const { latitude, longitude } = position;
  if (latitude === undefined || longitude === undefined) return false;
  const at = now.getTime();
  if (at < Date.parse(event.starts_at) || at >= Date.parse(event.ends_at)) return false;
  return haversineMetres(event, { latitude, longitude }) <= event.radius_m;
}
