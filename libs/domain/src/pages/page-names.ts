import { DomainError } from '@qr/contracts';
import type { CodeActor } from '../codes';
import type { Decider } from '../decider';
import { can } from '../identity';

/**
 * Vanity names (`/p/{name}`) are unique across the server. Each name is a stream of its own,
 * `page-name-<name>`, so two pages claiming one name race on that stream's version and exactly one
 * wins: the uniqueness needs no read model, which would lag.
 */
export type PageNameClaimed = { type: 'PageNameClaimed'; data: { name: string; page_id: string; org_id: string } };
export type PageNameReleased = { type: 'PageNameReleased'; data: { name: string; page_id: string } };
export type PageNameEvent = PageNameClaimed | PageNameReleased;

export type PageNameCommand =
  | { type: 'ClaimPageName'; actor: CodeActor; name: string; page_id: string; org_id: string }
  | { type: 'ReleasePageName'; actor: CodeActor; name: string; page_id: string };

export interface PageNameState {
  /** The page that has the name, if any. */
  holder: string | null;
}

export const pageNameStreamId = (name: string): string => `page-name-${name}`;

function decide(command: PageNameCommand, state: PageNameState): PageNameEvent[] {
  if (!can.write('pages', command.actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change pages.');
  const { name, page_id } = command;
  if (command.type === 'ReleasePageName') return state.holder === page_id ? [{ type: 'PageNameReleased', data: { name, page_id } }] : [];
  if (state.holder === page_id) return [];
  if (state.holder !== null) throw new DomainError('page_name_taken', `Another page is already at /p/${name}. Choose another name.`);
  return [{ type: 'PageNameClaimed', data: { name, page_id, org_id: command.org_id } }];
}

export const pageNameDecider: Decider<PageNameCommand, PageNameEvent, PageNameState> = {
  initialState: { holder: null },
  evolve: (_state, event) => ({ holder: event.type === 'PageNameClaimed' ? event.data.page_id : null }),
  decide,
};
