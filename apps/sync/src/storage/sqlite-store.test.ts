import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { SqliteStore } from './sqlite-store.ts'
import type { StorageAdapter } from './adapter.ts'
import { runStoreContract } from '@plexus/store-contract/contract'

const root = mkdtempSync(join(tmpdir(), 'plexus-store-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let n = 0

runStoreContract('sqlite', {
  create: () => new SqliteStore(join(root, `contract-${n++}`, 'plexus.db')),
  reopen: (store: StorageAdapter) => {
    const path = (store as SqliteStore).path
    store.close()
    return new SqliteStore(path)
  },
})

describe('SqliteStore', () => {
  it('uses WAL so appends survive a killed process', () => {
    const path = join(root, 'wal', 'plexus.db')
    const store = new SqliteStore(path)
    store.close()
    const db = new Database(path, { readonly: true })
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    db.close()
  })

  it('loads plain Uint8Arrays holding exactly the stored bytes (views, not Buffers)', () => {
    const store = new SqliteStore(join(root, 'views', 'plexus.db'))
    const snapshot = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) % 256)
    store.compact('g', { snapshot, throughSeq: store.append('g', new Uint8Array([1])) })
    store.append('g', new Uint8Array([2, 3]))
    store.append('g', new Uint8Array([4]))
    const loaded = store.load('g')!
    for (const bytes of [loaded.snapshot!, ...loaded.updates]) {
      expect(Buffer.isBuffer(bytes)).toBe(false)
      expect(Object.getPrototypeOf(bytes)).toBe(Uint8Array.prototype)
    }
    expect([...loaded.snapshot!]).toEqual([...snapshot])
    expect(loaded.updates.map((u) => [...u])).toEqual([[2, 3], [4]])
    store.close()
  })

  it('sees appends made through another handle on the same file', () => {
    const path = join(root, 'shared', 'plexus.db')
    const a = new SqliteStore(path)
    const b = new SqliteStore(path)
    a.append('g', new Uint8Array([0, 0]))
    expect(b.load('g')?.updates).toEqual([new Uint8Array([0, 0])])
    a.close()
    b.close()
  })
})
