import * as Y from 'yjs'
import { edgeParts, type YEdge, type YNode } from './schema.ts'
import type { EdgeView, Evidence, Json, NodeView } from './types.ts'

// Reading is defensive: a peer running other code, or a merge, may leave any value in any field. A view
// is always well-typed whatever the document holds.

const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d)
const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d)
const optNum = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const optStr = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

function jsonOf(v: unknown): Json {
  if (v instanceof Y.AbstractType) return v.toJSON() as Json
  if (v === undefined) return null
  return v as Json
}

/**
 * A Y.Map as a plain object. Not `toJSON()`: it assigns `obj[key] = value`, which makes a key named
 * `__proto__` the object's prototype (hidden, and lending its fields to every read). Here every key
 * is an own property.
 */
export function plainMap(m: Y.Map<unknown>): Record<string, Json> {
  return Object.fromEntries([...m.entries()].map(([k, v]) => [k, jsonOf(v)]))
}

function mapOf(v: unknown): Record<string, Json> {
  if (v instanceof Y.Map) return plainMap(v)
  if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Y.AbstractType)) {
    return { ...(v as Record<string, Json>) }
  }
  return {}
}

function evidenceOf(v: unknown): Evidence[] {
  if (!(v instanceof Y.Array) || v.length === 0) return []
  const out: Evidence[] = []
  for (const e of v.toArray() as unknown[]) {
    if (!e || typeof e !== 'object') continue
    const r = e as Record<string, unknown>
    out.push({ type: str(r.type), ref: str(r.ref), agent: str(r.agent), timestamp: num(r.timestamp) })
  }
  return out
}

/** The keys of a map, sorted; forEach walks the map without the iterator objects `keys()` builds. */
function keysOf(m: Y.Map<unknown>): string[] {
  const keys: string[] = []
  m.forEach((_, k) => keys.push(k))
  return keys.length > 1 ? keys.sort() : keys
}

const SIZE_MAX = 1_000_000
const optSize = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= SIZE_MAX ? v : undefined

/** The optional appearance fields and aliases, each present only when it holds a usable value. */
function looks(f: {
  shape?: unknown
  color?: unknown
  width?: unknown
  height?: unknown
  aliases?: unknown
}): Partial<NodeView> {
  const out: Partial<NodeView> = {}
  if (typeof f.shape === 'string' && f.shape !== '') out.shape = f.shape
  if (typeof f.color === 'string' && f.color !== '') out.color = f.color
  const w = optSize(f.width)
  if (w !== undefined) out.width = w
  const h = optSize(f.height)
  if (h !== undefined) out.height = h
  if (Array.isArray(f.aliases)) {
    const a = f.aliases.filter((x): x is string => typeof x === 'string' && x !== '')
    if (a.length) out.aliases = a
  }
  return out
}

/** A node's chosen place among its siblings and side of the map (update.ts setTreePlaces), when set. */
function treePlace(order: unknown, side: unknown): Partial<NodeView> {
  const out: Partial<NodeView> = {}
  if (typeof order === 'number' && Number.isFinite(order)) out.order = order
  if (side === 'left' || side === 'right') out.side = side
  return out
}

/** Memory's tier and read count (memory.ts), present only when set. */
function memoryFields(tier: unknown, readAt: unknown, reads: unknown): Partial<NodeView> {
  const out: Partial<NodeView> = {}
  if (tier === 'archived' || tier === 'orphaned') out.tier = tier
  if (typeof readAt === 'number' && Number.isFinite(readAt)) out.read_at = readAt
  if (typeof reads === 'number' && Number.isFinite(reads) && reads > 0) out.reads = reads
  return out
}

