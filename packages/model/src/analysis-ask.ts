import { fail, type Graph } from './graph.ts'
import { findCycles, hubs, orphans, ref, shortestPath, type Degree, type Hop, type Ref } from './analysis.ts'
import { bestMatch, confidence, labelOf } from './resolve.ts'
import type { Result } from './types.ts'
import { nodeByName } from './names.ts'

// Plain questions about the graph, answered from the analysis functions. Deliberately a handful of
// patterns, not a language: an agent that needs more calls the functions directly.

/** A node the question named by a label that is not its summary: which node the answer took for it. */
export interface Took {
  label: string
  id: string
  summary: string
  confidence: number
}

export type Answer = (
  | { intent: 'dependents' | 'dependencies' | 'impact'; node: Ref; nodes: Ref[] }
  | {
      intent: 'path'
      from: Ref
      to: Ref
      /** Paths follow edges from `from` to `to`, never against them. */
      direction: 'out'
      found: boolean
      path: Ref[]
      hops: Hop[]
    }
  | { intent: 'cycles'; cycles: Ref[][]; truncated: boolean }
  | { intent: 'orphans'; count: number; nodes: Ref[] }
  | { intent: 'hubs'; nodes: Degree[] }
) & { took?: Took[] }

const EXAMPLES = [
  'what depends on X (or: what uses X)',
  'what does X depend on (or: what does X use)',
  'what breaks if X goes down (everything that depends on X, transitively)',
  'path from A to B (or: how does A reach B)',
  'cycles',
  'orphans',
  'hubs (or: most connected)',
]

