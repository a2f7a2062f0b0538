import { DomainError } from '@qr/contracts';
import type { Decider } from '../decider';
import { can } from '../identity';
import type { NoteCommand } from './notes.commands';
import type { NoteEvent } from './notes.events';

export interface NoteState {
  status: 'none' | 'live' | 'deleted';
}

const initialState: NoteState = { status: 'none' };

function evolve(_state: NoteState, event: NoteEvent): NoteState {
  return { status: event.type === 'NoteAdded' ? 'live' : 'deleted' };
}

/** Notes are part of a code, so writing one is changing codes (`codes.write`). */
function decide(command: NoteCommand, state: NoteState): NoteEvent[] {
  if (!can.write('codes', command.actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change notes.');
  const by = command.actor.id;
  if (command.type === 'AddNote') {
    if (state.status !== 'none') throw new DomainError('wrong_expected_version', `Note ${command.note_id} already exists.`);
    const { note_id, code_id, org_id, text } = command;
    return [{ type: 'NoteAdded', data: { note_id, code_id, org_id, text, added_by: by } }];
  }
  if (state.status !== 'live') throw new DomainError('note_not_found', 'No such note.');
  return [{ type: 'NoteDeleted', data: { deleted_by: by } }];
}

export const noteDecider: Decider<NoteCommand, NoteEvent, NoteState> = { initialState, evolve, decide };
