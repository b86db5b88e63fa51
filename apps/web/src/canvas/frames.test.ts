import { createNodes, importGraph, initGraph, openGraph, setPositions, type Graph } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { FRAME_PAD, FRAME_TITLE, frameBox, frameMembers, framesAbove, isFrame } from './frames.ts'
import type { XY } from './geometry.ts'

function imported(format: 'mermaid' | 'canvas', text: string): { g: Graph; id: (name: string) => string } {
  let n = 0
  const g = openGraph(new Y.Doc(), { actor: 'test', now: () => 1000 + n, newId: () => `id${n++}` })
  const r = initGraph(g, { id: 'frames', title: 'Root' })
  if (!r.ok) throw new Error(r.message)
  const i = importGraph(g, format, text)
  if (!i.ok) throw new Error(i.message)
  const id = (name: string): string => [...g.index.nodes.values()].find((v) => v.summary === name)!.id
  return { g, id }
}

const FLOW = `flowchart LR
  subgraph outer[Outer]
    a[Alpha] --> b[Beta]
    subgraph inner[Inner]
      c[Gamma]
    end
  end
  d[Delta] --> a
`

describe('frames', () => {
  it("holds its members' whole branches: a mind map imported in a frame of its own is inside it (formats-drop.spec)", () => {
    const { g, id } = imported(
      'mermaid',
      `flowchart LR
  subgraph map[Map]
    c[Centre]
  end
`,
    )
    // A branch grown under the frame's member (a dropped mind map's topics hang from its central topic).
    const r1 = createNodes(g, [
      { summary: 'Left', parent: id('Centre') },
      { summary: 'Right', parent: id('Centre') },
    ])
    if (!r1.ok) throw new Error(r1.message)
    const r2 = createNodes(g, [{ summary: 'Leaf', parent: id('Right') }])
    if (!r2.ok) throw new Error(r2.message)
    const size = { width: 100, height: 50 }
    const at = new Map<string, XY>([
      [id('Centre'), { x: 0, y: 0 }],
      [id('Left'), { x: -300, y: 100 }],
      [id('Right'), { x: 300, y: -100 }],
      [id('Leaf'), { x: 600, y: 400 }],
    ])
    const box = frameBox(
      g.index,
      id('Map'),
      (c) => at.get(c) ?? null,
      () => size,
    )!
    expect(box).toEqual({
      x: -300 - FRAME_PAD,
      y: -100 - FRAME_PAD - FRAME_TITLE,
      width: 1000 + 2 * FRAME_PAD,
      height: 550 + 2 * FRAME_PAD + FRAME_TITLE,
    })
    // A leaf deep in a branch moves: the frame around it is redrawn.
    expect(framesAbove(g.index, id('Leaf'))).toEqual([id('Map')])
    // A drag of the frame carries what has a place of its own (the import's Centre); a topic placed by
    // the derived layout follows its parent there, and is not pinned by the drag.
    setPositions(g, [{ id: id('Centre'), x: 0, y: 0 }])
    expect(frameMembers(g.index, id('Map'))).toEqual([id('Centre')])
    setPositions(g, [{ id: id('Leaf'), x: 600, y: 400 }])
    expect(frameMembers(g.index, id('Map')).sort()).toEqual([id('Centre'), id('Leaf')].sort())
  })

  it('finds the frames above a node deep in a long chain without walking the chain again for each node', () => {
    const { g, id } = imported('mermaid', `flowchart LR\n  subgraph map[Map]\n    c[Centre]\n  end\n`)
    let parent = id('Centre')
    const chain: string[] = []
    for (let i = 0; i < 2000; i++) {
      const r = createNodes(g, [{ summary: `n${i}`, parent }])
      if (!r.ok) throw new Error(r.message)
      parent = r.created[0]!.id
      chain.push(parent)
    }
    // Every node of the chain asks (as the canvas does when it draws them all): parents read are
    // counted, and stay linear in the chain's length (2,000 x 2,000 before).
    let reads = 0
    const struct = g.index.struct()
    // The same tree object on every call, as the index gives while its structure stands.
    const tree = {
      children: struct.children,
      parent: {
        get: (x: string) => {
          reads++
          return struct.parent.get(x)
        },
      } as ReadonlyMap<string, string>,
    }
    const counted = {
      nodes: g.index.nodes,
      live: (x: string) => g.index.live(x),
      version: g.index.version,
      struct: () => tree,
    }
    for (const n of chain) expect(framesAbove(counted, n)).toEqual([id('Map')])
    expect(reads).toBeLessThan(10 * chain.length)
  })
  it('a subgraph is a frame around its members, a nested one counted by its own box', () => {
    const { g, id } = imported('mermaid', FLOW)
    const size = { width: 100, height: 50 }
    const at = new Map<string, XY>([
      [id('Alpha'), { x: 0, y: 0 }],
      [id('Beta'), { x: 200, y: 0 }],
      [id('Gamma'), { x: 200, y: 300 }],
      [id('Delta'), { x: -500, y: 0 }],
    ])
    const pos = (n: string) => at.get(n) ?? null
    expect(isFrame(g.index, id('Outer'))).toBe(true)
    expect(isFrame(g.index, id('Alpha'))).toBe(false)
    const inner = frameBox(g.index, id('Inner'), pos, () => size)!
    expect(inner).toEqual({
      x: 200 - FRAME_PAD,
      y: 300 - FRAME_PAD - FRAME_TITLE,
      width: 100 + 2 * FRAME_PAD,
      height: 50 + 2 * FRAME_PAD + FRAME_TITLE,
    })
    const outer = frameBox(g.index, id('Outer'), pos, () => size)!
    // Outer holds Alpha, Beta and Inner's whole frame, and not Delta.
    expect(outer.x).toBe(-FRAME_PAD)
    expect(outer.y).toBe(-FRAME_PAD - FRAME_TITLE)
    expect(outer.x + outer.width).toBe(inner.x + inner.width + FRAME_PAD)
    expect(outer.y + outer.height).toBe(inner.y + inner.height + FRAME_PAD)
    // A member that moves is followed.
    at.set(id('Beta'), { x: 900, y: 0 })
    expect(frameBox(g.index, id('Outer'), pos, () => size)!.width).toBe(1000 + 2 * FRAME_PAD)
    expect(framesAbove(g.index, id('Gamma'))).toEqual([id('Inner'), id('Outer')])
    expect(framesAbove(g.index, id('Delta'))).toEqual([])
    expect(frameMembers(g.index, id('Outer')).sort()).toEqual([id('Alpha'), id('Beta'), id('Gamma')].sort())
  })

  it('a JSON Canvas group keeps its own geometry (not a derived frame)', () => {
    const { g, id } = imported(
      'canvas',
      JSON.stringify({
        nodes: [
          { id: 'g1', type: 'group', x: 0, y: 0, width: 600, height: 400, label: 'Box' },
          { id: 't1', type: 'text', x: 50, y: 50, width: 200, height: 60, text: 'Inside' },
        ],
        edges: [],
      }),
    )
    expect(g.index.struct().parent.get(id('Inside'))).toBe(id('Box'))
    expect(isFrame(g.index, id('Box'))).toBe(false)
  })
})
