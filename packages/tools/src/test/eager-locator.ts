/**
 * The node locator as it was before it read documents lazily (main at 6246293, packages/tools/src/locate.ts):
 * every document read in full as it is noted. Kept as the reference locate-lazy.test.ts holds the
 * lazy one to: the same answer to every question, after any sequence of notes, writes, reloads,
 * unloads and deletions. Test code only.
 */
import type * as Y from 'yjs'
import type { GraphSource } from '../context.ts'
import { ToolError } from '../errors.ts'
import { MEMORY_ALIAS, graphView, readMeta } from '@plexus/model'
import { echo } from '../shape.ts'

export class EagerLocator {
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
  /** The document each graph was indexed from: a new one (a reload) is indexed afresh. */
  private readonly docOf = new Map<string, Y.Doc>()
  /** When each graph's nodes were last all in the index (read, or a followed document changed). */
  private readonly current = new Map<string, number>()

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
    const mine = new Map<string, readonly string[]>()
    this.byGraph.set(graph, mine)
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
    return [...(this.named.get(alias) ?? [])].sort()
  }

  /** How much the index holds: node ids and aliases. */
  size(): { ids: number; aliases: number } {
    return { ids: this.where.size, aliases: this.named.size }
  }

  /** The graph a node id is known in, without loading anything. */
  known(id: string): string | undefined {
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
    throw new ToolError(
      `node ${echo(id)} is in ${reach.slice(0, 5).join(' and ')}; give project to say which graph`,
      'ambiguous_label',
    )
  }

  private async first(source: GraphSource, ids: readonly string[]): Promise<string | undefined> {
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
