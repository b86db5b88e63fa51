/**
 * The store for several servers: PostgreSQL through `pg`, the schema created and migrated by Plexus
 * (migrate.ts). Every server may append to any graph; `seq` (one bigserial) orders each graph's log.
 *
 * Durability: an append settles once PostgreSQL has committed it (synchronous_commit, the default,
 * flushes the WAL), so an update the relay passes on survives the loss of the server that took it.
 *
 * Group commit: appends that arrive while a commit is in flight wait and go together in the next
 * one (one INSERT, one transaction), in arrival order, so per-graph order holds and a burst costs
 * one round trip instead of one per update.
 *
 * Deletion: a deleted graph stays deleted (migration 003). Each deletion raises the graph's
 * generation; this server remembers the generation it loaded each graph at, and an append to a graph
 * deleted since is refused with a GraphGoneError (the registry closes its peers with 4410), never
 * written back. Appends (shared) and deletions (exclusive) of one graph take turns on an advisory
 * lock, so none slips between a deletion's check and its commit.
 *
 * Compaction: exactly one server at a time per graph (a transaction-scoped advisory lock; the
 * others skip, the log just waits for the next turn), and the snapshot written is the caller's
 * merged with the stored snapshot and the logged updates it replaces, so updates appended by a
 * server whose changes the compacting one has not applied yet are kept.
 */
import pg from 'pg'
import * as Y from 'yjs'
import type { Compaction, GraphRecord, StorageAdapter, StoredGraph } from '../adapter.ts'
import { migrate } from './migrate.ts'

export interface PgStoreOptions {
  /** Schema to keep the tables in (created when missing); default `public`. */
  schema?: string
  /** Connections in the pool (default 10). */
  max?: number
  /** How long to wait for a connection before a write is refused (default 5 s). */
  connectTimeoutMs?: number
  now?: () => number
}

interface Waiting {
  graph: string
  updates: readonly Uint8Array[]
  resolve(seq: number): void
  reject(error: unknown): void
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/

/** An append to a graph deleted since this server loaded it: its copy is stale, not to be stored. */
export class GraphGoneError extends Error {
  constructor(readonly graph: string) {
    super(`graph ${graph} was deleted`)
    this.name = 'GraphGoneError'
  }
}

/** The advisory lock key of one graph's appends and deletion (namespaced from compaction's). */
const GONE_LOCK = `SELECT pg_advisory_xact_lock_shared(hashtext('plexus.graph:' || g)) FROM unnest($1::text[]) g`

export class PgStore implements StorageAdapter {
  readonly pool: pg.Pool
  /** The schema holding the tables. */
  readonly schema: string
  private readonly now: () => number
  private queue: Waiting[] = []
  private committing = false
  private closed = false
  /** The generation (deletions so far) each graph was loaded at: appends go only to that one. */
  private readonly generations = new Map<string, number>()

  private constructor(pool: pg.Pool, schema: string, now: () => number) {
    this.pool = pool
    this.schema = schema
    this.now = now
  }

