import { QueryClient } from '@tanstack/react-query';

const FIVE_MINUTES_MS = 5 * 60 * 1000;
const FIRST_RETRY_DELAY_MS = 1000;
const MAX_RETRY_DELAY_MS = 30_000;

/** Backoff before retry number `attempt + 1`: 1 s, 2 s, 4 s, ... never more than 30 s (spec §9). */
export function retryDelay(attempt: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: FIVE_MINUTES_MS, retry: 3, retryDelay },
      // A retried mutation could apply a change twice.
      mutations: { retry: false },
    },
  });
}
