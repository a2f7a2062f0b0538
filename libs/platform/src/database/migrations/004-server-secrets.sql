-- Secrets the server makes for itself on first start and keeps (never in events or logs): the key
-- behind the daily salt of scan visitor hashes. One row per purpose.
CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  secret     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
