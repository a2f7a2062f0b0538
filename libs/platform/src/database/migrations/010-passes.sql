-- The passes context's own tables (docs/decisions/032). Issuer secrets (the Apple pass type
-- certificate's key, the Google service account) are sealed with AES-256-GCM under a server
-- secret, never in an event or a log; `summary`, `expires_at` and `problems` are what the health
-- check found, for the screens.
CREATE TABLE wallet_issuers (
  org_id     text NOT NULL,
  provider   text NOT NULL,
  sealed     text NOT NULL,
  summary    text NOT NULL,
  pass_type_identifier text,
  expires_at timestamptz,
  problems   jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, provider)
);
-- The pass type identifier names one organisation's issuer: the PassKit web service finds the pass's organisation by it.
CREATE UNIQUE INDEX wallet_issuers_pass_type ON wallet_issuers (pass_type_identifier) WHERE pass_type_identifier IS NOT NULL;
-- Apple devices that asked to keep a pass up to date (PassKit web service "register a device").
CREATE TABLE wallet_apple_registrations (
  device_library_id    text NOT NULL,
  pass_type_identifier text NOT NULL,
  serial_number        uuid NOT NULL,
  push_token           text NOT NULL,
  org_id               text NOT NULL,
  registered_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_library_id, pass_type_identifier, serial_number)
);
CREATE INDEX wallet_apple_registrations_serial ON wallet_apple_registrations (serial_number);
-- One row per pass with an update to push: changes coalesce while one waits. A sender claims rows
-- by lease (SKIP LOCKED), deletes a row once both wallets have it, and claims again a lease that ran out.
CREATE TABLE wallet_pushes (
  pass_id     uuid PRIMARY KEY,
  org_id      text NOT NULL,
  -- The global position of the latest change: the read model must have reached it before the push.
  position    bigint NOT NULL,
  changed_at  timestamptz NOT NULL DEFAULT now(),
  attempts    integer NOT NULL DEFAULT 0,
  not_before  timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  last_error  text
);
CREATE INDEX wallet_pushes_due ON wallet_pushes (not_before);
-- What Google Wallet holds of each pass: the class and object were inserted once; the notifying
-- updates of the last 24 hours stay within Google's limit of three.
CREATE TABLE wallet_google_objects (
  pass_id     uuid PRIMARY KEY,
  org_id      text NOT NULL,
  class_id    text NOT NULL,
  object_id   text NOT NULL,
  notified_at timestamptz[] NOT NULL DEFAULT '{}',
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- How far the pass updater has followed the log.
CREATE TABLE wallet_reactions (
  name            text PRIMARY KEY,
  transaction_id  xid8 NOT NULL,
  global_position bigint NOT NULL
);
