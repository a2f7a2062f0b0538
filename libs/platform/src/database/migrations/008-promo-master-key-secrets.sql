-- The secrets of master promo keys (promo locks), one row per version: a rotation adds the next one,
-- and only the version the key's stream says is current unlocks anything. Staff must be able to read
-- a secret again (the counter types it), so it is sealed with AES-256-GCM under a server secret rather
-- than hashed; events name a key and its version, never the secret.
CREATE TABLE promo_master_key_secrets (
  key_id     text NOT NULL,
  org_id     text NOT NULL,
  version    integer NOT NULL,
  sealed     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key_id, version)
);
