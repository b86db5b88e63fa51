/**
 * Catching up from PostgreSQL (fanout-link.ts), as reconciliation, a gap in the fan-out or a new
 * subscription asks: the graph is read again and only what this server lacks reaches its document.
 *
 * The cost must grow with the log, not with its square. Yjs's `mergeUpdates` over n updates sorts
 * its n readers again for every struct it writes (n × structs): in bench/multi.bench.ts, with a
 * writer on each of three servers, one catch-up over 9,403 logged updates took 14 s of a server's
 * CPU. So the check here is that no catch-up hands Yjs more than two updates to merge at once
 * (`mergeUpdates` below is Yjs's own, counted on the way through), and that the document gets
 * everything the log holds.
 */
import { afterEach, expect, it, vi } from 'vitest'
import * as Y from 'yjs'
import { DocRegistry, defaultDocsOptions } from '../graphs/registry.ts'
import { RedisFanout } from './fanout.ts'
import { Metrics } from '../graphs/metrics.ts'
import { ReconciledFanout } from './reconcile.ts'
import { PgStore } from '../storage/postgres/pg-store.ts'
import { TEST_DATABASE_URL, dropSchemas, testSchema } from '../test/test-db.ts'
import { startRedis } from '../test/services.ts'

const widest = vi.hoisted(() => ({ n: 0 }))
vi.mock('yjs', async (importOriginal) => {
  const real = await importOriginal<typeof import('yjs')>()
  return {
    ...real,
    mergeUpdates: (updates: Uint8Array[]) => {
      widest.n = Math.max(widest.n, updates.length)
      return real.mergeUpdates(updates)
    },
  }
})

const cleanup: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await Promise.resolve(fn()).catch(() => {})
})

/** Three clients of other servers, taking turns, each update its own row in the log. */
function interleaved(writers: number, each: number): Y.Doc[] {
  const docs = Array.from({ length: writers }, () => new Y.Doc())
  for (let i = 0; i < each * writers; i++) {
    const doc = docs[i % writers]!
    const update = captured(doc, () => doc.getMap('checkpoints').set(`w${i % writers}`, i))
    for (const other of docs) if (other !== doc) Y.applyUpdate(other, update)
  }
  return docs
}

const log: Uint8Array[] = []
function captured(doc: Y.Doc, write: () => void): Uint8Array {
  let got: Uint8Array | null = null
  const take = (u: Uint8Array) => (got = u)
  doc.on('update', take)
  write()
  doc.off('update', take)
  log.push(got!)
  return got!
}

it('reads a long log again with work in step with its length, and the document gets all of it', async () => {
  const redis = await startRedis()
  cleanup.push(() => redis.stop())
  const schema = testSchema('catchup')
  cleanup.push(() => dropSchemas(schema))
  const store = await PgStore.open(TEST_DATABASE_URL, { schema })
  cleanup.push(() => store.close())
  const fanout = await RedisFanout.open(redis.url, { prefix: `${schema}:` })
  cleanup.push(() => fanout.close())
  const reconciled = new ReconciledFanout(fanout, store.pool, { intervalMs: 0 })
  cleanup.push(() => reconciled.close())
  const docs = new DocRegistry(store, new Metrics(), {
    ...defaultDocsOptions,
    idleUnloadMs: 600_000,
    summarize: () => null,
    fanout: reconciled,
  })
  await docs.load('g')
  const handle = docs.open('g')
  cleanup.push(() => handle.release())

  // Other servers' writes whose news never came (their servers died before publishing).
  const writers = interleaved(3, 1000)
  for (let i = 0; i < log.length; i += 100) await store.appendMany('g', log.slice(i, i + 100))
  widest.n = 0
  await reconciled.check()

  expect(handle.doc.getMap('checkpoints').toJSON()).toEqual(writers[0]!.getMap('checkpoints').toJSON())
  expect(widest.n, 'updates Yjs was asked to merge in one call').toBeLessThanOrEqual(2)
})
