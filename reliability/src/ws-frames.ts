/**
 * Frames for the ws-input phase: encoders for what a y-websocket peer sends, and real graph changes
 * made with the model (the raw material the corrupt and truncated inputs start from). Encoders are
 * written here rather than imported from the server, so the suite does not trust the code it tests.
 */
import {
  connect,
  createNodes,
  openGraph,
  restructure,
  updateNodes,
  type Graph,
  type Result,
} from '@plexus/model'
import * as encoding from 'lib0/encoding'
import * as Y from 'yjs'
import type { Rng } from './suite.ts'

export interface AwarenessEntry {
  clientID: number
  clock: number
  state: unknown
}

/** An awareness message (type 1) holding exactly `entries`. */
export function awarenessFrame(entries: readonly AwarenessEntry[]): Uint8Array {
  const inner = encoding.createEncoder()
  encoding.writeVarUint(inner, entries.length)
  for (const e of entries) {
    encoding.writeVarUint(inner, e.clientID)
    encoding.writeVarUint(inner, e.clock)
    encoding.writeVarString(inner, JSON.stringify(e.state))
  }
  return framed(1, encoding.toUint8Array(inner))
}

/** A binary WebSocket message holding `data`. */
export const bin = (data: Uint8Array): { data: Uint8Array } => ({ data })

/** `[type, varUint8Array(payload)]`, optionally behind a sync sub-type. */
export function framed(type: number, payload: Uint8Array, subType?: number): Uint8Array {
  const e = encoding.createEncoder()
  encoding.writeVarUint(e, type)
  if (subType !== undefined) encoding.writeVarUint(e, subType)
  encoding.writeVarUint8Array(e, payload)
  return encoding.toUint8Array(e)
}

/** A frame whose length prefix lies: it announces `announced` bytes and carries `payload`. */
export function misframed(type: number, subType: number, payload: Uint8Array, announced: number): Uint8Array {
  const e = encoding.createEncoder()
  encoding.writeVarUint(e, type)
  encoding.writeVarUint(e, subType)
  encoding.writeVarUint(e, announced)
  encoding.writeUint8Array(e, payload)
  return encoding.toUint8Array(e)
}

