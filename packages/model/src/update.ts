import { indexOf } from './graph-index.ts'
import * as Y from 'yjs'
import {
  DEFAULT_CLAIM_TTL_MS,
  checkNoClaimKeys,
  heldByOther,
  holderOf,
  renewLease,
  writeClaim,
} from './claims.ts'
import { checkAppearance } from './appearance.ts'
import { fail, write, type Graph, type Writer } from './graph.ts'
import { propertiesAfter } from './rules.ts'
import { mergeNoteLines, notesOf, setText } from './text.ts'
import type { Failure, Json, Result } from './types.ts'
import {
  LIMITS,
  checkBatch,
  checkJson,
  checkKind,
  checkLinks,
  checkProperties,
  checkString,
  isFailure,
  liveNode,
} from './validate.ts'

export interface UpdateItem {
  id: string
  summary?: string
  /** Replaces the notes. */
  notes?: string
  /** Merged into the notes as memory merges them: each line not already there appended (text.ts mergeNoteLines). */
  add_notes?: string
  kind?: string
  resolved?: boolean
  state?: Json
  /** Merged per key; null deletes the key. */
  properties?: Record<string, Json | null>
  add_links?: string[]
  remove_links?: string[]
  add_evidence?: Array<{ type: string; ref: string }>
  /** Canvas position: shared, but not a history event and not a revision. */
  x?: number
  y?: number
  /** Appearance (see appearance.ts); null clears. Shape and colour are history events; a resize, like a drag, is not. */
  shape?: string | null
  color?: string | null
  width?: number | null
  height?: number | null
  /** Refuse the update if the node moved on since this revision (optimistic concurrency). */
  expected_rev?: number
  /** Give up the caller's claim on the node (after the other changes). */
  release?: boolean
}

export interface UpdateResult {
  updated: Array<{ id: string; rev: number }>
  newly_actionable: string[]
  /** Nodes changed while someone else held them: the update applied, and says whose work it touched. */
  warnings: Array<{ id: string; claimed_by: string; until: number }>
}

const FIELDS = [
  'id',
  'summary',
  'notes',
  'add_notes',
  'kind',
  'resolved',
  'state',
  'properties',
  'add_links',
  'remove_links',
  'add_evidence',
  'x',
  'y',
  'shape',
  'color',
  'width',
  'height',
  'expected_rev',
  'release',
]

