import type { Projection } from '@qr/eventstore';
import { applyInOrder } from './organization-events';

/**
 * An organisation's API keys as its settings screen lists them. Revoked keys stay, with revoked_at,
 * so the list shows what was revoked and when. The secret's hash lives in the API's credential store.
 */
export const apiKeys: Projection = {
  name: 'api_keys',
  version: 1,
  eventTypes: ['ApiKeyIssued', 'ApiKeyRevoked'],
  tables: {
    api_keys: (table) => [
      `CREATE TABLE ${table} (
         org_id text NOT NULL,
         key_id text PRIMARY KEY,
         label text NOT NULL,
         role text NOT NULL,
         prefix text NOT NULL,
         created_at timestamptz NOT NULL,
         created_by text NOT NULL,
         revoked_at timestamptz
       )`,
      `CREATE INDEX ${table}_org_id ON ${table} (org_id)`,
    ],
  },
  async handle(events, { tx, table }) {
    const apiKeysTable = table('api_keys');
    await applyInOrder(events, async ({ event, orgId, occurredAt }) => {
      switch (event.type) {
        case 'ApiKeyIssued':
          await tx.query(
            `INSERT INTO ${apiKeysTable} (org_id, key_id, label, role, prefix, created_at, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [orgId, event.data.key_id, event.data.label, event.data.role, event.data.prefix, occurredAt, event.data.issued_by],
          );
          break;
        case 'ApiKeyRevoked':
          // Scoped by organisation too, so an event can only ever touch its own organisation's keys.
          await tx.query(`UPDATE ${apiKeysTable} SET revoked_at = $3 WHERE org_id = $1 AND key_id = $2`, [orgId, event.data.key_id, occurredAt]);
          break;
      }
    });
  },
};
