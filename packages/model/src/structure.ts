import { isLive } from './views.ts'
import type { NodeView } from './types.ts'

/**
 * The tree every peer reads from the same merged state, whatever two peers did apart:
 * - a forgotten or merged node is skipped: its children hang from the nearest live node above it
 *   (for a merged node, from the node it was merged into);
 * - a parent cycle (two concurrent moves) is broken at the node with the smallest id on it, which
 *   becomes a top-level node; the cycle is kept for integrity reports.
 * Deterministic: it depends only on the set of node views, never on the order updates arrived in.
 */
export interface Structure {
  version: number
  /** Live node -> live effective parent (absent: top level). */
  parent: Map<string, string>
  /** Live node -> live effective children, sorted by id. */
  children: Map<string, string[]>
  /** Live node -> its depth (top level: 0). */
  depth: Map<string, number>
  /** Node -> ids merged into it (transitively through merged nodes). */
  mergedFrom: Map<string, string[]>
  /** Live top-level nodes, sorted by id. */
  roots: string[]
  /** Each parent cycle found, as the ids on it starting at the one where it was broken. */
  cycles: string[][]
}

export function buildStructure(nodes: ReadonlyMap<string, NodeView>, version: number): Structure {
  // step(n): where the walk up goes from n. From a live node: its parent. From a dead node: the node it
  // was merged into, else its own parent.
  const step = (id: string): string | null => {
    const n = nodes.get(id)
    if (!n) return null
    const next = !isLive(n) && n.merged_into !== null ? n.merged_into : n.parent
    return next !== null && nodes.has(next) ? next : null
  }

  // Find cycles in the functional graph `step` with the classic three-colour walk.
  const state = new Map<string, 1 | 2>() // 1: on the current walk, 2: done
  const broken = new Set<string>()
  const cycles: string[][] = []
  for (const start of nodes.keys()) {
    if (state.has(start)) continue
    const path: string[] = []
    let cur: string | null = start
    while (cur !== null && !state.has(cur)) {
      state.set(cur, 1)
      path.push(cur)
      cur = step(cur)
    }
    if (cur !== null && state.get(cur) === 1) {
      const cycle = path.slice(path.indexOf(cur))
      const min = cycle.reduce((a, b) => (b < a ? b : a))
      const at = cycle.indexOf(min)
      broken.add(min)
      cycles.push([...cycle.slice(at), ...cycle.slice(0, at)])
    }
    for (const p of path) state.set(p, 2)
  }

  const next = (id: string): string | null => (broken.has(id) ? null : step(id))

  // For dead nodes: the first live node reached walking up (memoised; the broken graph is a forest).
  const liveAbove = new Map<string, string | null>()
  const resolveUp = (from: string | null): string | null => {
    const trail: string[] = []
    let cur = from
    let found: string | null = null
    while (cur !== null) {
      const n = nodes.get(cur)
      if (isLive(n)) {
        found = cur
        break
      }
      const memo = liveAbove.get(cur)
      if (memo !== undefined) {
        found = memo
        break
      }
      trail.push(cur)
      cur = next(cur)
    }
    for (const t of trail) liveAbove.set(t, found)
    return found
  }

  const mergeTarget = (id: string): string | null => {
    let cur = id
    for (let i = 0; i < 64; i++) {
      const n = nodes.get(cur)
      if (!n) return null
      if (n.merged_into === null) return n.deleted_at === null ? cur : null
      cur = n.merged_into
    }
    return null
  }

  const parent = new Map<string, string>()
  const children = new Map<string, string[]>()
  const mergedFrom = new Map<string, string[]>()
  const roots: string[] = []
  for (const [id, n] of nodes) {
    if (!isLive(n)) {
      if (n.merged_into !== null) {
        // Only a live node reached through merges stands for this one (as GraphIndex.canonical reads it):
        // when the target was forgotten, the merged node's edges dangle rather than pass to its parent.
        const target = mergeTarget(id)
        if (target !== null) {
          let list = mergedFrom.get(target)
          if (!list) mergedFrom.set(target, (list = []))
          list.push(id)
        }
      }
      continue
    }
    const p = resolveUp(next(id))
    if (p === null) roots.push(id)
    else {
      parent.set(id, p)
      let list = children.get(p)
      if (!list) children.set(p, (list = []))
      list.push(id)
    }
  }
  for (const list of children.values()) list.sort()
  for (const list of mergedFrom.values()) list.sort()
  roots.sort()
  cycles.sort((a, b) => (a[0]! < b[0]! ? -1 : 1))

  const depth = new Map<string, number>()
  const stack: Array<[string, number]> = roots.map((r) => [r, 0])
  while (stack.length) {
    const [id, d] = stack.pop()!
    depth.set(id, d)
    for (const c of children.get(id) ?? []) stack.push([c, d + 1])
  }
  return { version, parent, children, depth, mergedFrom, roots, cycles }
}
