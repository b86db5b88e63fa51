import { describe, expect, it } from 'vitest'
import { overlaps, type Size } from '../canvas/geometry.ts'
import { layoutLayered } from './layered.ts'
import { layoutMindMap } from './mindmap.ts'
import { layoutTree } from './tree.ts'

const size = (id: string): Size => ({ width: 100 + (id.length % 5) * 20, height: 40 })

/** A tree: every node but the root has parent floor((i - 1) / branching). */
function tree(n: number, branching: number) {
  const kids = new Map<string, string[]>()
  for (let i = 1; i < n; i++) {
    const p = `n${Math.floor((i - 1) / branching)}`
    kids.set(p, [...(kids.get(p) ?? []), `n${i}`])
  }
  return (id: string) => kids.get(id) ?? []
}

function noOverlaps(pos: Map<string, { x: number; y: number }>): void {
  const rects = [...pos].map(([id, p]) => ({ id, ...p, ...size(id) }))
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) {
      if (overlaps(rects[i]!, rects[j]!)) throw new Error(`${rects[i]!.id} overlaps ${rects[j]!.id}`)
    }
}

describe('layoutTree', () => {
  it('places every node, children right of their parent, without overlaps', () => {
    const kids = tree(200, 4)
    const pos = layoutTree(['n0'], kids, size)
    expect(pos.size).toBe(200)
    noOverlaps(pos)
    for (let i = 1; i < 200; i++) {
      const p = pos.get(`n${Math.floor((i - 1) / 4)}`)!
      expect(pos.get(`n${i}`)!.x).toBeGreaterThan(p.x)
    }
  })

  it('centres a parent on its children and keeps sibling order top to bottom', () => {
    const pos = layoutTree(
      ['r'],
      (id) => (id === 'r' ? ['a', 'b', 'c'] : []),
      () => ({ width: 100, height: 40 }),
    )
    const [a, b, c, r] = ['a', 'b', 'c', 'r'].map((id) => pos.get(id)!)
    expect(a!.y).toBeLessThan(b!.y)
    expect(b!.y).toBeLessThan(c!.y)
    expect(r!.y).toBe(b!.y)
  })

  it('survives a chain ten thousand deep', () => {
    const pos = layoutTree(
      ['c0'],
      (id) => (Number(id.slice(1)) < 9999 ? [`c${Number(id.slice(1)) + 1}`] : []),
      size,
    )
    expect(pos.size).toBe(10_000)
  })
})

describe('layoutMindMap', () => {
  it('puts branches on both sides of the root, each side growing away from it, without overlaps', () => {
    const kids = tree(60, 6)
    const pos = layoutMindMap('n0', kids, size)
    expect(pos.size).toBe(60)
    noOverlaps(pos)
    const root = pos.get('n0')!
    const branches = kids('n0').map((id) => pos.get(id)!)
    expect(branches.some((p) => p.x > root.x)).toBe(true)
    expect(branches.some((p) => p.x < root.x)).toBe(true)
    for (const b of kids('n0')) {
      const side = Math.sign(pos.get(b)!.x - root.x)
      for (const leaf of kids(b)) expect(Math.sign(pos.get(leaf)!.x - pos.get(b)!.x)).toBe(side)
    }
  })

  it('splits the branches where the halves come closest in height, keeping their order', () => {
    // Four branches of 2, 2, 2 and 3 leaves: 2 + 2 against 2 + 3 is closer than 2 + 2 + 2 against 3.
    const kids = (id: string): string[] =>
      id === 'r'
        ? ['a', 'b', 'c', 'd']
        : id.length === 1
          ? Array.from({ length: id === 'd' ? 3 : 2 }, (_, i) => `${id}${i}`)
          : []
    const pos = layoutMindMap('r', kids, size)
    const right = ['a', 'b', 'c', 'd'].filter((b) => pos.get(b)!.x > 0)
    expect(right).toEqual(['a', 'b'])
    noOverlaps(pos)
  })
})

describe('layoutLayered', () => {
  it('puts every edge left to right, breaking cycles, without overlaps', () => {
    const ids = ['a', 'b', 'c', 'd', 'e']
    const edges: Array<[string, string]> = [
      ['a', 'b'],
      ['b', 'c'],
      ['a', 'd'],
      ['d', 'c'],
      ['c', 'e'],
      ['e', 'a'], // a cycle
    ]
    const pos = layoutLayered(ids, edges, size)
    expect(pos.size).toBe(5)
    noOverlaps(pos)
    for (const [from, to] of edges.slice(0, 5)) expect(pos.get(from)!.x).toBeLessThan(pos.get(to)!.x)
  })
})
