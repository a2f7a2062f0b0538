import { DomainError } from '@qr/contracts';
import type { Decider } from '../decider';
import { mayChangePasses } from './pass-design.decider';
import type { PassCommand } from './passes.commands';
import type { PassEvent } from './passes.events';

export interface PassState {
  status: 'none' | 'issued';
  voided: boolean;
}

const initialState: PassState = { status: 'none', voided: false };

function evolve(state: PassState, event: PassEvent): PassState {
  switch (event.type) {
    case 'PassIssued':
      return { status: 'issued', voided: false };
    case 'PassVoided':
      return { ...state, voided: true };
    case 'PassRestored':
      return { ...state, voided: false };
  }
}

/**
 * A pass's life: issued once (a second issue of the same holder's pass decides nothing and
 * answers the first), voided by staff and brought back. Voiding twice changes nothing either.
 */
function decide(command: PassCommand, state: PassState): PassEvent[] {
  if (command.type === 'IssuePass') {
    if (command.actor) mayChangePasses(command.actor);
    if (state.status === 'issued') return [];
    const { pass_id, design_id, org_id, source, holder } = command;
    return [{ type: 'PassIssued', data: { pass_id, design_id, org_id, source, holder, issued_by: command.actor?.id ?? null } }];
  }
  mayChangePasses(command.actor);
  if (state.status !== 'issued') throw new DomainError('pass_not_found', 'No such pass.');
  if (command.voided === state.voided) return [];
  return command.voided ? [{ type: 'PassVoided', data: { voided_by: command.actor.id } }] : [{ type: 'PassRestored', data: { restored_by: command.actor.id } }];
}

export const passDecider: Decider<PassCommand, PassEvent, PassState> = { initialState, evolve, decide };
