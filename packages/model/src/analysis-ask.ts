import { fail, type Graph } from './graph.ts'
import { findCycles, hubs, orphans, ref, shortestPath, type Degree, type Hop, type Ref } from './analysis.ts'
import { bestMatch, confidence, labelOf } from './resolve.ts'
import type { Result } from './types.ts'

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
  | { intent: 'dependents' | 'dependencies'; node: Ref; nodes: Ref[] }
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
 * A live node named by `label`: its id, else `bestMatch` (the resolver, confidence >= 0.85: the same
 * label written another way, an acronym of it, or a distinctive part that only this label has). No
 * guess beyond it: a part several labels share names none of them (issue 24: "the shortest summary
 * containing the label" took "OCSP stapling" for "CSP" and one video task of several for "video").
 */
export function findByLabel(g: Graph, label: string): Ref | undefined {
  const direct = g.index.live(label)
  if (direct) return ref(g, direct.id)
  const best = bestMatch(g, label, { readings: 'name' })
  return best ? { id: best.id, summary: best.summary } : undefined
}

function resolve(g: Graph, label: string, what: string, took: Took[]): Ref | ReturnType<typeof fail> {
  const name = unquote(label)
  const r = findByLabel(g, name)
  if (!r) {
    return fail(
      'node_not_found',
      `no node matches ${what} ${JSON.stringify(name)}; give its id or its exact summary`,
    )
  }
  if (r.id !== name && fold(r.summary) !== fold(name)) {
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

function answer(g: Graph, question: string, took: Took[]): Result<Answer & { text: string }> {
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
    const n = resolve(g, (m[1] ?? m[2])!, 'node', took)
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
    const n = resolve(g, (m[1] ?? m[2])!, 'node', took)
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
