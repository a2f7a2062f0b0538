import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import type { CreateExperience, PageEventDataCommand } from './experiences.commands';
import { experienceDecider, pageEventDataDecider } from './experiences.decider';
import type { EventData, ExperienceContent, ExperienceEvent, PageEventDataEvent } from './experiences.events';

const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };

describe('the experience decider', () => {
  const given = deciderSpec(experienceDecider);
  const content: ExperienceContent = { name: 'DevConf', description: 'Two days of talks', starts_on: '2026-11-25', ends_on: '2026-11-26' };
  const ids = { experience_id: '0b9f6b52-2f0e-4f4e-9a55-0d5c4d7f3e11', org_id: 'org-1' };
  const create = (actor = editor): CreateExperience => ({ type: 'CreateExperience', actor, ...ids, ...content });
  const created: ExperienceEvent = { type: 'ExperienceCreated', data: { ...ids, ...content, created_by: editor.id } };
  const deleted: ExperienceEvent = { type: 'ExperienceDeleted', data: { deleted_by: editor.id } };

  it('creates an experience for an editor, and refuses a viewer', () => {
    given([]).when(create()).then([created]);
    given([]).when(create(viewer)).then('forbidden');
  });

  it('refuses an experience whose last day comes before its first', () =>
    given([])
      .when({ ...create(), starts_on: '2026-11-26', ends_on: '2026-11-25' })
      .then('validation_failed'));

  it('allows a one-day experience', () =>
    given([])
      .when({ ...create(), ends_on: content.starts_on })
      .then([{ ...created, data: { ...created.data, ends_on: content.starts_on } } as ExperienceEvent]));

  it('replaces the whole experience on update', () =>
    given([created])
      .when({ type: 'UpdateExperience', actor: editor, ...content, name: 'DevConf 2026' })
      .then([{ type: 'ExperienceUpdated', data: { ...content, name: 'DevConf 2026', updated_by: editor.id } }]));

  it('deletes once; a deleted or unknown experience is not found', () => {
    given([created]).when({ type: 'DeleteExperience', actor: editor }).then([deleted]);
    given([created, deleted]).when({ type: 'DeleteExperience', actor: editor }).then('experience_not_found');
    given([created, deleted])
      .when({ type: 'UpdateExperience', actor: editor, ...content })
      .then('experience_not_found');
    given([])
      .when({ type: 'UpdateExperience', actor: editor, ...content })
      .then('experience_not_found');
  });
});

describe('the page event data decider', () => {
  const given = deciderSpec(pageEventDataDecider);
  const data: EventData = {
    latitude: 52.52,
    longitude: 13.405,
    radius_m: 300,
    starts_at: '2026-11-25T08:00:00Z',
    ends_at: '2026-11-25T18:00:00Z',
    experience_id: null,
  };
  const set = (change: Partial<EventData> = {}, actor = editor): PageEventDataCommand => ({
    type: 'SetPageEventData',
    actor,
    page_id: 'p-1',
    org_id: 'org-1',
    ...data,
    ...change,
  });
  const wasSet: PageEventDataEvent = { type: 'PageEventDataSet', data: { page_id: 'p-1', org_id: 'org-1', ...data, set_by: editor.id } };
  const clear: PageEventDataCommand = { type: 'ClearPageEventData', actor: editor, page_id: 'p-1' };

  it('attaches event data to a page, and replaces it whole', () => {
    given([]).when(set()).then([wasSet]);
    given([wasSet])
      .when(set({ radius_m: 50 }))
      .then([{ ...wasSet, data: { ...wasSet.data, radius_m: 50 } } as PageEventDataEvent]);
  });

  it('refuses places off the globe, radii out of range and windows that end before they start', () => {
    for (const change of [
      { latitude: 90.1 },
      { latitude: -91 },
      { longitude: 180.5 },
      { longitude: -181 },
      { latitude: Number.NaN },
      { radius_m: 0 },
      { radius_m: -5 },
      { radius_m: 50_001 },
    ]) {
      given([]).when(set(change)).then('event_data_invalid');
    }
    given([])
      .when(set({ ends_at: data.starts_at }))
      .then('event_data_invalid');
    given([])
      .when(set({ starts_at: '2026-11-26T00:00:00Z' }))
      .then('event_data_invalid');
  });

  it('accepts the edges of the globe and the largest radius', () =>
    given([])
      .when(set({ latitude: -90, longitude: 180, radius_m: 50_000 }))
      .then([{ ...wasSet, data: { ...wasSet.data, latitude: -90, longitude: 180, radius_m: 50_000 } } as PageEventDataEvent]));

  it('clears attached event data, and clearing none changes nothing', () => {
    given([wasSet])
      .when(clear)
      .then([{ type: 'PageEventDataCleared', data: { page_id: 'p-1', cleared_by: editor.id } }]);
    given([]).when(clear).then([]);
  });

  it('lets a viewer change nothing', () => given([]).when(set({}, viewer)).then('forbidden'));
});
