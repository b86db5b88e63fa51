-- Version 2: claims arbitrated in PostgreSQL, so two agents on different servers never hold one node.
-- One row per claimed node: the holder, since when (the claim's time in the document's history),
-- the lease (renewed by the holder's writes) and when it lapses. A resolved node keeps its row with
-- `done` set, so a server whose copy has not yet seen the resolve cannot hand the node out again;
-- reopening the node or releasing the claim deletes the row.
CREATE TABLE claims (
  graph text NOT NULL,
  node text NOT NULL,
  holder text NOT NULL,
  claimed_at bigint NOT NULL,
  lease_ms bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  done boolean NOT NULL DEFAULT false,
  PRIMARY KEY (graph, node)
);
