import { DomainError } from '@qr/contracts';
import type { Decider } from '../decider';
import { can } from '../identity';
import { eventDataProblem } from './event-location';
import type { ExperienceCommand, PageEventDataCommand } from './experiences.commands';
import type { ExperienceContent, ExperienceEvent, PageEventDataEvent } from './experiences.events';

export interface ExperienceState {
  status: 'none' | 'live' | 'deleted';
}

function checkedContent({ name, description, starts_on, ends_on }: ExperienceContent): ExperienceContent {
  if (starts_on > ends_on) throw new DomainError('validation_failed', 'The last day cannot be before the first.');
  return { name, description, starts_on, ends_on };
}

/** An experience of an organisation (a conference, a festival): created, changed whole, deleted once. */
export const experienceDecider: Decider<ExperienceCommand, ExperienceEvent, ExperienceState> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'ExperienceCreated':
        return { status: 'live' };
      case 'ExperienceUpdated':
        return state;
      case 'ExperienceDeleted':
        return { status: 'deleted' };
    }
  },
  decide(command, state) {
    if (!can.write('engagement', command.actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change experiences.');
    const by = command.actor.id;
    if (command.type === 'CreateExperience') {
      if (state.status !== 'none') throw new DomainError('wrong_expected_version', `Experience ${command.experience_id} already exists.`);
      return [
        { type: 'ExperienceCreated', data: { experience_id: command.experience_id, org_id: command.org_id, ...checkedContent(command), created_by: by } },
      ];
    }
    if (state.status !== 'live') throw new DomainError('experience_not_found', 'No such experience.');
    if (command.type === 'DeleteExperience') return [{ type: 'ExperienceDeleted', data: { deleted_by: by } }];
    return [{ type: 'ExperienceUpdated', data: { ...checkedContent(command), updated_by: by } }];
  },
};

export interface PageEventDataState {
  attached: boolean;
}

/** The event data of one page: set (replaced whole) or cleared; clearing none is no change. */
export const pageEventDataDecider: Decider<PageEventDataCommand, PageEventDataEvent, PageEventDataState> = {
  initialState: { attached: false },
  evolve: (_state, event) => ({ attached: event.type === 'PageEventDataSet' }),
  decide(command, state) {
    if (!can.write('pages', command.actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change pages.');
    if (command.type === 'ClearPageEventData') {
      return state.attached ? [{ type: 'PageEventDataCleared', data: { page_id: command.page_id, cleared_by: command.actor.id } }] : [];
    }
    const { page_id, org_id, latitude, longitude, radius_m, starts_at, ends_at, experience_id } = command;
    const event = { latitude, longitude, radius_m, starts_at, ends_at, experience_id };
    const problem = eventDataProblem(event);
    if (problem) throw new DomainError('event_data_invalid', problem);
    return [{ type: 'PageEventDataSet', data: { page_id, org_id, ...event, set_by: command.actor.id } }];
  },
};
