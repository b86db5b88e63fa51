import { stronglyConnected } from '../analysis-graph.ts'
import { DEPENDS_ON, writeEdge } from '../edges.ts'
import { fail, meta, write, type Graph } from '../graph.ts'
import { bestMatch } from '../resolve.ts'
import { edgeId } from '../schema.ts'
import type { Failure, Result } from '../types.ts'
import { LIMITS, checkKind, checkLinks, checkString, isFailure, liveNode } from '../validate.ts'
import { isLive } from '../views.ts'
import { IMPORT_LIMITS, type NodeDecl, type Parsed } from './facts.ts'

export interface ApplyOptions {
  /** Where new top-level nodes go; default the graph's root. */
  parent?: string
}

export interface ApplyResult {
  created: number
  matched: number
  edges: number
  /** What was read but not written, and why (at most 50 shown; `skippedCount` has them all). */
  skipped: string[]
  skippedCount: number
}

const fold = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()
const quote = (s: string): string => `'${s.length > 60 ? s.slice(0, 60) + '…' : s}'`
// New nodes get placeholder ids until everything has been checked, so a refused import draws no ids.
const placeholder = (i: number): string => `\u0000new:${i}`

function checkDecl(d: NodeDecl): Failure | null {
  const at = d.at ?? 'node'
  return (
    checkString(d.name, `${at}: name ${quote(d.name)}`, LIMITS.summary, { line: true }) ??
    (d.kind !== undefined ? checkKind(d.kind, `${at}: kind`) : null) ??
    (d.notes !== undefined ? checkString(d.notes, `${at}: notes`, LIMITS.notes, { empty: true }) : null) ??
    (d.links !== undefined ? checkLinks(d.links, `${at}: links`) : null) ??
    ([d.x, d.y].some((v) => v !== undefined && !Number.isFinite(v))
      ? fail('invalid_argument', `${at}: position must be finite numbers`)
      : null)
  )
}

/**
 * Writes what a text format parsed, in one transaction, or nothing. Names resolve to live nodes (an id
 * the text carried when that node has the same name, else the same summary ignoring case, else `bestMatch`, the fuzzy resolution batch
 * create uses, at confidence >= 0.85); the rest are created, under the parent
 * the text gives them, else under `opts.parent` or the graph's root. Existing nodes are never changed
 * or moved: an import only adds nodes and edges. A depends_on cycle is refused, as `connect` refuses it.
 */