const fold = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()
const unquote = (s: string): string => s.trim().replace(/^["'“‘`](.*)["'”’`]$/u, '$1')

/**
 * A live node named by `label`: its id or an alias (a memory id, bare or `kg:`; names.ts), else
 * `bestMatch` (the resolver, confidence >= 0.85: the same label written another way, an acronym of it,
 * or a distinctive part that only this label has). No guess beyond it: a part several labels share
 * names none of them (issue 24: "the shortest summary containing the label" took "OCSP stapling" for
 * "CSP" and one video task of several for "video").
 */
export function findByLabel(g: Graph, label: string): Ref | undefined {
  const direct = nodeByName(g, label)
  if (direct) return ref(g, direct.id)
  const best = bestMatch(g, label, { readings: 'name' })
  return best ? { id: best.id, summary: best.summary } : undefined
}

const ARTICLE = /^(?:the|a|an|our|my|this|that) /i

function resolve(g: Graph, label: string, what: string, took: Took[]): Ref | ReturnType<typeof fail> {
  const whole = unquote(label)
  // "the database pool": the article is the question's, unless the whole names a node exactly.
  const bare = ARTICLE.test(whole) ? unquote(whole.replace(ARTICLE, '')) : whole
  const exact = bare !== whole ? bestMatch(g, whole) : undefined
  const name = bare !== whole && !(exact && exact.confidence >= 0.97) ? bare : whole
  const r = findByLabel(g, name) ?? (name !== whole ? findByLabel(g, whole) : undefined)
  if (!r) {
    return fail(
      'node_not_found',
      `no node matches ${what} ${JSON.stringify(name)}; give its id or its exact summary`,
    )
  }
  if (r.id !== name && fold(r.summary) !== fold(name) && !nodeByName(g, name)) {
    const c = confidence(labelOf(name), labelOf(r.summary))
    took.push({ label: name, id: r.id, summary: r.summary, confidence: c })
  }
  return r
}

/** "Taking 'Database Connection Pool' (n_5) for "DB pool" (confidence 0.91). ", or nothing. */
const tookText = (took: Took[]): string =>
  took
    .map(
      (t) =>
        `Taking '${t.summary}' (${t.id}) for ${JSON.stringify(t.label)} (confidence ${t.confidence.toFixed(2)}). `,
    )
    .join('')

const list = (refs: Ref[], max = 10): string =>
  refs
    .slice(0, max)
    .map((r) => `'${r.summary}' (${r.id})`)
    .join(', ') + (refs.length > max ? ` and ${refs.length - max} more` : '')

/**
 * Answers one plain question; `text` is a one-paragraph answer, the rest is the data behind it. A node
 * named by a near match rather than its summary or id is listed in `took`, and the text says so first.
 */
export function ask(g: Graph, question: string): Result<Answer & { text: string }> {
  const took: Took[] = []
  const r = answer(g, question, took)
  if (!r.ok || took.length === 0) return r
  return { ...r, took, text: tookText(took) + r.text }
}

// The phrasings agents use, by intent. A name may carry an article ("the database pool"): resolve()
// tries it without one when the whole does not name a node.
const WHO = String.raw`(?:what|who|which(?: nodes?| services?| components?| modules?| things?| parts?)?)`
const USE_VERB = String.raw`(?:depends on|depend on|relies on|rely on|uses|use|consumes|consume|calls|call|needs|need|requires|require|imports|import|reads from|reads|read from|read|is using|are using|talks to|talk to)`
const DEPENDENTS = new RegExp(
  String.raw`^${WHO} ${USE_VERB} (.+)$|^(?:what are |who are |list )?(?:the )?(?:dependents|users|consumers|callers|clients) of (.+)$|^(?:what|who) is (?:using|consuming|calling) (.+)$`,
  'i',
)
const DEPENDENCIES = new RegExp(
  String.raw`^${WHO} (?:does|do) (.+?) (?:depend on|rely on|use|consume|call|need|require|import|read|read from|talk to)$|^(?:what are |list )?(?:the )?(?:dependencies|deps|requirements) of (.+)$|^what is (.+?) (?:using|built on|depending on)$`,
  'i',
)
const DOWN = String.raw`(?: (?:goes|went|go|is|were|was|gets?|got) (?:down|away|offline|removed|deleted|broken|unavailable)| (?:fails|failed|breaks|broke|stops|stopped|dies|died|crashes|crashed|changes|changed|is changed))?`
const IMPACT = new RegExp(
  String.raw`^${WHO} (?:(?:would|will|could|might|can|is|are|gets?) )?(?:be )?(?:break|breaks|broken|fail|fails|affected|impacted|stop working|stops working|go down|goes down|be hit|is hit) (?:if|when) (.+?)${DOWN}$|^${WHO} (?:depends|depend|relies|rely) on (.+?),? (?:transitively|directly or indirectly|indirectly)$|^(?:everything|all) that (?:depends|relies) on (.+)$`,
  'i',
)
// "what happens if X goes down", "if X goes down, what breaks": the condition first.
const IMPACT_IF = new RegExp(
  String.raw`^what happens (?:if|when) (.+?)${DOWN}$|^(?:if|when) (.+?)${DOWN},? ${WHO} (?:(?:would|will|could|might|is|are) )?(?:be )?(?:break|breaks|broken|fail|fails|affected|impacted|stop working|stops working|go down|goes down)$`,
  'i',
)
const IMPACT_OF =
  /^(?:what is |what's )?(?:the )?(?:impact|blast radius|fallout) of (.+?)(?: (?:going|being) (?:down|offline|removed))?$/i
const PATH =
  /(?:^|\b)path (?:from |between )(.+?) (?:to|and) (.+)$|^how (?:is|are|does|do) (.+?) (?:connected|related|connect|relate) to (.+)$/i
const REACH =
  /^(?:how )?(?:does|do|can|could) (.+?) (?:reach|get to|lead to|lead into|flow to|connect to|talk to) (.+)$/i

/** Edge types that say their source uses their target, as depends_on does (seed 003's "uses", "calls", ...). */
const USES = new Set([
  'depends_on',
  'uses',
  'requires',
  'calls',
  'consumes',
  'needs',
  'imports',
  'reads',
  'reads_from',
  'relies_on',
  'queries',
  'talks_to',
  'connects_to',
  'writes_to',
  'invokes',
  'loads',
])

/** The nodes `id` uses (out) or is used by (in), along the edge types in USES, smallest id first. */
function usesOf(g: Graph, id: string, direction: 'out' | 'in'): string[] {
  const out = new Set<string>()
  for (const e of g.index.edgesOf(id, direction)) if (USES.has(e.type)) out.add(e.other)
  return [...out].sort()
}

/** Everything that depends on `id`, directly or through others (breadth first, at most 10,000). */
function dependentsDeep(g: Graph, id: string): string[] {
  const seen = new Set<string>([id])
  const queue = [id]
  const out: string[] = []
  for (let i = 0; i < queue.length && out.length < 10_000; i++) {
    for (const d of usesOf(g, queue[i]!, 'in')) {
      if (seen.has(d)) continue
      seen.add(d)
      queue.push(d)
      out.push(d)
    }
  }
  return out
}

function answer(g: Graph, question: string, took: Took[]): Result<Answer & { text: string }> {
  if (typeof question !== 'string') return fail('invalid_argument', 'question: expected a string')
  const q = question
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[?.!]+$/, '')
    .trim()
  let m: RegExpExecArray | null
  // Impact first: "what breaks if X goes down" is everything that depends on X, transitively.
  if ((m = IMPACT.exec(q) ?? IMPACT_OF.exec(q) ?? IMPACT_IF.exec(q))) {
    // Each form of these patterns captures the name in a group of its own.
    const n = resolve(
      g,
      m.slice(1).find((x) => x !== undefined)!,
      'node',
      took,
    )
    if ('ok' in n) return n
    const nodes = dependentsDeep(g, n.id).map((id) => ref(g, id))
    const text = nodes.length
      ? `${nodes.length} node${nodes.length === 1 ? '' : 's'} depend${nodes.length === 1 ? 's' : ''} on '${n.summary}', directly or through others: ${list(nodes, 20)}.`
      : `Nothing depends on '${n.summary}', directly or through others.`
    return { ok: true, intent: 'impact', node: n, nodes, text }
  }
  if ((m = DEPENDENCIES.exec(q))) {
    const n = resolve(g, (m[1] ?? m[2] ?? m[3])!, 'node', took)
    if ('ok' in n) return n
    const nodes = usesOf(g, n.id, 'out').map((id) => ref(g, id))
    const text = nodes.length
      ? `'${n.summary}' depends on ${list(nodes)}.`
      : `'${n.summary}' depends on nothing.`
    return { ok: true, intent: 'dependencies', node: n, nodes, text }
  }
  if ((m = DEPENDENTS.exec(q))) {
    const n = resolve(g, (m[1] ?? m[2] ?? m[3])!, 'node', took)
    if ('ok' in n) return n
    const nodes = usesOf(g, n.id, 'in').map((id) => ref(g, id))
    const text = nodes.length
      ? `${list(nodes)} depend${nodes.length === 1 ? 's' : ''} on '${n.summary}'.`
      : `Nothing depends on '${n.summary}'.`
    return { ok: true, intent: 'dependents', node: n, nodes, text }
  }
  if ((m = REACH.exec(q))) {
    m = [m[0], undefined, undefined, m[1], m[2]] as unknown as RegExpExecArray
  } else m = PATH.exec(q)
  if (m) {
    const a = resolve(g, (m[1] ?? m[3])!, 'start', took)
    if ('ok' in a) return a
    const b = resolve(g, (m[2] ?? m[4])!, 'end', took)
    if ('ok' in b) return b
    // Along the arrows only: "path from A to B" asks how A leads to B. When only the reverse exists,
    // the answer says so instead of passing a path against the arrows off as the answer.
    const p = shortestPath(g, a.id, b.id, { direction: 'out' })
    if (!p.ok) return p
    const path = p.path.map((id) => ref(g, id))
    const hops = (n: number): string => `${n} hop${n === 1 ? '' : 's'}`
    let text: string
    if (p.found) {
      text =
        `${path.map((r) => `'${r.summary}'`).join(' → ')} (${hops(p.hops.length)} along edge direction: ` +
        `${p.hops.map((h) => h.type).join(', ') || 'same node'}).`
    } else {
      const back = shortestPath(g, b.id, a.id, { direction: 'out' })
      const any = back.ok && back.found ? back : shortestPath(g, a.id, b.id, { direction: 'both' })
      text = `No path from '${a.summary}' to '${b.summary}' along edge direction`
      if (back.ok && back.found) {
        text += `; the edges run the other way: ${back.path.map((id) => `'${ref(g, id).summary}'`).join(' → ')}.`
      } else if (any.ok && any.found) {
        text += `; they are connected only ignoring direction (${hops(any.hops.length)}).`
      } else text += '; they are not connected at all.'
    }
    return {
      ok: true,
      intent: 'path',
      from: a,
      to: b,
      direction: 'out',
      found: p.found,
      path,
      hops: p.hops,
      text,
    }
  }
  if (/\bcycles?\b|\bcircular\b|\bloops?\b/i.test(q)) {
    const r = findCycles(g, { limit: 20 })
    if (!r.ok) return r
    const cycles = r.cycles.map((c) => c.map((id) => ref(g, id)))
    const text = cycles.length
      ? `${cycles.length}${r.truncated ? '+' : ''} cycle${cycles.length === 1 ? '' : 's'} (any edge type): ` +
        cycles
          .slice(0, 5)
          .map((c) => [...c, c[0]!].map((x) => `'${x.summary}'`).join(' → '))
          .join('; ') +
        '.'
      : 'No cycles, along any edge type.'
    return { ok: true, intent: 'cycles', cycles, truncated: r.truncated, text }
  }
  if (/\borphan/i.test(q)) {
    const r = orphans(g, { limit: 50 })
    if (!r.ok) return r
    const text = r.count
      ? `${r.count} orphan${r.count === 1 ? '' : 's'} (top level, no edges): ${list(r.nodes)}.`
      : 'No orphans.'
    return { ok: true, intent: 'orphans', count: r.count, nodes: r.nodes, text }
  }
  if (/\bhubs?\b|most connected|best connected|most central|central nodes?/i.test(q)) {
    const r = hubs(g, { limit: 10 })
    if (!r.ok) return r
    const text = r.nodes.length
      ? `Most connected: ${r.nodes.map((d) => `'${d.summary}' (${d.id}, ${d.degree} edges)`).join(', ')}.`
      : 'No node has any edge yet.'
    return { ok: true, intent: 'hubs', nodes: r.nodes, text }
  }
  return fail(
    'not_understood',
    `cannot answer ${JSON.stringify(question.slice(0, 200))}; ask one of: ${EXAMPLES.join('; ')}`,
  )
}
