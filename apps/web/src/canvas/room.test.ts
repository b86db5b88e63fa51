import { createNodes, initGraph, openGraph, setPositions } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { GAP_Y, type Size } from './geometry.ts'
import { makeRoom } from './placement.ts'
import { clearBranchesBelow } from './room.ts'

/** Root with two right branches (North, South) of two leaves each, and a left branch (West). */
function map() {
  let n = 0
  const g = openGraph(new Y.Doc(), {
    actor: 'test',
    now: () => 1000 + n,
    newId: () => `id${(n++).toString().padStart(4, '0')}`,
  })
  const r = initGraph(g, { id: 'room', title: 'Root' })
  if (!r.ok) throw new Error(r.message)
  setPositions(g, [{ id: r.root, x: 0, y: 100 }])
  const c = createNodes(g, [
    { ref: 'n', summary: 'North', parent: r.root, x: 240, y: 20 },
    { ref: 'n1', summary: 'North one', parent_ref: 'n', x: 480, y: 0 },
    { ref: 'n2', summary: 'North two', parent_ref: 'n', x: 480, y: 60 },
    { ref: 's', summary: 'South', parent: r.root, x: 240, y: 140 },
    { ref: 's1', summary: 'South one', parent_ref: 's', x: 480, y: 120 },
    { ref: 's2', summary: 'South two', parent_ref: 's', x: 480, y: 180 },
    { ref: 'w', summary: 'West', parent: r.root, x: -240, y: 140 },
  ])
  if (!c.ok) throw new Error(c.message)
  const id = (ref: string) => c.created.find((x) => x.ref === ref)!.id
  const pos = (n: string) => {
    const v = g.index.nodes.get(n)!
    return v.x === null || v.y === null ? null : { x: v.x, y: v.y }
  }
  return { g, id, pos }
}

const BOX: Size = { width: 140, height: 42 }
const DIAMOND: Size = { width: 190, height: 84 }

describe('clearBranchesBelow', () => {
  it('moves the next branch down when the last leaf of a branch grows into it', () => {
    const { g, id, pos } = map()
    const sizeOf = (n: string) => (n === id('n2') ? DIAMOND : BOX)
    const input = { index: g.index, id: id('n2'), before: BOX, after: DIAMOND, positionOf: pos, sizeOf }
    const own = makeRoom(input)
    expect(own.size).toBe(0) // North two has no sibling below it: makeRoom alone leaves the overlap
    const moves = clearBranchesBelow({ ...input, moves: own })
    const need = 60 + DIAMOND.height + GAP_Y - 120
    expect(moves.get(id('s'))).toEqual({ x: 240, y: 140 + need })
    expect(moves.get(id('s1'))).toEqual({ x: 480, y: 120 + need })
    expect(moves.get(id('s2'))).toEqual({ x: 480, y: 180 + need })
    // The other side of the map and the branch above stay where they are.
    expect(moves.has(id('w'))).toBe(false)
    expect(moves.has(id('n1'))).toBe(false)
  })

  it('moves nothing when the branch did not grow into the one below', () => {
    const { g, id, pos } = map()
    const moves = clearBranchesBelow({
      index: g.index,
      id: id('n2'),
      moves: new Map(),
      positionOf: pos,
      sizeOf: (n) => (n === id('n2') ? { width: 200, height: 42 } : BOX),
    })
    expect(moves.size).toBe(0)
  })
})
