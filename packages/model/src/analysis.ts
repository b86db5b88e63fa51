import {
  DEPENDS_ON_ONLY,
  STEPS,
  adjacency,
  checkTypes,
  clamp,
  liveEdges,
  ref,
  steps,
  stronglyConnected,
  type Direction,
  type Hop,
  type Ref,
} from './analysis-graph.ts'
import { fail, meta, type Graph } from './graph.ts'
import type { EdgeView, NodeView, Result } from './types.ts'
import { isFailure, liveNode } from './validate.ts'

// Graph algorithms over the live graph as the index reads it: deleted and merged nodes are skipped,
// edges follow merges, dangling edges are ignored. Every call is bounded (a cap on results, on depth or
// on steps) so no question can run away on 100k nodes; a result says `truncated` when a bound was hit.

export { adjacency, edgesByNode, liveEdges, ref, stronglyConnected } from './analysis-graph.ts'
export type { Adjacency, Direction, Hop, Ref } from './analysis-graph.ts'
export { components, degreeCentrality, hubs, pageRank } from './analysis-rank.ts'
export type { Degree, Ranked } from './analysis-rank.ts'

export interface PathResult {
  found: boolean
  path: string[]
  hops: Hop[]
}

/** Fewest hops from `from` to `to` (breadth first), along edges of `types` in `direction` (default out). */
export function shortestPath(
  g: Graph,
  from: string,
  to: string,
  opts: { types?: string[]; direction?: Direction } = {},
): Result<PathResult> {
  const a = liveNode(g, from, 'from')
  if (isFailure(a)) return a
  const b = liveNode(g, to, 'to')
  if (isFailure(b)) return b
  const bad = checkTypes(opts.types)
  if (bad) return bad
  const types = opts.types ? new Set(opts.types) : null
  const prev = new Map<string, Hop | null>([[a.id, null]])
  const queue = [a.id]
  for (let i = 0; i < queue.length && !prev.has(b.id); i++) {
    for (const [next, hop] of steps(g, queue[i]!, opts.direction ?? 'out', types)) {
      if (prev.has(next)) continue
      prev.set(next, hop)
      queue.push(next)
    }
  }
  if (!prev.has(b.id)) return { ok: true, found: false, path: [], hops: [] }
  const path = [b.id]
  const hops: Hop[] = []
  for (let cur = b.id, hop = prev.get(cur); hop; hop = prev.get(cur)) {
    hops.push(hop)
    cur = hop.from === cur ? hop.to : hop.from
    path.push(cur)
  }
  return { ok: true, found: true, path: path.reverse(), hops: hops.reverse() }
}

/** Simple paths from `from` to `to`, shortest first, at most `maxDepth` hops (≤ 12) and `limit` paths (≤ 500). */
export function allPaths(
  g: Graph,
  from: string,
  to: string,
  opts: { maxDepth?: number; limit?: number; types?: string[]; direction?: Direction } = {},
): Result<{ paths: string[][]; truncated: boolean }> {
  const a = liveNode(g, from, 'from')
  if (isFailure(a)) return a
  const b = liveNode(g, to, 'to')
  if (isFailure(b)) return b
  const bad = checkTypes(opts.types)
  if (bad) return bad
  const maxDepth = clamp(opts.maxDepth, 8, 1, 12)
  const limit = clamp(opts.limit, 50, 1, 500)
  const types = opts.types ? new Set(opts.types) : null
  const paths: string[][] = []
  const path = [a.id]
  const onPath = new Set(path)
  const frames = [steps(g, a.id, opts.direction ?? 'out', types).map(([n]) => n)]
  let budget = STEPS
  let truncated = false
  while (frames.length) {
    const next = frames[frames.length - 1]!.pop()
    if (next === undefined) {
      frames.pop()
      onPath.delete(path.pop()!)
      continue
    }
    if (--budget < 0) {
      truncated = true
      break
    }
    if (onPath.has(next)) continue
    if (next === b.id) {
      // Only a path found beyond the limit proves there are more.
      if (paths.length >= limit) {
        truncated = true
        break
      }
      paths.push([...path, next])
      continue
    }
    if (path.length >= maxDepth) continue
    path.push(next)
    onPath.add(next)
    frames.push(steps(g, next, opts.direction ?? 'out', types).map(([n]) => n))
  }
  paths.sort((x, y) => x.length - y.length || x.join('\u0000').localeCompare(y.join('\u0000')))
  return { ok: true, paths, truncated }
}

