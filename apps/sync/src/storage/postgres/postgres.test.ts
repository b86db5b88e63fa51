/**
 * What the PostgreSQL store promises beyond the contract: migrations applied exactly once when
 * several servers start together, a database from a newer Plexus refused with the reason, and
 * compaction done by one server at a time (another holding the graph's lock makes it skip).
 */
import { afterAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import * as Y from 'yjs'
import { PgStore } from './pg-store.ts'
import { TEST_DATABASE_URL, dropSchemas, testSchema } from '../../test/test-db.ts'

const prefix = testSchema('pg')
afterAll(() => dropSchemas(prefix))
let n = 0
const fresh = () => `${prefix}_${n++}`

describe('PostgreSQL store', () => {
  it('applies each migration once when several servers start at the same moment', async () => {
    const schema = fresh()
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => PgStore.open(TEST_DATABASE_URL, { schema })),
    )
    const rows = await stores[0]!.pool.query<{ version: number }>('SELECT version FROM plexus_migrations')
    expect(rows.rows.map((r) => r.version).sort()).toEqual([1, 2, 3])
    await Promise.all(stores.map((s) => s.close()))
  })

  it('refuses a database migrated by a newer Plexus, saying what to do', async () => {
    const schema = fresh()
    const store = await PgStore.open(TEST_DATABASE_URL, { schema })
    await store.pool.query("INSERT INTO plexus_migrations (version, name) VALUES (999, '999_future.sql')")
    await store.close()
    await expect(PgStore.open(TEST_DATABASE_URL, { schema })).rejects.toThrow(
      /migrated by a newer Plexus \(schema version 999; this build knows up to 3\): update Plexus/,
    )
  })

  it('skips compaction while another server compacts the same graph, and loses nothing', async () => {
    const schema = fresh()
    const store = await PgStore.open(TEST_DATABASE_URL, { schema })
    const doc = new Y.Doc()
    let seq = 0
    const appended: Promise<unknown>[] = []
    doc.on('update', (u: Uint8Array) =>
      appended.push(store.append('g', u).then((s) => (seq = Math.max(seq, s)))),
    )
    doc.getMap('nodes').set('a', 1)
    doc.getMap('nodes').set('b', 2)
    // Both appends stored (it waited 50 ms for them before, which a loaded machine can outlast).
    await Promise.all(appended)
    // Another server holds the graph's compaction lock, inside its own transaction.
    const other = new pg.Client({ connectionString: TEST_DATABASE_URL })
    await other.connect()
    await other.query('BEGIN')
    await other.query("SELECT pg_advisory_xact_lock(hashtext('plexus.compact'), hashtext('g'))")
    await store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: seq })
    expect((await store.load('g'))?.updates).toHaveLength(2)
    await other.query('COMMIT')
    await other.end()
    await store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: seq })
    const stored = (await store.load('g'))!
    expect(stored.updates).toHaveLength(0)
    const replay = new Y.Doc()
    Y.applyUpdate(replay, stored.snapshot!)
    expect(replay.getMap('nodes').toJSON()).toEqual({ a: 1, b: 2 })
    await store.close()
  })

  it('groups appends that arrive while a commit is in flight into one commit, in order', async () => {
    const schema = fresh()
    const store = await PgStore.open(TEST_DATABASE_URL, { schema })
    const doc = new Y.Doc()
    const updates: Uint8Array[] = []
    doc.on('update', (u: Uint8Array) => updates.push(u))
    for (let i = 0; i < 50; i++) doc.getMap('nodes').set(`k${i}`, i)
    const before = await store.pool.query<{ xact_commit: string }>(
      'SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()',
    )
    const seqs = await Promise.all(updates.map((u, i) => store.append(i % 2 ? 'odd' : 'even', u)))
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs)
    const even = (await store.load('even'))!.updates
    expect(even).toEqual(updates.filter((_, i) => i % 2 === 0))
    // 50 appends went in far fewer commits (the first alone, the other 49 together).
    const after = await store.pool.query<{ xact_commit: string }>(
      'SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()',
    )
    expect(Number(after.rows[0]!.xact_commit) - Number(before.rows[0]!.xact_commit)).toBeLessThan(25)
    await store.close()
  })
})
