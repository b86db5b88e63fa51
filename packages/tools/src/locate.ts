/**
 * Which graph a node id belongs to, so tools that name a node by id alone (seed 000's graph_context,
 * graph_update, graph_connect, graph_restructure, graph_history) need no `project`.
 *
 * One index per set of graphs (the server's registry, shared by the sources of every token; a stdio
 * peer's copies): every graph a tool opens is indexed once per loaded document and followed as it
 * changes, whoever writes (tools, browsers, other peers). An id not in the index makes one pass over
 * the caller's graphs that changed since they were last looked through (stored graphs load, a stdio
 * peer's cached or remote ones sync), which also indexes them: an unknown id loads a graph at most
 * once per change to it (issue 23: each such lookup loaded every graph the token reached). A caller
 * is only ever told of graphs its source reaches.
 *
 * Node ids are 12 random base-36 characters (about 62 bits), and a tool's new id is also checked
 * against this index, so a tool never makes an id another graph holds. A writer's own client can copy
 * one into its graph: an id two graphs hold is refused naming those of them the caller reaches (taken
 * in the one when it reaches one), never sent to whichever graph was indexed last.
 */
import type * as Y from 'yjs'
import type { GraphSource } from './context.ts'
import { ToolError } from './errors.ts'
import { MEMORY_ALIAS, graphView, readMeta } from '@plexus/model'
import { echo } from './shape.ts'

export class NodeLocator {
  private readonly where = new Map<string, string>()
  /**
   * Ids more than one graph holds -> those graphs. Tools never make one, but a writer's own client can
   * copy an id into its graph: a call naming it alone must not go to whichever graph was indexed last.
   */
  private readonly shared = new Map<string, Set<string>>()
  /** Aliases (a memory id `kg:x`, and `x` bare) of live nodes -> the graphs holding a node with it. */
  private readonly named = new Map<string, Set<string>>()
  /**
   * Per graph, its node ids in the index and the aliases recorded for each: what is taken out again
   * when a node loses an alias, is forgotten or merged (its aliases) or leaves the document (its id),
   * and when the graph is deleted or loaded anew. The index holds what the graphs hold, no more
   * (issue 23: a long-lived server kept every alias ever written).
   */
  private readonly byGraph = new Map<string, Map<string, readonly string[]>>()
  /** The document each graph was indexed from while it is loaded: a new one (a reload) is indexed afresh. */
  private readonly docOf = new Map<string, Y.Doc>()
  /** When each graph's nodes were last all in the index (read, or a followed document changed). */
  private readonly current = new Map<string, number>()
  /**
   * Documents noted and not read yet, with the unsubscribe of their `destroy` listener. Reading one
   * walks every node (1.5 s of a 100,000-node graph's first answer on a busy machine, issue 29), and
   * most calls name their graph: a document is read on the first question the index is asked after
   * it is noted, or as it is destroyed (unloaded), whichever comes first. Every answer is the one
   * reading it at once gave (locate-lazy.test.ts holds it to that).
   */
  private readonly unread = new Map<string, () => void>()

  /** Records the nodes of a graph's document, once per document, and follows its changes. */
  note(graph: string, doc: Y.Doc): void {
    if (this.docOf.get(graph) === doc) {
      this.current.set(graph, Date.now())
      return
    }
    // A reload, or a graph deleted and made again: what the old document held is not what this holds.
    this.forget(graph)
    this.current.set(graph, Date.now())
    this.docOf.set(graph, doc)
    this.byGraph.set(graph, new Map())
    // Read while its content is still there: an unloaded graph's ids stay known, as when read at once.
    const read = (): void => this.read(graph, doc)
    doc.once('destroy', read)
    this.unread.set(graph, () => doc.off('destroy', read))
    // Then let the document go: what it held stays known, and a document that is not this one (a
    // reload) is read afresh as before. Holding it kept every unloaded graph's last document alive
    // (about 1 GiB for a 100,000-node graph; locate-retain.test.ts).
    doc.once('destroy', () => {
      if (this.docOf.get(graph) === doc) this.docOf.delete(graph)
    })
  }

