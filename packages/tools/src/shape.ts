/**
 * The forms tool results use. Seed 000's Node (`seedNode`) where the seed returns a node; elsewhere a
 * brief `{id, summary, kind?, status?}` (kind left out when it is the default `concept`). Long text is
 * clipped and says so; lists are capped and report how many were left out.
 */
import { CLAIMED_AT, CLAIMED_UNTIL, shownKind } from '@plexus/model'
import type { Evidence, Graph, Json, NodeView, Status } from '@plexus/model'

export interface BriefNode {
  id: string
  summary: string
  kind?: string
  status?: Status
}

export function brief(g: Graph, n: NodeView, opts: { status?: boolean } = {}): BriefNode {
  const out: BriefNode = { id: n.id, summary: clip(n.summary, 200) }
  if (shownKind(n.kind)) out.kind = n.kind
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

/** Evidence as seed 000 writes it: `{type, ref, agent, timestamp}`, the time in ISO 8601. */
export function evidence(e: Evidence): Record<string, Json> {
  return { type: e.type, ref: clip(e.ref, 300), agent: e.agent, timestamp: iso(e.timestamp) }
}

export const iso = (ms: number): string => new Date(ms).toISOString()

/** The claim's times, stored as epoch milliseconds (the model compares them), shown as every time is. */
const CLAIM_TIMES = new Set([CLAIMED_AT, CLAIMED_UNTIL])

/** A property's value as results show it: a claim's times in ISO 8601, anything else as stored. */
export function shownValue(key: string, v: Json): Json {
  return CLAIM_TIMES.has(key) && typeof v === 'number' && Number.isFinite(v) ? iso(v) : v
}

/** Node properties as results show them (shownValue). */
export function shownProperties(p: Record<string, Json>): Record<string, Json> {
  if (!Object.keys(p).some((k) => CLAIM_TIMES.has(k))) return p
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [k, shownValue(k, v)]))
}

/**
 * A node as seed 000's data model defines it: id, rev, parent (absent at the top), summary, resolved,
 * state (when set), properties, context_links, evidence (the latest `maxEvidence`), created_at,
 * updated_at (ISO 8601), created_by. Plexus adds `kind` (when not a concept) and `notes` (when any).
 */
export function seedNode(n: NodeView, maxEvidence = 20): Record<string, Json> {
  const out: Record<string, Json> = { id: n.id, rev: n.rev }
  if (n.parent !== null) out.parent = n.parent
  out.summary = n.summary
  out.resolved = n.resolved
  if (n.state !== null && n.state !== undefined) out.state = n.state
  out.properties = shownProperties(n.properties)
  out.context_links = n.links.slice(0, 50)
  out.evidence = n.evidence.slice(-maxEvidence).map(evidence)
  out.created_at = iso(n.created_at)
  out.updated_at = iso(n.updated_at)
  out.created_by = n.created_by
  if (shownKind(n.kind)) out.kind = n.kind
  if (n.notes) out.notes = clip(n.notes, 2000)
  return out
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
