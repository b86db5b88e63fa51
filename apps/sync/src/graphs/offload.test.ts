/**
 * The offload worker (offload.ts) and compaction in it (compaction.ts, `offThread`), with a real
 * worker thread and a real SQLite store. Waits on the worker's own word that a job started.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { DocRegistry, defaultDocsOptions } from './registry.ts'
import { summarize } from './model-calls.ts'
import { Metrics } from './metrics.ts'
import { Offload } from './offload.ts'
import type { Job } from './offload-jobs.ts'
import { SqliteStore } from '../storage/sqlite-store.ts'

const root = mkdtempSync(join(tmpdir(), 'plexus-offload-'))
const offload = new Offload()
afterAll(async () => {
  await offload.close()
  rmSync(root, { recursive: true, force: true })
})
let n = 0

function started(kind: Job['kind']): Promise<void> {
  return new Promise((resolve) => {
    const off = offload.onStart((job) => {
      if (job.kind !== kind) return
      off()
      resolve()
    })
  })
}

function setup() {
  const store = new SqliteStore(join(root, `db-${n++}.db`))
  const metrics = new Metrics()
  const docs = new DocRegistry(store, metrics, { ...defaultDocsOptions, summarize, offload })
  return { store, metrics, docs }
}

function write(docs: DocRegistry, graph: string, count: number): void {
  const h = docs.open(graph)
  for (let i = 0; i < count; i++) h.doc.getMap('checkpoints').set(`k${i}`, i)
  h.release()
}

describe('the offload worker', () => {
  it('answers a job that fails with its error, and goes on taking jobs', async () => {
    const bad = offload.run({
      kind: 'compact',
      graph: 'g',
      stored: { snapshot: new Uint8Array([9, 9, 9]), updates: [] },
    })
    await expect(bad).rejects.toThrow()
    const good = await offload.run({ kind: 'compact', graph: 'g', stored: { snapshot: null, updates: [] } })
    expect(good.kind).toBe('compact')
  })
})

describe('compaction in the worker', () => {
  it('folds the stored log into a snapshot that holds it all; writes made meanwhile stay in the log', async () => {
    const { store, metrics, docs } = setup()
    write(docs, 'g', 50)
    const begun = started('compact')
    const compacting = Promise.resolve(docs.compact('g'))
    await begun
    // Taken while the worker encodes: stored beyond the snapshot's seq.
    write(docs, 'g', 3)
    await compacting
    expect(metrics.compactions).toBe(1)
    const stored = store.load('g')!
    expect(stored.updates.length).toBe(3)
    const doc = new Y.Doc()
    Y.applyUpdate(doc, stored.snapshot!)
    for (const u of stored.updates) Y.applyUpdate(doc, u)
    expect(doc.getMap('checkpoints').size).toBe(50)
    expect(doc.getMap('checkpoints').get('k49')).toBe(49)
    expect(store.list().find((g) => g.id === 'g')?.summary).toContain('"id":"g"')
    await docs.closeAll()
    store.close()
  })

  it('stores no snapshot of a graph deleted while the worker encoded it (it stays deleted)', async () => {
    const { store, metrics, docs } = setup()
    write(docs, 'g', 50)
    const begun = started('compact')
    const compacting = Promise.resolve(docs.compact('g'))
    await begun
    expect(await docs.remove('g')).toBe(true)
    await compacting
    expect(metrics.compactions).toBe(0)
    expect(store.has('g')).toBe(false)
    expect(store.load('g')).toBeNull()
    await docs.closeAll()
    store.close()
  })
})
