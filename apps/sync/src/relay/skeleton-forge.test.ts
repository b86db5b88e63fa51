/**
 * A graph's skeleton (packages/model/src/skeleton.ts) is written under a fixed client id, so every
 * peer that makes the graph holds the same items under the same ids. The relay must refuse anyone
 * else's items under that client id (issue 23): a write token would otherwise let one pre-create a
 * graph id with a forged skeleton (another root, other content), after which every peer that made
 * the graph apart is refused for good and never converges with the server.
 */
import {
  createNodes,
  initGraph,
  openGraph,
  SCHEMA_VERSION,
  skeleton,
  skeletonClient,
  skeletonRoot,
  updateNodes,
} from '@plexus/model'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { Network } from '../test/room-harness.ts'

let ids = 0
const env = (actor: string) => ({ actor, now: () => 1_700_000_000_000, newId: () => `id${ids++}` })

/**
 * What a forger sends for a graph nobody made yet: the skeleton's structure under the skeleton's
 * client id and clocks, but another root id, another graph id in meta or more notes, then
 * the root's fields and history event under its own client, as the model writes them.
 */
function forged(graph: string, opts: { root?: string; metaId?: string; notes?: string } = {}): Y.Doc {
  const doc = new Y.Doc()
  doc.clientID = skeletonClient(graph)
  const root = opts.root ?? skeletonRoot(graph)
  const meta = doc.getMap<unknown>('meta')
  const nodes = doc.getMap<unknown>('nodes')
  doc.transact(() => {
    meta.set('schema', SCHEMA_VERSION)
    if (SCHEMA_VERSION >= 2) meta.set(`schema.${SCHEMA_VERSION}`, true)
    meta.set('id', opts.metaId ?? graph)
    meta.set('root', root)
    const m = new Y.Map<unknown>()
    nodes.set(root, m)
    m.set('notes', new Y.Text(opts.notes ?? ''))
    m.set('properties', new Y.Map())
    m.set('links', new Y.Map<boolean>())
    m.set('evidence', new Y.Array())
  })
  doc.clientID = 4242
  updateNodes(openGraph(doc, env('mallory')), [{ id: root, summary: 'Forged' }])
  return doc
}

const DEFAULT_SEED = 20261129
const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)

const refusals = (net: Network) => net.receipts.filter((r) => !r.ok)

/** A peer's update for `graph` made with the real initGraph on a fresh document, offline. */
function madeApart(graph: string, actor: string, title: string): Y.Doc {
  const doc = new Y.Doc()
  const g = openGraph(doc, env(actor))
  expect(initGraph(g, { id: graph, title }).ok).toBe(true)
  const made = createNodes(g, [{ summary: `${title}: first task`, kind: 'task' }])
  if (!made.ok) throw new Error(made.message)
  return doc
}

function expectSame(net: Network, ...docs: Y.Doc[]): void {
  for (const doc of docs) {
    expect(Y.encodeStateVector(doc)).toEqual(Y.encodeStateVector(net.doc))
    expect(doc.getMap('nodes').toJSON()).toEqual(net.doc.getMap('nodes').toJSON())
    expect(doc.getMap('meta').toJSON()).toEqual(net.doc.getMap('meta').toJSON())
  }
}

