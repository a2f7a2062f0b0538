import { campaignStreamId, type CampaignEvent, type ConsentRecorded, type FormSubmitted } from '@qr/domain';
import type { Projection, RecordedEvent } from '@qr/eventstore';
import { smsAddress } from '@qr/contracts';
import { normalisedEmail, openSealed, type SqlExecutor } from '@qr/platform';

const CAMPAIGN_PREFIX = campaignStreamId('');

/**
 * Campaigns as the admin screens list them (issue 55), from their streams; and the consent ledger:
 * each address's latest consent per channel with the history of how it changed. Consent comes from
 * the ledger's own events (a STOP, an unsubscribe link, staff) and from forms whose consent input
 * the visitor ticked, for the email and phone they gave. The ledger's rows hold addresses, opened
 * from sealed events, so that sends check them by the address they are about to use.
 */
export const messaging: Projection = {
  name: 'messaging',
  version: 1,
  eventTypes: [
    'CampaignDrafted',
    'CampaignUpdated',
    'CampaignScheduled',
    'CampaignCancelled',
    'CampaignSendingStarted',
    'CampaignSent',
    'ConsentRecorded',
    'FormSubmitted',
  ],
  tables: {
    messaging_campaigns: (table) => [
      `CREATE TABLE ${table} (
         campaign_id uuid PRIMARY KEY,
         org_id text NOT NULL,
         channel text NOT NULL,
         content jsonb NOT NULL,
         status text NOT NULL,
         send_at timestamptz,
         recipients integer NOT NULL DEFAULT 0,
         one_time_batch_id uuid,
         created_at timestamptz NOT NULL,
         created_by text NOT NULL,
         finished_at timestamptz
       )`,
      `CREATE INDEX ${table}_org ON ${table} (org_id, created_at DESC)`,
      // The runner's look for due campaigns.
      `CREATE INDEX ${table}_due ON ${table} (send_at) WHERE status = 'scheduled'`,
    ],
    messaging_consents: (table) => [
      `CREATE TABLE ${table} (
         org_id text NOT NULL,
         channel text NOT NULL,
         address text NOT NULL,
         status text NOT NULL,
         source text NOT NULL,
         at timestamptz NOT NULL,
         PRIMARY KEY (org_id, channel, address)
       )`,
    ],
    messaging_consent_history: (table) => [
      `CREATE TABLE ${table} (
         position bigint NOT NULL,
         org_id text NOT NULL,
         channel text NOT NULL,
         address text NOT NULL,
         status text NOT NULL,
         source text NOT NULL,
         note text,
         at timestamptz NOT NULL,
         PRIMARY KEY (position, channel)
       )`,
      `CREATE INDEX ${table}_address ON ${table} (org_id, channel, address, position DESC)`,
    ],
  },
  async handle(events, { tx, table }) {
    const consents = await consentsIn(tx, events);
    for (const recorded of events) {
      if (recorded.type === 'ConsentRecorded' || recorded.type === 'FormSubmitted') {
        for (const consent of consents.get(recorded.id) ?? []) await recordConsent(tx, table, recorded.globalPosition, consent);
        continue;
      }
      await applyCampaign(tx, table('messaging_campaigns'), recorded);
    }
  },
};

