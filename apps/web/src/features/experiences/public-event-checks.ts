import type { CheckEventLocationBody, ValidateEventDataBody } from '@qr/contracts';
import { publicFetch } from '../../api/api-fetch';
import type { EventAccessChecks } from './event-access-guard';

/** Asks one of the guard's questions; any failure (network, 4xx, 429, 5xx, a body that is not a boolean) is false (spec §8). */
async function ask(path: string, body: CheckEventLocationBody | ValidateEventDataBody): Promise<boolean> {
  try {
    const response = await publicFetch(path, { method: 'POST', body: JSON.stringify(body) });
    return response.ok && (await response.json()) === true;
  } catch {
    return false;
  }
}

/** The guard's checks against the API for one page (by page or code id). Plain fetch: a visitor's page carries no sign-in code. */
export const publicEventChecks = (id: string): EventAccessChecks => ({
  locationCheck: () => ask('/api/v1/public/event-data/check-location', { id }),
  validate: (position) => ask('/api/v1/public/event-data/validate', position),
});
