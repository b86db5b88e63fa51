/**
 * The embedded store: one SQLite file (better-sqlite3) in WAL mode.
 *
 * Durability: `synchronous = NORMAL` in WAL mode makes every committed transaction a write() into
 * the WAL file before `append` returns; it skips the fsync per commit. Killing the process (even
 * SIGKILL) cannot lose such a write, because the operating system already holds it; only a power
 * loss or kernel crash can drop the last commits before a checkpoint. Set `PLEXUS_SYNC_FULL=1`
 * (option `synchronous: 'FULL'`) to fsync every append and survive power loss too, at a cost in
 * throughput.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import type { Compaction, GraphRecord, StorageAdapter, StoredGraph } from './adapter.ts'

export interface SqliteStoreOptions {
  synchronous?: 'NORMAL' | 'FULL'
  now?: () => number
}

interface GraphRow {
  snapshot: Buffer | null
  snapshot_seq: number
}

interface ListRow {
  id: string
  updated_at: number | null
  last_update: number | null
  bytes: number | null
  pending: number | null
  summary: string | null
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS graphs (
  id TEXT PRIMARY KEY,
  snapshot BLOB,
  snapshot_seq INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL,
  summary TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS updates (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  graph TEXT NOT NULL,
  data BLOB NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS updates_by_graph ON updates (graph, seq);
`

export class SqliteStore implements StorageAdapter {
  readonly path: string
  private readonly db: Database.Database
  private readonly now: () => number
  private readonly stmt: Statements

  constructor(path: string, options: SqliteStoreOptions = {}) {
    this.path = path
    this.now = options.now ?? Date.now
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
    this.db = new Database(path)
    this.db.pragma('journal_mode = WAL')
    this.db.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`)
    this.db.pragma('busy_timeout = 5000')
    this.db.exec(SCHEMA)
    this.db.pragma('user_version = 1')
    this.stmt = prepare(this.db)
  }

  /** Throws unless a write reaches the file (a read-only or full disk fails here, not on first edit). */
  checkWritable(): void {
    this.db.exec('CREATE TABLE IF NOT EXISTS probe (x INTEGER) STRICT; DROP TABLE probe;')
  }

  append(graph: string, update: Uint8Array): number {
    return Number(this.stmt.append.run(graph, update, this.now()).lastInsertRowid)
  }

  appendMany(graph: string, updates: readonly Uint8Array[]): number {
    if (updates.length === 1) return this.append(graph, updates[0]!)
    return this.db.transaction(() => {
      const now = this.now()
      let seq = 0
      for (const update of updates) seq = Number(this.stmt.append.run(graph, update, now).lastInsertRowid)
      return seq
    })()
  }

  load(graph: string): StoredGraph | null {
    return this.db.transaction((): StoredGraph | null => {
      const row = this.stmt.graph.get(graph)
      const rows = this.stmt.updates.all(graph)
      if (!row && rows.length === 0) return null
      const snapshot = row?.snapshot ? view(row.snapshot) : null
      const updates = rows.map((r) => view(r.data))
      const lastSeq = rows.at(-1)?.seq ?? row?.snapshot_seq ?? 0
      const bytes = updates.reduce((sum, u) => sum + u.length, snapshot?.length ?? 0)
      return { snapshot, updates, lastSeq, bytes }
    })()
  }

  compact(graph: string, { snapshot, throughSeq, summary }: Compaction): void {
    this.db.transaction(() => {
      const last = this.stmt.lastChange.get(graph, throughSeq)?.last
      const changed = last ?? (this.stmt.graph.get(graph) ? 0 : this.now())
      this.stmt.upsert.run(graph, snapshot, throughSeq, changed, summary ?? null)
      this.stmt.trim.run(graph, throughSeq)
    })()
  }

  has(graph: string): boolean {
    return this.stmt.has.get(graph, graph) !== undefined
  }

  list(): GraphRecord[] {
    return this.stmt.list.all().map((r) => ({
      id: r.id,
      updatedAt: Math.max(r.updated_at ?? 0, r.last_update ?? 0),
      bytes: r.bytes ?? 0,
      pendingUpdates: r.pending ?? 0,
      summary: r.summary,
    }))
  }

  remove(graph: string): boolean {
    return this.db.transaction(() => {
      const a = this.stmt.removeGraph.run(graph).changes
      const b = this.stmt.removeUpdates.run(graph).changes
      return a + b > 0
    })()
  }

  close(): void {
    if (this.db.open) this.db.close()
  }
}

/**
 * A blob as a plain Uint8Array over the Buffer SQLite gave, not a copy of it: a big graph's snapshot
 * (60 MB at 100,000 nodes, bench/open.bench.ts) was held twice while it loaded.
 */
const view = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength)

type Statements = ReturnType<typeof prepare>

function prepare(db: Database.Database) {
  return {
    append: db.prepare<[string, Uint8Array, number]>(
      'INSERT INTO updates (graph, data, created_at) VALUES (?, ?, ?)',
    ),
    graph: db.prepare<[string], GraphRow>('SELECT snapshot, snapshot_seq FROM graphs WHERE id = ?'),
    updates: db.prepare<[string], { seq: number; data: Buffer }>(
      'SELECT seq, data FROM updates WHERE graph = ? ORDER BY seq',
    ),
    lastChange: db.prepare<[string, number], { last: number | null }>(
      'SELECT MAX(created_at) AS last FROM updates WHERE graph = ? AND seq <= ?',
    ),
    upsert: db.prepare<[string, Uint8Array, number, number, string | null]>(
      `INSERT INTO graphs (id, snapshot, snapshot_seq, updated_at, summary) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET snapshot = excluded.snapshot, snapshot_seq = excluded.snapshot_seq,
         updated_at = MAX(graphs.updated_at, excluded.updated_at), summary = COALESCE(excluded.summary, graphs.summary)`,
    ),
    trim: db.prepare<[string, number]>('DELETE FROM updates WHERE graph = ? AND seq <= ?'),
    has: db.prepare<[string, string], { one: number }>(
      'SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM graphs WHERE id = ?) OR EXISTS (SELECT 1 FROM updates WHERE graph = ?)',
    ),
    removeGraph: db.prepare<[string]>('DELETE FROM graphs WHERE id = ?'),
    removeUpdates: db.prepare<[string]>('DELETE FROM updates WHERE graph = ?'),
    list: db.prepare<[], ListRow>(
      `WITH u AS (SELECT graph, MAX(created_at) AS last, COUNT(*) AS n, SUM(LENGTH(data)) AS bytes
                  FROM updates GROUP BY graph)
       SELECT ids.id AS id, g.updated_at AS updated_at, u.last AS last_update,
              COALESCE(LENGTH(g.snapshot), 0) + COALESCE(u.bytes, 0) AS bytes, u.n AS pending,
              g.summary AS summary
       FROM (SELECT id FROM graphs UNION SELECT graph FROM u) ids
       LEFT JOIN graphs g ON g.id = ids.id LEFT JOIN u ON u.graph = ids.id
       ORDER BY ids.id`,
    ),
  }
}
