/**
 * kg_search's words, bounded (issue 23: `"a "` x 500 walked every node of every graph 500 times, 23.8 s
 * with `/healthz` blocked). The query's words are de-duplicated and at most MAX_TERMS are used; the
 * full-text part goes through the search index (`search`, as graph_search), and the part no index
 * holds, a word inside an agent's id or a touched path, is one pass over the nodes for all words.
 */
import { memoryId, type NodeView } from '@plexus/model'

/** Distinct words of one kg_search that are matched; later ones are ignored and reported. */
export const MAX_TERMS = 16

/** The query's distinct lower-case words in order, the first MAX_TERMS of them used. */
export function queryTerms(query: string): { terms: string[]; ignored: number } {
  const distinct = [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))]
  return { terms: distinct.slice(0, MAX_TERMS), ignored: Math.max(0, distinct.length - MAX_TERMS) }
}

/**
 * Calls `hit(node, rank)` for each term a node's memory id or a touch contains (a node without one: its
 * Plexus id, whole), `rank` being the
 * node's place among the nodes holding that term; one pass, however many terms. Returns the nodes read.
 */
export function idMatches(
  nodes: Iterable<NodeView>,
  terms: readonly string[],
  hit: (n: NodeView, rank: number) => void,
): number {
  const ranks = terms.map(() => 0)
  let read = 0
  for (const n of nodes) {
    read++
    // An agent's own id is read by the words in it; a generated Plexus id (a node with none) only whole.
    const own = memoryId(n)
    const id = own.toLowerCase()
    const named = own !== n.id
    const links = n.links.length ? n.links.map((l) => l.toLowerCase()) : undefined
    terms.forEach((term, t) => {
      if ((named ? id.includes(term) : id === term) || links?.some((l) => l.includes(term)))
        hit(n, ranks[t]!++)
    })
  }
  return read
}
