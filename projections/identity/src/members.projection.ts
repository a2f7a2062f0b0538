import type { Projection } from '@qr/eventstore';
import { applyInOrder } from './organization-events';

/** Who belongs to which organisation, with what role, and which terms version they have accepted. */
export const members: Projection = {
  name: 'members',
  version: 1,
  eventTypes: ['MemberAdded', 'MemberRemoved', 'MemberRoleChanged', 'TermsAccepted'],
  tables: {
    members: (table) => [
      `CREATE TABLE ${table} (
         org_id text NOT NULL,
         email text NOT NULL,
         role text NOT NULL,
         added_at timestamptz NOT NULL,
         accepted_terms_version integer,
         PRIMARY KEY (org_id, email)
       )`,
      // "Which organisations is this user in" looks members up by email across organisations.
      `CREATE INDEX ${table}_email ON ${table} (email)`,
    ],
    // The decider remembers an acceptance after the member is removed and will not record it again,
    // so a re-added member must get it back here too or they would be asked for ever.
    terms_acceptances: (table) => [`CREATE TABLE ${table} (org_id text NOT NULL, email text NOT NULL, version integer NOT NULL, PRIMARY KEY (org_id, email))`],
  },
  async handle(events, { tx, table }) {
    const membersTable = table('members');
    const acceptancesTable = table('terms_acceptances');
    await applyInOrder(events, async ({ event, orgId, occurredAt }) => {
      switch (event.type) {
        case 'MemberAdded':
          await tx.query(
            `INSERT INTO ${membersTable} (org_id, email, role, added_at, accepted_terms_version)
             VALUES ($1, $2, $3, $4, (SELECT version FROM ${acceptancesTable} WHERE org_id = $1 AND email = $2))`,
            [orgId, event.data.email, event.data.role, occurredAt],
          );
          break;
        case 'MemberRemoved':
          await tx.query(`DELETE FROM ${membersTable} WHERE org_id = $1 AND email = $2`, [orgId, event.data.email]);
          break;
        case 'MemberRoleChanged':
          await tx.query(`UPDATE ${membersTable} SET role = $3 WHERE org_id = $1 AND email = $2`, [orgId, event.data.email, event.data.to]);
          break;
        case 'TermsAccepted':
          await tx.query(
            `INSERT INTO ${acceptancesTable} (org_id, email, version) VALUES ($1, $2, $3)
             ON CONFLICT (org_id, email) DO UPDATE SET version = excluded.version`,
            [orgId, event.data.email, event.data.version],
          );
          await tx.query(`UPDATE ${membersTable} SET accepted_terms_version = $3 WHERE org_id = $1 AND email = $2`, [
            orgId,
            event.data.email,
            event.data.version,
          ]);
          break;
      }
    });
  },
};
