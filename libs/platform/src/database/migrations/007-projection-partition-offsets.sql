-- How far each projection worker group has applied each partition of the event topic (DESIGN.md §2, §4).
-- A Postgres sink writes its row in the same transaction as the batch's output, and skips messages
-- below `next_offset`, so a redelivered or rebalanced partition never applies a message twice. Kafka's
-- own committed offsets only tell the consumer where to fetch from; this row is the truth.
CREATE TABLE projection_partition_offsets (
  projection       text NOT NULL,
  generation       integer NOT NULL,
  topic            text NOT NULL,
  partition        integer NOT NULL,
  next_offset      bigint NOT NULL,
  messages_applied bigint NOT NULL DEFAULT 0,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (projection, generation, topic, partition)
);

-- Which feed built a generation: 'log' (the in-process runner, from the event store, checkpointed by
-- position) or 'topic' (projection workers, checkpointed per partition above). A generation is only
-- continued by the feed that built it: the other would start from its own beginning and count twice.
ALTER TABLE projection_checkpoints ADD COLUMN fed_by text NOT NULL DEFAULT 'log';
