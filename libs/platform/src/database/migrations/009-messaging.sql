-- The messaging context's own tables (docs/decisions/031). Provider credentials are sealed with
-- AES-256-GCM under a server secret, never in an event or a log; the rest is the delivery queue and
-- what the channels need to run it: the outbox, push subscriptions, SMS keywords and rules, numbers
-- and verification codes.
CREATE TABLE messaging_connections (
  org_id     text NOT NULL,
  provider   text NOT NULL,
  sealed     text NOT NULL,
  summary    text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, provider)
);
-- One row per message to send: a campaign's recipient (unique per campaign, so a restarted runner
-- queues nobody twice), a single send or a test. `held` rows wait for their campaign's start to be
-- appended; a runner claims `queued` rows by lease (`sending`), writes `sent` once the provider
-- answers, and claims again a lease that ran out (docs/decisions/031).
CREATE TABLE messaging_deliveries (
  delivery_id  uuid PRIMARY KEY,
  org_id       text NOT NULL,
  campaign_id  uuid,
  channel      text NOT NULL,
  recipient_key text NOT NULL,
  recipient    text NOT NULL,
  ordinal      integer NOT NULL DEFAULT 0,
  name         text,
  fields       jsonb NOT NULL,
  status       text NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  lease_until  timestamptz,
  not_before   timestamptz NOT NULL DEFAULT now(),
  runner       text,
  reason       text,
  provider_id  text,
  is_test      boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX messaging_deliveries_recipient ON messaging_deliveries (campaign_id, recipient_key) WHERE campaign_id IS NOT NULL;
CREATE INDEX messaging_deliveries_due ON messaging_deliveries (not_before) WHERE status = 'queued';
CREATE INDEX messaging_deliveries_leased ON messaging_deliveries (lease_until) WHERE status = 'sending';
CREATE INDEX messaging_deliveries_campaign ON messaging_deliveries (campaign_id, status);
CREATE INDEX messaging_deliveries_provider ON messaging_deliveries (provider_id) WHERE provider_id IS NOT NULL;
-- What would have been sent had a provider been connected, for the admin to read.
CREATE TABLE messaging_outbox (
  message_id  uuid PRIMARY KEY,
  org_id      text NOT NULL,
  channel     text NOT NULL,
  recipient   text NOT NULL,
  subject     text,
  text        text NOT NULL,
  html        text,
  attachments jsonb NOT NULL,
  campaign_id uuid,
  delivery_id uuid,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messaging_outbox_org ON messaging_outbox (org_id, created_at DESC);
CREATE TABLE messaging_push_subscriptions (
  endpoint   text PRIMARY KEY,
  org_id     text NOT NULL,
  code_id    text NOT NULL,
  p256dh     text NOT NULL,
  auth       text NOT NULL,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messaging_push_subscriptions_org ON messaging_push_subscriptions (org_id, code_id);
CREATE TABLE messaging_campaign_keys (
  org_id     text NOT NULL,
  keyword    text NOT NULL,
  action     text NOT NULL,
  reply      text NOT NULL,
  code_id    text,
  uses       integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, keyword)
);
CREATE TABLE messaging_auto_sms (
  rule_id    uuid PRIMARY KEY,
  org_id     text NOT NULL,
  trigger    text NOT NULL,
  code_id    text,
  message    text NOT NULL,
  enabled    boolean NOT NULL,
  sent       integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messaging_auto_sms_org ON messaging_auto_sms (org_id, trigger);
CREATE TABLE messaging_numbers (
  org_id       text NOT NULL,
  phone_number text NOT NULL,
  provider_sid text NOT NULL,
  purchased_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, phone_number)
);
-- A phone number's pending verification: the code's keyed hash, never the code.
CREATE TABLE messaging_verifications (
  org_id     text NOT NULL,
  phone      text NOT NULL,
  code_hash  text NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  approved   boolean NOT NULL DEFAULT false,
  PRIMARY KEY (org_id, phone)
);