async function applyCampaign(tx: SqlExecutor, campaigns: string, recorded: RecordedEvent): Promise<void> {
  const campaignId = recorded.streamId.slice(CAMPAIGN_PREFIX.length);
  // Only the campaign decider writes these types, so the payload has its shape.
  const event = { type: recorded.type, data: recorded.data } as CampaignEvent;
  switch (event.type) {
    case 'CampaignDrafted': {
      const { org_id, channel, content, created_by, at } = event.data;
      await tx.query(
        `INSERT INTO ${campaigns} (campaign_id, org_id, channel, content, status, created_at, created_by) VALUES ($1, $2, $3, $4, 'draft', $5, $6)
         ON CONFLICT (campaign_id) DO NOTHING`,
        [campaignId, org_id, channel, JSON.stringify(content), at, created_by],
      );
      break;
    }
    case 'CampaignUpdated':
      await tx.query(`UPDATE ${campaigns} SET content = $2 WHERE campaign_id = $1`, [campaignId, JSON.stringify(event.data.content)]);
      break;
    case 'CampaignScheduled':
      await tx.query(`UPDATE ${campaigns} SET status = 'scheduled', send_at = $2 WHERE campaign_id = $1`, [campaignId, event.data.send_at]);
      break;
    case 'CampaignCancelled':
      await tx.query(`UPDATE ${campaigns} SET status = 'cancelled' WHERE campaign_id = $1`, [campaignId]);
      break;
    case 'CampaignSendingStarted':
      await tx.query(`UPDATE ${campaigns} SET status = 'sending', recipients = $2, one_time_batch_id = $3 WHERE campaign_id = $1`, [
        campaignId,
        event.data.recipients,
        event.data.one_time_batch_id,
      ]);
      break;
    case 'CampaignSent':
      await tx.query(`UPDATE ${campaigns} SET status = 'sent', finished_at = $2 WHERE campaign_id = $1`, [campaignId, event.data.at]);
      break;
  }
}

interface OpenedConsent {
  org_id: string;
  channel: 'email' | 'sms';
  address: string;
  status: 'given' | 'withdrawn';
  source: string;
  note: string | null;
  at: Date;
}

/**
 * The consents a batch records, opened with one key lookup per organisation: a ledger event's
 * sealed address, or a ticked form's email and phone. A forgotten person's events open to nothing.
 */
async function consentsIn(tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<Map<string, OpenedConsent[]>> {
  const sealed = events.flatMap((recorded) => {
    if (recorded.type === 'ConsentRecorded') {
      const data = recorded.data as ConsentRecorded['data'];
      return [{ recorded, org_id: data.org_id, person: data.person, sealed: data.sealed_address }];
    }
    if (recorded.type === 'FormSubmitted') {
      const data = recorded.data as FormSubmitted['data'];
      return data.marketing_consent ? [{ recorded, org_id: data.org_id, person: data.person, sealed: data.sealed_answers }] : [];
    }
    return [];
  });
  const opened = new Map<string, OpenedConsent[]>();
  for (const orgId of new Set(sealed.map((item) => item.org_id))) {
    const ofOrg = sealed.filter((item) => item.org_id === orgId);
    const contents = await openSealed(tx, orgId, ofOrg);
    ofOrg.forEach(({ recorded }, i) => {
      const content = contents[i];
      if (content === undefined) return;
      opened.set(recorded.id, consentsOf(recorded, orgId, content));
    });
  }
  return opened;
}

function consentsOf(recorded: RecordedEvent, orgId: string, content: unknown): OpenedConsent[] {
  if (recorded.type === 'ConsentRecorded') {
    const { channel, status, source, note } = recorded.data as ConsentRecorded['data'];
    if (channel === 'push' || typeof content !== 'string') return [];
    return [{ org_id: orgId, channel, address: content, status, source, note, at: recorded.occurredAt }];
  }
  const answers = content as Record<string, unknown>;
  const found: OpenedConsent[] = [];
  const base = { org_id: orgId, status: 'given' as const, source: 'form', note: null, at: recorded.occurredAt };
  if (typeof answers['email'] === 'string' && answers['email'].trim() !== '')
    found.push({ ...base, channel: 'email', address: normalisedEmail(answers['email']) });
  const phone = typeof answers['phone'] === 'string' ? smsAddress(answers['phone']) : null;
  if (phone !== null) found.push({ ...base, channel: 'sms', address: phone });
  return found;
}

async function recordConsent(tx: SqlExecutor, table: (name: string) => string, position: number, consent: OpenedConsent): Promise<void> {
  const { org_id, channel, address, status, source, note, at } = consent;
  await tx.query(
    `INSERT INTO ${table('messaging_consent_history')} (position, org_id, channel, address, status, source, note, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT DO NOTHING`,
    [position, org_id, channel, address, status, source, note, at],
  );
  await tx.query(
    `INSERT INTO ${table('messaging_consents')} (org_id, channel, address, status, source, at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (org_id, channel, address) DO UPDATE SET status = EXCLUDED.status, source = EXCLUDED.source, at = EXCLUDED.at`,
    [org_id, channel, address, status, source, at],
  );
}
