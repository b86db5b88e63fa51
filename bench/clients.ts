/**
 * What the sync benchmarks (sync.bench.ts, multi.bench.ts) share: percentiles and waiting, the
 * write every client makes (one node's position, so servers check it against the document's
 * rules like any edit), stock y-websocket clients, and the two workloads — relay latency (one
 * writer, N readers, one update at a time) and sustained updates through one document.
 *
 * Timings come from this process's clock: writers and readers live here, servers elsewhere.
 */
import { performance } from 'node:perf_hooks'
import { WebSocket } from 'ws'
import { SCHEMA_VERSION } from '@plexus/model'
import { connect as connectPeer } from '@plexus/sync-client'
import * as Y from 'yjs'

export const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
}
export const fmt = (x: number, digits = 2): string => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a')
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export const turn = () => new Promise((resolve) => setImmediate(resolve))

const wakers = new Set<() => void>()

/** Something a waiter may be waiting for happened (an update arrived, a provider synced). */
export function changed(): void {
  for (const wake of [...wakers]) wake()
}

/**
 * Waits until `check` holds: checked again whenever a client reports a change (`changed`), and
 * every 20 ms for anything else. Not a busy poll: on a 2-core machine a bench process spinning on
 * setImmediate takes a core from the servers it measures. Throws naming `what` after `timeoutMs`.
 */
