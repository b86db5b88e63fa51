import { createNodes, initGraph, openGraph, setPositions, type Graph } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { estimateSize, overlaps, type XY } from './geometry.ts'
import { PlacedIndex } from './placed-index.ts'
import { makeRoom, placeNodes } from './placement.ts'

function graph(): { g: Graph; root: string } {
  let n = 0
  const g = openGraph(new Y.Doc(), {
    actor: 'test',
    now: () => 1000 + n,
    newId: () => `id${(n++).toString().padStart(4, '0')}`,
  })
  const r = initGraph(g, { id: 'place', title: 'Root' })
  if (!r.ok) throw new Error(r.message)
  setPositions(g, [{ id: r.root, x: 0, y: 0 }])
  return { g, root: r.root }
}

function run(g: Graph) {
  const placed = new Map<string, XY>()
  const unplaced: string[] = []
  for (const [id, v] of g.index.nodes) {
    if (v.x !== null && v.y !== null) placed.set(id, { x: v.x, y: v.y })
    else unplaced.push(id)
  }
  const sizeOf = (id: string) => estimateSize(g.index.nodes.get(id)!)
  const index = new PlacedIndex()
  index.load([...placed].map(([id, p]) => [id, { ...p, ...sizeOf(id) }]))
  const at = placeNodes({ index: g.index, unplaced, placed: index, sizeOf })
  const all = new Map([...placed, ...at])
  const rects = [...all].map(([id, p]) => ({ id, ...p, ...sizeOf(id) }))
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++)
      expect(overlaps(rects[i]!, rects[j]!), `${rects[i]!.id} / ${rects[j]!.id}`).toBe(false)
  return at
}

describe('placeNodes', () => {
  it('puts an agent’s children right of their parent, in creation order, top to bottom, overlapping nothing', () => {
    const { g, root } = graph()
    const r = createNodes(
      g,
      [{ summary: 'First' }, { summary: 'Second' }, { summary: 'Third' }].map((i) => ({
        ...i,
        parent: root,
      })),
      { mode: 'force' },
    )
    if (!r.ok) throw new Error(r.message)
    const at = run(g)
    const ys = r.created.map((c) => at.get(c.id)!)
    for (const p of ys) expect(p.x).toBeGreaterThan(0)
    expect(ys[0]!.y).toBeLessThan(ys[1]!.y)
    expect(ys[1]!.y).toBeLessThan(ys[2]!.y)
  })

  it('puts a new branch below the existing ones, clear of their grandchildren', () => {
    const { g, root } = graph()
    const a = createNodes(
      g,
      [
        { ref: 'a', summary: 'A', parent: root },
        { summary: 'A1', parent_ref: 'a' },
        { summary: 'A2', parent_ref: 'a' },
      ],
      { mode: 'force' },
    )
    if (!a.ok) throw new Error(a.message)
    const first = run(g)
    setPositions(
      g,
      [...first].map(([id, p]) => ({ id, ...p })),
    )
    const b = createNodes(
      g,
      [
        { ref: 'b', summary: 'B', parent: root },
        { summary: 'B1', parent_ref: 'b' },
      ],
      { mode: 'force' },
    )
    if (!b.ok) throw new Error(b.message)
    const second = run(g)
    const lowestA = Math.max(...[...first.values()].map((p) => p.y))
    expect(second.get(b.refs.b!)!.y).toBeGreaterThan(lowestA)
  })

  it('places the nodes of an import as a tidy block, overlapping nothing', () => {
    const { g, root } = graph()
    const items = Array.from({ length: 300 }, (_, i) => ({
      ref: `r${i}`,
      summary: `Imported ${i}`,
      ...(i ? { parent_ref: `r${Math.floor((i - 1) / 5)}` } : { parent: root }),
    }))
    const r = createNodes(g, items, { mode: 'force' })
    if (!r.ok) throw new Error(r.message)
    expect(run(g).size).toBe(300)
  })
})

describe('makeRoom', () => {
  function tree() {
    const { g, root } = graph()
    const r = createNodes(g, [
      { ref: 'l', summary: 'Left branch', parent: root, x: -300, y: 0 },
      { ref: 'll', summary: 'Left leaf', parent_ref: 'l', x: -600, y: 0 },
      { ref: 'a', summary: 'Right A', parent: root, x: 300, y: 0 },
      { ref: 'b', summary: 'Right B', parent: root, x: 300, y: 60 },
      { ref: 'c', summary: 'Child of A', parent_ref: 'a', x: 510, y: 0 },
    ])
    if (!r.ok) throw new Error(r.message)
    const id = (ref: string) => r.created.find((c) => c.ref === ref)!.id
    const pos = (n: string) => {
      const v = g.index.nodes.get(n)!
      return v.x === null || v.y === null ? null : { x: v.x, y: v.y }
    }
    return { g, id, pos, size: { width: 140, height: 45 } }
  }

  it('grows a left branch leftwards, with its subtree, instead of into its parent', () => {
    const { g, id, pos, size } = tree()
    const moves = makeRoom({
      index: g.index,
      id: id('l'),
      before: size,
      after: { width: 240, height: 45 },
      positionOf: pos,
      sizeOf: () => size,
    })
    expect(moves.get(id('l'))).toEqual({ x: -400, y: 0 })
    expect(moves.get(id('ll'))).toEqual({ x: -700, y: 0 })
  })

  it('moves children out of a node that widened into them, and siblings below one that grew taller', () => {
    const { g, id, pos, size } = tree()
    const wide = makeRoom({
      index: g.index,
      id: id('a'),
      before: size,
      after: { width: 260, height: 45 },
      positionOf: pos,
      sizeOf: () => size,
    })
    expect(wide.get(id('c'))!.x).toBe(300 + 260 + 70)
    const tall = makeRoom({
      index: g.index,
      id: id('a'),
      before: size,
      after: { width: 140, height: 102 },
      positionOf: pos,
      sizeOf: () => size,
    })
    expect(tall.get(id('b'))!.y).toBe(102 + 18)
    expect(tall.has(id('l'))).toBe(false)
  })

  it('moves nothing when nothing overlaps', () => {
    const { g, id, pos, size } = tree()
    const moves = makeRoom({
      index: g.index,
      id: id('b'),
      before: size,
      after: { width: 150, height: 64 },
      positionOf: pos,
      sizeOf: () => size,
    })
    expect(moves.size).toBe(0)
  })
})
