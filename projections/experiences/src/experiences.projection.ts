import { experienceStreamId, pageEventDataStreamId, type ExperienceEvent, type PageEventDataEvent } from '@qr/domain';
import type { Projection } from '@qr/eventstore';

const EXPERIENCE_PREFIX = experienceStreamId('');
const PAGE_EVENT_PREFIX = pageEventDataStreamId('');

/** One row per live experience, as the admin screen lists it; a deleted experience's row goes. */
export const experiences: Projection = {
  name: 'experiences',
  version: 1,
  eventTypes: ['ExperienceCreated', 'ExperienceUpdated', 'ExperienceDeleted'],
  tables: {
    experiences: (table) => [
      `CREATE TABLE ${table} (
         experience_id text PRIMARY KEY,
         org_id text NOT NULL,
         name text NOT NULL,
         description text NOT NULL,
         starts_on date NOT NULL,
         ends_on date NOT NULL,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL
       )`,
      `CREATE INDEX ${table}_org ON ${table} (org_id, starts_on, experience_id)`,
    ],
  },
  async handle(events, { tx, table }) {
    const experiencesTable = table('experiences');
    for (const recorded of events) {
      const experienceId = recorded.streamId.slice(EXPERIENCE_PREFIX.length);
      // Only the experience decider writes these types, so the payload has its shape.
      const event = { type: recorded.type, data: recorded.data } as ExperienceEvent;
      const at = recorded.occurredAt;
      switch (event.type) {
        case 'ExperienceCreated': {
          const { org_id, name, description, starts_on, ends_on } = event.data;
          await tx.query(
            `INSERT INTO ${experiencesTable} (experience_id, org_id, name, description, starts_on, ends_on, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
            [experienceId, org_id, name, description, starts_on, ends_on, at],
          );
          break;
        }
        case 'ExperienceUpdated': {
          const { name, description, starts_on, ends_on } = event.data;
          await tx.query(`UPDATE ${experiencesTable} SET name = $2, description = $3, starts_on = $4, ends_on = $5, updated_at = $6 WHERE experience_id = $1`, [
            experienceId,
            name,
            description,
            starts_on,
            ends_on,
            at,
          ]);
          break;
        }
        case 'ExperienceDeleted':
          await tx.query(`DELETE FROM ${experiencesTable} WHERE experience_id = $1`, [experienceId]);
          break;
      }
    }
  },
};

/**
 * One row per page that carries event data: what the `/page/{id}` guard checks. A deleted page's row
 * stays (its public lookups fail first); a deleted experience's pages keep their place and window
 * but leave it, so no page points at an experience that cannot be picked any more.
 */
export const pageEventData: Projection = {
  name: 'page_event_data',
  version: 1,
  eventTypes: ['PageEventDataSet', 'PageEventDataCleared', 'ExperienceDeleted'],
  tables: {
    page_event_data: (table) => [
      `CREATE TABLE ${table} (
         page_id text PRIMARY KEY,
         org_id text NOT NULL,
         experience_id text,
         latitude double precision NOT NULL,
         longitude double precision NOT NULL,
         radius_m double precision NOT NULL,
         starts_at timestamptz NOT NULL,
         ends_at timestamptz NOT NULL
       )`,
      `CREATE INDEX ${table}_experience ON ${table} (experience_id) WHERE experience_id IS NOT NULL`,
    ],
  },
  async handle(events, { tx, table }) {
    const eventDataTable = table('page_event_data');
    for (const recorded of events) {
      if (recorded.type === 'ExperienceDeleted') {
        await tx.query(`UPDATE ${eventDataTable} SET experience_id = NULL WHERE experience_id = $1`, [recorded.streamId.slice(EXPERIENCE_PREFIX.length)]);
        continue;
      }
      const pageId = recorded.streamId.slice(PAGE_EVENT_PREFIX.length);
      // Only the page event data decider writes these types, so the payload has its shape.
      const event = { type: recorded.type, data: recorded.data } as PageEventDataEvent;
      if (event.type === 'PageEventDataCleared') {
        await tx.query(`DELETE FROM ${eventDataTable} WHERE page_id = $1`, [pageId]);
        continue;
      }
      const { org_id, experience_id, latitude, longitude, radius_m, starts_at, ends_at } = event.data;
      await tx.query(
        `INSERT INTO ${eventDataTable} (page_id, org_id, experience_id, latitude, longitude, radius_m, starts_at, ends_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (page_id) DO UPDATE SET experience_id = $3, latitude = $4, longitude = $5, radius_m = $6, starts_at = $7, ends_at = $8`,
        [pageId, org_id, experience_id, latitude, longitude, radius_m, starts_at, ends_at],
      );
    }
  },
};
