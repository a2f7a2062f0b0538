import { DEFAULT_PAGE_THEME, DomainError } from '@qr/contracts';
import type { Decider } from '../decider';
import { can } from '../identity';
import type { PageCommand } from './pages.commands';
import type { PageEvent } from './pages.events';

export interface PageState {
  status: 'none' | 'live' | 'deleted';
}

const initialState: PageState = { status: 'none' };

function evolve(state: PageState, event: PageEvent): PageState {
  switch (event.type) {
    case 'PageCreated':
      return { status: 'live' };
    case 'PageUpdated':
      return state;
    case 'PageDeleted':
      return { status: 'deleted' };
  }
}

function decide(command: PageCommand, state: PageState): PageEvent[] {
  if (!can.write('pages', command.actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change pages.');
  const by = command.actor.id;
  if (command.type === 'CreatePage') {
    if (state.status !== 'none') throw new DomainError('wrong_expected_version', `Page ${command.page_id} already exists.`);
    const { page_id, code_id, org_id, title, vanity_name = null, blocks, form, success_message, success_button = null, theme = DEFAULT_PAGE_THEME } = command;
    return [
      {
        type: 'PageCreated',
        data: { page_id, code_id, org_id, title, vanity_name, blocks, form, success_message, success_button, theme, created_by: by },
      },
    ];
  }
  // A deleted page answers like one that never existed.
  if (state.status !== 'live') throw new DomainError('page_not_found', 'No such page.');
  if (command.type === 'DeletePage') return [{ type: 'PageDeleted', data: { deleted_by: by } }];
  const { title, vanity_name = null, blocks, form, success_message, success_button = null, theme = DEFAULT_PAGE_THEME } = command;
  return [{ type: 'PageUpdated', data: { title, vanity_name, blocks, form, success_message, success_button, theme, updated_by: by } }];
}

export const pageDecider: Decider<PageCommand, PageEvent, PageState> = { initialState, evolve, decide };
