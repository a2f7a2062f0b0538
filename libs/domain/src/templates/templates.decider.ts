import { DomainError } from '@qr/contracts';
import type { Decider } from '../decider';
import { can } from '../identity';
import type { TemplateCommand } from './templates.commands';
import type { TemplateEvent } from './templates.events';

export interface TemplateState {
  status: 'none' | 'saved' | 'deleted';
}

const initialState: TemplateState = { status: 'none' };

function evolve(_state: TemplateState, event: TemplateEvent): TemplateState {
  return { status: event.type === 'TemplateSaved' ? 'saved' : 'deleted' };
}

/** Templates are part of the codes context (DESIGN.md §8): whoever may write codes may save them. */
function decide(command: TemplateCommand, state: TemplateState): TemplateEvent[] {
  if (!can.write('codes', command.actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change templates.');
  const by = command.actor.id;
  if (command.type === 'SaveTemplate') {
    if (state.status !== 'none') throw new DomainError('wrong_expected_version', `Template ${command.template_id} already exists.`);
    const { type: _type, actor: _actor, ...data } = command;
    return [{ type: 'TemplateSaved', data: { ...data, saved_by: by } }];
  }
  if (state.status !== 'saved') throw new DomainError('template_not_found', 'No such template.');
  return [{ type: 'TemplateDeleted', data: { deleted_by: by } }];
}

export const templateDecider: Decider<TemplateCommand, TemplateEvent, TemplateState> = { initialState, evolve, decide };
