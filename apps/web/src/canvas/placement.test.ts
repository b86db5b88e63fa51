import { createNodes, initGraph, openGraph, setPositions, type Graph } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { estimateSize, overlaps, type XY } from './geometry.ts'
import { placeNodes } from './placement.ts'

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
  const at = placeNodes({ index: g.index, unplaced, placed, sizeOf })
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
