-- The credential store of API keys (DESIGN.md §6). Only a SHA-256 hash of each secret is kept, and
-- here only: events name a key by key_id and prefix, never by its secret or its hash. A key is a
-- long random secret, not a password, so a fast hash is enough and lets every request check one.
-- org_id tells a request which organisation the key acts in before the organisation's stream is read.
CREATE TABLE api_key_secrets (
  key_id      text PRIMARY KEY,
  org_id      text NOT NULL,
  secret_hash text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
