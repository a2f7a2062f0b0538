-- The event store (DESIGN.md §3). One row per stream carries its version: appends compare-and-swap
-- on it, so the stream that owns an invariant is also its lock.
CREATE TABLE es_streams (
  stream_id   text PRIMARY KEY,
  stream_type text NOT NULL,
  version     bigint NOT NULL
);

-- transaction_id orders the global log for subscribers: they read only below the oldest running
-- transaction (pg_snapshot_xmin), so an event committed late by a slow transaction is never skipped,
-- which a bare sequence checkpoint would do.
CREATE TABLE es_events (
  global_position bigint GENERATED ALWAYS AS IDENTITY,
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id       text NOT NULL,
  stream_position bigint NOT NULL,
  event_id        uuid NOT NULL,
  type            text NOT NULL,
  schema_version  integer NOT NULL DEFAULT 1,
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL DEFAULT '{}'::jsonb,
  occurred_at     timestamptz NOT NULL,
  recorded_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT es_events_pkey PRIMARY KEY (stream_id, stream_position),
  CONSTRAINT es_events_event_id_key UNIQUE (event_id)
);

CREATE INDEX es_events_log_order ON es_events (transaction_id, global_position);

-- One row per projection: which generation of its tables is live and how far it has read.
CREATE TABLE projection_checkpoints (
  name                   text NOT NULL,
  generation             integer NOT NULL,
  code_version           integer NOT NULL,
  status                 text NOT NULL,
  checkpoint_transaction xid8 NOT NULL DEFAULT '0',
  checkpoint_position    bigint NOT NULL DEFAULT 0,
  events_processed       bigint NOT NULL DEFAULT 0,
  updated_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (name, generation)
);
