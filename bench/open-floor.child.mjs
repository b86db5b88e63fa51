// The floor for bench/open.bench.ts: a bare Node process (no tsx, no server code) reads a graph's
// stored state from the SQLite file and decodes it with Y.applyUpdate, as the server's load must at
// least. Prints one JSON line: the read and decode times, and the memory after them.
// Usage: node open-floor.child.mjs <plexus.db> <graph>
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'
import * as Y from 'yjs'

const [dbPath, graph] = process.argv.slice(2)
// better-sqlite3 is the server's dependency, not the bench's: resolved from apps/sync.
const require = createRequire(new URL('../apps/sync/package.json', import.meta.url))
const Database = require('better-sqlite3')
const t0 = performance.now()
const db = new Database(dbPath, { readonly: true })
const row = db.prepare('SELECT snapshot FROM graphs WHERE id = ?').get(graph)
const updates = db.prepare('SELECT data FROM updates WHERE graph = ? ORDER BY seq').all(graph)
const t1 = performance.now()
const doc = new Y.Doc()
doc.transact(() => {
  if (row?.snapshot) Y.applyUpdate(doc, row.snapshot)
  for (const u of updates) Y.applyUpdate(doc, u.data)
})
const t2 = performance.now()
const m = process.memoryUsage()
const bytes = (row?.snapshot?.length ?? 0) + updates.reduce((s, u) => s + u.data.length, 0)
console.log(
  JSON.stringify({
    startMs: t0,
    readMs: t1 - t0,
    applyMs: t2 - t1,
    bytes,
    nodes: doc.getMap('nodes').size,
    rss: m.rss,
    heap: m.heapUsed,
  }),
)
db.close()
