import type { CampaignView, ConnectionsView, DeliveryView, OutboxMessageView } from '@qr/contracts';
import { ACME_ORG_ID } from '../../testing/fake-api';

/** The admin messaging specs' campaigns, deliveries, connections and outbox, as the API answers them. */
export const CAMPAIGN_ID = '0190a6b2-0000-7000-8000-00000000c0a1';
export const OTHER_CAMPAIGN_ID = '0190a6b2-0000-7000-8000-00000000c0a2';
export const CODE_ID = 'AbCdEf1234';
export const MESSAGE_ID = '0190a6b2-0000-7000-8000-00000000b0a1';

const noDeliveries = { queued: 0, sent: 0, delivered: 0, failed: 0, opted_out: 0 };

export const campaignView = (extra: Partial<CampaignView> = {}): CampaignView => ({
  campaign_id: CAMPAIGN_ID,
  org_id: ACME_ORG_ID,
  channel: 'email',
  name: 'Winter menu',
  code_id: CODE_ID,
  audience: { code_id: CODE_ID },
  subject: 'Hello {{first_name}}',
  message: 'Our winter menu is here, {{first_name}}: {{code_url}}',
  qr: null,
  status: 'draft',
  send_at: null,
  created_at: '2026-11-24T10:00:00.000Z',
  created_by: 'bob@acme.test',
  recipients: 0,
  deliveries: noDeliveries,
  finished_at: null,
  ...extra,
});

export const page = <Item>(items: Item[], total = items.length) => ({ items, page: 1, per_page: 20, total });

export const deliveryView = (extra: Partial<DeliveryView> = {}): DeliveryView => ({
  recipient: 'ada@example.com',
  name: 'Ada Lovelace',
  status: 'delivered',
  reason: null,
  provider_id: 'msg-1',
  updated_at: '2026-11-24T10:05:00.000Z',
  ...extra,
});

export const audiencePreview = { count: 2, without_consent: 1, sample: [{ recipient: 'ada@example.com', name: 'Ada Lovelace' }] };

export const notConnected = (): ConnectionsView => ({
  connections: [
    { provider: 'smtp', connected: false, summary: null, updated_at: null, hint: 'No SMTP server is connected: emails go to the outbox. Connect one below.' },
    { provider: 'twilio', connected: true, summary: 'AC12…cdef from +15005550006', updated_at: '2026-11-24T10:00:00.000Z', hint: '' },
  ],
  push_public_key: 'BPublicKey',
});

export const outboxMessage = (extra: Partial<OutboxMessageView> = {}): OutboxMessageView => ({
  message_id: MESSAGE_ID,
  channel: 'email',
  recipient: 'ada@example.com',
  subject: 'Hello Ada',
  text: 'Our winter menu is here, Ada.',
  html: '<p>Our winter menu is here, <b>Ada</b>.</p><script>parent.alert(1)</script>',
  attachments: [{ filename: 'qr-code.png', content_type: 'image/png', size: 2048 }],
  campaign_id: CAMPAIGN_ID,
  created_at: '2026-11-24T10:01:00.000Z',
  ...extra,
});