export function readNode(id: string, m: YNode): NodeView {
  const notes = m.get('notes')
  const links = m.get('links')
  return {
    id,
    summary: str(m.get('summary')),
    notes: notes instanceof Y.Text ? (notes.length === 0 ? '' : notes.toString()) : str(notes),
    kind: str(m.get('kind'), 'concept') || 'concept',
    parent: optStr(m.get('parent')),
    resolved: m.get('resolved') === true,
    state: jsonOf(m.get('state')),
    properties: mapOf(m.get('properties')),
    links: links instanceof Y.Map ? keysOf(links) : [],
    evidence: evidenceOf(m.get('evidence')),
    x: optNum(m.get('x')),
    y: optNum(m.get('y')),
    ...treePlace(m.get('order'), m.get('side')),
    ...looks({
      shape: m.get('shape'),
      color: m.get('color'),
      width: m.get('width'),
      height: m.get('height'),
      aliases: m.get('aliases'),
    }),
    ...memoryFields(m.get('tier'), m.get('read_at'), m.get('reads')),
    created_at: num(m.get('created_at')),
    updated_at: num(m.get('updated_at'), num(m.get('created_at'))),
    created_by: str(m.get('created_by')),
    updated_by: str(m.get('updated_by'), str(m.get('created_by'))),
    rev: num(m.get('rev'), 1),
    deleted_at: optNum(m.get('deleted_at')),
    deleted_by: optStr(m.get('deleted_by')),
    merged_into: optStr(m.get('merged_into')),
  }
}

/** The values Writer.createNode writes: see newNode, whose rules this follows. */
export interface WrittenNode {
  summary: string
  notes?: string
  kind?: string
  parent?: string | null
  resolved?: boolean
  state?: Json
  properties?: Record<string, Json>
  links?: string[]
  x?: number | null
  y?: number | null
  shape?: string
  color?: string
  width?: number
  height?: number
  aliases?: string[]
}

/**
 * The view readNode gives of a node just written from `f` at `at` by `by`: the same rules applied to
 * the values newNode writes, without reading the map back. A test holds the two to each other.
 */
export function writtenNode(id: string, f: WrittenNode, at: number, by: string): NodeView {
  // Not `properties[k] = v`: a key named __proto__ would set the prototype.
  const properties: Record<string, Json> = Object.fromEntries(
    Object.entries(f.properties ?? {}).filter(([, v]) => v !== null),
  )
  const links = f.links?.length ? [...new Set(f.links)] : []
  return {
    id,
    summary: str(f.summary),
    notes: str(f.notes ?? ''),
    kind: str(f.kind ?? 'concept', 'concept') || 'concept',
    parent: f.parent ? optStr(f.parent) : null,
    resolved: (f.resolved ?? false) === true,
    state: f.state !== undefined && f.state !== null ? jsonOf(f.state) : null,
    properties,
    links: links.length > 1 ? links.sort() : links,
    evidence: [],
    x: typeof f.x === 'number' ? optNum(f.x) : null,
    y: typeof f.y === 'number' ? optNum(f.y) : null,
    ...looks(f),
    created_at: num(at),
    updated_at: num(at),
    created_by: str(by),
    updated_by: str(by),
    rev: 1,
    deleted_at: null,
    deleted_by: null,
    merged_into: null,
  }
}

/** The view readEdge gives of an edge writeEdge just created with these values. */
export function writtenEdge(
  id: string,
  e: { from: string; to: string; type: string; label: string },
  properties: Record<string, Json>,
  at: number,
  by: string,
): EdgeView {
  return {
    id,
    from: str(e.from),
    to: str(e.to),
    type: str(e.type, 'relates_to') || 'relates_to',
    label: str(e.label),
    properties,
    created_at: num(at),
    created_by: str(by),
  }
}

/**
 * An edge's ends and type are the fields it carries (older documents, ids that split more than one
 * way), and what its id says for each one it does not carry.
 */
export function readEdge(id: string, m: YEdge): EdgeView {
  const parts = m.has('from') && m.has('to') && m.has('type') ? null : edgeParts(id)
  const field = (k: 'from' | 'to' | 'type'): string => (m.has(k) || !parts ? str(m.get(k)) : parts[k])
  return {
    id,
    from: field('from'),
    to: field('to'),
    type: field('type') || 'relates_to',
    label: str(m.get('label')),
    properties: mapOf(m.get('properties')),
    created_at: num(m.get('created_at')),
    created_by: str(m.get('created_by')),
    ...(m.has('updated_at') ? { updated_at: num(m.get('updated_at')) } : {}),
  }
}

/** Live: neither forgotten nor merged away. */
export const isLive = (n: NodeView | undefined): boolean =>
  !!n && n.deleted_at === null && n.merged_into === null
