// Graphs of labels for the label-resolution tests, and the node a label argument takes.
import { write, type Graph } from '../graph.ts'
import { MATCH_CONFIDENCE, resolveLabel } from '../resolve.ts'
import { namedGraph } from './harness.ts'

/** A graph whose root holds one node per label, `n0`, `n1`, … in order. */
export function graphOf(labels: readonly string[]): Graph {
  const { g, root } = namedGraph()
  write(g, (w) => labels.forEach((summary, i) => w.newNode(`n${i}`, { summary, parent: root })))
  return g
}

/** The node a label argument takes (node-args.ts's rule), or null: a sure match ahead of the next. */
export function taken(g: Graph, query: string): string | null {
  const [top, second] = resolveLabel(g, query, { limit: 5 })
  if (!top || top.confidence < MATCH_CONFIDENCE) return null
  return second && second.confidence >= top.confidence ? null : top.id
}
