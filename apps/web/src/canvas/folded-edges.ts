import { relationWords } from '@plexus/model'

// Which edges a canvas with folded branches draws, and where. A node inside a folded branch is drawn as
// the folded node (its nearest visible ancestor): a relation edge with an end inside is drawn to that
// node instead, one line per (shown source, shown target, type) standing for every edge it gathers, as
// mind-map tools do. Without it, a node depending on something folded away showed as blocked for no
// visible reason. An edge with both ends inside the same folded branch is hidden, and so is a tree edge
// with a hidden end. Pure: the flow model gives it the edges and where each node is shown.

/** An edge as the canvas has it: canonical ends, `tree` or the relation type. */
export interface EdgeEnds {
  id: string
  source: string
  target: string
  kind: string
}

/** One line drawn for relation edges whose ends are inside folded branches. */
export interface FoldedEdge {
  id: string
  source: string
  target: string
  kind: string
  /** The ids of the edges it stands for, in the order given. */
  stands: string[]
  /** What it stands for, in words: "depends on Book seats, Pay ferry". */
  text: string
}

export interface FoldedEdges {
  /** The edges not drawn themselves (an end hidden, or both drawn as the same node). */
  hidden: Set<string>
  /** The lines drawn instead, by id. */
  lines: Map<string, FoldedEdge>
}

/** How many names a line's words list before "and N more". */
const NAMES_MAX = 3

const idOf = (source: string, target: string, kind: string) => `fold:${source}>${target}:${kind}`

function names(ids: string[], nameOf: (id: string) => string): string {
  const all = [...new Set(ids)].map(nameOf)
  const more = all.length - NAMES_MAX
  return more > 0 ? `${all.slice(0, NAMES_MAX).join(', ')} and ${more} more` : all.join(', ')
}

/** The words for a line: grouped by real source, the shown one's own name left out ("depends on B, C"). */
function wordsFor(line: { source: string; kind: string }, real: EdgeEnds[], nameOf: (id: string) => string) {
  const bySource = new Map<string, string[]>()
  for (const e of real) {
    const to = bySource.get(e.source)
    if (to) to.push(e.target)
    else bySource.set(e.source, [e.target])
  }
  const words = relationWords(line.kind)
  return [...bySource]
    .map(([s, to]) => `${s === line.source ? '' : `${nameOf(s)} `}${words} ${names(to, nameOf)}`)
    .join('; ')
}

/**
 * `shownAs(id)`: the node `id` is drawn as (itself, or the folded node its branch is under), or null
 * when it is not drawn at all (an archived node hidden). Asked once per node.
 */
export function foldEdges(
  edges: Iterable<EdgeEnds>,
  shownAs: (id: string) => string | null,
  nameOf: (id: string) => string,
): FoldedEdges {
  const memo = new Map<string, string | null>()
  const shown = (id: string) => {
    let s = memo.get(id)
    if (s === undefined) memo.set(id, (s = shownAs(id)))
    return s
  }
  const hidden = new Set<string>()
  const gathered = new Map<string, { source: string; target: string; kind: string; real: EdgeEnds[] }>()
  for (const e of edges) {
    const s = shown(e.source)
    const t = shown(e.target)
    if (s === e.source && t === e.target) continue
    hidden.add(e.id)
    if (e.kind === 'tree' || s === null || t === null || s === t) continue
    const id = idOf(s, t, e.kind)
    const g = gathered.get(id)
    if (g) g.real.push(e)
    else gathered.set(id, { source: s, target: t, kind: e.kind, real: [e] })
  }
  const lines = new Map<string, FoldedEdge>()
  for (const [id, g] of gathered)
    lines.set(id, {
      id,
      source: g.source,
      target: g.target,
      kind: g.kind,
      stands: g.real.map((e) => e.id),
      text: wordsFor(g, g.real, nameOf),
    })
  return { hidden, lines }
}
