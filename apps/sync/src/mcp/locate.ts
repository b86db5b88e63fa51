/**
 * Which graph a node id belongs to, so tools that name a node by id alone (seed 000's graph_context,
 * graph_update, graph_connect, graph_restructure, graph_history) need no `project`.
 *
 * One index per graph source (the server's registry, or a stdio peer's copies): every graph a tool
 * opens is indexed once per loaded document and followed as it changes, whoever writes (tools,
 * browsers, other peers). An id not in the index makes one pass over the source's other graphs
 * (stored graphs load, a stdio peer's cached or remote ones sync), which also indexes them.
 *
 * Node ids are 12 random base-36 characters (about 62 bits), and a tool's new id is also checked
 * against this index, so two graphs never share one.
 */
import type * as Y from 'yjs'
import { ToolError, type GraphSource } from './context.ts'
import { MEMORY_ALIAS, graphView, readMeta } from '@plexus/model'
import { echo } from './shape.ts'

export class NodeLocator {
  private readonly where = new Map<string, string>()
  /** Aliases (a memory id `kg:x`, and `x` bare) -> the graphs holding a node with it. */
  private readonly named = new Map<string, Set<string>>()
  private readonly indexed = new WeakSet<Y.Doc>()

  constructor(private readonly source: GraphSource) {}

  /** Records the nodes of a graph's document, once per document, and follows its changes. */
  note(graph: string, doc: Y.Doc): void {
    if (this.indexed.has(doc)) return
    this.indexed.add(doc)
    const ix = graphView(doc)
    const record = (id: string): void => {
      const n = ix.nodes.get(id)
      if (!n) return
      this.where.set(id, graph)
      for (const a of n.aliases ?? []) {
        for (const name of a.startsWith(MEMORY_ALIAS) ? [a, a.slice(MEMORY_ALIAS.length)] : [a]) {
          const set = this.named.get(name)
          if (set) set.add(graph)
          else this.named.set(name, new Set([graph]))
        }
      }
    }
    for (const id of ix.nodes.keys()) record(id)
    ix.onChange((nodes) => {
      for (const id of nodes) record(id)
    })
  }

  /** The graph a node id is known in, without loading anything. */
  known(id: string): string | undefined {
    return this.where.get(id)
  }

  /** The graph of the first of `ids` found, looking through every graph of the source if need be. */
  async locate(ids: readonly string[]): Promise<string | undefined> {
    const hit = this.first(ids)
    if (hit !== undefined) return hit
    for (const info of await this.source.list()) {
      let handle
      try {
        handle = await this.source.open(info.id)
      } catch {
        continue // a stdio peer offline with no copy of this graph: it cannot hold the id for us
      }
      try {
        if (readMeta(handle.doc).root) this.note(info.id, handle.doc)
      } finally {
        handle.release()
      }
      const found = this.first(ids)
      if (found !== undefined) return found
    }
    return undefined
  }

  private first(ids: readonly string[]): string | undefined {
    for (const id of ids) {
      const g = this.where.get(id)
      if (g !== undefined) return g
    }
    // A memory id (or another alias) names its node's graph when only one graph has it.
    for (const id of ids) {
      const graphs = this.named.get(id)
      if (!graphs?.size) continue
      if (graphs.size === 1) return [...graphs][0]
      throw new ToolError(
        `${echo(id)} names nodes in ${[...graphs].slice(0, 5).join(', ')}; give project to say which graph`,
        'ambiguous_label',
      )
    }
    return undefined
  }
}

const locators = new WeakMap<GraphSource, NodeLocator>()

export function locatorOf(source: GraphSource): NodeLocator {
  let l = locators.get(source)
  if (!l) locators.set(source, (l = new NodeLocator(source)))
  return l
}

/**
 * The graph a call works on: `project` when given, else the graph of the node ids it names. A call
 * works on one graph: ids known in two graphs are refused, naming both.
 */
export async function projectOf(
  source: GraphSource,
  project: string | undefined,
  ids: readonly string[],
  what: string,
): Promise<string> {
  if (project !== undefined) return project
  const named = ids.filter((id) => typeof id === 'string' && id.length > 0)
  if (named.length === 0) throw new ToolError(`${what}: give project (the graph id) or a node id`)
  const l = locatorOf(source)
  const graph = await l.locate(named)
  if (graph === undefined) {
    const shown = named
      .slice(0, 3)
      .map((id) => echo(id))
      .join(', ')
    throw new ToolError(
      `${what}: node ${shown}${named.length > 3 ? ' …' : ''} not found in any graph; check the id (graph_query or graph_search find nodes), or give project to see the closest ids`,
      'node_not_found',
    )
  }
  const other = named.find((id) => {
    const g = l.known(id)
    return g !== undefined && g !== graph
  })
  if (other !== undefined) {
    throw new ToolError(
      `${what}: one call works on one graph, and these ids are in ${graph} and ${l.known(other)!} (${echo(other)}); split the call per graph`,
    )
  }
  return graph
}
