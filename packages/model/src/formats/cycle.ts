import { stronglyConnected } from '../analysis-graph.ts'
import { DEPENDS_ON } from '../edges.ts'
import type { Graph } from '../graph.ts'

/**
 * A depends_on cycle that the new edges would close, over the live graph plus the new edges; one strongly
 * connected walk over what they can reach, so a large import is not checked edge by edge.
 */
export function dependsCycle<E extends { from: string; to: string; type: string }>(
  g: Graph,
  edges: E[],
): { edge: E; path: string[] } | null {
  const added = edges.filter((e) => e.type === DEPENDS_ON)
  if (!added.length) return null
  const extra = new Map<string, string[]>()
  for (const e of added) extra.set(e.from, [...(extra.get(e.from) ?? []), e.to])
  const ids: string[] = []
  const at = new Map<string, number>()
  const succ: number[][] = []
  const visit = (id: string): number => {
    let i = at.get(id)
    if (i === undefined) {
      at.set(id, (i = ids.length))
      ids.push(id)
    }
    return i
  }
  for (const e of added) visit(e.from)
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!
    const next = [...(g.index.live(id) ? g.index.dependencies(id) : []), ...(extra.get(id) ?? [])]
    succ[i] = next.map(visit)
  }
  const comp = new Map<number, number>()
  stronglyConnected(ids.length, (i) => succ[i] ?? []).forEach((c, k) => c.forEach((i) => comp.set(i, k)))
  for (const e of added) {
    const k = comp.get(at.get(e.from)!)
    if (k === undefined || comp.get(at.get(e.to)!) !== k) continue
    // Name the cycle: the new edge, then the way back from its target inside the component.
    const prev = new Map<number, number>([[at.get(e.to)!, -1]])
    const queue = [at.get(e.to)!]
    const goal = at.get(e.from)!
    for (let q = 0; q < queue.length && !prev.has(goal); q++) {
      for (const n of succ[queue[q]!] ?? []) {
        if (comp.get(n) !== k || prev.has(n)) continue
        prev.set(n, queue[q]!)
        queue.push(n)
      }
    }
    const back: string[] = []
    for (let c = goal; c !== -1; c = prev.get(c)!) back.push(ids[c]!)
    return { edge: e, path: [e.from, ...back.reverse()] }
  }
  return null
}
