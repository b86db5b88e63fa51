/**
 * An import built in the worker (imports.ts) tells the truth about what was saved: applied in full but
 * refused by storage is not "what was applied is saved". Real worker thread, real SQLite, its appends
 * refused from the moment the worker starts building (as a full disk would).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FullDisk } from '../test/full-disk.ts'
import { afterAll, describe, expect, it } from 'vitest'
import { DocRegistry, defaultDocsOptions } from './registry.ts'
import { summarize } from './model-calls.ts'
import { importGraphText } from './imports.ts'
import { Metrics } from './metrics.ts'
import { Offload } from './offload.ts'

const root = mkdtempSync(join(tmpdir(), 'plexus-imports-'))
const offload = new Offload()
afterAll(async () => {
  await offload.close()
  rmSync(root, { recursive: true, force: true })
})

describe('an import built in the worker', () => {
  it('applied in full but refused by storage says so: never that what was applied is saved', async () => {
    const store = new FullDisk(join(root, 'plexus.db'))
    const docs = new DocRegistry(store, new Metrics(), { ...defaultDocsOptions, summarize, offload })
    const off = offload.onStart((job) => {
      if (job.kind !== 'import') return
      off()
      store.full = true
    })
    const r = await importGraphText(
      { docs, offload },
      'g',
      'mermaid',
      'flowchart TD\n  A[Alpha] --> B[Beta]\n',
      'person',
      { inlineChars: 0 },
    )
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.reason).toBe('storage_unavailable')
    expect(r.message).not.toMatch(/is saved/)
    expect(r.message).toMatch(/database or disk is full/)
  })
})