  /** Connects, creates the schema if asked for one, and applies migrations. */
  static async open(url: string, options: PgStoreOptions = {}): Promise<PgStore> {
    const schema = options.schema ?? 'public'
    if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name ${JSON.stringify(schema)}`)
    const pool = new pg.Pool({
      connectionString: url,
      max: options.max ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      options: `-c search_path=${schema}`,
    })
    // An idle connection dropped by the server (restart, network) must not crash the process; the
    // next query gets a fresh one or fails with the reason.
    pool.on('error', () => {})
    try {
      const result = await migrate(pool, schema)
      if (!result.ok) throw new Error(result.message)
    } catch (error) {
      await pool.end().catch(() => {})
      throw error
    }
    return new PgStore(pool, schema, options.now ?? Date.now)
  }

  /** Throws unless PostgreSQL answers (the server refuses to start otherwise). */
  async checkWritable(): Promise<void> {
    await this.pool.query('SELECT 1')
  }

  append(graph: string, update: Uint8Array): Promise<number> {
    return this.appendMany(graph, [update])
  }

  appendMany(graph: string, updates: readonly Uint8Array[]): Promise<number> {
    if (this.closed) return Promise.reject(new Error('store is closed'))
    return new Promise((resolve, reject) => {
      this.queue.push({ graph, updates, resolve, reject })
      if (!this.committing) void this.commitQueued()
    })
  }

  private async commitQueued(): Promise<void> {
    this.committing = true
    while (this.queue.length > 0) {
      const batch = this.queue
      this.queue = []
      const graphs: string[] = []
      const datas: Buffer[] = []
      for (const w of batch) {
        for (const u of w.updates) {
          graphs.push(w.graph)
          datas.push(Buffer.from(u.buffer, u.byteOffset, u.byteLength))
        }
      }
      const client = await this.pool.connect().catch((error: unknown) => {
        for (const w of batch) w.reject(error)
        return null
      })
      if (!client) continue
      // A connection cut while it is checked out reports here, and the failed query rejects.
      const onError = () => {}
      client.on('error', onError)
      let broken = false
      try {
        await client.query('BEGIN')
        // Deletions of these graphs wait for this commit, and this one for theirs.
        const names = [...new Set(graphs)]
        await client.query({ name: 'plexus.append-lock', text: GONE_LOCK, values: [names] })
        const deleted = await client.query<{ id: string; generation: string }>({
          name: 'plexus.append-gone',
          text: 'SELECT id, generation FROM deleted_graphs WHERE id = ANY($1::text[])',
          values: [names],
        })
        const gone = new Set<string>()
        for (const row of deleted.rows)
          if (Number(row.generation) !== (this.generations.get(row.id) ?? 0)) gone.add(row.id)
        const keep = gone.size === 0 ? batch : batch.filter((w) => !gone.has(w.graph))
        for (const w of batch) if (gone.has(w.graph)) w.reject(new GraphGoneError(w.graph))
        const rows = gone.size === 0 ? { graphs, datas } : flatten(keep)
        // nextval runs per row in ordinality order, so seqs follow arrival order.
        // A named statement: each connection parses and plans it once, not on every commit.
        const result = await client.query<{ seq: string }>({
          name: 'plexus.append',
          text: `INSERT INTO updates (graph, data, created_at)
           SELECT g, d, $3 FROM unnest($1::text[], $2::bytea[]) WITH ORDINALITY AS t(g, d, n) ORDER BY n
           RETURNING seq`,
          values: [rows.graphs, rows.datas, this.now()],
        })
        await client.query('COMMIT')
        const seqs = result.rows.map((r) => Number(r.seq)).sort((a, b) => a - b)
        let at = 0
        for (const w of keep) {
          at += w.updates.length
          w.resolve(seqs[at - 1] ?? 0)
        }
      } catch (error) {
        broken = true
        await client.query('ROLLBACK').catch(() => {})
        for (const w of batch) w.reject(error)
      } finally {
        client.off('error', onError)
        // A client whose commit failed may be cut off: not back into the pool.
        client.release(broken)
      }
    }
    this.committing = false
  }

  async load(graph: string): Promise<StoredGraph | null> {
    const client = await this.pool.connect()
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
      const head = await client.query<{ snapshot: Buffer | null; snapshot_seq: string }>(
        'SELECT snapshot, snapshot_seq FROM graphs WHERE id = $1',
        [graph],
      )
      const log = await client.query<{ seq: string; data: Buffer }>(
        'SELECT seq, data FROM updates WHERE graph = $1 ORDER BY seq',
        [graph],
      )
      const gone = await client.query<{ generation: string }>(
        'SELECT generation FROM deleted_graphs WHERE id = $1',
        [graph],
      )
      await client.query('COMMIT')
      // Appends from this copy go to this generation of the graph (a deletion since refuses them).
      this.generations.set(graph, Number(gone.rows[0]?.generation ?? 0))
      const row = head.rows[0]
      if (!row && log.rows.length === 0) return null
      const snapshot = row?.snapshot ? new Uint8Array(row.snapshot) : null
      const updates = log.rows.map((r) => new Uint8Array(r.data))
      const lastSeq = Number(log.rows.at(-1)?.seq ?? row?.snapshot_seq ?? 0)
      const bytes = updates.reduce((sum, u) => sum + u.length, snapshot?.length ?? 0)
      return { snapshot, updates, lastSeq, bytes }
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    } finally {
      client.release()
    }
  }

  /** Updates of a graph with seq above `afterSeq`, oldest first: how a server fills a gap in fan-out. */
  async since(graph: string, afterSeq: number): Promise<{ seq: number; data: Uint8Array }[]> {
    const log = await this.pool.query<{ seq: string; data: Buffer }>(
      'SELECT seq, data FROM updates WHERE graph = $1 AND seq > $2 ORDER BY seq',
      [graph, afterSeq],
    )
    return log.rows.map((r) => ({ seq: Number(r.seq), data: new Uint8Array(r.data) }))
  }

  async compact(graph: string, { snapshot, throughSeq, summary }: Compaction): Promise<void> {
    await this.transaction(async (client) => {
      const lock = await client.query<{ ok: boolean }>(
        "SELECT pg_try_advisory_xact_lock(hashtext('plexus.compact'), hashtext($1)) AS ok",
        [graph],
      )
      // Another server is compacting this graph now; the log waits for the next turn.
      if (!lock.rows[0]?.ok) return
      // A copy from before a deletion writes no snapshot back (the graph stays deleted).
      await client.query(`SELECT pg_advisory_xact_lock_shared(hashtext('plexus.graph:' || $1::text))`, [
        graph,
      ])
      const gone = await client.query<{ generation: string }>(
        'SELECT generation FROM deleted_graphs WHERE id = $1',
        [graph],
      )
      if (gone.rows[0] && Number(gone.rows[0].generation) !== (this.generations.get(graph) ?? 0)) return
      const head = await client.query<{ snapshot: Buffer | null; snapshot_seq: string; updated_at: string }>(
        'SELECT snapshot, snapshot_seq, updated_at FROM graphs WHERE id = $1',
        [graph],
      )
      const log = await client.query<{ data: Buffer; created_at: string }>(
        'SELECT data, created_at FROM updates WHERE graph = $1 AND seq <= $2 ORDER BY seq',
        [graph, throughSeq],
      )
      const row = head.rows[0]
      const merged = mergeState(
        row?.snapshot ?? null,
        snapshot,
        log.rows.map((r) => r.data),
      )
      const lastChange = log.rows.reduce((max, r) => Math.max(max, Number(r.created_at)), 0)
      const changed = Math.max(Number(row?.updated_at ?? 0), lastChange || (row ? 0 : this.now()))
      const seq = Math.max(throughSeq, Number(row?.snapshot_seq ?? 0))
      await client.query(
        `INSERT INTO graphs (id, snapshot, snapshot_seq, updated_at, summary) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET snapshot = excluded.snapshot, snapshot_seq = excluded.snapshot_seq,
           updated_at = excluded.updated_at, summary = COALESCE(excluded.summary, graphs.summary)`,
        [graph, Buffer.from(merged), seq, changed, summary ?? null],
      )
      await client.query('DELETE FROM updates WHERE graph = $1 AND seq <= $2', [graph, throughSeq])
    })
  }

  async has(graph: string): Promise<boolean> {
    const r = await this.pool.query(
      'SELECT 1 WHERE EXISTS (SELECT 1 FROM graphs WHERE id = $1) OR EXISTS (SELECT 1 FROM updates WHERE graph = $1)',
      [graph],
    )
    return r.rows.length > 0
  }

  async list(): Promise<GraphRecord[]> {
    const r = await this.pool.query<{
      id: string
      updated_at: string | null
      last_update: string | null
      bytes: string | null
      pending: string | null
      summary: string | null
    }>(
      `WITH u AS (SELECT graph, MAX(created_at) AS last, COUNT(*) AS n, SUM(octet_length(data)) AS bytes
                  FROM updates GROUP BY graph)
       SELECT ids.id AS id, g.updated_at AS updated_at, u.last AS last_update,
              COALESCE(octet_length(g.snapshot), 0) + COALESCE(u.bytes, 0) AS bytes, u.n AS pending,
              g.summary AS summary
       FROM (SELECT id FROM graphs UNION SELECT graph FROM u) ids
       LEFT JOIN graphs g ON g.id = ids.id LEFT JOIN u ON u.graph = ids.id
       ORDER BY ids.id COLLATE "C"`,
    )
    return r.rows.map((row) => ({
      id: row.id,
      updatedAt: Math.max(Number(row.updated_at ?? 0), Number(row.last_update ?? 0)),
      bytes: Number(row.bytes ?? 0),
      pendingUpdates: Number(row.pending ?? 0),
      summary: row.summary,
    }))
  }

  async remove(graph: string): Promise<boolean> {
    return this.transaction(async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('plexus.graph:' || $1::text))`, [graph])
      await client.query(
        `INSERT INTO deleted_graphs (id, generation) VALUES ($1, 1)
         ON CONFLICT (id) DO UPDATE SET generation = deleted_graphs.generation + 1`,
        [graph],
      )
      const a = await client.query('DELETE FROM graphs WHERE id = $1', [graph])
      const b = await client.query('DELETE FROM updates WHERE graph = $1', [graph])
      await client.query('DELETE FROM claims WHERE graph = $1', [graph])
      return (a.rowCount ?? 0) + (b.rowCount ?? 0) > 0
    })
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.pool.end()
  }

  private async transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect()
    try {
      await client.query('BEGIN')
      const out = await fn(client)
      await client.query('COMMIT')
      return out
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    } finally {
      client.release()
    }
  }
}

/** One state holding the stored snapshot, the caller's snapshot and the logged updates. */
function mergeState(stored: Buffer | null, given: Uint8Array, log: Buffer[]): Uint8Array {
  if (!stored && log.length === 0) return given
  const doc = new Y.Doc()
  doc.transact(() => {
    if (stored) Y.applyUpdate(doc, stored)
    Y.applyUpdate(doc, given)
    for (const u of log) Y.applyUpdate(doc, u)
  })
  const merged = Y.encodeStateAsUpdate(doc)
  doc.destroy()
  return merged
}

/** The rows of an append, in arrival order. */
function flatten(batch: readonly Waiting[]): { graphs: string[]; datas: Buffer[] } {
  const graphs: string[] = []
  const datas: Buffer[] = []
  for (const w of batch) {
    for (const u of w.updates) {
      graphs.push(w.graph)
      datas.push(Buffer.from(u.buffer, u.byteOffset, u.byteLength))
    }
  }
  return { graphs, datas }
}
