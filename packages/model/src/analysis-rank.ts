import { adjacency, checkTypes, clamp, ref, type Ref } from './analysis-graph.ts'
import { fail, type Graph } from './graph.ts'
import type { Result } from './types.ts'

// Whole-graph measures: who matters (PageRank, degree, hubs) and what hangs together (components).

export interface Ranked extends Ref {
  score: number
}

/** PageRank along `types` (all when absent): a node ranks high when much points at it (what many need). */
export function pageRank(
  g: Graph,
  opts: { damping?: number; iterations?: number; tolerance?: number; types?: string[]; limit?: number } = {},
): Result<{ ranks: Ranked[]; iterations: number; converged: boolean }> {
  const bad = checkTypes(opts.types)
  if (bad) return bad
  const d = opts.damping ?? 0.85
  if (!(d >= 0 && d < 1))
    return fail('invalid_argument', 'damping must be at least 0 and below 1 (usually 0.85)')
  const maxIter = clamp(opts.iterations, 100, 1, 100)
  const tol = opts.tolerance !== undefined && opts.tolerance > 0 ? opts.tolerance : 1e-6
  const adj = adjacency(g, opts.types)
  const n = adj.ids.length
  if (n === 0) return { ok: true, ranks: [], iterations: 0, converged: true }
  let rank = new Float64Array(n).fill(1 / n)
  let iterations = 0
  let converged = false
  while (iterations < maxIter && !converged) {
    iterations++
    // Nodes without out-edges hand their rank to everyone, so the total stays 1.
    let dangling = 0
    for (let i = 0; i < n; i++) if (adj.out[i]!.length === 0) dangling += rank[i]!
    const next = new Float64Array(n).fill((1 - d) / n + (d * dangling) / n)
    for (let i = 0; i < n; i++) {
      const out = adj.out[i]!
      for (const e of out) next[e.to]! += (d * rank[i]!) / out.length
    }
    let delta = 0
    for (let i = 0; i < n; i++) delta += Math.abs(next[i]! - rank[i]!)
    rank = next
    converged = delta < tol
  }
  const order = [...rank.keys()].sort((x, y) => rank[y]! - rank[x]! || x - y)
  const ranks = order
    .slice(0, clamp(opts.limit, 20, 1, 1000))
    .map((i) => ({ ...ref(g, adj.ids[i]!), score: rank[i]! }))
  return { ok: true, ranks, iterations, converged }
}

/** Weakly connected components along `types` (and tree links when `includeTree`), largest first. */
export function components(
  g: Graph,
  opts: { types?: string[]; includeTree?: boolean; limit?: number; maxIds?: number } = {},
): Result<{ count: number; components: Array<{ size: number; ids: string[] }> }> {
  const bad = checkTypes(opts.types)
  if (bad) return bad
  const adj = adjacency(g, opts.types)
  const up = adj.ids.map((_, i) => i)
  const find = (i: number): number => {
    while (up[i] !== i) i = up[i] = up[up[i]!]!
    return i
  }
  const union = (i: number, j: number): void => {
    const [a, b] = [find(i), find(j)]
    if (a !== b) up[Math.max(a, b)] = Math.min(a, b)
  }
  adj.out.forEach((list, i) => list.forEach((e) => union(i, e.to)))
  if (opts.includeTree) {
    for (const [c, p] of g.index.struct().parent) union(adj.at.get(c)!, adj.at.get(p)!)
  }
  const groups = new Map<number, number[]>()
  adj.ids.forEach((_, i) => {
    const r = find(i)
    const list = groups.get(r)
    if (list) list.push(i)
    else groups.set(r, [i])
  })
  const maxIds = clamp(opts.maxIds, 1000, 1, 100_000)
  const all = [...groups.values()].sort((x, y) => y.length - x.length || x[0]! - y[0]!)
  const list = all.slice(0, clamp(opts.limit, 50, 1, 10_000))
  return {
    ok: true,
    count: groups.size,
    components: list.map((c) => ({ size: c.length, ids: c.slice(0, maxIds).map((i) => adj.ids[i]!) })),
  }
}

export interface Degree extends Ref {
  in: number
  out: number
  degree: number
  /** degree / (n - 1): the share of other nodes this one touches. */
  centrality: number
}

/** Nodes with the most edges of `types` (all when absent), highest first. */
export function degreeCentrality(
  g: Graph,
  opts: { types?: string[]; limit?: number } = {},
): Result<{ nodes: Degree[] }> {
  const bad = checkTypes(opts.types)
  if (bad) return bad
  const adj = adjacency(g, opts.types)
  const n = adj.ids.length
  const deg = (i: number): number => adj.out[i]!.length + adj.inn[i]!.length
  const order = [...adj.ids.keys()].sort((x, y) => deg(y) - deg(x) || x - y)
  const nodes = order.slice(0, clamp(opts.limit, 20, 1, 1000)).map((i) => ({
    ...ref(g, adj.ids[i]!),
    in: adj.inn[i]!.length,
    out: adj.out[i]!.length,
    degree: deg(i),
    centrality: n > 1 ? deg(i) / (n - 1) : 0,
  }))
  return { ok: true, nodes }
}

/** The most connected nodes (any edge type unless `types`), only those with at least one edge. */
export function hubs(g: Graph, opts: { types?: string[]; limit?: number } = {}): Result<{ nodes: Degree[] }> {
  const r = degreeCentrality(g, { types: opts.types, limit: clamp(opts.limit, 10, 1, 1000) })
  return r.ok ? { ok: true, nodes: r.nodes.filter((d) => d.degree > 0) } : r
}
