-- Plexus storage on PostgreSQL, version 1: per graph an optional snapshot plus an append-only log
-- of Yjs updates (the same shape as the embedded SQLite store). `seq` is one sequence for all
-- graphs: it orders each graph's log, and compaction trims the log up to a sequence number.
CREATE TABLE graphs (
  id text PRIMARY KEY,
  snapshot bytea,
  snapshot_seq bigint NOT NULL DEFAULT 0,
  updated_at bigint NOT NULL,
  summary text
);

CREATE TABLE updates (
  seq bigserial PRIMARY KEY,
  graph text NOT NULL,
  data bytea NOT NULL,
  created_at bigint NOT NULL
);

CREATE INDEX updates_by_graph ON updates (graph, seq);
