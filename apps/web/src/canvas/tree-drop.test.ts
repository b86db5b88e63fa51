import { createNodes, initGraph, openGraph, undoManager, type Graph } from '@plexus/model'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { GraphSession } from '../sync/session.ts'
import { writeDrop } from './drop-write.ts'
import { FlowModel } from './flow-model.ts'
import type { Rect, XY } from './geometry.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129

// A branch dropped in a mind map (issue 27, "mind-map manipulation"), on real documents through the
// flow model, over generated trees and pointer positions: the drop never makes a cycle, always names a
// valid place, lands the branch at that place (parent, index among the siblings as drawn, half of the
// map), leaves every other node's order and every other branch's half alone, is one undo step, and a
// drop back where the branch was writes nothing.

const settle = async () => {
  for (let i = 0; i < 4; i++) await Promise.resolve()
}

interface Map {
  g: Graph
  undo: Y.UndoManager
  model: FlowModel
  root: string
  ids: string[]
}

/** A map whose node i+1 hangs under node `parents[i]` (0 is the root), made at `times[i]` (ties too). */
async function mapOf(parents: number[], times: number[]): Promise<Map> {
  let n = 0
  let clock = 1_700_000_000_000
  const doc = new Y.Doc()
  const g = openGraph(doc, { actor: 'person', now: () => clock, newId: () => `n${n++}` })
  const init = initGraph(g, { id: 'tree-drop', title: 'Plan' })
  if (!init.ok) throw new Error(init.message)
  const ids = [init.root]
  parents.forEach((p, i) => {
    clock = 1_700_000_000_000 + (times[i] ?? i)
    const made = createNodes(g, [{ summary: `Topic ${i + 1}`, parent: ids[Math.min(p, ids.length - 1)]! }])
    if (!made.ok) throw new Error(made.message)
    ids.push(made.created[0]!.id)
  })
  const undo = undoManager(g)
  const session = { id: 'tree-drop', g, sys: g, undo, setPresence: () => {} } as unknown as GraphSession
  const model = new FlowModel(session)
  model.attach()
  await settle()
  return { g, undo, model, root: init.root, ids }
}

const rectOf = (m: Map, id: string): Rect => ({ ...m.model.positionOf(id)!, ...m.model.sizeOf(id) })
const centreX = (r: Rect) => r.x + r.width / 2

/** Every node's children as drawn top to bottom, the root's per half: what a person sees of the tree. */
function drawn(m: Map): Record<string, string[]> {
  const s = m.g.index.struct()
  const out: Record<string, string[]> = {}
  const root = rectOf(m, m.root)
  for (const id of m.ids) {
    const kids = [...(s.children.get(id) ?? [])].filter((c) => m.g.index.live(c))
    kids.sort((a, b) => rectOf(m, a).y - rectOf(m, b).y)
    if (id === m.root) {
      out[`${id}:right`] = kids.filter((c) => centreX(rectOf(m, c)) >= centreX(root))
      out[`${id}:left`] = kids.filter((c) => centreX(rectOf(m, c)) < centreX(root))
    } else out[id] = kids
  }
  return out
}

function branchOf(m: Map, id: string): Set<string> {
  const s = m.g.index.struct()
  const out = new Set([id])
  const stack = [id]
  while (stack.length) for (const c of s.children.get(stack.pop()!) ?? []) if (out.add(c)) stack.push(c)
  return out
}

/** What the document says of the tree (parents, orders, sides): what an undo must give back. */
const treeDoc = (m: Map) =>
  m.ids.map((id) => {
    const v = m.g.index.nodes.get(id)!
    return [id, v.parent, v.order ?? null, v.side ?? null, v.x, v.y]
  })

const positions = (m: Map) => m.ids.map((id) => [id, m.model.positionOf(id)])

/** Drags `id` by the pointer to `p` (grabbed at its centre) and drops it there. */
async function dragTo(m: Map, id: string, p: XY) {
  const r = rectOf(m, id)
  expect(m.model.beginTreeDrag(id)).toBe(true)
  const pos = { x: p.x - r.width / 2, y: p.y - r.height / 2 }
  m.model.onNodesChange([{ type: 'position', id, position: pos, dragging: true }])
  m.model.treeDragOver(p)
  const plan = m.model.dropPlan()!
  const write = m.model.dropWrite()
  const failed = write ? writeDrop(m.g, m.undo, write) : null
  m.model.endDrag()
  await settle()
  return { plan, write, failed }
}