function checkUpdate(g: Graph, raw: unknown, i: number, seen: Set<string>): Failure | null {
  const at = `items[${i}]`
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return fail('invalid_argument', `${at}: expected {id, ...fields}`)
  const it = raw as Record<string, unknown>
  const extra = Object.keys(it).find((k) => !FIELDS.includes(k))
  if (extra)
    return fail('invalid_argument', `${at}: unknown field '${extra}'; fields are ${FIELDS.join(', ')}`, {
      index: i,
    })
  const n = liveNode(g, it.id, `${at}.id`)
  if (isFailure(n)) return { ...n, index: i }
  if (seen.has(n.id))
    return fail('invalid_argument', `${at}: node ${n.id} appears twice in one batch; combine the changes`, {
      index: i,
    })
  seen.add(n.id)
  if (Object.keys(it).length === 1)
    return fail('invalid_argument', `${at}: nothing to change; pass at least one field besides id`, {
      index: i,
    })
  const ev = it.add_evidence
  const checks = [
    it.summary !== undefined
      ? checkString(it.summary, `${at}.summary`, LIMITS.summary, { line: true })
      : null,
    it.notes !== undefined ? checkString(it.notes, `${at}.notes`, LIMITS.notes, { empty: true }) : null,
    it.add_notes !== undefined
      ? checkString(it.add_notes, `${at}.add_notes`, LIMITS.notes, { empty: true })
      : null,
    it.notes !== undefined && it.add_notes !== undefined
      ? fail('invalid_argument', `${at}: give notes (replaces) or add_notes (merges), not both`)
      : null,
    typeof it.add_notes === 'string' && mergeNoteLines(n.notes, it.add_notes).length > LIMITS.notes
      ? fail(
          'too_large',
          `${at}.add_notes: the merged notes would pass ${LIMITS.notes} characters; replace them with notes instead`,
        )
      : null,
    it.kind !== undefined ? checkKind(it.kind, `${at}.kind`) : null,
    it.resolved !== undefined && typeof it.resolved !== 'boolean'
      ? fail('invalid_argument', `${at}.resolved: expected true or false`)
      : null,
    it.state !== undefined ? checkJson(it.state, `${at}.state`) : null,
    it.properties !== undefined ? checkProperties(it.properties, `${at}.properties`, true) : null,
    it.properties !== undefined ? checkNoClaimKeys(it.properties, `${at}.properties`) : null,
    it.add_links !== undefined ? checkLinks(it.add_links, `${at}.add_links`) : null,
    it.remove_links !== undefined ? checkLinks(it.remove_links, `${at}.remove_links`) : null,
    ...(['x', 'y'] as const).map((k) =>
      it[k] !== undefined && (typeof it[k] !== 'number' || !Number.isFinite(it[k]))
        ? fail('invalid_argument', `${at}.${k}: expected a finite number`)
        : null,
    ),
    it.release !== undefined && typeof it.release !== 'boolean'
      ? fail('invalid_argument', `${at}.release: expected true or false`)
      : null,
    checkAppearance(it, at, true),
    it.expected_rev !== undefined && typeof it.expected_rev !== 'number'
      ? fail('invalid_argument', `${at}.expected_rev: expected a number`)
      : null,
    ev !== undefined && (!Array.isArray(ev) || ev.length > LIMITS.links)
      ? fail(
          'invalid_argument',
          `${at}.add_evidence: expected an array of {type, ref} (at most ${LIMITS.links})`,
        )
      : null,
  ]
  const c = checks.find((x) => x !== null)
  if (c) return { ...c, index: i }
  if (Array.isArray(ev)) {
    for (const [j, e] of ev.entries()) {
      const p = `${at}.add_evidence[${j}]`
      const r = e as Record<string, unknown> | null
      const ec =
        !r || typeof r !== 'object'
          ? fail('invalid_argument', `${p}: expected {type, ref}`)
          : (checkKind(r.type, `${p}.type`) ?? checkString(r.ref, `${p}.ref`, LIMITS.value))
      if (ec) return { ...ec, index: i }
    }
  }
  if (it.properties) {
    const total = propertiesAfter(n.properties, it.properties as Record<string, Json | null>)
    if (total > LIMITS.properties)
      return fail(
        'too_large',
        `${at}.properties: node ${n.id} would hold ${total} properties; the limit is ${LIMITS.properties}. Delete some (set them to null) in the same call`,
        { index: i },
      )
  }
  if (typeof it.expected_rev === 'number' && it.expected_rev !== n.rev) {
    return fail(
      'conflict',
      `${at}: node ${n.id} is at revision ${n.rev}, not ${it.expected_rev}; read it again and retry`,
      { index: i },
    )
  }
  return null
}

/** The nodes whose readiness can change when `ids` change: themselves, their parents, their dependents. */
export function readinessNeighbourhood(g: Graph, ids: Iterable<string>): Set<string> {
  const out = new Set<string>()
  const s = g.index.struct()
  for (const id of ids) {
    out.add(id)
    const p = s.parent.get(id)
    if (p) out.add(p)
    for (const d of g.index.dependents(id)) out.add(d)
  }
  return out
}

/** Runs a write and reports which of `around` went from not actionable to actionable. */
export function trackActionable<T>(g: Graph, around: Set<string>, fn: () => T): [T, string[]] {
  // Read "before" over the same neighbourhood read "after", so a node that was already actionable (a
  // dependent of a parent of a changed node, say) is never reported as newly actionable.
  const before = new Map([...readinessNeighbourhood(g, around)].map((id) => [id, g.index.statusOf(id)]))
  const out = fn()
  const after = readinessNeighbourhood(g, around)
  const became = [...after].filter(
    (id) => before.get(id) !== 'actionable' && g.index.statusOf(id) === 'actionable',
  )
  return [out, became.sort()]
}

