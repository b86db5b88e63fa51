import { GAP_X, GAP_Y, type Size, type XY } from '../canvas/geometry.ts'

/**
 * A small Sugiyama-style layered layout, left to right:
 * 1. cycles are broken by reversing the back edges of a depth-first walk;
 * 2. layers by longest path from the sources;
 * 3. order within layers by barycentre sweeps (down, then up), a few rounds;
 * 4. y by pulling each node towards its neighbours' mean, then pushing apart so nothing overlaps.
 * Edges are [from, to] pairs where `from` should sit left of `to`. Positions are top-left corners.
 */
export function layoutLayered(
  ids: readonly string[],
  edges: ReadonlyArray<readonly [string, string]>,
  sizeOf: (id: string) => Size,
): Map<string, XY> {
  const idSet = new Set(ids)
  const succ = new Map<string, string[]>(ids.map((id) => [id, []]))
  for (const [a, b] of edges) if (a !== b && idSet.has(a) && idSet.has(b)) succ.get(a)!.push(b)

  // 1. Break cycles: iterative DFS, drop edges into the current path and add them reversed.
  const state = new Map<string, 1 | 2>()
  const dag = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]))
  for (const start of ids) {
    if (state.has(start)) continue
    const stack: Array<[string, number]> = [[start, 0]]
    state.set(start, 1)
    while (stack.length) {
      const top = stack[stack.length - 1]!
      const [v, i] = top
      const out = succ.get(v)!
      if (i >= out.length) {
        state.set(v, 2)
        stack.pop()
        continue
      }
      top[1]++
      const w = out[i]!
      if (state.get(w) === 1) dag.get(w)!.add(v)
      else {
        dag.get(v)!.add(w)
        if (!state.has(w)) {
          state.set(w, 1)
          stack.push([w, 0])
        }
      }
    }
  }
  const pred = new Map<string, string[]>(ids.map((id) => [id, []]))
  for (const [v, out] of dag) for (const w of out) pred.get(w)!.push(v)

  // 2. Longest-path layering in topological order (Kahn).
  const indeg = new Map(ids.map((id) => [id, pred.get(id)!.length]))
  const queue = ids.filter((id) => indeg.get(id) === 0)
  const layer = new Map<string, number>()
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i]!
    const l = Math.max(0, ...pred.get(v)!.map((p) => layer.get(p)! + 1))
    layer.set(v, l)
    for (const w of dag.get(v)!) {
      indeg.set(w, indeg.get(w)! - 1)
      if (indeg.get(w) === 0) queue.push(w)
    }
  }
  const layers: string[][] = []
  for (const v of queue) (layers[layer.get(v)!] ??= []).push(v)

  // 3. Barycentre ordering.
  const rank = new Map<string, number>()
  const renumber = (l: string[]) => l.forEach((v, i) => rank.set(v, i))
  layers.forEach(renumber)
  const sweep = (l: string[], neighbours: (v: string) => string[]) => {
    const bary = new Map<string, number>()
    for (const v of l) {
      const ns = neighbours(v)
      bary.set(v, ns.length ? ns.reduce((s, n) => s + rank.get(n)!, 0) / ns.length : rank.get(v)!)
    }
    l.sort((a, b) => bary.get(a)! - bary.get(b)! || rank.get(a)! - rank.get(b)!)
    renumber(l)
  }
  for (let round = 0; round < 4; round++) {
    for (let i = 1; i < layers.length; i++) sweep(layers[i]!, (v) => pred.get(v)!)
    for (let i = layers.length - 2; i >= 0; i--) sweep(layers[i]!, (v) => [...dag.get(v)!])
  }

  // 4. Coordinates.
  const pos = new Map<string, XY>()
  let x = 0
  const ys = new Map<string, number>()
  for (const l of layers) {
    let y = 0
    for (const v of l) {
      ys.set(v, y + sizeOf(v).height / 2)
      y += sizeOf(v).height + GAP_Y * 2
    }
  }
  const settle = (l: string[], neighbours: (v: string) => string[]) => {
    for (const v of l) {
      const ns = neighbours(v)
      if (ns.length) ys.set(v, ns.reduce((s, n) => s + ys.get(n)!, 0) / ns.length)
    }
    // Keep the order, push apart to the minimum gap, then re-centre on the wanted mean.
    let prevBottom = -Infinity
    const wanted = l.reduce((s, v) => s + ys.get(v)!, 0) / Math.max(1, l.length)
    for (const v of l) {
      const h = sizeOf(v).height
      const top = Math.max(ys.get(v)! - h / 2, prevBottom + GAP_Y * 2)
      ys.set(v, top + h / 2)
      prevBottom = top + h
    }
    const got = l.reduce((s, v) => s + ys.get(v)!, 0) / Math.max(1, l.length)
    for (const v of l) ys.set(v, ys.get(v)! + (wanted - got))
  }
  for (let round = 0; round < 3; round++) {
    for (let i = 1; i < layers.length; i++) settle(layers[i]!, (v) => pred.get(v)!)
    for (let i = layers.length - 2; i >= 0; i--) settle(layers[i]!, (v) => [...dag.get(v)!])
  }
  for (const l of layers) {
    const w = Math.max(...l.map((v) => sizeOf(v).width))
    for (const v of l) pos.set(v, { x, y: Math.round(ys.get(v)! - sizeOf(v).height / 2) })
    x += w + GAP_X * 1.4
  }
  // Normalise so the top-left of the whole drawing is (0, 0).
  let minY = Infinity
  for (const p of pos.values()) minY = Math.min(minY, p.y)
  for (const p of pos.values()) p.y -= minY
  return pos
}
