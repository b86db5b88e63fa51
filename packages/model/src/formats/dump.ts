import { liveEdges } from '../analysis-graph.ts'
import { drawnTree } from '../drawn-order.ts'
import { meta, type Graph } from '../graph.ts'
import { holderOf } from '../claims.ts'
import { counts } from '../readiness.ts'
import type { NodeView, Result } from '../types.ts'
import { isFailure, liveNode } from '../validate.ts'

/*
 * A compact outline of the graph for a language model's context: what it is for, how much there is,
 * and the tree with readiness at a glance, ids to act on, dependencies inline. Honest about its limits:
 * when the budget runs out it says how much was left out and where to zoom in.
 *
 *   # Ship v1
 *   Goal: a release people can install
 *   5 nodes: 2 actionable, 1 blocked, 0 waiting, 2 resolved · 3 edges
 *   Legend: [x] resolved, [ ] actionable, [~] blocked or waiting; #id after each name
 *
 *   - [~] Ship v1 (goal) #r
 *     - [~] Auth service (task) #a ← needs: 'User repo' #u, 'Schema' #s ✓ · claimed by bob
 *       > Tokens are JWT; see the ADR.
 */

export interface DumpOptions {
  /** Only this node's subtree. */
  root?: string
  /** Levels below the top shown (deeper ones are counted, not listed). */
  depth?: number
  /** Default 20000. */
  maxChars?: number
}

const clip = (s: string, max: number): string => {
  const flat = s.replace(/\s+/g, ' ').trim()
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat
}
const more = (n: number): string => (n > 0 ? ` +${n} more` : '')

/** `shown`: nodes with a line of their own; `total`: live nodes in scope; `truncated`: maxChars was hit. */
export function contextDump(
  g: Graph,
  opts: DumpOptions = {},
): Result<{ text: string; shown: number; total: number; truncated: boolean }> {
  const maxChars = Math.min(Math.max(Math.floor(opts.maxChars ?? 20_000), 500), 1_000_000)
  const maxDepth = opts.depth === undefined ? Infinity : Math.max(0, Math.floor(opts.depth))
  const s = g.index.struct()
  const m = meta(g)
  // Siblings in the order the map draws them (drawn-order.ts), the root first: the agent reads the
  // outline the person sees.
  const t = drawnTree(g.index, m.root)
  let tops: string[]
  const head = [`# ${clip(m.title || m.id || 'Untitled graph', 200)}`]
  if (m.goal) head.push(`Goal: ${clip(m.goal, 500)}`)
  if (opts.root !== undefined) {
    const r = liveNode(g, opts.root, 'root')
    if (isFailure(r)) return r
    tops = [r.id]
    const path: string[] = []
    for (let p = s.parent.get(r.id); p !== undefined; p = s.parent.get(p))
      path.unshift(`'${clip(g.index.nodes.get(p)!.summary, 60)}' #${p}`)
    if (path.length) head.push(`Within: ${path.join(' › ')}`)
  } else {
    tops = [...t.roots]
  }
  const size = (id: string): number => {
    let n = 0
    const stack = [id]
    while (stack.length) {
      n++
      stack.push(...(s.children.get(stack.pop()!) ?? []))
    }
    return n
  }
  const total = opts.root !== undefined ? size(tops[0]!) : tops.reduce((sum, t) => sum + size(t), 0)
  const c = counts(g)
  const edges = liveEdges(g.index).length
  head.push(
    `${c.total} nodes: ${c.actionable} actionable, ${c.blocked} blocked, ${c.waiting} waiting, ${c.resolved} resolved · ${edges} edges`,
    'Legend: [x] resolved, [ ] actionable, [~] blocked or waiting; #id after each name',
    '',
  )

  const now = g.env.now()
  const line = (n: NodeView, depth: number, hidden: number): string[] => {
    const st = g.index.statusOf(n.id)
    const mark = st === 'resolved' ? '[x]' : st === 'actionable' ? '[ ]' : '[~]'
    let out = `${'  '.repeat(depth)}- ${mark} ${clip(n.summary, 200)}${n.kind !== 'concept' ? ` (${n.kind})` : ''} #${n.id}`
    const deps = g.index.dependencies(n.id)
    if (deps.length) {
      const named = deps.slice(0, 5).map((d) => {
        const dn = g.index.nodes.get(d)!
        return `'${clip(dn.summary, 60)}' #${d}${dn.resolved ? ' ✓' : ''}`
      })
      out += ` ← needs: ${named.join(', ')}${more(deps.length - 5)}`
    }
    const rel = g.index.edgesOf(n.id, 'out').filter((e) => e.type !== 'depends_on')
    if (rel.length) {
      const named = rel
        .slice(0, 3)
        .map((e) => `${e.type} '${clip(g.index.nodes.get(e.other)!.summary, 60)}' #${e.other}`)
      out += ` → ${named.join(', ')}${more(rel.length - 3)}`
    }
    const claim = holderOf(n, now)
    if (claim) out += ` · claimed by ${claim.by}`
    if (n.links.length)
      out += ` · links: ${n.links
        .slice(0, 3)
        .map((l) => clip(l, 120))
        .join(', ')}${more(n.links.length - 3)}`
    if (hidden) out += ` (+${hidden} below)`
    const res = [out]
    if (n.notes.trim()) res.push(`${'  '.repeat(depth + 1)}> ${clip(n.notes, 160)}`)
    return res
  }

  const lines = [...head]
  let used = lines.reduce((sum, l) => sum + l.length + 1, 0)
  const budget = maxChars - 220 // room for the line that says what was left out
  let shown = 0
  let covered = 0 // listed, or counted in a '+N below'
  let next: string | undefined
  const stack: Array<[string, number]> = tops.map((t): [string, number] => [t, 0]).reverse()
  while (stack.length) {
    const [id, depth] = stack.pop()!
    const kids = t.children(id)
    const cut = depth >= maxDepth && kids.length > 0
    const add = line(g.index.nodes.get(id)!, depth, cut ? size(id) - 1 : 0)
    const cost = add.reduce((sum, l) => sum + l.length + 1, 0)
    if (used + cost > budget) {
      next = id
      break
    }
    lines.push(...add)
    used += cost
    shown++
    covered += cut ? size(id) : 1
    if (!cut) for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i]!, depth + 1])
  }
  const truncated = next !== undefined
  if (truncated) {
    const left = total - covered
    const n = g.index.nodes.get(next!)!
    lines.push(
      `… ${left} more node${left === 1 ? '' : 's'} not shown (the outline stops at ${maxChars} characters); next: '${clip(n.summary, 60)}' #${n.id}. Ask for a subtree with root: <id>, or fewer levels with depth.`,
    )
  }
  if (total === 0) lines.push('(no nodes)')
  return { ok: true, text: lines.join('\n'), shown, total, truncated }
}