export function varUint(n: number): Uint8Array {
  const e = encoding.createEncoder()
  encoding.writeVarUint(e, n)
  return encoding.toUint8Array(e)
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** A Yjs client id drawn from the seeded generator (Yjs would draw one from its own). */
export const clientId = (rng: Rng): number => 1 + rng.int(0x7ffffffe)

export function newIdFrom(rng: Rng): () => string {
  return () => {
    let s = 'n_'
    for (let i = 0; i < 12; i++) s += rng.int(36).toString(36)
    return s
  }
}

const WORDS = ['auth', 'cache', 'deploy', 'schema', 'queue', 'review', 'index', 'billing', 'docs', 'retry']
export const words = (rng: Rng, n = 3): string => Array.from({ length: n }, () => rng.pick(WORDS)).join(' ')

/**
 * A doc holding `state`, written to by a client id from `rng`, as `actor`; `g` is null when the model
 * cannot open it (an accepted corrupt update can leave a graph so).
 */
export function docFrom(rng: Rng, state: Uint8Array | null, actor: string): { doc: Y.Doc; g: Graph | null } {
  const doc = new Y.Doc()
  doc.clientID = clientId(rng)
  if (state) Y.applyUpdate(doc, state)
  try {
    return {
      doc,
      g: openGraph(doc, { actor, now: () => 1_700_000_000_000 + rng.int(1e9), newId: newIdFrom(rng) }),
    }
  } catch {
    return { doc: reopen(doc), g: null }
  }
}

/** The same state in a doc no half-built model index observes. */
function reopen(doc: Y.Doc): Y.Doc {
  const fresh = new Y.Doc()
  fresh.clientID = doc.clientID
  Y.applyUpdate(fresh, Y.encodeStateAsUpdate(doc))
  doc.destroy()
  return fresh
}

/**
 * One real change to the graph, made with the model's operations (or plain Yjs when the model refuses
 * or cannot open the graph) on a copy of the server's state; returns its update.
 */
export function realUpdate(rng: Rng, state: Uint8Array): Uint8Array {
  const { doc, g } = docFrom(rng, state, 'mallory')
  const updates: Uint8Array[] = []
  doc.on('update', (u: Uint8Array) => updates.push(u))
  const ids = [...doc.getMap('nodes').keys()]
  const pick = () => (ids.length ? rng.pick(ids) : 'n_none')
  const ops: Array<(g: Graph) => Result<unknown>> = [
    (g) => createNodes(g, [{ summary: words(rng), notes: words(rng, 8), parent: null, kind: 'task' }]),
    (g) => updateNodes(g, [{ id: pick(), summary: words(rng), notes: words(rng, 12) }]),
    (g) => connect(g, [{ from: pick(), to: pick(), type: rng.pick(['depends_on', 'relates_to']) }]),
    (g) => restructure(g, [{ type: 'drop', node: pick(), reason: words(rng) }]),
    (g) => updateNodes(g, [{ id: pick(), properties: { [words(rng, 1)]: words(rng, 2) } }]),
  ]
  const op = rng.pick(ops)
  if (g) {
    try {
      op(g)
    } catch {
      // The model choked on what an earlier accepted input left; the phase reports that itself.
    }
  }
  if (updates.length === 0) {
    // The model refused (the node it picked is gone, an edge would make a cycle): change plain Yjs.
    const text = new Y.Text()
    doc.getMap('reliability').set(`t${rng.int(1e6)}`, text)
    text.insert(0, words(rng, 4))
    text.delete(rng.int(4), 3)
  }
  doc.destroy()
  return Y.mergeUpdates(updates)
}

/**
 * A valid update the server cannot integrate: the second of two changes, without the first (a clock
 * gap), or one that deletes structs of a client the server has never seen.
 */
export function danglingUpdate(rng: Rng, state: Uint8Array): { update: Uint8Array; how: string } {
  const { doc } = docFrom(rng, state, 'mallory')
  const updates: Uint8Array[] = []
  doc.on('update', (u: Uint8Array) => updates.push(u))
  const map = doc.getMap('reliability')
  if (rng.int(2) === 0) {
    map.set(`a${rng.int(1e6)}`, words(rng))
    map.set(`b${rng.int(1e6)}`, words(rng))
    return { update: updates[1]!, how: 'second change without the first (clock gap)' }
  }
  const text = new Y.Text()
  map.set(`d${rng.int(1e6)}`, text)
  text.insert(0, words(rng, 3))
  text.delete(0, 2 + rng.int(5))
  return { update: updates.at(-1)!, how: 'deletes of structs the server never received' }
}

/** Bytes changed in one of the ways a broken or hostile encoder would change them. */
export function mutate(rng: Rng, update: Uint8Array, other: Uint8Array): { bytes: Uint8Array; how: string } {
  const u = new Uint8Array(update)
  const at = () => rng.int(Math.max(1, u.length))
  switch (rng.int(8)) {
    case 0: {
      const n = 1 + rng.int(4)
      for (let i = 0; i < n; i++) u[at()]! ^= 1 << rng.int(8)
      return { bytes: u, how: `${n} bit flip(s)` }
    }
    case 1: {
      const i = at()
      u[i] = rng.pick([0x00, 0x01, 0x7f, 0x80, 0xff, rng.int(256)])
      return { bytes: u, how: `byte ${i} set to ${u[i]}` }
    }
    case 2: {
      const n = rng.int(u.length)
      return { bytes: u.subarray(0, n), how: `cut to ${n} of ${u.length} bytes` }
    }
    case 3: {
      const i = at()
      const n = 1 + rng.int(Math.min(16, u.length - i))
      return { bytes: concat(u.subarray(0, i), u.subarray(i + n)), how: `${n} bytes removed at ${i}` }
    }
    case 4: {
      const i = at()
      const extra = rng.bytes(1 + rng.int(16))
      return {
        bytes: concat(u.subarray(0, i), extra, u.subarray(i)),
        how: `${extra.length} random bytes at ${i}`,
      }
    }
    case 5: {
      const i = at()
      const n = 1 + rng.int(Math.min(32, u.length - i))
      const part = u.subarray(i, i + n)
      return {
        bytes: concat(u.subarray(0, i + n), part, u.subarray(i + n)),
        how: `${n} bytes at ${i} doubled`,
      }
    }
    case 6: {
      const i = at()
      const j = rng.int(Math.max(1, other.length))
      return {
        bytes: concat(u.subarray(0, i), other.subarray(j)),
        how: `spliced with another update at ${i}/${j}`,
      }
    }
    default:
      return { bytes: concat(u, rng.bytes(1 + rng.int(8))), how: 'random bytes appended' }
  }
}
