import { fail, type Graph } from './graph.ts'
import type { GraphView } from './graph-index.ts'
import type { EdgeView, Failure } from './types.ts'
import { isLive } from './views.ts'

// What the analysis functions stand on: the live graph as the index reads it (deleted and merged nodes
// skipped, edges following merges, dangling edges ignored), as lazy neighbour lists for local walks and
// as sorted integer adjacency for whole-graph algorithms.

export interface Ref {
  id: string
  summary: string
}
export interface Hop {
  id: string
  from: string
  to: string
  type: string
}
export type Direction = 'out' | 'in' | 'both'

export const DEPENDS_ON_ONLY = ['depends_on']
/** Work budget for the enumerations (all paths, cycles, reduction), in visited edges. */
export const STEPS = 2_000_000

export const clamp = (v: number | undefined, d: number, lo: number, hi: number): number =>
  Math.min(hi, Math.max(lo, Math.floor(Number.isFinite(v) ? (v as number) : d)))

export const ref = (g: Graph, id: string): Ref => ({ id, summary: g.index.nodes.get(id)?.summary ?? '' })

export function checkTypes(types: unknown): Failure | null {
  if (types === undefined) return null
  if (!Array.isArray(types) || types.some((t) => typeof t !== 'string')) {
    return fail('invalid_argument', 'types: expected an array of edge type names, e.g. ["depends_on"]')
  }
  return null
}

/** Live neighbours of one node, lazily: for walks that touch a small part of the graph. */
export function steps(
  g: Graph,
  id: string,
  dir: Direction,
  types: ReadonlySet<string> | null,
): Array<[string, Hop]> {
  const res: Array<[string, Hop]> = []
  for (const d of dir === 'both' ? (['out', 'in'] as const) : [dir]) {
    for (const e of g.index.edgesOf(id, d)) {
      if (types && !types.has(e.type)) continue
      const hop =
        d === 'out'
          ? { id: e.id, from: id, to: e.other, type: e.type }
          : { id: e.id, from: e.other, to: id, type: e.type }
      res.push([e.other, hop])
    }
  }
  return res
}

/**
 * Every live edge once, endpoints redirected through merges (as `edgesOf` reads them), dangling ones and
 * self-loops left out. One pass over the edge index: what the whole-graph algorithms start from.
 */
export function liveEdges(
  ix: GraphView,
  types?: readonly string[] | null,
): Array<{ from: string; to: string; edge: EdgeView }> {
  const filter = types ? new Set(types) : null
  const seen = new Set<string>()
  const out: Array<{ from: string; to: string; edge: EdgeView }> = []
  for (const e of ix.edges.values()) {
    if (filter && !filter.has(e.type)) continue
    const from = ix.canonical(e.from)
    const to = ix.canonical(e.to)
    if (from === null || to === null || from === to) continue
    const key = `${from}>${e.type}>${to}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ from, to, edge: e })
  }
  return out
}

/** Live edges grouped by their (redirected) source, each list sorted by type then target: stable output. */
export function edgesByNode(ix: GraphView): Map<string, Array<{ to: string; type: string; id: string }>> {
  const by = new Map<string, Array<{ to: string; type: string; id: string }>>()
  for (const { from, to, edge } of liveEdges(ix)) {
    const list = by.get(from)
    const item = { to, type: edge.type, id: edge.id }
    if (list) list.push(item)
    else by.set(from, [item])
  }
  for (const list of by.values())
    list.sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : a.to < b.to ? -1 : 1))
  return by
}

/** The whole live graph as integer adjacency, for the global algorithms. Sorted: every peer gets the same answers. */
export interface Adjacency {
  ids: string[]
  at: Map<string, number>
  out: Array<Array<{ to: number; edge: EdgeView }>>
  inn: number[][]
}

export function adjacency(g: Graph, types?: readonly string[]): Adjacency {
  const ids: string[] = []
  for (const n of g.index.nodes.values()) if (isLive(n)) ids.push(n.id)
  ids.sort()
  const at = new Map(ids.map((id, i) => [id, i]))
  const out: Adjacency['out'] = ids.map(() => [])
  const inn: number[][] = ids.map(() => [])
  for (const { from, to, edge } of liveEdges(g.index, types)) {
    const i = at.get(from)
    const j = at.get(to)
    if (i === undefined || j === undefined) continue
    out[i]!.push({ to: j, edge })
    inn[j]!.push(i)
  }
  for (const list of out)
    if (list.length > 1) list.sort((a, b) => a.to - b.to || (a.edge.type < b.edge.type ? -1 : 1))
  for (const list of inn) if (list.length > 1) list.sort((a, b) => a - b)
  return { ids, at, out, inn }
}

/** Strongly connected components (iterative Tarjan), each sorted; only those with 2+ members when `nontrivial`. */
export function stronglyConnected(
  n: number,
  succ: (i: number) => readonly number[],
  nontrivial = true,
): number[][] {
  const index = new Int32Array(n).fill(-1)
  const low = new Int32Array(n)
  const onStack = new Uint8Array(n)
  const stack: number[] = []
  const comps: number[][] = []
  let counter = 0
  const work: Array<{ v: number; k: number; next: readonly number[] }> = []
  const open = (v: number): void => {
    index[v] = low[v] = counter++
    stack.push(v)
    onStack[v] = 1
    work.push({ v, k: 0, next: succ(v) })
  }
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue
    open(root)
    while (work.length) {
      const top = work[work.length - 1]!
      const v = top.v
      if (top.k < top.next.length) {
        const w = top.next[top.k++]!
        if (index[w] === -1) open(w)
        else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!)
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low[parent.v] = Math.min(low[parent.v]!, low[v]!)
      if (low[v] !== index[v]) continue
      const comp: number[] = []
      let w: number
      do {
        w = stack.pop()!
        onStack[w] = 0
        comp.push(w)
      } while (w !== v)
      if (!nontrivial || comp.length > 1) comps.push(comp.sort((a, b) => a - b))
    }
  }
  return comps
}
