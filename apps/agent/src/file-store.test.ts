import { mkdtempSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runStoreContract } from '@plexus/store-contract/contract'
import { afterAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { FileStore } from './file-store.ts'

const root = mkdtempSync(join(tmpdir(), 'plexus-file-store-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let n = 0

runStoreContract('agent file cache', {
  create: () => new FileStore(join(root, `contract-${n++}`)),
  reopen: (store) => {
    store.close()
    return new FileStore((store as FileStore).dir)
  },
  // Agent processes started with the same cache directory share it.
  second: (store) => new FileStore((store as FileStore).dir),
  batches: 'merged',
})

function docWith(entries: Record<string, string>): Y.Doc {
  const doc = new Y.Doc()
  for (const [k, v] of Object.entries(entries)) doc.getMap('nodes').set(k, v)
  return doc
}

function read(store: FileStore, graph: string): unknown {
  const stored = store.load(graph)!
  const doc = new Y.Doc()
  if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot)
  for (const u of stored.updates) Y.applyUpdate(doc, u)
  return doc.getMap('nodes').toJSON()
}

describe('FileStore', () => {
  it('reads the single-file cache of earlier builds and folds it in on compaction', () => {
    const dir = join(root, `legacy-${n++}`)
    const store = new FileStore(dir)
    const doc = docWith({ a: '1' })
    writeFileSync(join(dir, 'g.yjs'), Y.encodeStateAsUpdate(doc))
    expect(store.list().map((g) => g.id)).toEqual(['g'])
    expect(read(store, 'g')).toEqual({ a: '1' })
    doc.getMap('nodes').set('b', '2')
    const seq = store.append('g', Y.encodeStateAsUpdate(doc))
    store.compact('g', { snapshot: Y.encodeStateAsUpdate(new Y.Doc()), throughSeq: seq })
    expect(existsSync(join(dir, 'g.yjs'))).toBe(false)
    expect(read(store, 'g')).toEqual({ a: '1', b: '2' })
  })

  it('keeps graph ids with path characters inside the cache directory', () => {
    const dir = join(root, `ids-${n++}`)
    const store = new FileStore(dir)
    store.append('../escape', Y.encodeStateAsUpdate(docWith({ a: '1' })))
    expect(readdirSync(join(root))).not.toContain('escape.graph')
    expect(store.list().map((g) => g.id)).toEqual(['../escape'])
    expect(read(store, '../escape')).toEqual({ a: '1' })
  })

  it('reads right after a compaction cut short between writing the snapshot and deleting the log', () => {
    const dir = join(root, `cut-${n++}`)
    const store = new FileStore(dir)
    const doc = docWith({ a: '1' })
    const seq = store.append('g', Y.encodeStateAsUpdate(doc))
    // What compact leaves if the process dies after the rename: a snapshot, and the log file it holds.
    writeFileSync(join(dir, 'g.graph', `snapshot-${seq}`), Y.encodeStateAsUpdate(doc))
    const stored = store.load('g')!
    expect(stored.updates).toEqual([])
    expect(read(store, 'g')).toEqual({ a: '1' })
    expect(store.append('g', Y.encodeStateAsUpdate(docWith({ b: '2' })))).toBe(seq + 1)
  })

  it('leaves compaction to the live process holding the lock, and takes over a dead one', () => {
    const dir = join(root, `lock-${n++}`)
    const store = new FileStore(dir)
    const doc = docWith({ a: '1' })
    const seq = store.append('g', Y.encodeStateAsUpdate(doc))
    const lockFile = join(dir, 'g.graph', 'compact.lock')
    writeFileSync(lockFile, String(process.ppid))
    store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: seq })
    expect(store.load('g')!.updates).toHaveLength(1)
    // No process has pid 2^22 + 1 on Linux (pid_max is at most 2^22).
    writeFileSync(lockFile, String(2 ** 22 + 1))
    store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: seq })
    expect(store.load('g')!.updates).toHaveLength(0)
    expect(existsSync(lockFile)).toBe(false)
  })
})
