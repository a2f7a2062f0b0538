import { DEFAULT_TIME_ZONE } from '@qr/contracts';
import type { Projection } from '@qr/eventstore';
import { applyInOrder } from './organization-events';

/** One row per organisation: its profile and the terms its members are asked to accept. */
export const organizations: Projection = {
  name: 'organizations',
  // 2: terms carry when they were published, for the public terms page. 3: the time zone analytics cut periods in.
  // 4: the brand kit visitor pages are drawn in.
  version: 4,
  eventTypes: ['OrganizationCreated', 'OrganizationUpdated', 'OrganizationBrandKitSet', 'TermsPublished'],
  tables: {
    // Ids are text, not uuid: a read model must not refuse an event the log has already accepted.
    organizations: (table) => [
      `CREATE TABLE ${table} (
         org_id text PRIMARY KEY,
         organization_name text NOT NULL,
         organization_logo text,
         time_zone text NOT NULL,
         -- Null until the organisation sets one: it has the default kit, as the default is now.
         brand_kit jsonb,
         created_by text NOT NULL,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL,
         terms_version integer,
         terms_text text,
         terms_published_at timestamptz
       )`,
    ],
  },
  async handle(events, { tx, table }) {
    const organizationsTable = table('organizations');
    await applyInOrder(events, async ({ event, orgId, occurredAt }) => {
      switch (event.type) {
        case 'OrganizationCreated':
          await tx.query(
            `INSERT INTO ${organizationsTable} (org_id, organization_name, organization_logo, time_zone, created_by, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6)`,
            [orgId, event.data.name, event.data.logo_url, event.data.time_zone ?? DEFAULT_TIME_ZONE, event.data.created_by, occurredAt],
          );
          break;
        case 'OrganizationUpdated':
          await tx.query(`UPDATE ${organizationsTable} SET organization_name = $2, organization_logo = $3, time_zone = $4, updated_at = $5 WHERE org_id = $1`, [
            orgId,
            event.data.name,
            event.data.logo_url,
            event.data.time_zone ?? DEFAULT_TIME_ZONE,
            occurredAt,
          ]);
          break;
        case 'OrganizationBrandKitSet':
          await tx.query(`UPDATE ${organizationsTable} SET brand_kit = $2, updated_at = $3 WHERE org_id = $1`, [
            orgId,
            JSON.stringify(event.data.brand_kit),
            occurredAt,
          ]);
          break;
        case 'TermsPublished':
          // Versions only count up, so the latest published is the one to show.
          await tx.query(`UPDATE ${organizationsTable} SET terms_version = $2, terms_text = $3, terms_published_at = $4 WHERE org_id = $1`, [
            orgId,
            event.data.version,
            event.data.text,
            occurredAt,
          ]);
          break;
      }
    });
  },
};
