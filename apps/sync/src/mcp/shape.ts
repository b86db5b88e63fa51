/**
 * The compact forms tool results use. Brief by default: a node is `{id, summary, kind?, status?}`
 * (kind left out when it is the default `concept`); long text is clipped and says so; lists are capped
 * and report how many were left out. `verbose` gets the full node view.
 */
import type { Evidence, Graph, Json, NodeView, Status } from './model.ts'

export interface BriefNode {
  id: string
  summary: string
  kind?: string
  status?: Status
}

export function brief(g: Graph, n: NodeView, opts: { status?: boolean } = {}): BriefNode {
  const out: BriefNode = { id: n.id, summary: clip(n.summary, 200) }
  if (n.kind !== 'concept') out.kind = n.kind
  if (opts.status !== false) out.status = g.index.statusOf(n.id)
  return out
}

/** A node by id as a brief, or null when it is gone. */
export function briefOf(g: Graph, id: string, opts: { status?: boolean } = {}): BriefNode | null {
  const n = g.index.live(id)
  return n ? brief(g, n, opts) : null
}

export function briefs(g: Graph, ids: Iterable<string>, max = 20): BriefNode[] {
  const out: BriefNode[] = []
  for (const id of ids) {
    if (out.length >= max) break
    const b = briefOf(g, id)
    if (b) out.push(b)
  }
  return out
}

/** The full view, with notes clipped to a generous bound so one node cannot flood a context. */
export function full(g: Graph, n: NodeView): Record<string, Json> {
  return {
    ...(n as unknown as Record<string, Json>),
    notes: clip(n.notes, 4000),
    evidence: n.evidence.slice(-20).map(evidence),
    status: g.index.statusOf(n.id),
  }
}

export function node(g: Graph, n: NodeView, verbose: boolean | undefined): Record<string, Json> {
  return verbose ? full(g, n) : (brief(g, n) as unknown as Record<string, Json>)
}

export function evidence(e: Evidence): Record<string, Json> {
  return { type: e.type, ref: clip(e.ref, 300), agent: e.agent, at: e.timestamp }
}

export function clip(s: string, max: number): string {
  return s.length > max ? s.slice(0, max - 1) + '…' : s
}

/** What a caller sent, quoted back in a message: clipped, so a refusal never hands a megabyte back. */
export function echo(s: string, max = 64): string {
  return s.length > max ? `${JSON.stringify(s.slice(0, max))}… (${s.length} characters)` : JSON.stringify(s)
}

/** A long message with its middle left out: what went wrong is said first, a suggestion often last. */
export function clipMiddle(s: string, max: number): string {
  if (s.length <= max) return s
  const head = s.slice(0, Math.floor(max * 0.6))
  const tail = s.slice(s.length - Math.floor(max * 0.3))
  return `${head}… (${s.length - head.length - tail.length} characters left out) …${tail}`
}

/** Leaves out keys whose value is undefined, empty array or empty object: results stay small. */
export function compact<T extends Record<string, unknown>>(o: T): T {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue
    if (Array.isArray(v) && v.length === 0) continue
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) continue
    out[k] = v
  }
  return out as T
}

/** The first `max` of a list and how many more there were. */
export function capped<T>(list: readonly T[], max: number): { items: T[]; more?: number } {
  return list.length > max ? { items: list.slice(0, max), more: list.length - max } : { items: [...list] }
}