/**
 * Elementary cycles along edges of `types` (default every type): strongly connected components first, then the
 * cycles inside each one, each starting at its smallest id. `components` lists every node on some cycle
 * even when the enumeration stopped at `limit`.
 */
export function findCycles(
  g: Graph,
  opts: { types?: string[]; limit?: number } = {},
): Result<{ cycles: string[][]; components: string[][]; truncated: boolean }> {
  const bad = checkTypes(opts.types)
  if (bad) return bad
  const limit = clamp(opts.limit, 100, 1, 1000)
  // Every edge type unless `types` narrows it: a cycle of relates_to or blocks is still a cycle.
  const adj = adjacency(g, opts.types)
  const succs = adj.out.map((list) => list.map((e) => e.to))
  const succ = (i: number): number[] => succs[i]!
  const comps = stronglyConnected(adj.ids.length, succ)
  const cycles: string[][] = []
  let budget = STEPS
  let truncated = false
  for (const comp of comps) {
    if (truncated) break
    const inComp = new Set(comp)
    for (const s of comp) {
      if (truncated) break
      // Cycles through s using only members greater than s: each cycle is found once, from its minimum.
      const path = [s]
      const onPath = new Set(path)
      const frames = [succ(s).filter((w) => inComp.has(w) && w >= s)]
      while (frames.length && !truncated) {
        const w = frames[frames.length - 1]!.pop()
        if (w === undefined) {
          frames.pop()
          onPath.delete(path.pop()!)
          continue
        }
        if (--budget < 0 || (w === s && cycles.length >= limit)) truncated = true
        else if (w === s) cycles.push(path.map((i) => adj.ids[i]!))
        else if (!onPath.has(w)) {
          path.push(w)
          onPath.add(w)
          frames.push(succ(w).filter((x) => inComp.has(x) && x >= s))
        }
      }
    }
  }
  const components = comps.map((c) => c.map((i) => adj.ids[i]!))
  return { ok: true, cycles, components, truncated }
}

/**
 * Edges implied by a longer path (A→C when A→B→C), along `types` (default depends_on). Computed on the
 * graph of strongly connected components, where the reduction is unique; edges inside a cycle are never
 * reported. Nothing is deleted: the caller decides.
 */
export function transitiveReduction(
  g: Graph,
  opts: { types?: string[]; limit?: number } = {},
): Result<{ redundant: Hop[]; truncated: boolean }> {
  const bad = checkTypes(opts.types)
  if (bad) return bad
  const adj = adjacency(g, opts.types ?? DEPENDS_ON_ONLY)
  const n = adj.ids.length
  const comp = new Int32Array(n)
  const succs = adj.out.map((list) => list.map((e) => e.to))
  const comps = stronglyConnected(n, (i) => succs[i]!, false)
  comps.forEach((c, k) => c.forEach((i) => (comp[i] = k)))
  const csucc = comps.map((c) => {
    const s = new Set<number>()
    for (const i of c) for (const e of adj.out[i]!) if (comp[e.to] !== comp[i]) s.add(comp[e.to]!)
    return [...s]
  })
  const limit = clamp(opts.limit, 500, 1, 10_000)
  const redundant: Hop[] = []
  const seen = new Int32Array(comps.length).fill(-1)
  let budget = STEPS
  let truncated = false
  for (let k = 0; k < comps.length && !truncated; k++) {
    // Mark what the direct successors reach in one step or more; a direct successor so marked is redundant.
    const stack = csucc[k]!.flatMap((s) => csucc[s]!)
    while (stack.length && !truncated) {
      const c = stack.pop()!
      if (seen[c] === k) continue
      seen[c] = k
      if ((budget -= csucc[c]!.length + 1) < 0) truncated = true
      for (const s of csucc[c]!) if (seen[s] !== k) stack.push(s)
    }
    if (truncated) break
    for (const i of comps[k]!) {
      for (const e of adj.out[i]!) {
        if (comp[e.to] === k || seen[comp[e.to]!] !== k) continue
        if (redundant.length >= limit) truncated = true
        else redundant.push({ id: e.edge.id, from: adj.ids[i]!, to: adj.ids[e.to]!, type: e.edge.type })
      }
    }
  }
  return { ok: true, redundant, truncated }
}