export function updateNodes(g: Graph, items: UpdateItem[]): Result<UpdateResult> {
  const b = checkBatch(items, 'items')
  if (b) return b
  const seen = new Set<string>()
  for (let i = 0; i < items.length; i++) {
    const c = checkUpdate(g, items[i], i, seen)
    if (c) return c
  }
  const resolving = items.filter((it) => it.resolved !== undefined).map((it) => it.id)
  const now = g.env.now()
  const before = items.map((it) => g.index.nodes.get(it.id)!)
  const warnings: UpdateResult['warnings'] = []
  for (const n of before) {
    const h = heldByOther(n, g.env.actor, now, DEFAULT_CLAIM_TTL_MS)
    if (h) warnings.push({ id: n.id, claimed_by: h.by, until: h.until })
  }
  const [, newly] = trackActionable(g, readinessNeighbourhood(g, resolving), () =>
    write(g, (w) => {
      items.forEach((it, i) => {
        applyUpdate(w, it)
        const n = before[i]!
        // The holder's own writes renew its lease; a release ends it.
        if (it.release && holderOf(n, w.now)?.by === w.g.env.actor) writeClaim(w, it.id, null)
        else if (!it.release) renewLease(w, n)
      })
    }),
  )
  const updated = items.map((it) => ({ id: it.id, rev: g.index.nodes.get(it.id)?.rev ?? 0 }))
  return { ok: true, updated, newly_actionable: newly, warnings }
}

function applyUpdate(w: Writer, it: UpdateItem): void {
  const id = it.id
  let changed = false
  const m = w.node(id)
  for (const f of ['summary', 'kind', 'resolved'] as const) {
    if (it[f] !== undefined) changed = w.set(id, f, it[f]!) || changed
  }
  if (it.state !== undefined) {
    const before = (m.get('state') ?? null) as Json
    if (JSON.stringify(before) !== JSON.stringify(it.state)) {
      m.set('state', it.state)
      w.record(id, 'update', [{ field: 'state', before, after: it.state }])
      changed = true
    }
  }
  if (it.notes !== undefined || it.add_notes !== undefined) {
    const t = notesOf(w, id)
    const before = t.toString()
    const after = it.notes ?? mergeNoteLines(before, it.add_notes!)
    if (setText(t, after)) {
      w.record(id, 'update', [{ field: 'notes', before, after }])
      changed = true
    }
  }
  if (it.properties) {
    let pm = m.get('properties')
    if (!(pm instanceof Y.Map)) m.set('properties', (pm = new Y.Map()))
    const props = pm as Y.Map<Json>
    for (const [k, v] of Object.entries(it.properties)) {
      const before = props.has(k) ? (props.get(k) as Json) : null
      if (JSON.stringify(before) === JSON.stringify(v)) continue
      if (v === null) props.delete(k)
      else props.set(k, v)
      w.record(id, 'update', [{ field: `properties.${k}`, before, after: v }])
      changed = true
    }
  }
  if (it.add_links?.length || it.remove_links?.length) {
    let lm = m.get('links')
    if (!(lm instanceof Y.Map)) m.set('links', (lm = new Y.Map()))
    const links = lm as Y.Map<boolean>
    for (const l of it.add_links ?? []) {
      if (links.has(l)) continue
      links.set(l, true)
      w.record(id, 'update', [{ field: 'links', before: null, after: l }])
      changed = true
    }
    for (const l of it.remove_links ?? []) {
      if (!links.has(l)) continue
      links.delete(l)
      w.record(id, 'update', [{ field: 'links', before: l, after: null }])
      changed = true
    }
  }
  if (it.add_evidence?.length) {
    let ea = m.get('evidence')
    if (!(ea instanceof Y.Array)) m.set('evidence', (ea = new Y.Array()))
    const entries = it.add_evidence.map((e) => ({
      type: e.type,
      ref: e.ref,
      agent: w.g.env.actor,
      timestamp: w.now,
    }))
    ;(ea as Y.Array<Json>).push(entries)
    for (const e of entries)
      w.record(id, 'evidence', [{ field: 'evidence', before: null, after: `${e.type}: ${e.ref}` }])
    changed = true
  }
  for (const k of ['x', 'y'] as const) if (it[k] !== undefined && m.get(k) !== it[k]) m.set(k, it[k])
  for (const k of ['shape', 'color'] as const) {
    const v = it[k]
    if (v === undefined || (m.get(k) ?? null) === v) continue
    w.record(id, 'update', [{ field: k, before: (m.get(k) ?? null) as Json, after: v }])
    if (v === null) m.delete(k)
    else m.set(k, v)
    changed = true
  }
  for (const k of ['width', 'height'] as const) {
    const v = it[k]
    if (v === undefined || (m.get(k) ?? null) === v) continue
    if (v === null) m.delete(k)
    else m.set(k, v)
  }
  if (changed) w.touch(id)
}

