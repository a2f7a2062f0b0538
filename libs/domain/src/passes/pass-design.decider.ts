import { DomainError, passSourceId, type PassSource } from '@qr/contracts';
import type { CodeActor } from '../codes';
import type { Decider } from '../decider';
import { can } from '../identity';
import type { PassDesignCommand } from './passes.commands';
import type { PassDesignEvent } from './passes.events';

export interface PassDesignState {
  status: 'none' | 'live' | 'deleted';
  source: PassSource | null;
}

const initialState: PassDesignState = { status: 'none', source: null };

function evolve(state: PassDesignState, event: PassDesignEvent): PassDesignState {
  switch (event.type) {
    case 'PassDesignCreated':
      return { status: 'live', source: event.data.source };
    case 'PassDesignUpdated':
      return state;
    case 'PassDesignDeleted':
      return { ...state, status: 'deleted' };
  }
}

export const passDesignNotFound = (): DomainError => new DomainError('pass_design_not_found', 'No such pass design.');

/** Passes are part of the loyalty context (DESIGN.md §8): designing one is changing loyalty. */
export const mayChangePasses = (actor: CodeActor): void => {
  if (!can.write('loyalty', actor.role)) throw new DomainError('forbidden', `A ${actor.role} cannot change wallet passes.`);
};

const sameSource = (a: PassSource, b: PassSource): boolean => a.kind === b.kind && passSourceId(a) === passSourceId(b);

/**
 * A design's life. Its source (the programme, campaign or event page it issues passes for) is
 * fixed at creation: a pass's serial is derived from it, so another source is another design.
 */
function decide(command: PassDesignCommand, state: PassDesignState): PassDesignEvent[] {
  mayChangePasses(command.actor);
  const by = command.actor.id;
  if (command.type === 'CreatePassDesign') {
    if (state.status !== 'none') throw new DomainError('wrong_expected_version', `Pass design ${command.design_id} already exists.`);
    const { design_id, org_id, source, terms } = command;
    return [{ type: 'PassDesignCreated', data: { design_id, org_id, source, terms, created_by: by } }];
  }
  if (state.status !== 'live') throw passDesignNotFound();
  if (command.type === 'DeletePassDesign') return [{ type: 'PassDesignDeleted', data: { deleted_by: by } }];
  if (!sameSource(command.source, state.source!))
    throw new DomainError('validation_failed', 'A design keeps the source it was made for: make a new design for another one.', { field: 'body.source' });
  return [{ type: 'PassDesignUpdated', data: { terms: command.terms, updated_by: by } }];
}

export const passDesignDecider: Decider<PassDesignCommand, PassDesignEvent, PassDesignState> = { initialState, evolve, decide };
