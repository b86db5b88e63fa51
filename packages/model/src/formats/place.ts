import type { Graph } from '../graph.ts'
import type { NodeDecl, Parsed } from './facts.ts'

// Where an import's new nodes go on the canvas. A file that has positions (JSON Canvas) keeps them,
// moved as one block when it would land on nodes already placed. A file without (Mermaid, DSL) is laid
// out in its direction: each subgraph as a block of its members, ranked along the edges between them,
// a DSL tree as a tidy tree growing right, and the whole below what the canvas already shows, so nothing
// lands on the root or another node.

export interface Box {
  x: number
  y: number
  width?: number
  height?: number
}

const GAP_MAIN = 70
const GAP_CROSS = 40
const GAP_SIBLING = 16
const PAD = 24
const TITLE = 36
const HEIGHT = 56
// At least the width the canvas gives a node that has none, so a node drawn at that width fits its slot.
const width = (name: string): number => Math.min(320, Math.max(200, 8 * name.length + 40))

/** The box of everything already placed, or null when nothing is. */
function placedBounds(g: Graph): { x0: number; y0: number; x1: number; y1: number } | null {
  let b: { x0: number; y0: number; x1: number; y1: number } | null = null
  for (const n of g.index.nodes.values()) {
    if (n.x === null || n.y === null || !g.index.live(n.id)) continue
    const x1 = n.x + (n.width ?? 200)
    const y1 = n.y + (n.height ?? HEIGHT)
    b = b
      ? { x0: Math.min(b.x0, n.x), y0: Math.min(b.y0, n.y), x1: Math.max(b.x1, x1), y1: Math.max(b.y1, y1) }
      : { x0: n.x, y0: n.y, x1, y1 }
  }
  return b
}