export async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`)
    await new Promise<void>((resolve) => {
      const wake = () => {
        wakers.delete(wake)
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(wake, 20)
      wakers.add(wake)
    })
  }
}

/** A port nothing listens on right now. */
/** [messageSync=0][syncUpdate=2][varUint length][update], as y-protocols writes it: a raw client's frame. */
export function ySyncMessage(update: Uint8Array): Uint8Array {
  const len: number[] = []
  let n = update.length
  while (n > 127) {
    len.push((n & 127) | 128)
    n >>>= 7
  }
  len.push(n)
  const out = new Uint8Array(2 + len.length + update.length)
  out.set([0, 2, ...len])
  out.set(update, 2 + len.length)
  return out
}

export { freePort, waitPort } from '../apps/sync/src/test/services.ts'

/** A client that can write a value and report when it has received a value. */
export interface Client {
  write(i: number): void
  /** Called with each value this client receives. */
  onValue: ((i: number) => void) | null
  ready(): Promise<void>
  close(): void
}

/**
 * What a writer changes: one node's canvas position, as a drag does (a field of a node in `nodes`,
 * so the server checks it against the document's rules like any edit). The first write creates the
 * node; readers read the position back as the sample number. `key` names the node, so several
 * writers in one document each move their own.
 */
export function benchNode(
  doc: Y.Doc,
  key = 'n_bench',
  actor = 'bench',
): { write(i: number): void; read(): number } {
  const nodes = doc.getMap<Y.Map<unknown>>('nodes')
  return {
    write: (i) => {
      const node = nodes.get(key)
      // A move needs no record (as a drag); creating the node does (the server refuses a node
      // change without its history event; with tokens `actor` must be the token's name).
      if (node) return node.set('x', i)
      const created = new Y.Map<unknown>()
      created.set('summary', 'Bench node')
      created.set('x', i)
      const event = { id: `e_${key}_${i}`, ts: Date.now(), actor, node: key, action: 'create', changes: [] }
      doc.transact(() => {
        nodes.set(key, created)
        doc.getArray('history').push([event])
      })
    },
    read: () => {
      const x = nodes.get(key)?.get('x')
      return typeof x === 'number' ? x : -1
    },
  }
}

/** A stock y-websocket provider on `url`/`room`, writing and reading node `key`. */
export function providerClient(url: string, room: string, key = 'n_bench'): Client {
  const doc = new Y.Doc()
  // The client every Plexus peer runs: the stock y-websocket provider inside @plexus/sync-client.
  const { provider } = connectPeer(doc, { url, graph: room, schema: SCHEMA_VERSION, WebSocket })
  const node = benchNode(doc, key)
  const client: Client = {
    onValue: null,
    write: node.write,
    ready: () => until(() => provider.synced, 'provider sync'),
    close: () => provider.destroy(),
  }
  doc.on('update', (_u: Uint8Array, origin: unknown) => {
    if (origin !== provider) return
    client.onValue?.(node.read())
    changed()
  })
  provider.on('sync', changed)
  return client
}

export interface Latency {
  p50: number
  p99: number
  samples: number[]
  /**
   * The first reader to apply each update: the servers' path, without the wait for this one
   * process to take the same update into every other reader's document first.
   */
  first: { p50: number; p99: number }
  /** Per update, the last reader's time minus the first's: this process's own turn-taking. */
  spread: { p50: number; p99: number }
}

/**
 * One writer, readers already made: the writer sends one update, every reader must apply it before
 * the next (after a 2 ms pause). The first `warmup` updates are not counted. `between` runs before
 * counting starts and after the last sample (the sync bench reads server CPU there).
 */
export async function relayLatency(
  writer: Client,
  readers: Client[],
  samples: number,
  label: string,
  between?: (phase: 'start' | 'end') => Promise<void>,
): Promise<Latency> {
  await Promise.all([writer, ...readers].map((c) => c.ready()))
  const sent = new Map<number, number>()
  const times: number[] = []
  const firsts: number[] = []
  const spreads: number[] = []
  let received = 0
  let first = 0
  let last = 0
  for (const c of readers) {
    c.onValue = (i) => {
      const t = sent.get(i)
      if (t === undefined) return
      const ms = performance.now() - t
      times.push(ms)
      if (received === 0) first = ms
      last = ms
      received++
    }
  }
  const warmup = 20
  for (let i = 0; i < samples + warmup; i++) {
    received = 0
    if (i === warmup) {
      times.length = 0
      firsts.length = 0
      spreads.length = 0
      await between?.('start')
    }
    sent.set(i, performance.now())
    writer.write(i)
    await until(() => received >= readers.length, `update ${i} at ${readers.length} readers (${label})`)
    firsts.push(first)
    spreads.push(last - first)
    await sleep(2)
  }
  await between?.('end')
  for (const c of [writer, ...readers]) c.close()
  await sleep(100)
  const p = (xs: number[]) => ({ p50: quantile(xs, 0.5), p99: quantile(xs, 0.99) })
  return { ...p(times), samples: times, first: p(firsts), spread: p(spreads) }
}

/** Reads the position of several bench nodes (see `benchNode`) as updates arrive. */
export interface Watcher {
  /** The last value seen for node `key`, or -1. */
  last(key: string): number
  ready(): Promise<void>
  close(): void
}

export function providerWatcher(url: string, room: string): Watcher {
  const doc = new Y.Doc()
  const { provider } = connectPeer(doc, { url, graph: room, schema: SCHEMA_VERSION, WebSocket })
  const nodes = doc.getMap<Y.Map<unknown>>('nodes')
  doc.on('update', changed)
  provider.on('sync', changed)
  return {
    last: (key) => {
      const x = nodes.get(key)?.get('x')
      return typeof x === 'number' ? x : -1
    },
    ready: () => until(() => provider.synced, 'provider sync'),
    close: () => provider.destroy(),
  }
}

/**
 * Sustained updates through one document: each writer moves its own node (`keys[k]`) `perWriter`
 * times as fast as its client lets it (the stock client sends each local change at once, without
 * waiting for the server), yielding to the event loop every 200 updates; done when `reader` holds
 * every writer's last value. Returns updates per second over all writers.
 */
export async function sustainedRate(
  writers: Client[],
  keys: string[],
  reader: Watcher,
  perWriter: number,
  label: string,
): Promise<number> {
  await Promise.all([...writers, reader].map((c) => c.ready()))
  const start = performance.now()
  for (let i = 0; i < perWriter; i++) {
    for (const w of writers) w.write(i)
    if (i % 200 === 199) await turn()
  }
  await until(() => keys.every((key) => reader.last(key) === perWriter - 1), label, 180_000)
  const rate = (writers.length * perWriter) / ((performance.now() - start) / 1000)
  for (const c of [...writers, reader]) c.close()
  await sleep(100)
  return rate
}
