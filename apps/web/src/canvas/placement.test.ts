import { createNodes, initGraph, openGraph, setPositions, type Graph } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeRoom } from './placement.ts'

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
