import { fail, type Graph } from './graph.ts'
import { findCycles, hubs, orphans, ref, shortestPath, type Degree, type Hop, type Ref } from './analysis.ts'
import { bestMatch } from './resolve.ts'
import type { Result } from './types.ts'
import { isLive } from './views.ts'

// Plain questions about the graph, answered from the analysis functions. Deliberately a handful of
// patterns, not a language: an agent that needs more calls the functions directly.

export type Answer =
  | { intent: 'dependents' | 'dependencies'; node: Ref; nodes: Ref[] }
  | { intent: 'path'; from: Ref; to: Ref; found: boolean; path: Ref[]; hops: Hop[] }
  | { intent: 'cycles'; cycles: Ref[][]; truncated: boolean }
  | { intent: 'orphans'; count: number; nodes: Ref[] }
  | { intent: 'hubs'; nodes: Degree[] }

const EXAMPLES = [
  'what depends on X',
  'what does X depend on',
  'path from A to B',
  'cycles',
  'orphans',
  'hubs (or: most connected)',
]

const fold = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()
const unquote = (s: string): string => s.trim().replace(/^["'“‘`](.*)["'”’`]$/u, '$1')

/**
 * A live node named by `label`: its id, else `bestMatch` (the fuzzy resolver, confidence >= 0.85), else
 * the shortest summary containing the label. Deterministic: ties go to the smallest id.
 */
export function findByLabel(g: Graph, label: string): Ref | undefined {
  const direct = g.index.live(label)
  if (direct) return ref(g, direct.id)
  const best = bestMatch(g, label)
  if (best) return { id: best.id, summary: best.summary }
  const want = fold(label)
  if (!want) return undefined
  let exact: Ref | undefined
  let near: Ref | undefined
  let scanned = 0
  for (const n of g.index.nodes.values()) {
    if (!isLive(n)) continue
    if (++scanned > 200_000) break
    const have = fold(n.summary)
    if (have === want) {
      if (!exact || n.id < exact.id) exact = ref(g, n.id)
    } else if (!exact && have.includes(want)) {
      const better =
        !near ||
        n.summary.length < near.summary.length ||
        (n.summary.length === near.summary.length && n.id < near.id)
      if (better) near = ref(g, n.id)
    }
  }
  return exact ?? near
}

function resolve(g: Graph, label: string, what: string): Ref | ReturnType<typeof fail> {
  const name = unquote(label)
  const r = findByLabel(g, name)
  return (
    r ??
    fail(
      'node_not_found',
      `no node matches ${what} ${JSON.stringify(name)}; give its id or its exact summary`,
    )
  )
}

const list = (refs: Ref[], max = 10): string =>
  refs
    .slice(0, max)
    .map((r) => `'${r.summary}' (${r.id})`)
    .join(', ') + (refs.length > max ? ` and ${refs.length - max} more` : '')

/** Answers one plain question; `text` is a one-paragraph answer, the rest is the data behind it. */
export function ask(g: Graph, question: string): Result<Answer & { text: string }> {
  if (typeof question !== 'string') return fail('invalid_argument', 'question: expected a string')
  const q = question
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[?.!]+$/, '')
    .trim()
  let m: RegExpExecArray | null
  if (
    (m =
      /^(?:what|which nodes?) does (.+) (?:depend|rely) on$|^(?:what are the )?dependencies of (.+)$/i.exec(
        q,
      ))
  ) {
    const n = resolve(g, (m[1] ?? m[2])!, 'node')
    if ('ok' in n) return n
    const nodes = g.index.dependencies(n.id).map((id) => ref(g, id))
    const text = nodes.length
      ? `'${n.summary}' depends on ${list(nodes)}.`
      : `'${n.summary}' depends on nothing.`
    return { ok: true, intent: 'dependencies', node: n, nodes, text }
  }
  if (
    (m =
      /^(?:what|who|which(?: nodes?)?) (?:depends|relies|depend|rely) on (.+)$|^(?:what are the )?dependents of (.+)$/i.exec(
        q,
      ))
  ) {
    const n = resolve(g, (m[1] ?? m[2])!, 'node')
    if ('ok' in n) return n
    const nodes = g.index.dependents(n.id).map((id) => ref(g, id))
    const text = nodes.length
      ? `${list(nodes)} depend${nodes.length === 1 ? 's' : ''} on '${n.summary}'.`
      : `Nothing depends on '${n.summary}'.`
    return { ok: true, intent: 'dependents', node: n, nodes, text }
  }
  if (
    (m =
      /(?:^|\b)path (?:from |between )(.+?) (?:to|and) (.+)$|^how (?:is|are|does|do) (.+?) (?:connected|related|connect|relate) to (.+)$/i.exec(
        q,
      ))
  ) {
    const a = resolve(g, (m[1] ?? m[3])!, 'start')
    if ('ok' in a) return a
    const b = resolve(g, (m[2] ?? m[4])!, 'end')
    if ('ok' in b) return b
    // Along the arrows first; failing that, any connection at all is still an answer.
    let p = shortestPath(g, a.id, b.id, { direction: 'out' })
    if (p.ok && !p.found) p = shortestPath(g, a.id, b.id, { direction: 'both' })
    if (!p.ok) return p
    const path = p.path.map((id) => ref(g, id))
    const text = p.found
      ? `${path.map((r) => `'${r.summary}'`).join(' → ')} (${p.hops.length} hop${p.hops.length === 1 ? '' : 's'}: ${p.hops.map((h) => h.type).join(', ') || 'same node'}).`
      : `'${a.summary}' and '${b.summary}' are not connected by any edge path.`
    return { ok: true, intent: 'path', from: a, to: b, found: p.found, path, hops: p.hops, text }
  }
  if (/\bcycles?\b|\bcircular\b|\bloops?\b/i.test(q)) {
    const r = findCycles(g, { limit: 20 })
    if (!r.ok) return r
    const cycles = r.cycles.map((c) => c.map((id) => ref(g, id)))
    const text = cycles.length
      ? `${cycles.length}${r.truncated ? '+' : ''} dependency cycle${cycles.length === 1 ? '' : 's'}: ` +
        cycles
          .slice(0, 5)
          .map((c) => [...c, c[0]!].map((x) => `'${x.summary}'`).join(' → '))
          .join('; ') +
        '.'
      : 'No dependency cycles.'
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
