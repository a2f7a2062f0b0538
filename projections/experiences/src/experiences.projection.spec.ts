import { experienceStreamId, pageEventDataStreamId, type ExperienceEvent, type PageEventDataEvent } from '@qr/domain';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { experiences, pageEventData } from './index';

describe.each(testAdapters())('experiences and page event data on $name', (adapter) => {
  const t = projectionTestbed(adapter, [experiences, pageEventData], { batchSize: 2 });
  const experienceId = '0b9f6b52-2f0e-4f4e-9a55-0d5c4d7f3e11';

  const append = (streamId: string, events: readonly (ExperienceEvent | PageEventDataEvent)[]) =>
    t.store.append({ streamId, expectedVersion: 'any', events: events.map(({ type, data }) => ({ type, data })) });
  const rows = async () => ({
    experiences: (
      await t.db.query<{ name: string; starts_on: string }>(`SELECT name, to_char(starts_on, 'YYYY-MM-DD') AS starts_on FROM experiences ORDER BY name`)
    ).rows,
    pages: (
      await t.db.query<{ page_id: string; radius_m: number; experience_id: string | null }>(
        'SELECT page_id, radius_m, experience_id FROM page_event_data ORDER BY page_id',
      )
    ).rows,
  });

  it('keeps live experiences and each page’s latest event data, the same after a rebuild', async () => {
    const content = { description: '', starts_on: '2026-11-25', ends_on: '2026-11-26' };
    await append(experienceStreamId(experienceId), [
      { type: 'ExperienceCreated', data: { experience_id: experienceId, org_id: 'org-1', name: 'DevConf', ...content, created_by: 'a' } },
      { type: 'ExperienceUpdated', data: { name: 'DevConf 2026', ...content, updated_by: 'a' } },
    ]);
    await append(experienceStreamId('gone'), [
      { type: 'ExperienceCreated', data: { experience_id: 'gone', org_id: 'org-1', name: 'Cancelled', ...content, created_by: 'a' } },
      { type: 'ExperienceDeleted', data: { deleted_by: 'a' } },
    ]);
    const place = { latitude: 52.5, longitude: 13.4, starts_at: '2026-11-25T08:00:00Z', ends_at: '2026-11-25T18:00:00Z' };
    await append(pageEventDataStreamId('p1'), [
      { type: 'PageEventDataSet', data: { page_id: 'p1', org_id: 'org-1', ...place, radius_m: 300, experience_id: experienceId, set_by: 'a' } },
      { type: 'PageEventDataSet', data: { page_id: 'p1', org_id: 'org-1', ...place, radius_m: 50, experience_id: null, set_by: 'a' } },
    ]);
    await append(pageEventDataStreamId('p2'), [
      { type: 'PageEventDataSet', data: { page_id: 'p2', org_id: 'org-1', ...place, radius_m: 300, experience_id: experienceId, set_by: 'a' } },
      { type: 'PageEventDataCleared', data: { page_id: 'p2', cleared_by: 'a' } },
    ]);
    await t.runner.start();
    await t.runner.caughtUp();
    const expected = { experiences: [{ name: 'DevConf 2026', starts_on: '2026-11-25' }], pages: [{ page_id: 'p1', radius_m: 50, experience_id: null }] };
    expect(await rows()).toEqual(expected);
    await t.runner.rebuild('experiences');
    await t.runner.rebuild('page_event_data');
    expect(await rows()).toEqual(expected);
  });

  it('takes pages out of an experience when it is deleted, live and on rebuild', async () => {
    const content = { name: 'Fair', description: '', starts_on: '2026-11-25', ends_on: '2026-11-25' };
    const place = { latitude: 52.5, longitude: 13.4, radius_m: 100, starts_at: '2026-11-25T08:00:00Z', ends_at: '2026-11-25T18:00:00Z' };
    await append(experienceStreamId(experienceId), [
      { type: 'ExperienceCreated', data: { experience_id: experienceId, org_id: 'org-1', ...content, created_by: 'a' } },
    ]);
    await append(pageEventDataStreamId('p1'), [
      { type: 'PageEventDataSet', data: { page_id: 'p1', org_id: 'org-1', ...place, experience_id: experienceId, set_by: 'a' } },
    ]);
    await t.runner.start();
    await t.runner.caughtUp();
    expect((await rows()).pages).toEqual([{ page_id: 'p1', radius_m: 100, experience_id: experienceId }]);
    await append(experienceStreamId(experienceId), [{ type: 'ExperienceDeleted', data: { deleted_by: 'a' } }]);
    await t.runner.caughtUp();
    const expected = { experiences: [], pages: [{ page_id: 'p1', radius_m: 100, experience_id: null }] };
    expect(await rows()).toEqual(expected);
    await t.runner.rebuild('page_event_data');
    expect(await rows()).toEqual(expected);
  });
});
