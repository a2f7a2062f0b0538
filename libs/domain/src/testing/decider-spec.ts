import { DomainError, type ErrorCode } from '@qr/contracts';
import type { Decider } from '../decider';

type Outcome<Event> = { recorded: readonly Event[] } | { refused: ErrorCode };

/**
 * Given/when/then for a decider: the past as events, one command, and either the events it records
 * or the stable code it refuses with. Both are compared as one outcome, so a failing test shows
 * what happened instead (the events it recorded, or the code it refused with).
 */
export function deciderSpec<Command, Event, State>(decider: Decider<Command, Event, State>) {
  const outcomeOf = (history: readonly Event[], command: Command): Outcome<Event> => {
    const state = history.reduce(decider.evolve, decider.initialState);
    try {
      return { recorded: decider.decide(command, state) };
    } catch (error) {
      if (error instanceof DomainError) return { refused: error.code };
      throw error;
    }
  };
  return (history: readonly Event[]) => ({
    when: (command: Command) => ({
      then(expected: readonly Event[] | ErrorCode): void {
        expect(outcomeOf(history, command)).toEqual(typeof expected === 'string' ? { refused: expected } : { recorded: expected });
      },
    }),
  });
}
