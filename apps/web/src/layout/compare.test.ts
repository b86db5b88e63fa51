import { describe, expect, it } from 'vitest'
import { overlaps, type Size, type XY } from '../canvas/geometry.ts'
import { layoutDagre } from './dagre.ts'
import { layoutLayered } from './layered.ts'

// The library layout against the hand-written one it replaced, on the graphs the layered layout is for.
// Crossings count straight segments from each node's right side to the next node's left side.

const sizeOf = (id: string): Size => ({ width: 120 + (id.length % 4) * 25, height: 45 })

function crossings(pos: Map<string, XY>, edges: ReadonlyArray<readonly [string, string]>): number {
  const seg = edges.map(([a, b]) => {
    const p = pos.get(a)!
    const q = pos.get(b)!
    return [p.x + sizeOf(a).width, p.y + 22, q.x, q.y + 22, a, b] as const
  })
  const ccw = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
    (cy - ay) * (bx - ax) - (by - ay) * (cx - ax)
  let n = 0
  for (let i = 0; i < seg.length; i++)
    for (let j = i + 1; j < seg.length; j++) {
      const [x1, y1, x2, y2, a1, b1] = seg[i]!
      const [x3, y3, x4, y4, a2, b2] = seg[j]!
      if (a1 === a2 || b1 === b2 || a1 === b2 || b1 === a2) continue
      const d1 = ccw(x3, y3, x4, y4, x1, y1)
      const d2 = ccw(x3, y3, x4, y4, x2, y2)
      const d3 = ccw(x1, y1, x2, y2, x3, y3)
      const d4 = ccw(x1, y1, x2, y2, x4, y4)
      if (d1 * d2 < 0 && d3 * d4 < 0) n++
    }
  return n
}

function tree(n: number, branching: number): { ids: string[]; edges: Array<[string, string]> } {
  const ids = Array.from({ length: n }, (_, i) => `n${i}`)
  const edges: Array<[string, string]> = []
  for (let i = 1; i < n; i++) edges.push([`n${Math.floor((i - 1) / branching)}`, `n${i}`])
  return { ids, edges }
}

/** A seeded random DAG: each node depends on up to three earlier ones. */
function dag(n: number, seed: number): { ids: string[]; edges: Array<[string, string]> } {
  let s = seed
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648
  const ids = Array.from({ length: n }, (_, i) => `d${i}`)
  const edges: Array<[string, string]> = []
  for (let i = 1; i < n; i++) {
    const k = 1 + Math.floor(rnd() * 3)
    const seen = new Set<number>()
    for (let j = 0; j < k; j++) {
      const t = Math.floor(rnd() * i)
      if (!seen.has(t)) edges.push([`d${t}`, `d${i}`])
      seen.add(t)
    }
  }
  return { ids, edges }
}

function noOverlaps(pos: Map<string, XY>): void {
  const r = [...pos].map(([id, p]) => ({ id, ...p, ...sizeOf(id) }))
  for (let i = 0; i < r.length; i++)
    for (let j = i + 1; j < r.length; j++)
      expect(overlaps(r[i]!, r[j]!), `${r[i]!.id}/${r[j]!.id}`).toBe(false)
}

describe('layered layout: dagre against the hand-written one', () => {
  it('lays a plain tree out with no crossings, where the hand-written layout crossed', () => {
    const { ids, edges } = tree(200, 4)
    const lib = layoutDagre(ids, edges, sizeOf)
    const own = layoutLayered(ids, edges, sizeOf)
    const c = { dagre: crossings(lib, edges), handWritten: crossings(own, edges) }
    console.log('tree 200: crossings', c)
    noOverlaps(lib)
    expect(c.dagre).toBe(0)
    expect(c.dagre).toBeLessThanOrEqual(c.handWritten)
    for (const [a, b] of edges) expect(lib.get(b)!.x).toBeGreaterThan(lib.get(a)!.x)
  })

  it('crosses no more than the hand-written layout on a dependency DAG', () => {
    const { ids, edges } = dag(300, 7)
    const lib = layoutDagre(ids, edges, sizeOf)
    const own = layoutLayered(ids, edges, sizeOf)
    const c = { dagre: crossings(lib, edges), handWritten: crossings(own, edges) }
    console.log('dag 300: crossings', c)
    noOverlaps(lib)
    expect(c.dagre).toBeLessThanOrEqual(c.handWritten)
  })

  it('follows the direction it is given and keeps clusters together', () => {
    const ids = ['a', 'b', 'c', 'd']
    const edges: Array<[string, string]> = [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
    ]
    const td = layoutDagre(ids, edges, sizeOf, 'TD')
    expect(td.get('b')!.y).toBeGreaterThan(td.get('a')!.y)
    const rl = layoutDagre(ids, edges, sizeOf, 'RL')
    expect(rl.get('b')!.x).toBeLessThan(rl.get('a')!.x)
    const bt = layoutDagre(ids, edges, sizeOf, 'BT', [{ id: 'g', members: ['b', 'c'] }])
    expect(bt.get('b')!.y).toBeLessThan(bt.get('a')!.y)
  })
})