interface Case {
  parents: number[]
  times: number[]
  drag: number
  /** A node the pointer is near, and where in (or around) its box, as fractions. */
  near: number
  fx: number
  fy: number
}

const tree = fc.integer({ min: 2, max: 16 }).chain((n) =>
  fc.record({
    parents: fc.tuple(...Array.from({ length: n }, (_, i) => fc.integer({ min: 0, max: i }))),
    // Few distinct times: siblings made in the same millisecond are common (an agent's plan).
    times: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: n, maxLength: n }),
    drag: fc.integer({ min: 1, max: n }),
    near: fc.integer({ min: 0, max: n }),
    fx: fc.double({ min: -0.6, max: 1.6, noNaN: true }),
    fy: fc.double({ min: -1.2, max: 2.2, noNaN: true }),
  }),
)

async function check(c: Case): Promise<void> {
  const m = await mapOf(c.parents, c.times)
  const id = m.ids[c.drag]!
  const near = rectOf(m, m.ids[c.near]!)
  const p = { x: near.x + c.fx * near.width, y: near.y + c.fy * near.height }
  const branch = branchOf(m, id)
  const beforeDoc = treeDoc(m)
  const beforeAt = positions(m)
  const beforeDrawn = drawn(m)
  const sideBefore = (b: string) => (centreX(rectOf(m, b)) < centreX(rectOf(m, m.root)) ? 'left' : 'right')
  const sides = Object.fromEntries(m.ids.map((b) => [b, sideBefore(b)]))
  const ownRect = rectOf(m, id)
  const { plan, write, failed } = await dragTo(m, id, p)
  expect(failed).toBe(null)
  // The placement index (left alone during the drag) is current again after it.
  expect(m.model.placementDrift()).toEqual([])
  const inOwn =
    p.x >= ownRect.x &&
    p.x <= ownRect.x + ownRect.width &&
    p.y >= ownRect.y &&
    p.y <= ownRect.y + ownRect.height
  // Over its own box: the branch goes back.
  if (inOwn) expect(plan.type).toBe('none')
  if (plan.type === 'refused') expect(branch.has(plan.over) && plan.over !== id).toBe(true)
  if (plan.type !== 'place' || plan.same || !write) {
    // Nothing written, everything drawn where it was.
    expect(write).toBe(null)
    expect(treeDoc(m)).toEqual(beforeDoc)
    expect(positions(m)).toEqual(beforeAt)
    return
  }
  // Never a cycle; a live parent; under the root, a half.
  expect(branch.has(plan.parent)).toBe(false)
  expect(!!m.g.index.live(plan.parent)).toBe(true)
  expect(plan.side !== undefined).toBe(plan.parent === m.root)
  const key = plan.parent === m.root ? `${plan.parent}:${plan.side}` : plan.parent
  const siblingsBefore = (beforeDrawn[key] ?? []).filter((s) => s !== id)
  expect(plan.index).toBeGreaterThanOrEqual(0)
  expect(plan.index).toBeLessThanOrEqual(siblingsBefore.length)
  // It lands where the preview said: under that parent, at that place among its siblings as drawn.
  expect(m.g.index.nodes.get(id)!.parent).toBe(plan.parent)
  const after = drawn(m)
  expect(after[key]).toEqual([
    ...siblingsBefore.slice(0, plan.index),
    id,
    ...siblingsBefore.slice(plan.index),
  ])
  // Every other node keeps its children's order, and every other branch of the root its half.
  for (const [k, kids] of Object.entries(beforeDrawn)) {
    if (k === key) continue
    expect(after[k], `children of ${k}`).toEqual(kids.filter((s) => s !== id))
  }
  for (const b of after[`${m.root}:right`]!) if (b !== id) expect(sides[b]).toBe('right')
  for (const b of after[`${m.root}:left`]!) if (b !== id) expect(sides[b]).toBe('left')
  // One undo step puts the branch back: parent, order, half and every place drawn.
  m.undo.undo()
  await settle()
  expect(treeDoc(m).map(([n, parent]) => [n, parent])).toEqual(beforeDoc.map(([n, parent]) => [n, parent]))
  expect(positions(m)).toEqual(beforeAt)
}

/** Counterexamples found once, kept as named regressions (run every time). */
const REGRESSIONS: Array<{ name: string; c: Case }> = []

