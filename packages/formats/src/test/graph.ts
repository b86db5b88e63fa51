// Graphs for the format tests: a deterministic clock and ids, and the graph as a person reads it.
import * as Y from 'yjs'
import { createNodes, initGraph, openGraph, type Graph, type Result } from '@plexus/model'

/** A fresh graph; `prefix` keeps two graphs' ids apart (an export's ids are not the importer's). */
export function fresh(title = 'Map', prefix = 'n'): { g: Graph; root: string } {
  let t = 1000
  let i = 0
  const g = openGraph(new Y.Doc(), { actor: 'alice', now: () => t++, newId: () => `${prefix}${i++}` })
  const init = initGraph(g, { id: 'test', title })
  if (!init.ok) throw new Error(init.message)
  return { g, root: init.root }
}

export function ok<T>(r: Result<T>): { ok: true } & T {
  if (!r.ok) throw new Error(`expected ok, got ${r.reason}: ${r.message}`)
  return r
}

/** Live nodes and edges, counted. */
export function counts(g: Graph): { nodes: number; edges: number } {
  let nodes = 0
  let edges = 0
  for (const n of g.index.nodes.values()) {
    if (!g.index.live(n.id)) continue
    nodes++
    for (const e of g.index.edgesOf(n.id, 'out')) if (g.index.live(e.other)) edges++
  }
  return { nodes, edges }
}

/** The tree as paths of names under `top` (sorted), and the edges as `from -type-> to` by name. */
export function tree(g: Graph, top: string): { paths: string[]; edges: string[] } {
  const s = g.index.struct()
  const name = (id: string): string => g.index.nodes.get(id)!.summary
  const paths: string[] = []
  const visit = (id: string, path: string): void => {
    for (const c of s.children.get(id) ?? []) {
      if (!g.index.live(c)) continue
      const p = `${path}/${name(c)}`
      paths.push(p)
      visit(c, p)
    }
  }
  visit(top, '')
  const edges: string[] = []
  for (const n of g.index.nodes.values())
    if (g.index.live(n.id))
      for (const e of g.index.edgesOf(n.id, 'out'))
        if (g.index.live(e.other)) edges.push(`${n.summary} -${e.type}-> ${name(e.other)}`)
  return { paths: paths.sort(), edges: edges.sort() }
}

export const stateOf = (g: Graph): string => Buffer.from(Y.encodeStateVector(g.doc)).toString('hex')

/** A chain or a star of n topics, a note on every third (createNodes takes 2,000 a batch). */
export function shaped(kind: 'chain' | 'star', n: number): Graph {
  const { g, root } = fresh('Shape', 's')
  let last = root
  for (let from = 0; from < n; from += 2000) {
    const items: Parameters<typeof createNodes>[1] = []
    for (let i = from; i < Math.min(n, from + 2000); i++)
      items.push({
        ref: `t${i}`,
        summary: `Topic ${i}`,
        ...(kind === 'chain' && i > from
          ? { parent_ref: `t${i - 1}` }
          : { parent: kind === 'chain' ? last : root }),
        ...(i % 3 === 0 ? { notes: `Why topic ${i} matters.` } : {}),
      })
    const made = ok(createNodes(g, items, { mode: 'force' }))
    last = made.created[made.created.length - 1]!.id
  }
  return g
}
