import { fail, type Graph } from './graph.ts'
import type { EdgeView, NodeView, Result, Status } from './types.ts'
import { isFailure, liveNode } from './validate.ts'
import { DEPENDS_ON } from './vocabulary.ts'

export interface Brief {
  id: string
  summary: string
  kind: string
  status: Status
}

export function brief(g: Graph, n: NodeView): Brief {
  return { id: n.id, summary: n.summary, kind: n.kind, status: g.index.statusOf(n.id) }
}

export interface SubtreeEntry extends Brief {
  depth: number
  parent: string
  children: number
}

export interface ContextResult {
  node: NodeView
  status: Status
  ancestors: Brief[]
  subtree: SubtreeEntry[]
  /** Subtree entries left out by the limit. */
  truncated: number
  depends_on: Brief[]
  dependents: Brief[]
  edges: Array<{ type: string; direction: 'out' | 'in'; label: string; node: Brief }>
}

const MAX_SUBTREE = 500

/** A node with everything around it an agent or an inspector needs, bounded. */
export function context(
  g: Graph,
  id: string,
  opts: { depth?: number; limit?: number } = {},
): Result<ContextResult> {
  const n = liveNode(g, id, 'id')
  if (isFailure(n)) return n
  const depth = opts.depth ?? 1
  if (!Number.isInteger(depth) || depth < 0 || depth > 10)
    return fail('invalid_argument', 'depth must be a whole number from 0 to 10')
  const limit = opts.limit ?? 100
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SUBTREE) {
    return fail('invalid_argument', `limit must be a whole number from 1 to ${MAX_SUBTREE}`)
  }
  const s = g.index.struct()
  const ancestors: Brief[] = []
  for (let cur = s.parent.get(n.id); cur !== undefined; cur = s.parent.get(cur))
    ancestors.unshift(brief(g, g.index.nodes.get(cur)!))
  const subtree: SubtreeEntry[] = []
  let truncated = 0
  const queue: Array<[string, number]> = [[n.id, 0]]
  for (let i = 0; i < queue.length; i++) {
    const [cur, d] = queue[i]!
    if (d >= depth) continue
    for (const c of s.children.get(cur) ?? []) {
      // Past the limit the walk goes on only to count what was left out, down to the same depth.
      if (subtree.length >= limit) truncated++
      else
        subtree.push({
          ...brief(g, g.index.nodes.get(c)!),
          depth: d + 1,
          parent: cur,
          children: s.children.get(c)?.length ?? 0,
        })
      queue.push([c, d + 1])
    }
  }
  const toBrief = (x: string): Brief => brief(g, g.index.nodes.get(x)!)
  const edges: ContextResult['edges'] = []
  for (const direction of ['out', 'in'] as const) {
    for (const e of g.index.edgesOf(n.id, direction)) {
      if (e.type !== DEPENDS_ON)
        edges.push({ type: e.type, direction, label: e.label, node: toBrief(e.other) })
    }
  }
  return {
    ok: true,
    node: n,
    status: g.index.statusOf(n.id),
    ancestors,
    subtree,
    truncated,
    depends_on: g.index.dependencies(n.id).map(toBrief),
    dependents: g.index.dependents(n.id).map(toBrief),
    edges,
  }
}

export interface TraverseOptions {
  /** Edge types to follow; all when absent. `parent` and `child` walk the tree. */
  types?: string[]
  direction?: 'out' | 'in' | 'both'
  depth?: number
  limit?: number
}

export interface Reached extends Brief {
  distance: number
  via: { from: string; type: string } | null
}

/** Breadth-first walk along typed edges (and the tree, when asked), bounded in depth and count. */
export function traverse(
  g: Graph,
  start: string,
  opts: TraverseOptions = {},
): Result<{ nodes: Reached[]; edges: EdgeView[]; truncated: boolean }> {
  const n = liveNode(g, start, 'start')
  if (isFailure(n)) return n
  const depth = opts.depth ?? 2
  if (!Number.isInteger(depth) || depth < 1 || depth > 20)
    return fail('invalid_argument', 'depth must be a whole number from 1 to 20')
  const limit = opts.limit ?? 200
  if (!Number.isInteger(limit) || limit < 1 || limit > 2000)
    return fail('invalid_argument', 'limit must be a whole number from 1 to 2000')
  const dir = opts.direction ?? 'out'
  if (!['out', 'in', 'both'].includes(dir))
    return fail('invalid_argument', "direction must be 'out', 'in' or 'both'")
  const types = opts.types ? new Set(opts.types) : null
  const s = g.index.struct()
  const seen = new Map<string, Reached>([[n.id, { ...brief(g, n), distance: 0, via: null }]])
  const edges: EdgeView[] = []
  const queue = [n.id]
  let truncated = false
  for (let i = 0; i < queue.length; i++) {
    const cur = queue[i]!
    const d = seen.get(cur)!.distance
    if (d >= depth) continue
    const steps: Array<{ to: string; type: string; edge?: EdgeView }> = []
    for (const direction of dir === 'both' ? (['out', 'in'] as const) : [dir]) {
      for (const e of g.index.edgesOf(cur, direction))
        if (!types || types.has(e.type)) steps.push({ to: e.other, type: e.type, edge: e })
    }
    // Tree steps read as edges: 'child' goes from a node to its children, so followed 'in' it reaches the
    // parent; 'parent' the other way round.
    for (const type of ['child', 'parent'] as const) {
      if (!types?.has(type)) continue
      for (const direction of dir === 'both' ? (['out', 'in'] as const) : [dir]) {
        if ((type === 'child') === (direction === 'out'))
          for (const c of s.children.get(cur) ?? []) steps.push({ to: c, type })
        else {
          const p = s.parent.get(cur)
          if (p) steps.push({ to: p, type })
        }
      }
    }
    for (const st of steps) {
      if (seen.has(st.to)) continue
      if (seen.size >= limit) {
        truncated = true
        break
      }
      seen.set(st.to, {
        ...brief(g, g.index.nodes.get(st.to)!),
        distance: d + 1,
        via: { from: cur, type: st.type },
      })
      if (st.edge) edges.push(st.edge)
      queue.push(st.to)
    }
  }
  return { ok: true, nodes: [...seen.values()], edges, truncated }
}