/** The given nodes, grown `depth` hops (≤ 5) along edges both ways, with every live edge among them. */
export function subgraph(
  g: Graph,
  ids: string[],
  opts: { depth?: number; types?: string[]; limit?: number } = {},
): Result<{ nodes: NodeView[]; edges: EdgeView[]; truncated: boolean }> {
  if (!Array.isArray(ids) || ids.length === 0)
    return fail('invalid_argument', 'ids: expected a non-empty array of node ids')
  const bad = checkTypes(opts.types)
  if (bad) return bad
  const limit = clamp(opts.limit, 500, 1, 5000)
  const depth = clamp(opts.depth, 1, 0, 5)
  const types = opts.types ? new Set(opts.types) : null
  const dist = new Map<string, number>()
  for (const [i, id] of ids.entries()) {
    const n = liveNode(g, id, `ids[${i}]`)
    if (isFailure(n)) return n
    dist.set(n.id, 0)
  }
  let truncated = dist.size > limit
  const queue = [...dist.keys()].slice(0, limit)
  for (let i = 0; i < queue.length && !truncated; i++) {
    const d = dist.get(queue[i]!)!
    if (d >= depth) continue
    for (const [next] of steps(g, queue[i]!, 'both', types)) {
      if (dist.has(next)) continue
      if (queue.length >= limit) {
        truncated = true
        break
      }
      dist.set(next, d + 1)
      queue.push(next)
    }
  }
  const inside = new Set(queue)
  const edges: EdgeView[] = []
  for (const id of queue) {
    for (const e of g.index.edgesOf(id, 'out')) {
      if (inside.has(e.other) && (!types || types.has(e.type))) {
        const { other, ...rest } = e
        edges.push({ ...rest, from: id, to: other })
      }
    }
  }
  return { ok: true, nodes: queue.map((id) => g.index.nodes.get(id)!), edges, truncated }
}

/** Live top-level nodes other than the graph's root that have no live edge at all: forgotten ideas. */
export function orphans(g: Graph, opts: { limit?: number } = {}): Result<{ count: number; nodes: Ref[] }> {
  const root = meta(g).root
  const limit = clamp(opts.limit, 100, 1, 10_000)
  const found: Ref[] = []
  let count = 0
  const roots = g.index.struct().roots
  // Many top-level nodes: one pass over the edges beats asking each node.
  let linked: Set<string> | null = null
  if (roots.length > 1000) {
    linked = new Set()
    for (const e of liveEdges(g.index)) linked.add(e.from).add(e.to)
  }
  const hasEdge = (id: string): boolean =>
    linked ? linked.has(id) : g.index.edgesOf(id, 'out').length > 0 || g.index.edgesOf(id, 'in').length > 0
  for (const id of roots) {
    if (id === root || hasEdge(id)) continue
    if (count++ < limit) found.push(ref(g, id))
  }
  return { ok: true, count, nodes: found }
}
