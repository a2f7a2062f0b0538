/**
 * The shape every context's write model takes (DESIGN.md §1): a handler folds the stream with
 * `evolve` from `initialState`, asks `decide`, and appends what it returns with the expected version.
 * `decide` is pure: ids and anything random come in the command, and a refusal is a thrown DomainError.
 */
export interface Decider<Command, Event, State> {
  readonly initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}
