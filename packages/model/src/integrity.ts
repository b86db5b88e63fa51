import { indexOf } from './graph-index.ts'
import type { Graph } from './graph.ts'
import { lastEventTime } from './history.ts'

/**
 * What the CRDT let through because two peers each made a valid change whose merge is not: readers
 * already cope with all of these; this lists them so a person or agent can tidy up.
 */
export type Problem =
  | { type: 'parent_cycle'; nodes: string[]; broken_at: string; message: string }
  | { type: 'dependency_cycle'; nodes: string[]; message: string }
  | { type: 'dangling_edge'; edge: string; missing: string; message: string }
  | { type: 'missing_parent'; node: string; parent: string; message: string }
  | { type: 'edited_after_delete'; node: string; message: string }
  | { type: 'stray_entry'; map: 'nodes' | 'edges'; key: string; message: string }

export function integrity(g: Graph, limit = 100): Problem[] {
  const ix = indexOf(g.doc)
  const s = ix.struct()
  const out: Problem[] = []
  for (const [map, keys] of [
    ['nodes', ix.strayNodes],
    ['edges', ix.strayEdges],
  ] as const) {
    for (const key of [...keys].sort()) {
      out.push({
        type: 'stray_entry',
        map,
        key,
        message: `${map} holds ${key}, which is not a ${map === 'nodes' ? 'node' : 'edge'} (written outside Plexus); it is ignored`,
      })
    }
  }
  for (const c of s.cycles) {
    out.push({
      type: 'parent_cycle',
      nodes: c,
      broken_at: c[0]!,
      message: `parents form a loop ${c.join(' -> ')}; ${c[0]} is shown at the top level until one of them is moved`,
    })
  }
  for (const scc of dependencySccs(g)) {
    out.push({
      type: 'dependency_cycle',
      nodes: scc,
      message: `depends_on cycle among ${scc.join(', ')}: all of them count as blocked until an edge is removed`,
    })
  }
  for (const e of [...ix.edges.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    for (const end of [e.from, e.to]) {
      if (ix.canonical(end) === null) {
        out.push({
          type: 'dangling_edge',
          edge: e.id,
          missing: end,
          message: `edge ${e.id} points at ${end}, which is ${ix.nodes.has(end) ? 'forgotten' : 'missing'}; reads ignore it`,
        })
        break
      }
    }
  }
  for (const n of [...ix.nodes.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (n.parent !== null && !ix.nodes.has(n.parent)) {
      out.push({
        type: 'missing_parent',
        node: n.id,
        parent: n.parent,
        message: `node ${n.id} names parent ${n.parent}, which this peer has never seen; it is shown at the top level`,
      })
    }
    // updated_at alone is not enough: when the edit and the forget were concurrent, either peer's stamp may
    // win the merge, so the edit's own history event is read too.
    if (
      n.deleted_at !== null &&
      (n.updated_at > n.deleted_at || lastEventTime(g, n.id, 'forget') > n.deleted_at)
    ) {
      out.push({
        type: 'edited_after_delete',
        node: n.id,
        message: `node ${n.id} ('${n.summary}') was edited after it was forgotten; the edit is kept — restore it to see it`,
      })
    }
  }
  return out.slice(0, limit)
}

/** Strongly connected components of two or more live nodes along depends_on (Tarjan, iterative). */
export function dependencySccs(g: Graph): string[][] {
  const ix = g.index
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const result: string[][] = []
  let counter = 0
  const ids = [...ix.nodes.keys()].filter((id) => ix.live(id) && ix.dependencies(id).length).sort()
  for (const root of ids) {
    if (index.has(root)) continue
    const work: Array<[string, string[], number]> = [[root, ix.dependencies(root), 0]]
    index.set(root, counter)
    low.set(root, counter++)
    stack.push(root)
    onStack.add(root)
    while (work.length) {
      const frame = work[work.length - 1]!
      const [v, succ, i] = frame
      if (i < succ.length) {
        frame[2]++
        const w = succ[i]!
        if (!index.has(w)) {
          index.set(w, counter)
          low.set(w, counter++)
          stack.push(w)
          onStack.add(w)
          work.push([w, ix.dependencies(w), 0])
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(v)!))
      if (low.get(v) === index.get(v)) {
        const comp: string[] = []
        let x: string
        do {
          x = stack.pop()!
          onStack.delete(x)
          comp.push(x)
        } while (x !== v)
        if (comp.length > 1) result.push(comp.sort())
      }
    }
  }
  return result
}