describe('dropping a dragged branch in a mind map', () => {
  it('onto a node makes it that node’s last child; Ctrl+Z puts it back', async () => {
    // Root: A (with A1, A2), B. Drag B onto A's middle.
    const m = await mapOf([0, 1, 1, 0], [0, 1, 2, 3])
    const [, a, a1, a2, b] = m.ids as [string, string, string, string, string]
    const r = rectOf(m, a)
    const { plan } = await dragTo(m, b, { x: r.x + r.width / 2, y: r.y + r.height / 2 })
    expect(plan).toMatchObject({ type: 'place', parent: a, index: 2 })
    expect(m.g.index.nodes.get(b)!.parent).toBe(a)
    expect(drawn(m)[a]).toEqual([a1, a2, b])
    m.undo.undo()
    await settle()
    expect(m.g.index.nodes.get(b)!.parent).toBe(m.root)
  })

  it('between two siblings goes between them, even when they were made in the same millisecond', async () => {
    const m = await mapOf([0, 1, 1, 1, 0], [0, 5, 5, 5, 6])
    const [, a, a1, a2, a3, b] = m.ids as [string, string, string, string, string, string]
    const before = drawn(m)[a]!
    const r1 = rectOf(m, before[1]!)
    // The bottom quarter of the second child: after it.
    const { plan } = await dragTo(m, b, { x: r1.x + 20, y: r1.y + r1.height * 0.9 })
    expect(plan).toMatchObject({ type: 'place', parent: a, index: 2 })
    expect(drawn(m)[a]).toEqual([before[0], before[1], b, before[2]])
    expect(new Set(before)).toEqual(new Set([a1, a2, a3]))
  })

  it('onto its own child is refused: the preview says so and nothing is written', async () => {
    const m = await mapOf([0, 1, 2], [0, 1, 2])
    const [, a, a1] = m.ids as [string, string, string, string]
    const r = rectOf(m, a1)
    const doc = treeDoc(m)
    const { plan, write } = await dragTo(m, a, { x: r.x + r.width / 2, y: r.y + r.height / 2 })
    expect(plan).toMatchObject({ type: 'refused', reason: 'cycle', over: a1 })
    expect(write).toBe(null)
    expect(treeDoc(m)).toEqual(doc)
  })

  it('on the root’s other half moves the branch to that half, and no other branch crosses', async () => {
    // Four branches: two right, two left.
    const m = await mapOf([0, 0, 0, 0], [0, 1, 2, 3])
    const d = drawn(m)
    const right = d[`${m.root}:right`]!
    const left = d[`${m.root}:left`]!
    expect(right.length).toBe(2)
    const root = rectOf(m, m.root)
    const { plan } = await dragTo(m, right[0]!, { x: root.x + 10, y: root.y + root.height / 2 })
    expect(plan).toMatchObject({ type: 'place', parent: m.root, side: 'left' })
    const after = drawn(m)
    expect(after[`${m.root}:right`]).toEqual([right[1]])
    expect(new Set(after[`${m.root}:left`])).toEqual(new Set([...left, right[0]]))
  })

  it('carries its derived branch with the pointer and draws it over the other nodes', async () => {
    const m = await mapOf([0, 1, 0], [0, 1, 2])
    const [, a, a1] = m.ids as [string, string, string, string]
    const ra = rectOf(m, a)
    const r1 = rectOf(m, a1)
    expect(m.model.beginTreeDrag(a)).toBe(true)
    m.model.onNodesChange([
      { type: 'position', id: a, position: { x: ra.x + 30, y: ra.y + 200 }, dragging: true },
    ])
    expect(m.model.positionOf(a1)).toEqual({ x: r1.x + 30, y: r1.y + 200 })
    expect(m.model.node(a1)!.zIndex).toBeGreaterThan(0)
    // Nothing is written while the branch moves.
    expect(m.g.index.nodes.get(a)!.x).toBe(null)
    m.model.endDrag()
  })

  for (const r of REGRESSIONS) it(`regression: ${r.name}`, () => check(r.c))

  it('never makes a cycle, lands where the preview says, keeps every other order, and undoes in one step', async () => {
    const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
    console.log(`tree-drop seed ${seed} (PLEXUS_SEED=${seed} to replay)`)
    await fc.assert(fc.asyncProperty(tree, check), { seed, numRuns: Number(process.env.PLEXUS_RUNS ?? 200) })
  }, 120_000)
})