export function applyParsed(g: Graph, p: Parsed, opts: ApplyOptions = {}): Result<ApplyResult> {
  if (p.nodes.length > IMPORT_LIMITS.nodes) {
    return fail(
      'too_large',
      `the text names ${p.nodes.length} nodes; one import takes at most ${IMPORT_LIMITS.nodes}`,
    )
  }
  if (p.facts.length > IMPORT_LIMITS.edges) {
    return fail(
      'too_large',
      `the text has ${p.facts.length} relations; one import takes at most ${IMPORT_LIMITS.edges}`,
    )
  }
  let top: string | null = null
  if (opts.parent !== undefined) {
    const n = liveNode(g, opts.parent, 'parent')
    if (isFailure(n)) return n
    top = n.id
  } else {
    const root = meta(g).root
    top = root && g.index.live(root) ? root : null
  }

  const bySummary = new Map<string, string>()
  for (const n of g.index.nodes.values()) {
    if (!isLive(n)) continue
    const k = fold(n.summary)
    const had = bySummary.get(k)
    if (had === undefined || n.id < had) bySummary.set(k, n.id)
  }
  const idOf = new Map<string, string>()
  const fresh: NodeDecl[] = []
  const matched = new Set<string>()
  for (const d of p.nodes) {
    const bad = checkDecl(d)
    if (bad) return bad
    // An id the text carried counts only with the same name: ids from another graph may collide.
    const same = d.id !== undefined ? g.index.live(d.id) : undefined
    const found =
      (same && fold(same.summary) === fold(d.name) ? same.id : undefined) ??
      bySummary.get(fold(d.name)) ??
      bestMatch(g, d.name)?.id
    if (found) {
      idOf.set(d.key, found)
      matched.add(found)
    } else {
      idOf.set(d.key, placeholder(fresh.length))
      fresh.push(d)
    }
  }
  const label = (id: string): string => {
    const i = id.startsWith('\u0000new:') ? Number(id.slice(5)) : -1
    return quote(i >= 0 ? fresh[i]!.name : (g.index.nodes.get(id)?.summary ?? id))
  }

  const skipped: string[] = []
  let skippedCount = 0
  const skip = (msg: string): void => {
    if (skippedCount++ < 50) skipped.push(msg)
  }
  const parentOf = new Map<string, string>()
  for (const l of p.parents) {
    const child = idOf.get(l.child)
    const parent = idOf.get(l.parent)
    const at = l.at ?? 'tree'
    if (child === undefined || parent === undefined)
      throw new Error(`applyParsed: ${at} names an undeclared node`)
    if (child === parent) return fail('invalid_argument', `${at}: ${label(child)} cannot be its own parent`)
    if (!child.startsWith('\u0000')) {
      skip(`${at}: ${label(child)} already exists; an import does not move existing nodes`)
      continue
    }
    parentOf.set(child, parent)
  }
  // A loop of parents among new nodes ("A contains B", "B contains A") has no place to hang.
  const done = new Set<string>()
  for (const start of parentOf.keys()) {
    const trail: string[] = []
    const onTrail = new Set<string>()
    for (let cur: string | undefined = start; cur && !done.has(cur); cur = parentOf.get(cur)) {
      if (onTrail.has(cur)) {
        const loop = trail.slice(trail.indexOf(cur))
        const at = p.parents.find((l) => idOf.get(l.child) === cur)?.at ?? 'tree'
        return fail(
          'cycle_detected',
          `${at}: the tree loops: ${[cur, ...loop.reverse()].map(label).join(' contains ')}`,
        )
      }
      trail.push(cur)
      onTrail.add(cur)
    }
    for (const t of trail) done.add(t)
  }

  const edges: Array<{ from: string; to: string; type: string; label?: string; at: string }> = []
  const seen = new Set<string>()
  for (const f of p.facts) {
    const at = f.at ?? 'relation'
    const c = checkKind(f.rel, `${at}: relation`)
    if (c) return c
    if (f.label !== undefined) {
      const lc = checkString(f.label, `${at}: label`, 200, { line: true, empty: true })
      if (lc) return lc
    }
    const from = idOf.get(f.from.key)!
    const to = idOf.get(f.to.key)!
    if (from === to) {
      skip(`${at}: ${label(from)} ${f.rel} itself: a node cannot be connected to itself`)
      continue
    }
    const id = edgeId(from, f.rel, to)
    if (seen.has(id) || g.index.edges.has(id)) continue
    seen.add(id)
    edges.push({ from, to, type: f.rel, at, ...(f.label ? { label: f.label } : {}) })
  }
  const cycle = dependsCycle(g, edges)
  if (cycle) {
    const e = cycle.edge
    return fail(
      'cycle_detected',
      `${e.at}: ${label(e.from)} depends_on ${label(e.to)} would close a dependency cycle: ${cycle.path.map(label).join(' → ')}. Nothing was imported.`,
    )
  }

  const real = new Map<string, string>()
  const id = (x: string): string => real.get(x) ?? x
  write(g, (w) => {
    fresh.forEach((_, i) => real.set(placeholder(i), g.env.newId()))
    fresh.forEach((d, i) => {
      const ph = placeholder(i)
      const parent = parentOf.has(ph) ? id(parentOf.get(ph)!) : top
      w.createNode(id(ph), {
        summary: d.name,
        kind: d.kind,
        notes: d.notes,
        links: d.links,
        x: d.x,
        y: d.y,
        parent,
      })
    })
    for (const e of edges) writeEdge(w, { from: id(e.from), to: id(e.to), type: e.type, label: e.label })
  })
  return {
    ok: true,
    created: fresh.length,
    matched: matched.size,
    edges: edges.length,
    skipped,
    skippedCount,
  }
}

/**
 * A depends_on cycle that the new edges would close, over the live graph plus the new edges; one strongly
 * connected walk over what they can reach, so a large import is not checked edge by edge.
 */
function dependsCycle<E extends { from: string; to: string; type: string }>(
  g: Graph,
  edges: E[],
): { edge: E; path: string[] } | null {
  const added = edges.filter((e) => e.type === DEPENDS_ON)
  if (!added.length) return null
  const extra = new Map<string, string[]>()
  for (const e of added) extra.set(e.from, [...(extra.get(e.from) ?? []), e.to])
  const ids: string[] = []
  const at = new Map<string, number>()
  const succ: number[][] = []
  const visit = (id: string): number => {
    let i = at.get(id)
    if (i === undefined) {
      at.set(id, (i = ids.length))
      ids.push(id)
    }
    return i
  }
  for (const e of added) visit(e.from)
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!
    const next = [...(g.index.live(id) ? g.index.dependencies(id) : []), ...(extra.get(id) ?? [])]
    succ[i] = next.map(visit)
  }
  const comp = new Map<number, number>()
  stronglyConnected(ids.length, (i) => succ[i] ?? []).forEach((c, k) => c.forEach((i) => comp.set(i, k)))
  for (const e of added) {
    const k = comp.get(at.get(e.from)!)
    if (k === undefined || comp.get(at.get(e.to)!) !== k) continue
    // Name the cycle: the new edge, then the way back from its target inside the component.
    const prev = new Map<number, number>([[at.get(e.to)!, -1]])
    const queue = [at.get(e.to)!]
    const goal = at.get(e.from)!
    for (let q = 0; q < queue.length && !prev.has(goal); q++) {
      for (const n of succ[queue[q]!] ?? []) {
        if (comp.get(n) !== k || prev.has(n)) continue
        prev.set(n, queue[q]!)
        queue.push(n)
      }
    }
    const back: string[] = []
    for (let c = goal; c !== -1; c = prev.get(c)!) back.push(ids[c]!)
    return { edge: e, path: [e.from, ...back.reverse()] }
  }
  return null
}
