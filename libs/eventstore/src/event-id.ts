import { v7 } from 'uuid';

/**
 * The id the store gives an event that arrives without one: a UUID version 7, whose leading bits
 * are the time in milliseconds. Ids made one after another sort one after another, so every insert
 * into the unique event_id index lands on its rightmost leaf instead of on a random page of an
 * ever larger index (fewer pages dirtied and written to the WAL per batch). Callers may still
 * supply ids of any version.
 */
export function newEventId(): string {
  return v7();
}
