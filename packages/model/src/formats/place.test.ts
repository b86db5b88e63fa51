import { describe, expect, it } from 'vitest'
import { setPositions } from '../update.ts'
import type { NodeView } from '../types.ts'
import { importGraph } from './index.ts'
import { ok, setup } from './test-helpers.ts'

// Where imported nodes land: laid out in the file's direction, groups around their members, nothing on
// top of the root or another node; canvas positions kept.

type Box = { x0: number; y0: number; x1: number; y1: number }
const box = (n: NodeView): Box => ({
  x0: n.x!,
  y0: n.y!,
  x1: n.x! + (n.width ?? 200),
  y1: n.y! + (n.height ?? 56),
})
const overlap = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
const inside = (a: Box, b: Box): boolean => a.x0 >= b.x0 && a.x1 <= b.x1 && a.y0 >= b.y0 && a.y1 <= b.y1

const FLOW = `flowchart LR
  a[Start] --> b{Decide}
  b -->|yes| c[Do it]
  b -->|no| d[Skip]
  subgraph grp [Work]
    c --> e[Check]
  end
  e --> b
`

describe('placing imported nodes', () => {
  it('lays a Mermaid flowchart out in its direction, groups around members, overlapping nothing', () => {
    const { g, root } = setup()
    ok(setPositions(g, [{ id: root, x: 0, y: 0 }]))
    ok(importGraph(g, 'mermaid', FLOW))
    const by = new Map([...g.index.nodes.values()].map((n) => [n.summary, n]))
    const leaves = ['Start', 'Decide', 'Do it', 'Skip', 'Check', 'Plan'].map((s) => by.get(s)!)
    for (const n of leaves) expect(n.x !== null && n.y !== null).toBe(true)
    for (const [i, a] of leaves.entries())
      for (const b of leaves.slice(i + 1))
        expect(overlap(box(a), box(b)), `${a.summary} / ${b.summary}`).toBe(false)
    const grp = by.get('Work')!
    expect(grp.shape).toBe('group')
    for (const s of ['Do it', 'Check']) expect(inside(box(by.get(s)!), box(grp))).toBe(true)
    for (const s of ['Start', 'Decide', 'Skip', 'Plan'])
      expect(overlap(box(by.get(s)!), box(grp))).toBe(false)
    // Left to right: each link goes rightwards, except the one back that closes the loop.
    expect(by.get('Start')!.x!).toBeLessThan(by.get('Decide')!.x!)
    expect(by.get('Decide')!.x!).toBeLessThan(by.get('Skip')!.x!)
  })

  it('places DSL nodes without fixing their size, clear of each other at the size a node without one is drawn', () => {
    const { g, root } = setup()
    ok(setPositions(g, [{ id: root, x: 0, y: 0 }]))
    ok(importGraph(g, 'dsl', 'API depends_on Database\nWeb depends_on API\nWorker depends_on API\nCLI'))
    const fresh = [...g.index.nodes.values()].filter((n) => n.id !== root)
    expect(fresh.every((n) => n.x !== null && n.width === undefined && n.height === undefined)).toBe(true)
    const all = [...g.index.nodes.values()]
    for (const [i, a] of all.entries())
      for (const b of all.slice(i + 1))
        expect(overlap(box(a), box(b)), `${a.summary} / ${b.summary}`).toBe(false)
  })

  it('places a DSL tree as a tree: children right of their parent in the text order, no size fixed', () => {
    const { g, root } = setup()
    ok(setPositions(g, [{ id: root, x: 0, y: 0 }]))
    // Roadmap is new (one block, a tree); Loose and Other hang from the existing root, one above the other.
    const lines = [
      'Roadmap contains A',
      'Roadmap contains B',
      'A contains A1',
      'A contains A2',
      'B contains B1',
    ]
    ok(importGraph(g, 'dsl', [...lines, 'Loose', 'Other'].join('\n')))
    const by = new Map([...g.index.nodes.values()].map((n) => [n.summary, n]))
    const right = (child: string, parent: string) => by.get(child)!.x! > by.get(parent)!.x! + 200
    expect([right('A', 'Roadmap'), right('B', 'Roadmap'), right('A1', 'A'), right('B1', 'B')]).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(by.get('A')!.y!).toBeLessThan(by.get('B')!.y!)
    expect(by.get('A1')!.y!).toBeLessThan(by.get('A2')!.y!)
    expect(by.get('Loose')!.x!).toBe(by.get('Other')!.x!)
    expect([...by.values()].some((n) => n.width !== undefined)).toBe(false)
    const all = [...g.index.nodes.values()]
    for (const [i, a] of all.entries())
      for (const b of all.slice(i + 1))
        expect(overlap(box(a), box(b)), `${a.summary} / ${b.summary}`).toBe(false)
  })

  it('lays a Mermaid text without a header out top to bottom, its subgraph as a frame (not as a DSL tree)', () => {
    const { g } = setup()
    ok(importGraph(g, 'mermaid', 'a[Start] --> b[End]\nsubgraph grp [Work]\n  c[Inside]\nend\n'))
    const by = new Map([...g.index.nodes.values()].map((n) => [n.summary, n]))
    // Mermaid's own default is TB: the edge's target below its source, not right of it.
    expect(by.get('End')!.y!).toBeGreaterThanOrEqual(box(by.get('Start')!).y1)
    // A subgraph is drawn around its member, with the frame's size.
    expect(inside(box(by.get('Inside')!), box(by.get('Work')!))).toBe(true)
  })

  it('keeps a canvas where it was drawn, or moves it clear as one block when that is taken', () => {
    const canvas = JSON.stringify({
      nodes: [
        { id: 'p', type: 'text', text: 'P', x: 0, y: 0, width: 200, height: 80 },
        { id: 'q', type: 'text', text: 'Q', x: 300, y: 40, width: 120, height: 60 },
      ],
      edges: [],
    })
    const empty = setup()
    ok(importGraph(empty.g, 'canvas', canvas))
    const p = [...empty.g.index.nodes.values()].find((n) => n.summary === 'P')!
    expect([p.x, p.y, p.width, p.height]).toEqual([0, 0, 200, 80])

    const { g, root } = setup()
    ok(setPositions(g, [{ id: root, x: 0, y: 0 }]))
    ok(importGraph(g, 'canvas', canvas))
    const [p2, q2] = ['P', 'Q'].map((s) => [...g.index.nodes.values()].find((n) => n.summary === s)!)
    expect(overlap(box(p2!), box(g.index.nodes.get(root)!))).toBe(false)
    expect([q2!.x! - p2!.x!, q2!.y! - p2!.y!]).toEqual([300, 40])
  })
})
