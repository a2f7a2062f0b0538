/** Spec §5's message for a browser without geolocation. */
export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by this browser.';

export interface DevicePosition {
  latitude: number;
  longitude: number;
  /** The radius, in metres, the device says the true position lies within. */
  accuracy_m: number;
}

/** The device's position, or why there is none: no geolocation in this browser, or none given (refused, no fix, too slow). */
export type PositionAnswer = { position: DevicePosition } | { missing: 'unsupported' | 'not_given' };

/**
 * Asks the device where it is. Nothing here rejects: every page that asks (the event-access guard,
 * spec §4 step 2, and a promo code's place) tolerates a visitor who does not say.
 */
export function devicePosition(options: PositionOptions = {}): Promise<PositionAnswer> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve({ missing: 'unsupported' });
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ position: { latitude: coords.latitude, longitude: coords.longitude, accuracy_m: coords.accuracy } }),
      () => resolve({ missing: 'not_given' }),
      { timeout: 10_000, maximumAge: 60_000, ...options },
    ),
  );
}
