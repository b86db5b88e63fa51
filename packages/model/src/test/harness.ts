import * as Y from 'yjs'
import { initGraph, meta, openGraph, write, type Graph, type NewNodeFields } from '../graph.ts'
import { counterIds } from '../ids.ts'
import type { Failure, NodeView, Result } from '../types.ts'

/** A manual clock shared by the peers of one test, so timestamps and TTLs are deterministic. */
export class Clock {
  constructor(public t = 1_700_000_000_000) {}
  now = (): number => this.t
  tick(ms = 1): number {
    return (this.t += ms)
  }
}

export interface TestGraph {
  g: Graph
  doc: Y.Doc
  clock: Clock
  root: string
}

/** A fresh graph with a root, for one actor. */
export function makeGraph(
  actor = 'alice',
  opts: { clock?: Clock; id?: string; clientID?: number } = {},
): TestGraph {
  const doc = new Y.Doc()
  if (opts.clientID !== undefined) doc.clientID = opts.clientID
  const clock = opts.clock ?? new Clock()
  const g = openGraph(doc, { actor, now: clock.now, newId: counterIds(`${actor[0]}_`) })
  const r = initGraph(g, { id: opts.id ?? 'test', title: 'Test graph' })
  if (!r.ok) throw new Error(r.message)
  return { g, doc, clock, root: r.root }
}

/**
 * A graph with a root for tests that name their own nodes: actor alice, ids n0, n1, … for what the
 * model creates, a clock from 1000 that ticks on every read; `add` puts a node under the root.
 */
export function namedGraph(opts: { title?: string } = {}) {
  let t = 1000
  let i = 0
  const doc = new Y.Doc()
  const g = openGraph(doc, { actor: 'alice', now: () => t++, newId: () => 'n' + i++ })
  const init = initGraph(g, { id: 'test', ...(opts.title === undefined ? {} : { title: opts.title }) })
  if (!init.ok) throw new Error(init.message)
  const root = init.root
  const add = (id: string, f: Partial<NewNodeFields> & { summary: string }): string => {
    write(g, (w) => w.newNode(id, { parent: root, ...f }))
    return id
  }
  return { g, doc, root, add }
}

/** Another actor on a copy of `base`'s document (same state, its own client id). */
export function joinGraph(base: TestGraph, actor: string, clientID?: number): TestGraph {
  const doc = new Y.Doc()
  if (clientID !== undefined) doc.clientID = clientID
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(base.doc))
  const g = openGraph(doc, { actor, now: base.clock.now, newId: counterIds(`${actor}_`) })
  return { g, doc, clock: base.clock, root: base.root }
}

/** Two-way full sync between documents. */
export function sync(...docs: Y.Doc[]): void {
  for (const a of docs)
    for (const b of docs) if (a !== b) Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)))
}

/** Unwraps an ok result or fails the test with the failure's message. */
export function ok<T>(r: Result<T>): { ok: true } & T {
  if (!r.ok) throw new Error(`expected ok, got ${r.reason}: ${r.message}`)
  return r
}

export function failure<T>(r: Result<T>): Failure {
  if (r.ok) throw new Error('expected a failure, got ok')
  return r
}

/** Mulberry32: small, fast, seedable. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Adds one node directly through a Writer (no validation), under the graph root unless told otherwise. */
export function addNode(g: Graph, id: string, fields: Partial<NewNodeFields> = {}): string {
  const parent = fields.parent === undefined ? meta(g).root : fields.parent
  write(g, (w) => w.newNode(id, { summary: id, ...fields, parent }))
  return id
}

/** Adds nodes in order: `[id, parent]` pairs (parent null: top level; undefined: the root). */
export function addNodes(g: Graph, spec: Array<[string, (string | null)?, Partial<NewNodeFields>?]>): void {
  for (const [id, parent, fields] of spec) addNode(g, id, { ...fields, parent })
}

/** The current view of a node; throws when the node is not in the document. */
export function view(g: Graph, id: string): NodeView {
  const n = g.index.nodes.get(id)
  if (!n) throw new Error(`node ${id} is not in the document`)
  return n
}

/** The document's full state, for "nothing was written" checks. */
export function snapshot(doc: Y.Doc): Uint8Array {
  return Y.encodeStateAsUpdate(doc)
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i])
}

/** Runs `fn` and throws if it changed the document in any way; returns what `fn` returned. */
export function unchanged<T>(doc: Y.Doc, fn: () => T): T {
  const before = snapshot(doc)
  const out = fn()
  if (!sameBytes(before, snapshot(doc)))
    throw new Error('expected the document to be unchanged, but it was written')
  return out
}

/** Two peers of one graph with fixed client ids (alice: 1, bob: 2), synced. */
export function twoPeers(clock = new Clock()): { a: TestGraph; b: TestGraph } {
  const a = makeGraph('alice', { clock, clientID: 1 })
  const b = joinGraph(a, 'bob', 2)
  return { a, b }
}