  /** Reads every document noted and not read yet: before any answer. */
  private settle(): void {
    for (const graph of this.unread.keys()) this.read(graph, this.docOf.get(graph)!)
  }

  /** Records the nodes of `doc` as `graph`'s, and follows its changes. */
  private read(graph: string, doc: Y.Doc): void {
    if (this.docOf.get(graph) !== doc || !this.unread.has(graph)) return
    this.unread.get(graph)!()
    this.unread.delete(graph)
    const mine = this.byGraph.get(graph)!
    const ix = graphView(doc)
    const record = (id: string): void => {
      if (this.docOf.get(graph) !== doc) return // forgotten, or indexed from a newer document since
      const n = ix.nodes.get(id)
      const old = mine.get(id) ?? []
      mine.delete(id)
      this.unname(graph, old)
      if (!n) return this.unplace(graph, id)
      // A forgotten or merged node keeps its id here (a call naming it hears what became of it), but
      // no longer answers to its names.
      const live = n.deleted_at === null && n.merged_into === null
      const aliases = live ? aliasNames(n.aliases ?? []) : []
      mine.set(id, aliases)
      const was = this.where.get(id)
      if (was === undefined) this.where.set(id, graph)
      else if (was !== graph) {
        const holders = this.shared.get(id) ?? new Set([was])
        this.shared.set(id, holders.add(graph))
      }
      for (const name of aliases) {
        const set = this.named.get(name)
        if (set) set.add(graph)
        else this.named.set(name, new Set([graph]))
      }
    }
    for (const id of ix.nodes.keys()) record(id)
    ix.onChange((nodes) => {
      if (this.docOf.get(graph) !== doc) return
      this.current.set(graph, Date.now())
      for (const id of nodes) record(id)
    })
  }

  /** Takes a graph out of the index: deleted, or about to be indexed from a new document. */
  forget(graph: string): void {
    this.unread.get(graph)?.()
    this.unread.delete(graph)
    const mine = this.byGraph.get(graph)
    this.byGraph.delete(graph)
    this.docOf.delete(graph)
    this.current.delete(graph)
    if (!mine) return
    for (const [id, aliases] of mine) {
      this.unname(graph, aliases)
      this.unplace(graph, id)
    }
  }

  /** `graph` no longer holds a node with these aliases (another node of it may: recorded again). */
  private unname(graph: string, aliases: readonly string[]): void {
    const mine = this.byGraph.get(graph)
    for (const name of aliases) {
      const set = this.named.get(name)
      if (!set) continue
      let still = false
      if (mine) for (const other of mine.values()) if (other.includes(name)) still = true
      if (still) continue
      set.delete(graph)
      if (set.size === 0) this.named.delete(name)
    }
  }

  /** `graph` no longer holds node `id`. */
  private unplace(graph: string, id: string): void {
    const holders = this.shared.get(id)
    if (holders) {
      holders.delete(graph)
      if (this.where.get(id) === graph) this.where.set(id, [...holders][0]!)
      if (holders.size < 2) this.shared.delete(id)
    } else if (this.where.get(id) === graph) this.where.delete(id)
  }

  /** The graphs holding a node known by `alias` (a memory id, `kg:x` or bare `x`), caller or not. */
  holders(alias: string): string[] {
    this.settle()
    return [...(this.named.get(alias) ?? [])].sort()
  }

  /** How much the index holds: node ids and aliases. */
  size(): { ids: number; aliases: number } {
    this.settle()
    return { ids: this.where.size, aliases: this.named.size }
  }

  /** The graph a node id is known in, without loading anything. */
  known(id: string): string | undefined {
    this.settle()
    return this.where.get(id)
  }