/** Positions (and, for groups, sizes) of `fresh` by index. `parentOf` maps placeholders. */
export function placeNew(
  g: Graph,
  fresh: NodeDecl[],
  parentOf: Map<string, string>,
  p: Parsed,
): Map<number, Box> {
  const out = new Map<number, Box>()
  if (!fresh.length) return out
  const ph = (i: number): string => `\u0000new:${i}`
  const index = new Map(fresh.map((d, i) => [ph(i), i]))
  const placed = placedBounds(g)
  if (fresh.every((d) => d.x !== undefined && d.y !== undefined)) {
    let x0 = Infinity
    let y0 = Infinity
    let y1 = -Infinity
    for (const d of fresh) {
      x0 = Math.min(x0, d.x!)
      y0 = Math.min(y0, d.y!)
      y1 = Math.max(y1, d.y! + (d.height ?? HEIGHT))
    }
    // Kept where the file has them unless that is on top of what is there; then moved down as a block.
    const clash = placed && y0 < placed.y1 && y1 > placed.y0
    const dy = clash ? placed.y1 + GAP_MAIN * 2 - y0 : 0
    const dx = clash ? placed.x0 - x0 : 0
    fresh.forEach((d, i) => out.set(i, { x: d.x! + dx, y: d.y! + dy }))
    return out
  }
  // The DSL gives no direction: its trees grow right, so its ranks run left to right too. A Mermaid
  // text without a header is Mermaid's default, top to bottom.
  const dir = p.direction ?? (p.outline ? 'LR' : 'TB')
  const vertical = dir === 'TB' || dir === 'TD' || dir === 'BT'
  const reverse = dir === 'BT' || dir === 'RL'
  // The tree among new nodes: a new node under another new node is in that one's block.
  const kids = new Map<string, number[]>()
  const tops: number[] = []
  fresh.forEach((_, i) => {
    const parent = parentOf.get(ph(i))
    if (parent !== undefined && index.has(parent)) {
      const list = kids.get(parent) ?? []
      list.push(i)
      kids.set(parent, list)
    } else tops.push(i)
  })
  const byKey = new Map(fresh.map((d, i) => [d.key, i]))
  const up = (i: number): number | undefined => {
    const parent = parentOf.get(ph(i))
    return parent === undefined ? undefined : index.get(parent)
  }
  const links: Array<[number, number]> = []
  for (const f of p.facts) {
    const a = byKey.get(f.from.key)
    const b = byKey.get(f.to.key)
    if (a !== undefined && b !== undefined) links.push([a, b])
  }
  const size = new Map<number, { w: number; h: number }>()
  const rel = new Map<number, { x: number; y: number }>()
  // A diagram's parent is a subgraph, a frame holding its members. A DSL parent is a node like any
  // other: its children go right of it as a tidy tree, siblings top to bottom in the text's order, the
  // parent level with the middle of them (laid out as frames, a 400-node outline was one row 70,000 px
  // wide, each parent given the frame's size).
  const diagram = !p.outline
  const trees = new Map<number, Map<number, { x: number; y: number }>>()
  /** `m`'s subtree with its box's corner at (x, y), offsets into `at`; returns the box's right and bottom. */
  const tidy = (
    m: number,
    x: number,
    y: number,
    at: Map<number, { x: number; y: number }>,
  ): { right: number; bottom: number } => {
    const w = width(fresh[m]!.name)
    const ks = kids.get(ph(m))
    if (!ks) {
      at.set(m, { x, y })
      return { right: x + w, bottom: y + HEIGHT }
    }
    let right = x + w
    let next = y
    for (const k of ks) {
      const r = tidy(k, x + w + GAP_MAIN, next, at)
      right = Math.max(right, r.right)
      next = r.bottom + GAP_SIBLING
    }
    const bottom = next - GAP_SIBLING
    at.set(m, { x, y: Math.round((y + bottom - HEIGHT) / 2) })
    return { right, bottom }
  }

  /** Lays out `members` from (0, 0); returns the block's size. Children first, so blocks know theirs. */
  const block = (members: number[]): { w: number; h: number } => {
    for (const m of members) {
      const ks = kids.get(ph(m))
      if (ks && !diagram) {
        const at = new Map<number, { x: number; y: number }>()
        const r = tidy(m, 0, 0, at)
        trees.set(m, at)
        size.set(m, { w: r.right, h: r.bottom })
      } else if (ks) {
        const inner = block(ks)
        size.set(m, { w: inner.w + 2 * PAD, h: inner.h + PAD + TITLE })
      } else size.set(m, { w: width(fresh[m]!.name), h: HEIGHT })
    }
    const here = new Set(members)
    const lift = (i: number): number | undefined => {
      let cur: number | undefined = i
      while (cur !== undefined && !here.has(cur)) cur = up(cur)
      return cur
    }
    const succ = new Map<number, number[]>()
    for (const [a, b] of links) {
      const x = lift(a)
      const y = lift(b)
      if (x === undefined || y === undefined || x === y) continue
      succ.set(x, [...(succ.get(x) ?? []), y])
    }
    // Longest path from the sources, back edges of a cycle left out (depth-first, iterative).
    const rank = new Map<number, number>()
    const state = new Map<number, 1 | 2>()
    const order: number[] = []
    for (const s of members) {
      if (state.has(s)) continue
      const stack: Array<[number, number]> = [[s, 0]]
      state.set(s, 1)
      while (stack.length) {
        const cur = stack[stack.length - 1]!
        const next = (succ.get(cur[0]) ?? [])[cur[1]++]
        if (next === undefined) {
          state.set(cur[0], 2)
          order.push(cur[0])
          stack.pop()
        } else if (!state.has(next)) {
          state.set(next, 1)
          stack.push([next, 0])
        }
      }
    }
    const pos = new Map(order.map((m, k) => [m, k]))
    for (let k = order.length - 1; k >= 0; k--) {
      const a = order[k]!
      const r = rank.get(a) ?? 0
      rank.set(a, r)
      for (const b of succ.get(a) ?? []) if (pos.get(b)! < k) rank.set(b, Math.max(rank.get(b) ?? 0, r + 1))
    }
    const ranks: number[][] = []
    for (const m of members) (ranks[rank.get(m)!] ??= []).push(m)
    if (reverse) ranks.reverse()
    const main = (m: number): number => (vertical ? size.get(m)!.h : size.get(m)!.w)
    const cross = (m: number): number => (vertical ? size.get(m)!.w : size.get(m)!.h)
    const spans = ranks.map(
      (r) => (r ?? []).reduce((s, m) => s + cross(m), 0) + GAP_CROSS * ((r?.length ?? 1) - 1),
    )
    const widest = Math.max(0, ...spans)
    let along = 0
    ranks.forEach((r, k) => {
      if (!r) return
      let at = (widest - spans[k]!) / 2
      const thick = Math.max(...r.map(main))
      for (const m of r) {
        rel.set(m, vertical ? { x: at, y: along } : { x: along, y: at })
        at += cross(m) + GAP_CROSS
      }
      along += thick + GAP_MAIN
    })
    const length = Math.max(0, along - GAP_MAIN)
    return vertical ? { w: widest, h: length } : { w: length, h: widest }
  }
  block(tops)
  const origin = placed ? { x: placed.x0, y: placed.y1 + GAP_MAIN * 2 } : { x: 0, y: 160 }
  const put = (members: number[], ox: number, oy: number): void => {
    for (const m of members) {
      const r = rel.get(m)!
      const tree = trees.get(m)
      if (tree) {
        for (const [id, q] of tree)
          out.set(id, { x: Math.round(ox + r.x + q.x), y: Math.round(oy + r.y + q.y) })
        continue
      }
      const s = size.get(m)!
      const ks = kids.get(ph(m))
      // A group gets the size of its block (a frame). A diagram's node (Mermaid) keeps the size it was
      // laid out at, as a canvas card would; a DSL node is sized by its text when drawn.
      out.set(m, {
        x: Math.round(ox + r.x),
        y: Math.round(oy + r.y),
        ...(ks || p.direction !== undefined ? { width: s.w, height: s.h } : {}),
      })
      if (ks) put(ks, ox + r.x + PAD, oy + r.y + TITLE)
    }
  }
  put(tops, origin.x, origin.y)
  return out
}
