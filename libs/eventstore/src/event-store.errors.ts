import { DomainError } from '@qr/contracts';
import type { ExpectedVersion } from './event-store';

/** The stream moved on since the caller read it (or exists when it should not): reload and decide again. */
export class WrongExpectedVersionError extends DomainError {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super('wrong_expected_version', `Stream ${streamId} is at version ${actual}, expected ${expected}.`, {
      stream_id: streamId,
      expected_version: expected,
      actual_version: actual,
    });
  }
}

/** Some of the event ids were appended before, but not as this same append. */
export class DuplicateEventIdError extends DomainError {
  constructor(
    readonly streamId: string,
    readonly eventIds: string[],
  ) {
    super('duplicate_event_id', `Event ids already used outside this append to ${streamId}: ${eventIds.join(', ')}.`, {
      stream_id: streamId,
      event_ids: eventIds,
    });
  }
}