  /**
   * The graph of the first of `ids` found among the graphs `source` reaches, looking through those
   * that changed since this index last held all their nodes if need be.
   */
  async locate(source: GraphSource, ids: readonly string[]): Promise<string | undefined> {
    const hit = await this.first(source, ids)
    if (hit !== undefined) return hit
    for (const info of await source.list()) {
      const seen = this.current.get(info.id)
      if (seen !== undefined && info.changed !== undefined && info.changed <= seen) continue
      let handle
      try {
        handle = await source.open(info.id)
      } catch {
        continue // a stdio peer offline with no copy of this graph: it cannot hold the id for us
      }
      if (!handle) continue
      try {
        if (readMeta(handle.doc).root) this.note(info.id, handle.doc)
        else this.current.set(info.id, Date.now())
      } finally {
        handle.release()
      }
      const found = await this.first(source, ids)
      if (found !== undefined) return found
    }
    return undefined
  }

  /** The graph `id` is known in, if `source` reaches it. */
  async reached(source: GraphSource, id: string): Promise<string | undefined> {
    this.settle()
    const holders = this.shared.get(id)
    // Where one of two holders deleted its copy, the other is the graph.
    const g = holders?.size === 1 ? [...holders][0] : this.where.get(id)
    if (g === undefined) return undefined
    if (holders === undefined || holders.size < 2)
      return !source.role || (await source.role(g)) !== null ? g : undefined
    // Only the graphs the caller reaches are considered, or named.
    const reach: string[] = []
    for (const h of holders) if (!source.role || (await source.role(h)) !== null) reach.push(h)
    if (reach.length < 2) return reach[0]
    // Named in one order whichever graph was read first.
    reach.sort()
    throw new ToolError(
      `node ${echo(id)} is in ${reach.slice(0, 5).join(' and ')}; give project to say which graph`,
      'ambiguous_label',
    )
  }

  private async first(source: GraphSource, ids: readonly string[]): Promise<string | undefined> {
    this.settle()
    for (const id of ids) {
      const g = await this.reached(source, id)
      if (g !== undefined) return g
    }
    // A memory id (or another alias) names its node's graph when only one graph has it.
    for (const id of ids) {
      const named = [...(this.named.get(id) ?? [])]
      // Only the graphs the caller reaches: an alias must not say where another's node lives.
      const graphs = source.role
        ? (await Promise.all(named.map(async (g) => ((await source.role!(g)) !== null ? g : null)))).filter(
            (g): g is string => g !== null,
          )
        : named
      if (!graphs.length) continue
      if (graphs.length === 1) return graphs[0]
      graphs.sort()
      throw new ToolError(
        `${echo(id)} names nodes in ${graphs.slice(0, 5).join(', ')}; give project to say which graph`,
        'ambiguous_label',
      )
    }
    return undefined
  }
}

/** A node's aliases as the index names them: a memory id both as `kg:x` and bare `x`. */
const aliasNames = (aliases: readonly string[]): string[] => [
  ...new Set(aliases.flatMap((a) => (a.startsWith(MEMORY_ALIAS) ? [a, a.slice(MEMORY_ALIAS.length)] : [a]))),
]

const locators = new WeakMap<object, NodeLocator>()

/** The index of the graphs `source` draws from: one for all the sources that share `source.index`. */
export function locatorOf(source: GraphSource): NodeLocator {
  const key = source.index ?? source
  let l = locators.get(key)
  if (!l) {
    const made = (l = new NodeLocator())
    locators.set(key, made)
    // A deleted graph leaves the index (on this server or, told by the fanout, on another).
    source.index?.onRemoved?.((graph) => made.forget(graph))
  }
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
  const graph = await l.locate(source, named)
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
  for (const id of named) {
    const g = await l.reached(source, id)
    if (g !== undefined && g !== graph)
      throw new ToolError(
        `${what}: one call works on one graph, and these ids are in ${graph} and ${g} (${echo(id)}); split the call per graph`,
      )
  }
  return graph
}
