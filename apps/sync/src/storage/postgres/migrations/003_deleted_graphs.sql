-- Version 3: deleted graphs stay deleted. Each deletion of a graph raises its generation; a server
-- remembers the generation it loaded a graph at and may append to it only while that is still the
-- graph's generation, so a server holding a copy from before the deletion (its news lost) cannot
-- write the graph back. Appends and deletions of one graph take turns on an advisory lock.
CREATE TABLE deleted_graphs (
  id text PRIMARY KEY,
  generation bigint NOT NULL
);
