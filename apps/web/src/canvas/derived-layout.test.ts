import { createNodes, initGraph, openGraph, restructure, updateNodes, type Graph } from '@plexus/model'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { GraphSession } from '../sync/session.ts'
import { FlowModel } from './flow-model.ts'
import { overlaps, type Rect } from './geometry.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129

// Three people's tabs and an agent grow one mind map, some of them offline for a while; then every tab
// must draw the same map, with no boxes over each other, every branch in its own band on its side, and
// no tab having written a position nobody chose (issue 27: "layout is derived, positions are chosen").

const REMOTE = Symbol('remote')

interface Peer {
  name: string
  doc: Y.Doc
  g: Graph
  model: FlowModel | null
  online: boolean
  /** Every update this peer's own document produced (not the ones it was sent). */
  produced: Uint8Array[]
  /** Nodes this peer chose a position for (an import that brings its own positions). */
  chosen: Set<string>
}

type Op =
  | { t: 'child' | 'sibling'; who: number; pick: number; long: boolean }
  | { t: 'rename'; who: number; pick: number; long: boolean }
  | { t: 'delete'; who: number; pick: number }
  | { t: 'move'; who: number; pick: number; to: number }
  | { t: 'fold'; who: number; pick: number }
  | { t: 'measure'; who: number; pick: number; w: number; h: number }
  | { t: 'import'; who: number; n: number }
  | { t: 'agent'; pick: number; n: number }
  | { t: 'offline' | 'online'; who: number }

const who = fc.integer({ min: 0, max: 2 })
const pick = fc.nat(1000)
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant('child' as const), who, pick, long: fc.boolean() }), weight: 5 },
  { arbitrary: fc.record({ t: fc.constant('sibling' as const), who, pick, long: fc.boolean() }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant('rename' as const), who, pick, long: fc.boolean() }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant('delete' as const), who, pick }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('move' as const), who, pick, to: pick }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('fold' as const), who, pick }), weight: 1 },
  {
    arbitrary: fc.record({
      t: fc.constant('measure' as const),
      who,
      pick,
      w: fc.integer({ min: 120, max: 300 }),
      h: fc.integer({ min: 36, max: 120 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ t: fc.constant('import' as const), who, n: fc.integer({ min: 1, max: 3 }) }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ t: fc.constant('agent' as const), pick, n: fc.integer({ min: 1, max: 3 }) }),
    weight: 3,
  },
  { arbitrary: fc.record({ t: fc.constant('offline' as const), who }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('online' as const), who }), weight: 1 },
)

const settle = async () => {
  for (let i = 0; i < 6; i++) await Promise.resolve()
}

const LONG = 'A much longer name that wraps over more than one line of the node box'

