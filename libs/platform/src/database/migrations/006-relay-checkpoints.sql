-- How far the Kafka relay has published the log to each topic (DESIGN.md §2). It moves only after
-- the broker acknowledged every event up to it, so a restart republishes at most the batch that was
-- in flight, and never skips one. Same checkpoint shape as projection_checkpoints.
CREATE TABLE relay_checkpoints (
  topic                  text PRIMARY KEY,
  checkpoint_transaction xid8 NOT NULL DEFAULT '0',
  checkpoint_position    bigint NOT NULL DEFAULT 0,
  events_published       bigint NOT NULL DEFAULT 0,
  updated_at             timestamptz NOT NULL DEFAULT now()
);