describe('the relay and a graph skeleton (issue 23)', () => {
  it('refuses a forged skeleton with another root for a new graph, naming the skeleton', () => {
    const net = new Network({ rules: true, graph: 'g' })
    net.connect({ identity: 'mallory', actor: 'mallory', doc: forged('g', { root: 'n_forged0000000' }) })
    net.flush()
    const [refused] = refusals(net)
    expect(refused).toBeDefined()
    if (refused?.ok !== false) throw new Error('not refused')
    expect(refused.reason).toMatch(/skeleton/)
    expect(refused.reason).toContain(`client id ${skeletonClient('g')}`)
    expect(net.doc.getMap('nodes').size).toBe(0)
    expect(net.doc.getMap('meta').size).toBe(0)
  })

  it('refuses a forged skeleton with the honest root and other content, and a peer that made the graph apart is then taken', () => {
    const net = new Network({ rules: true, graph: 'g' })
    // The honest root id, but another graph id in meta: same struct ids, other content.
    const other = forged('g', { metaId: 'h' })
    net.connect({ identity: 'mallory', actor: 'mallory', doc: other })
    net.flush()
    const [refused] = refusals(net)
    if (refused?.ok !== false) throw new Error('not refused')
    expect(refused.reason).toMatch(/other content than the skeleton's/)
    // The forger got nothing in: ada's graph, made offline, is taken whole.
    const ada = madeApart('g', 'ada', 'Launch')
    const peer = net.connect({ identity: 'ada', actor: 'ada', doc: ada })
    net.flush()
    expect(refusals(net)).toHaveLength(1)
    expectSame(net, peer.doc)
    expect(net.doc.getMap('meta').get('root')).toBe(skeletonRoot('g'))
  })

  it('takes an honest init, and another peer’s made apart once the server holds the skeleton', () => {
    const net = new Network({ rules: true, graph: 'g' })
    const ada = net.connect({ identity: 'ada', actor: 'ada', doc: madeApart('g', 'ada', 'Launch') })
    net.flush()
    expect(refusals(net)).toEqual([])
    const bob = net.connect({ identity: 'bob', actor: 'bob', doc: madeApart('g', 'bob', 'Ship') })
    net.flush()
    expect(refusals(net)).toEqual([])
    expectSame(net, ada.doc, bob.doc)
    expect(net.doc.getMap('nodes').size).toBe(3)
    expect(net.doc.getMap('meta').get('root')).toBe(skeletonRoot('g'))
  })

  it('takes an honest init whose skeleton item lost to a value the document held before (sent deleted)', () => {
    const net = new Network({ rules: true, graph: 'g' })
    const doc = new Y.Doc()
    // Above the skeleton's client id: this peer's first write of meta.id wins, the skeleton's is deleted.
    doc.clientID = skeletonClient('g') + 1
    doc.getMap('meta').set('id', 'g')
    expect(initGraph(openGraph(doc, env('ada')), { id: 'g', title: 'Imported' }).ok).toBe(true)
    const held = Y.decodeUpdate(Y.encodeStateAsUpdate(doc)).structs.filter(
      (s) =>
        s.id.client === skeletonClient('g') && s instanceof Y.Item && s.content instanceof Y.ContentDeleted,
    )
    expect(held.length).toBeGreaterThan(0)
    const ada = net.connect({ identity: 'ada', actor: 'ada', doc })
    net.flush()
    expect(refusals(net)).toEqual([])
    expectSame(net, ada.doc)
  })

  it('refuses a clock past the skeleton’s length under its client, for a new graph and for one the server holds', () => {
    const net = new Network({ rules: true, graph: 'g' })
    // The honest skeleton, then one character more under its client (in the root's notes).
    const doc = new Y.Doc()
    Y.applyUpdate(doc, skeleton('g'))
    doc.clientID = skeletonClient('g')
    const notes = (doc.getMap('nodes').get(skeletonRoot('g')) as Y.Map<unknown>).get('notes') as Y.Text
    notes.insert(0, 'x')
    doc.clientID = 4242
    updateNodes(openGraph(doc, env('mallory')), [{ id: skeletonRoot('g'), summary: 'Forged' }])
    net.connect({ identity: 'mallory', actor: 'mallory', doc })
    net.flush()
    const [first] = refusals(net)
    if (first?.ok !== false) throw new Error('not refused')
    expect(first.reason).toMatch(/which ends at clock/)
    expect(net.doc.getMap('nodes').size).toBe(0)
    // The server holds ada's graph; a writer then appends to it under the skeleton's client.
    net.connect({ identity: 'ada', actor: 'ada', doc: madeApart('g', 'ada', 'Launch') })
    net.flush()
    expect(refusals(net)).toHaveLength(1)
    const copy = new Y.Doc()
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(net.doc))
    const mallory = net.connect({ identity: 'mallory', actor: 'mallory', doc: copy })
    net.flush()
    copy.clientID = skeletonClient('g')
    updateNodes(openGraph(copy, env('mallory')), [{ id: skeletonRoot('g'), summary: 'Mine now' }])
    net.flush()
    const second = refusals(net)[1]
    if (second?.ok !== false) throw new Error('not refused')
    expect(second.reason).toMatch(/which ends at clock/)
    expect(net.doc.getMap('nodes').toJSON()).not.toEqual(mallory.doc.getMap('nodes').toJSON())
  })

  it('judges a skeleton item that arrives deleted by the ordinary rules (meta.schema cannot go)', () => {
    const net = new Network({ rules: true, graph: 'g' })
    const doc = madeApart('g', 'ada', 'Launch')
    doc.getMap('meta').delete('schema')
    net.connect({ identity: 'ada', actor: 'ada', doc })
    net.flush()
    const [refused] = refusals(net)
    if (refused?.ok !== false) throw new Error('not refused')
    expect(refused.reason).toMatch(/meta\.schema cannot be removed/)
    expect(net.doc.getMap('meta').size).toBe(0)
  })

  it('judges a skeleton item that arrives whole and deleted (no garbage collection) by the same rules', () => {
    const net = new Network({ rules: true, graph: 'g' })
    const doc = new Y.Doc({ gc: false })
    expect(initGraph(openGraph(doc, env('ada')), { id: 'g', title: 'Launch' }).ok).toBe(true)
    doc.getMap('meta').delete('schema')
    net.connect({ identity: 'ada', actor: 'ada', doc })
    net.flush()
    const [refused] = refusals(net)
    if (refused?.ok !== false) throw new Error('not refused')
    expect(refused.reason).toMatch(/meta\.schema cannot be removed/)
  })

  it('keeps judging a delete set that names skeleton items by the ordinary rules', () => {
    const net = new Network({ rules: true, graph: 'g' })
    const ada = net.connect({ identity: 'ada', actor: 'ada', doc: madeApart('g', 'ada', 'Launch') })
    net.flush()
    // Allowed as before: naming the skeleton's client in a delete is no forgery.
    ada.doc.getMap('meta').delete('root')
    net.flush()
    expect(refusals(net)).toEqual([])
    expect(net.doc.getMap('meta').has('root')).toBe(false)
    // Refused as before, for the ordinary reason.
    ada.doc.getMap('meta').delete('schema')
    net.flush()
    const [refused] = refusals(net)
    if (refused?.ok !== false) throw new Error('not refused')
    expect(refused.reason).toMatch(/meta\.schema cannot be removed/)
  })

  it('property: honest peers making the graph apart and editing are always taken and converge', () => {
    console.log(`skeleton property seed ${seed} (PLEXUS_SEED overrides)`)
    type Op =
      | { op: 'toggle'; p: number }
      | { op: 'make'; p: number }
      | { op: 'edit'; p: number; n: number }
      | { op: 'rename'; p: number; n: number }
      | { op: 'flush' }
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.nat(2).map<Op>((p) => ({ op: 'toggle', p })),
      fc.nat(2).map<Op>((p) => ({ op: 'make', p })),
      fc.tuple(fc.nat(2), fc.nat(99)).map<Op>(([p, n]) => ({ op: 'edit', p, n })),
      fc.tuple(fc.nat(2), fc.nat(99)).map<Op>(([p, n]) => ({ op: 'rename', p, n })),
      fc.constant<Op>({ op: 'flush' }),
    )
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3 }), fc.array(op, { maxLength: 25 }), (count, ops) => {
        const net = new Network({ rules: true, graph: 'g' })
        const actors = ['ada', 'bob', 'cy'].slice(0, count)
        const docs = actors.map(() => new Y.Doc())
        const online = new Map<number, ReturnType<Network['connect']>>()
        const made = () => ops.some((o) => o.op === 'make' && o.p < count)
        for (const o of ops) {
          if (o.op === 'flush') {
            net.flush()
            continue
          }
          if (o.p >= count) continue
          const doc = docs[o.p]!
          const g = openGraph(doc, env(actors[o.p]!))
          if (o.op === 'toggle') {
            const c = online.get(o.p)
            if (c) {
              net.flush()
              net.disconnect(c)
              online.delete(o.p)
            } else online.set(o.p, net.connect({ identity: actors[o.p]!, actor: actors[o.p]!, doc }))
          } else if (o.op === 'make') expect(initGraph(g, { id: 'g', title: `T${o.p}` }).ok).toBe(true)
          else if (doc.getMap('meta').get('root') !== undefined) {
            if (o.op === 'edit') expect(createNodes(g, [{ summary: `task ${o.n}` }]).ok).toBe(true)
            else expect(updateNodes(g, [{ id: skeletonRoot('g'), summary: `goal ${o.n}` }]).ok).toBe(true)
          }
        }
        for (let p = 0; p < count; p++)
          if (!online.has(p))
            online.set(p, net.connect({ identity: actors[p]!, actor: actors[p]!, doc: docs[p]! }))
        net.flush()
        expect(refusals(net)).toEqual([])
        expectSame(net, ...docs)
        if (made()) expect(net.doc.getMap('meta').get('root')).toBe(skeletonRoot('g'))
      }),
      { seed, numRuns: 60 },
    )
  })
})