/** Positions only: what a drag writes. Not history, not a revision. */
export function setPositions(
  g: Graph,
  items: Array<{ id: string; x: number; y: number }>,
): Result<{ moved: number }> {
  const b = checkBatch(items, 'positions')
  if (b) return b
  for (const [i, p] of items.entries()) {
    if (!p || !g.index.nodes.has(p.id))
      return fail('node_not_found', `positions[${i}]: node ${String(p?.id)} not found`, { index: i })
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y))
      return fail('invalid_argument', `positions[${i}]: x and y must be finite numbers`, { index: i })
  }
  g.doc.transact(() => {
    for (const p of items) {
      const m = indexOf(g.doc).y.nodes.get(p.id)!
      if (m.get('x') !== p.x) m.set('x', p.x)
      if (m.get('y') !== p.y) m.set('y', p.y)
    }
  }, g.origin)
  return { ok: true, moved: items.length }
}

/**
 * Writes where a person dropped these nodes in the tree: `order` among their siblings (drawn by order,
 * then creation time) and, for a branch of the root, the `side` of the map. Recorded as a `move` event
 * (seed 000's "moved") with the values before and after, so the graph read as of a moment before the
 * drop draws the siblings as they were, and a restore puts them back (docs/time-travel.md). A choice of
 * layout, not a revision: rev and the updated stamps are left alone. The drop's change of parent goes
 * through `restructure`.
 */
export function setTreePlaces(
  g: Graph,
  items: Array<{ id: string; order?: number; side?: 'left' | 'right' }>,
): Result<{ placed: number }> {
  const b = checkBatch(items, 'places')
  if (b) return b
  for (const [i, p] of items.entries()) {
    if (!p || !g.index.nodes.has(p.id))
      return fail('node_not_found', `places[${i}]: node ${String(p?.id)} not found`, { index: i })
    if (p.order !== undefined && !Number.isFinite(p.order))
      return fail('invalid_argument', `places[${i}].order: must be a finite number`, { index: i })
    if (p.side !== undefined && p.side !== 'left' && p.side !== 'right')
      return fail('invalid_argument', `places[${i}].side: must be "left" or "right"`, { index: i })
  }
  write(g, (w) => {
    for (const p of items) {
      const m = w.node(p.id)
      for (const k of ['order', 'side'] as const) {
        const v = p[k]
        const was = (m.get(k) ?? null) as Json
        if (v === undefined || was === v) continue
        m.set(k, v)
        w.record(p.id, 'move', [{ field: k, before: was, after: v }])
      }
    }
  })
  return { ok: true, placed: items.length }
}

/**
 * Takes back the positions a person chose for these nodes: each is drawn again where the tree puts it
 * (the web app's derived layout). Nodes without one are left alone; unknown ids are refused.
 */
export function clearPositions(g: Graph, ids: string[]): Result<{ cleared: number }> {
  const b = checkBatch(ids, 'positions')
  if (b) return b
  for (const [i, id] of ids.entries())
    if (!g.index.nodes.has(id))
      return fail('node_not_found', `positions[${i}]: node ${String(id)} not found`, { index: i })
  let cleared = 0
  g.doc.transact(() => {
    for (const id of ids) {
      const m = indexOf(g.doc).y.nodes.get(id)!
      const had = (k: string) => m.get(k) !== undefined && m.get(k) !== null
      if (!had('x') && !had('y')) continue
      cleared++
      m.set('x', null)
      m.set('y', null)
    }
  }, g.origin)
  return { ok: true, cleared }
}
