import { DomainError, type CodeStatus } from '@qr/contracts';
import type { Decider } from '../decider';
import { can } from '../identity';
import type { CodeActor, CodeCommand } from './codes.commands';
import type { CodeEvent } from './codes.events';

export interface CodeState {
  /** Null until created. */
  status: CodeStatus | null;
  name: string;
}

const initialState: CodeState = { status: null, name: '' };

function evolve(state: CodeState, event: CodeEvent): CodeState {
  switch (event.type) {
    case 'CodeCreated':
      return { status: 'active', name: event.data.name };
    case 'CodeUpdated':
      return { ...state, name: event.data.name };
    case 'CodePaused':
      return { ...state, status: 'paused' };
    case 'CodeResumed':
      return { ...state, status: 'active' };
    case 'CodeDeleted':
      return { ...state, status: 'deleted' };
  }
}

/** Also asked by a handler before work the decision does not need, such as decoding a design. */
export function authoriseCodeChange(actor: CodeActor): void {
  if (!can.write('codes', actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change codes.');
}

/** A deleted code answers like one that never existed: there is nothing left to change. */
function refuseUnlessLive(state: CodeState): void {
  if (state.status === null || state.status === 'deleted') throw new DomainError('code_not_found', 'No such code.');
}

function decide(command: CodeCommand, state: CodeState): CodeEvent[] {
  authoriseCodeChange(command.actor);
  const by = command.actor.id;
  if (command.type === 'CreateCode') {
    // Only a reused code_id gets here; answer as the store's `no_stream` append would.
    if (state.status !== null) throw new DomainError('wrong_expected_version', `Code ${command.code_id} already exists.`);
    const { code_id, org_id, name, content, design, base_code_id } = command;
    return [{ type: 'CodeCreated', data: { code_id, org_id, name, content, design, base_code_id, created_by: by } }];
  }
  refuseUnlessLive(state);
  switch (command.type) {
    case 'UpdateCode':
      return [{ type: 'CodeUpdated', data: { name: command.name, content: command.content, design: command.design, updated_by: by } }];
    // Pausing a paused code or resuming an active one changes nothing, so a retried request records nothing twice.
    case 'PauseCode':
      return state.status === 'paused' ? [] : [{ type: 'CodePaused', data: { paused_by: by } }];
    case 'ResumeCode':
      return state.status === 'active' ? [] : [{ type: 'CodeResumed', data: { resumed_by: by } }];
    case 'DeleteCode':
      return [{ type: 'CodeDeleted', data: { deleted_by: by } }];
  }
}

export const codeDecider: Decider<CodeCommand, CodeEvent, CodeState> = { initialState, evolve, decide };
