-- Local accounts of the embedded OpenID Connect provider (DESIGN.md §6). Secrets live here and in
-- the two oidc_ tables only, never in es_events or in logs. The email is kept lower-case so one
-- address is one account however it is typed. The subject is what tokens carry as `sub`: random
-- and never reused, so a token can not name a later account that takes over the same email.
CREATE TABLE accounts (
  email           text PRIMARY KEY CHECK (email = lower(email)),
  subject         uuid NOT NULL UNIQUE,
  password_hash   text NOT NULL,
  display_name    text NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- What oidc-provider stores: sessions, interactions, grants, codes, refresh tokens. One row per
-- model instance, keyed by model kind and id; the other columns are the lookups the provider makes.
CREATE TABLE oidc_payloads (
  kind        text NOT NULL,
  id          text NOT NULL,
  payload     jsonb NOT NULL,
  grant_id    text,
  user_code   text,
  uid         text,
  expires_at  timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (kind, id)
);

CREATE INDEX oidc_payloads_grant_id ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_payloads_user_code ON oidc_payloads (user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_payloads_uid ON oidc_payloads (uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_payloads_expires_at ON oidc_payloads (expires_at) WHERE expires_at IS NOT NULL;

-- The token signing key set and the cookie signing keys, made on the first start and kept, so
-- tokens and sign-in sessions survive a restart. One row per kind of key material.
CREATE TABLE oidc_keys (
  name       text PRIMARY KEY,
  material   jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