async function run(ops: Op[]): Promise<void> {
  let t = 1_700_000_000_000
  const peers: Peer[] = []
  const make = (name: string, clientID: number): Peer => {
    const doc = new Y.Doc()
    doc.clientID = clientID
    let n = 0
    const env = (actor: string) => ({ actor, now: () => ++t, newId: () => `${name}${n++}` })
    const g = openGraph(doc, env(name))
    const p: Peer = { name, doc, g, model: null, online: true, produced: [], chosen: new Set() }
    doc.on('update', (u: Uint8Array, origin: unknown) => {
      if (origin === REMOTE) return
      p.produced.push(u)
      if (!p.online) return
      for (const q of peers) if (q !== p && q.online) Y.applyUpdate(q.doc, u, REMOTE)
    })
    return p
  }
  const tabs = [make('ada', 1), make('bo', 2), make('cy', 3)]
  const agent = make('agent', 4)
  peers.push(...tabs, agent)
  const init = initGraph(tabs[0]!.g, { id: 'map', title: 'Map' })
  if (!init.ok) throw new Error(init.message)
  const root = init.root
  for (const p of tabs) {
    const session = {
      g: p.g,
      sys: openGraph(p.doc, { actor: 'app', now: () => ++t, newId: () => `${p.name}s${++t}` }),
      setPresence: () => {},
    }
    p.model = new FlowModel(session as unknown as GraphSession)
    p.model.attach()
  }
  const resync = () => {
    const on = peers.filter((p) => p.online)
    for (const a of on)
      for (const b of on)
        if (a !== b) Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc, Y.encodeStateVector(b.doc)), REMOTE)
  }
  /** The map's nodes (the root's tree) as this peer sees them, sorted: what structural edits pick from. */
  const mapNodes = (g: Graph): string[] => {
    const s = g.index.struct()
    const out: string[] = []
    const stack = [root]
    while (stack.length) {
      const id = stack.pop()!
      if (!g.index.live(id)) continue
      out.push(id)
      stack.push(...(s.children.get(id) ?? []))
    }
    return out.sort()
  }
  const nth = (g: Graph, i: number) => {
    const ids = mapNodes(g)
    return ids[i % ids.length] ?? root
  }
  let imports = 0
  for (const o of ops) {
    if (o.t === 'agent') {
      const parent = nth(agent.g, o.pick)
      const items = Array.from({ length: o.n }, (_, i) => ({ summary: `Agent idea ${i}`, parent }))
      createNodes(agent.g, items, { mode: 'force' })
    } else {
      const p = tabs[o.who]!
      const { g } = p
      if (o.t === 'offline') p.online = false
      else if (o.t === 'online') {
        p.online = true
        resync()
      } else if (o.t === 'child' || o.t === 'sibling') {
        const at = nth(g, o.pick)
        const parent = o.t === 'child' ? at : (g.index.struct().parent.get(at) ?? at)
        createNodes(g, [{ summary: o.long ? LONG : 'Idea', parent }], { mode: 'force' })
      } else if (o.t === 'rename') {
        updateNodes(g, [{ id: nth(g, o.pick), summary: o.long ? LONG : 'Short' }])
      } else if (o.t === 'delete') {
        const id = nth(g, o.pick)
        if (id !== root) restructure(g, [{ type: 'drop', node: id, reason: 'not needed' }])
      } else if (o.t === 'move') {
        const id = nth(g, o.pick)
        const to = nth(g, o.to)
        if (id !== root) restructure(g, [{ type: 'move', node: id, parent: to }])
      } else if (o.t === 'fold') {
        p.model!.toggleCollapsed(nth(g, o.pick))
      } else if (o.t === 'measure') {
        // The browser measures a node as its own fonts draw it: tabs differ.
        const id = nth(g, o.pick)
        p.model!.onNodesChange([{ type: 'dimensions', id, dimensions: { width: o.w, height: o.h } }])
      } else if (o.t === 'import') {
        // A free-form diagram brought in with its own positions, far from the map: chosen, and kept.
        const x0 = 100_000 + 2000 * imports++
        const items = Array.from({ length: o.n }, (_, i) => ({
          summary: `Imported ${i}`,
          x: x0,
          y: 200 * i,
        }))
        const r = createNodes(g, items, { mode: 'force' })
        if (r.ok) for (const c of r.created) p.chosen.add(c.id)
      }
    }
    await settle()
  }
  for (const p of tabs) p.online = true
  resync()
  await settle()
  resync()
  await settle()

  // The same document everywhere, then the same drawing everywhere.
  const ids = mapNodes(tabs[0]!.g)
  const drawn = tabs.map((p) => {
    const m = p.model!
    const out = new Map<string, Rect>()
    for (const id of [...p.g.index.nodes.keys()].filter((i) => p.g.index.live(i)).sort()) {
      // Where it sits (a node moved by the layout glides there, a few frames drawn on the way).
      const at = m.positionOf(id)
      if (!at) throw new Error(`${p.name}: ${id} is not drawn`)
      out.set(id, { x: at.x, y: at.y, ...m.sizeOf(id) })
    }
    return out
  })
  for (const [i, d] of drawn.entries())
    expect(Object.fromEntries(d), `${tabs[i]!.name} draws the map as ${tabs[0]!.name} does`).toEqual(
      Object.fromEntries(drawn[0]!),
    )
  const boxes = drawn[0]!
  const all = [...boxes]
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++) {
      const [a, ra] = all[i]!
      const [b, rb] = all[j]!
      expect(overlaps(ra, rb), `${a} and ${b} overlap: ${JSON.stringify([ra, rb])}`).toBe(false)
    }
  // Each branch keeps to its band (its subtree's span does not reach into a sibling's) on its side.
  const s = tabs[0]!.g.index.struct()
  const span = (id: string): [number, number] => {
    let top = Infinity
    let bottom = -Infinity
    const stack = [id]
    while (stack.length) {
      const n = stack.pop()!
      const r = boxes.get(n)
      if (!r) continue
      top = Math.min(top, r.y)
      bottom = Math.max(bottom, r.y + r.height)
      stack.push(...(s.children.get(n) ?? []))
    }
    return [top, bottom]
  }
  const rootBox = boxes.get(root)!
  const rightOfRoot = (id: string) => boxes.get(id)!.x >= rootBox.x + rootBox.width
  for (const id of ids) {
    const kids = (s.children.get(id) ?? []).filter((k) => boxes.has(k))
    const box = boxes.get(id)!
    for (const k of kids) {
      const kb = boxes.get(k)!
      if (id === root) continue
      if (rightOfRoot(id))
        expect(kb.x, `${k} right of its parent ${id}`).toBeGreaterThanOrEqual(box.x + box.width)
      else expect(kb.x + kb.width, `${k} left of its parent ${id}`).toBeLessThanOrEqual(box.x)
    }
    // Siblings on the same side hold disjoint bands.
    const sides = id === root ? [kids.filter(rightOfRoot), kids.filter((k) => !rightOfRoot(k))] : [kids]
    for (const side of sides) {
      const bands = side.map(span).sort((a, b) => a[0] - b[0])
      for (let i = 1; i < bands.length; i++)
        expect(bands[i]![0], `the branches under ${id} keep to their bands`).toBeGreaterThanOrEqual(
          bands[i - 1]![1],
        )
    }
  }
  // No peer wrote a position it did not choose: read every x and y in the updates each produced.
  const nodeOfItem = new Map<string, string>()
  const writes: Array<{ peer: Peer; item: string; field: string }> = []
  for (const p of peers)
    for (const u of p.produced)
      for (const st of Y.decodeUpdate(u).structs) {
        if (!(st instanceof Y.Item)) continue
        const key = `${st.id.client}:${st.id.clock}`
        if ((st.parent as unknown) === 'nodes' && st.parentSub) nodeOfItem.set(key, st.parentSub)
        const value = st.content.getContent()[0]
        // A field of a node's map: its parent is that map's item, named by id.
        const parent = st.parent as unknown
        if (
          (st.parentSub === 'x' || st.parentSub === 'y') &&
          value !== null &&
          typeof parent === 'object' &&
          parent &&
          'clock' in parent
        ) {
          const id = parent as { client: number; clock: number }
          writes.push({ peer: p, item: `${id.client}:${id.clock}`, field: st.parentSub })
        }
      }
  for (const w of writes) {
    const node = nodeOfItem.get(w.item) ?? `item ${w.item}`
    expect(
      w.peer.chosen.has(node),
      `${w.peer.name} wrote ${w.field} of ${node}, a position nobody chose`,
    ).toBe(true)
  }
}

/** Counterexamples found once, kept as named regressions (run every time). */
const REGRESSIONS: Array<{ name: string; ops: Op[] }> = [
  // Before layout was derived: with no edit at all, every tab wrote the root's place (seed 565580135).
  { name: 'a tab opening the map writes no position', ops: [] },
  // A new agent child was drawn gliding in from (0, 0), so tabs differed (seed 565757947).
  { name: 'an agent’s first child of the root', ops: [{ t: 'agent', pick: 0, n: 1 }] },
]

describe('a mind map grown by three tabs and an agent', () => {
  for (const r of REGRESSIONS)
    it(`regression: ${r.name}`, async () => {
      await run(r.ops)
    })

  it('is drawn the same by every tab, without overlaps, each branch in its band, no position written that nobody chose', async () => {
    const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
    console.log(`derived-layout seed ${seed} (PLEXUS_SEED=${seed} to replay)`)
    await fc.assert(fc.asyncProperty(fc.array(op, { maxLength: 40 }), run), {
      seed,
      numRuns: Number(process.env.PLEXUS_RUNS ?? 40),
    })
  }, 120_000)
})
