/**
 * Time travel (docs/time-travel.md): the graph as it was at a moment, read from the history the
 * document already holds. Every write records its changes with before and after values, and history
 * lives in the document itself, so it survives a restart and a compaction on every store and is in a
 * browser's own copy too. The past is the present with the events after the moment reverted, newest
 * first, into a fresh read-only document the ordinary reads run on unchanged.
 *
 * Hand-written, not Yjs snapshots: those need `gc: false` on every document (every deleted character
 * of every note kept forever, on the server and in each tab) and would be a storage migration; this
 * costs nothing to keep and one pass over the events after the moment to read.
 *
 * What history does not say cannot be reverted (docs/time-travel.md, "What the past leaves out"): a
 * write that bypassed the model (a raw Yjs client), a node an undo removed, notes and values longer
 * than history keeps (clipped at 240 characters; summaries are kept whole), title and goal, positions.
 */
import * as Y from 'yjs'
import { CLAIMED_AT, CLAIMED_BY, CLAIMED_UNTIL } from './claims.ts'
import { fail, type Graph } from './graph.ts'
import { indexOf } from './graph-index.ts'
import { allEvents } from './history.ts'
import { edgeId, layout, propertiesMap, putEdge, readMeta } from './schema.ts'
import { listCheckpoints } from './sessions.ts'
import type { EdgeView, HistoryEvent, Json, NodeView, Result } from './types.ts'

/** ISO 8601 as `Date` reads it with a zone: a date alone (UTC midnight) or a date and a time. */
const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/

export interface Moment {
  /** Milliseconds since the epoch. */
  at: number
  /** The checkpoint it was named by, when it was. */
  checkpoint?: string
}

/**
 * Reads `as_of`: an ISO 8601 timestamp with a zone, or the name of a checkpoint of this graph. Refused
 * when it does not parse, lies in the future (after `now`) or before the graph existed (unless
 * `beforeBirth`: the start of a span, from which everything is new).
 */
export function momentOf(
  g: Graph,
  asOf: string,
  now: number,
  opts: { beforeBirth?: boolean } = {},
): Result<{ moment: Moment }> {
  let moment: Moment
  if (typeof asOf !== 'string' || asOf.length === 0 || asOf.length > 200)
    return fail('invalid_argument', 'as_of must be an ISO 8601 timestamp or a checkpoint name')
  if (ISO.test(asOf)) {
    const at = Date.parse(asOf.length === 10 ? `${asOf}T00:00:00Z` : asOf)
    // Date.parse takes 2026-02-30 as 2 March: the day must be one the month has.
    const [y, m, d] = asOf.slice(0, 10).split('-').map(Number) as [number, number, number]
    const days = m >= 1 && m <= 12 ? new Date(Date.UTC(y, m, 0)).getUTCDate() : 0
    if (!Number.isFinite(at) || d < 1 || d > days)
      return fail(
        'invalid_argument',
        `as_of ${JSON.stringify(asOf)} is not a real moment; send an ISO 8601 timestamp such as 2026-05-01T12:00:00Z`,
      )
    moment = { at }
  } else {
    const cp = listCheckpoints(g).find((c) => c.name === asOf)
    if (!cp) {
      const names = listCheckpoints(g)
        .slice(0, 10)
        .map((c) => c.name)
      return fail(
        'invalid_argument',
        `as_of ${JSON.stringify(asOf)} is neither an ISO 8601 timestamp with a zone (2026-05-01T12:00:00Z) nor a checkpoint of this graph` +
          (names.length ? ` (checkpoints: ${names.join(', ')})` : ' (it has no checkpoints)'),
      )
    }
    moment = { at: cp.created_at, checkpoint: cp.name }
  }
  if (moment.at > now)
    return fail(
      'invalid_argument',
      `as_of ${new Date(moment.at).toISOString()} is in the future (now is ${new Date(now).toISOString()}); send a moment up to now, or leave as_of out for the graph as it is`,
    )
  const born = bornAt(g)
  if (moment.at < born && !opts.beforeBirth)
    return fail(
      'invalid_argument',
      `as_of ${new Date(moment.at).toISOString()} is before the graph existed (created ${new Date(born).toISOString()}); send a moment from then on`,
    )
  return { ok: true, moment }
}

/** When the graph began: its meta's `created_at`, or its first event when the meta has none. */
export function bornAt(g: Graph): number {
  const created = layout(g.doc).meta.get('created_at')
  if (typeof created === 'number' && created > 0) return created
  const first = allEvents(g)[0]
  return first ? first.ts : 0
}

const PLAIN = new Set([
  'summary',
  'notes',
  'kind',
  'parent',
  'resolved',
  'state',
  'tier',
  'deleted_at',
  'deleted_by',
  'merged_into',
  'shape',
  'color',
  'width',
  'height',
  'aliases',
])
const DEFAULTS: Record<string, Json> = { kind: 'concept', resolved: false, notes: '' }
/** A node's place among its siblings and side of the map, chosen by a drop: absent from the view when unset. */
const PLACE = new Set(['order', 'side'])
const CLAIM_FIELDS = new Set([CLAIMED_BY, CLAIMED_AT, CLAIMED_UNTIL])

interface Past {
  nodes: Map<string, NodeView>
  edges: Map<string, EdgeView>
  /** Events at or before the moment, oldest first. */
  kept: HistoryEvent[]
}

/**
 * The graph's nodes, edges and history as they were at `at`: the current views with every event after
 * `at` reverted, newest first.
 */
export function pastOf(g: Graph, at: number): Past {
  const events = allEvents(g)
  let cut = events.length
  while (cut > 0 && events[cut - 1]!.ts > at) cut--
  const kept = events.slice(0, cut)
  const nodes = new Map<string, NodeView>()
  const edges = new Map<string, EdgeView>()
  const changedNodes = new Set<string>()
  for (let i = cut; i < events.length; i++) changedNodes.add(events[i]!.node)
  // Copied only where an event after `at` touches them; the rest are the current views, unchanged.
  for (const [id, n] of g.index.nodes)
    nodes.set(
      id,
      changedNodes.has(id)
        ? {
            ...n,
            properties: { ...n.properties },
            links: [...n.links],
            evidence: n.evidence.filter((ev) => ev.timestamp <= at),
          }
        : n,
    )
  for (const [id, e] of g.index.edges) edges.set(id, e)
  const edgeBorn = new Map<string, { ts: number; actor: string }>()
  for (const e of kept)
    for (const c of e.changes)
      if (c.field.startsWith('edge:') && c.before === null && typeof c.after === 'string') {
        const type = c.field.slice(5)
        if (!type.includes(':')) edgeBorn.set(edgeId(e.node, type, c.after), { ts: e.ts, actor: e.actor })
      }
  // A node made twice (a graph's root, made by two peers apart: skeleton.ts): reverting the later
  // making leaves each field it wrote as the events before it left it (the earlier making, and any
  // rename between the two), not as the earlier making alone wrote it.
  // Only the root is made twice by design; any other node made again (an import whose file's history
  // made it first, far in the past) did not exist here before that making.
  const root = readMeta(g.doc).root
  const madeCount = new Map<string, number>()
  for (const e of events)
    if (e.node === root && e.action !== 'import' && creates(e))
      madeCount.set(e.node, (madeCount.get(e.node) ?? 0) + 1)
  const madeBefore = new Map<number, ReadonlyMap<string, Json>>()
  const fieldsSoFar = new Map<string, Map<string, Json>>()
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!
    if ((madeCount.get(e.node) ?? 0) < 2 || e.action === 'import') continue
    let fields = fieldsSoFar.get(e.node)
    if (fields && i >= cut && creates(e)) madeBefore.set(i, new Map(fields))
    if (!fields) fieldsSoFar.set(e.node, (fields = new Map()))
    for (const c of e.changes) if (PLAIN.has(c.field)) fields.set(c.field, c.after)
  }
  for (let i = events.length - 1; i >= cut; i--) revert(events[i]!, nodes, edges, edgeBorn, madeBefore.get(i))
  // The events left at `at` on each node an event after it touched, gathered in one pass.
  const keptOn = new Map<string, HistoryEvent[]>()
  for (const e of kept) {
    if (!changedNodes.has(e.node)) continue
    let list = keptOn.get(e.node)
    if (!list) keptOn.set(e.node, (list = []))
    list.push(e)
  }
  for (const id of changedNodes) {
    const n = nodes.get(id)
    if (n) settle(n, keptOn.get(id) ?? [])
  }
  return { nodes, edges, kept }
}

/** The event that made its node: what `revert` takes away whole. */
const creates = (e: HistoryEvent): boolean =>
  e.changes.some((c) => (c.field === 'summary' || c.field === 'node') && c.before === null)

function revert(
  e: HistoryEvent,
  nodes: Map<string, NodeView>,
  edges: Map<string, EdgeView>,
  edgeBorn: Map<string, { ts: number; actor: string }>,
  madeBefore?: ReadonlyMap<string, Json>,
): void {
  if (madeBefore) {
    // Made before by another event: the fields this one wrote go back to what the events before it left.
    const n = nodes.get(e.node)
    if (!n) return
    for (const c of e.changes) {
      if (!PLAIN.has(c.field)) continue
      const was = madeBefore.get(c.field)
      ;(n as unknown as Record<string, Json>)[c.field] =
        was ?? (Object.hasOwn(DEFAULTS, c.field) ? DEFAULTS[c.field] : null) ?? null
    }
    return
  }
  for (let j = e.changes.length - 1; j >= 0; j--) {
    const c = e.changes[j]!
    const n = nodes.get(e.node)
    if ((c.field === 'summary' && c.before === null) || (c.field === 'node' && c.before === null)) {
      // The node was made by this event: before it, there was none.
      nodes.delete(e.node)
      continue
    }
    if (c.field === 'merged' && typeof c.after === 'string' && n) {
      // The merge appended the merged node's evidence (stamped when first given) to this node's.
      const taken = nodes.get(c.after)?.evidence.length ?? 0
      if (taken > 0) n.evidence = n.evidence.slice(0, Math.max(0, n.evidence.length - taken))
      continue
    }
    if (c.field.startsWith('edge:')) {
      revertEdge(e, c.field.slice(5), c.before, c.after, edges, edgeBorn)
      continue
    }
    if (!n) continue
    if (PLAIN.has(c.field)) {
      ;(n as unknown as Record<string, Json>)[c.field] =
        c.before ?? (Object.hasOwn(DEFAULTS, c.field) ? DEFAULTS[c.field] : null) ?? null
    } else if (PLACE.has(c.field)) {
      const place = n as unknown as Record<string, Json | undefined>
      if (c.before === null) delete place[c.field]
      else place[c.field] = c.before
    } else if (CLAIM_FIELDS.has(c.field)) {
      setProp(n, c.field, c.before)
      if (c.field === CLAIMED_BY && c.before === null) {
        setProp(n, CLAIMED_AT, null)
        setProp(n, CLAIMED_UNTIL, null)
      }
    } else if (c.field.startsWith('properties.')) {
      setProp(n, c.field.slice('properties.'.length), c.before)
    } else if (c.field === 'links') {
      if (c.before === null && typeof c.after === 'string') n.links = n.links.filter((l) => l !== c.after)
      else if (typeof c.before === 'string' && c.after === null && !n.links.includes(c.before))
        n.links.push(c.before)
    }
  }
}

function revertEdge(
  e: HistoryEvent,
  rest: string,
  before: Json,
  after: Json,
  edges: Map<string, EdgeView>,
  edgeBorn: Map<string, { ts: number; actor: string }>,
): void {
  const labelled = /^(.*):label$/.exec(rest)
  if (labelled) {
    // `edge:<type>:label` on an edge from e.node whose label is `after`.
    for (const [id, edge] of edges)
      if (edge.from === e.node && edge.type === labelled[1] && edge.label === after)
        edges.set(id, { ...edge, label: typeof before === 'string' ? before : '' })
    return
  }
  const at = rest.indexOf(':properties.')
  if (at >= 0) {
    // `edge:<type>:properties.<key>` on an edge from e.node; its other end is not in the field, so
    // every edge of that type from the node whose property holds `after` is reverted.
    const type = rest.slice(0, at)
    const key = rest.slice(at + ':properties.'.length)
    for (const [id, edge] of edges) {
      if (edge.from !== e.node || edge.type !== type) continue
      if (JSON.stringify(edge.properties[key] ?? null) !== JSON.stringify(after)) continue
      const properties = { ...edge.properties }
      if (before === null) delete properties[key]
      else properties[key] = before
      edges.set(id, { ...edge, properties })
    }
    return
  }
  const type = rest
  if (before === null && typeof after === 'string') {
    edges.delete(edgeId(e.node, type, after))
  } else if (typeof before === 'string' && after === null) {
    const id = edgeId(e.node, type, before)
    const born = edgeBorn.get(id)
    edges.set(id, {
      id,
      from: e.node,
      to: before,
      type,
      label: '',
      properties: {},
      created_at: born?.ts ?? 0,
      created_by: born?.actor ?? '',
    })
  }
}

const revises = (field: string): boolean =>
  field !== CLAIMED_AT && field !== CLAIMED_UNTIL && !PLACE.has(field) && !field.startsWith('edge:')

function setProp(n: NodeView, key: string, v: Json): void {
  if (v === null) delete n.properties[key]
  else n.properties[key] = v
}

/**
 * What history gives of a node's stamps from its events left at the moment (`kept`): the lease's times where history
 * before this build left them out, and the rev, updated time and author of its last change by then.
 */
function settle(n: NodeView, kept: HistoryEvent[]): void {
  let last: HistoryEvent | undefined
  const writes = new Set<string>()
  const lease: { at?: Json; until?: Json } = {}
  // What a JSON import brought (formats/json.ts records it in its event): the node's rev and updated
  // time in the graph it came from, which the writes after the import count on from.
  let brought: { rev: number; at: number | null } | null = null
  for (const e of kept) {
    for (const c of e.changes) {
      if (c.field === CLAIMED_AT) lease.at = c.after
      if (c.field === CLAIMED_UNTIL) lease.until = c.after
    }
    // A lease renewed and nothing else (an update that changed no field), an edge written from the
    // node (connect and disconnect leave the node's rev alone), or a drop among its siblings (a choice
    // of layout: setTreePlaces) is no revision of the node.
    if (e.changes.length > 0 && e.changes.every((c) => !revises(c.field))) continue
    if (e.action === 'import' && creates(e)) {
      // The file's own history, imported beside it, counted nothing here: the file's rev did.
      const rev = e.changes.findLast((c) => c.field === 'rev')?.after
      const at = e.changes.findLast((c) => c.field === 'updated_at')?.after
      brought = { rev: typeof rev === 'number' ? rev : 1, at: typeof at === 'number' ? at : null }
      writes.clear()
    }
    last = e
    writes.add(`${e.ts}\u0000${e.actor}`)
  }
  // History written before releases recorded the lease's times: they come from the last claim or renewal.
  if (n.properties[CLAIMED_BY] !== undefined) {
    if (n.properties[CLAIMED_AT] === undefined && typeof lease.at === 'number')
      n.properties[CLAIMED_AT] = lease.at
    if (n.properties[CLAIMED_UNTIL] === undefined && typeof lease.until === 'number')
      n.properties[CLAIMED_UNTIL] = lease.until
  }
  if (last) {
    // A node's creation leaves updated_at unwritten, read as created_at: a batch stamps its nodes apart
    // within the write's millisecond (createNodes `ordered`, imports), which the event's ts does not say.
    // An import writes the file's, when it differs.
    n.updated_at = creates(last)
      ? last.action === 'import'
        ? (brought?.at ?? n.created_at)
        : n.created_at
      : last.ts
    n.updated_by = last.actor
  }
  // One rev per write that touched the node (a Writer bumps it once): its creation is rev 1, an
  // import's the rev the file gave it.
  n.rev = Math.max(1, (brought ? brought.rev - 1 : 0) + writes.size)
}

/**
 * A read-only copy of the graph as it was at `at`, in a document of its own that every read runs on
 * as it runs on the live one. Writing to it changes nothing anyone else sees.
 */
export function docAsOf(g: Graph, at: number): Y.Doc {
  const past = pastOf(g, at)
  const doc = new Y.Doc()
  const y = layout(doc)
  const src = layout(g.doc)
  // The index is made before the past is written and told each view (as a Writer tells it), so it
  // takes the views instead of reading every node back from its map: half the cost of a read.
  const ix = indexOf(doc)
  doc.transact(() => {
    src.meta.forEach((v, k) => {
      if (!(v instanceof Y.AbstractType)) y.meta.set(k, v)
    })
    src.checkpoints.forEach((v, k) => y.checkpoints.set(k, v))
    for (const n of past.nodes.values()) {
      const m = nodeMap(n)
      y.nodes.set(n.id, m)
      ix.wroteNode(n.id, m, n)
    }
    for (const e of past.edges.values()) {
      if (!past.nodes.has(e.from) || !past.nodes.has(e.to)) continue
      const { id, map } = putEdge(y.edges, e, e.properties)
      if (e.updated_at !== undefined) map.set('updated_at', e.updated_at)
      if (id === e.id) ix.wroteEdge(id, map, e)
    }
    if (past.kept.length) y.history.insert(0, past.kept as unknown as Json[])
  })
  return doc
}

/**
 * The node's map in the read-only copy, as small as readNode reads it back the same: defaults left
 * out, properties and notes as plain values, empty links and evidence left out. Nobody writes to the
 * copy, so the nested types a live node needs (two peers must not each make their own) are not.
 */
function nodeMap(n: NodeView): Y.Map<unknown> {
  const m = new Y.Map<unknown>()
  for (const [k, v] of Object.entries(n)) {
    if (k === 'id' || v === undefined || v === null) continue
    if (k === 'notes') {
      if (v !== '') m.set(k, v)
    } else if (k === 'properties') {
      // A map, as the live node keeps them: one plain value holding a key "constructor" is refused by
      // Yjs, and a property may be named so.
      if (Object.keys(v as object).length) m.set(k, propertiesMap(v as Record<string, Json>))
    } else if (k === 'links') {
      if ((v as string[]).length === 0) continue
      const l = new Y.Map<boolean>()
      for (const link of v as string[]) l.set(link, true)
      m.set(k, l)
    } else if (k === 'evidence') {
      if ((v as Json[]).length) m.set(k, Y.Array.from((v as Json[]).map((e) => ({ ...(e as object) }))))
    } else if (
      (k === 'kind' && v === 'concept') ||
      (k === 'resolved' && v === false) ||
      (k === 'rev' && v === 1) ||
      (k === 'updated_at' && v === n.created_at) ||
      (k === 'updated_by' && v === n.created_by)
    )
      continue
    else m.set(k, v)
  }
  return m
}

/** What happened to one node between two moments, in seed 000's words. */
export interface NodeChanges {
  id: string
  /** As it was at the later moment (or last, when it was gone by then). */
  summary: string
  /** created, updated, resolved, moved, merged, dropped (and connected, disconnected, claimed, released, forgotten, restored), in the order first seen. */
  actions: string[]
  /** Each field that differs, from its value before the first change to its value after the last. */
  changes: Array<{ field: string; before: Json; after: Json }>
  actors: string[]
  first_at: number
  last_at: number
}

/** The model's action names in seed 000's vocabulary (graph_history reports them the same way). */
export const SEED_ACTIONS: Readonly<Record<string, string>> = {
  create: 'created',
  import: 'created',
  update: 'updated',
  evidence: 'updated',
  enrich: 'updated',
  move: 'moved',
  merge: 'merged',
  drop: 'dropped',
  connect: 'connected',
  disconnect: 'disconnected',
  claim: 'claimed',
  release: 'released',
  forget: 'forgotten',
  restore: 'restored',
  revert: 'restored',
}

/**
 * Every node changed after `from` up to and including `to` (by `actor` alone, when given), in the
 * order each was first changed, with what it became. Paged by offset over that order.
 */
export function changesBetween(
  g: Graph,
  from: number,
  to: number,
  opts: { actor?: string; offset?: number; limit?: number } = {},
): Result<{ nodes: NodeChanges[]; total: number }> {
  if (!(from <= to)) return fail('invalid_argument', 'from must not be later than to; swap them')
  const byNode = new Map<string, HistoryEvent[]>()
  for (const e of allEvents(g)) {
    if (e.ts <= from || e.ts > to) continue
    if (opts.actor !== undefined && e.actor !== opts.actor) continue
    let list = byNode.get(e.node)
    if (!list) byNode.set(e.node, (list = []))
    list.push(e)
  }
  const ids = [...byNode.keys()]
  const offset = Math.max(0, Math.floor(opts.offset ?? 0))
  const limit = Math.min(Math.max(1, opts.limit ?? 50), 200)
  const page = ids.slice(offset, offset + limit)
  const out: NodeChanges[] = []
  for (const id of page) {
    const events = byNode.get(id)!
    const actions: string[] = []
    const add = (a: string) => {
      if (!actions.includes(a)) actions.push(a)
    }
    const fields = new Map<string, { before: Json; after: Json }>()
    for (const e of events) {
      add(SEED_ACTIONS[e.action] ?? e.action)
      for (const c of e.changes) {
        if (c.field === 'resolved' && c.after === true && e.action !== 'drop') add('resolved')
        if (c.field === 'parent' && c.before !== null && e.action !== 'move') add('moved')
        if (c.field === 'merged_into' && c.after !== null) add('merged')
        const f = fields.get(c.field)
        if (f) f.after = c.after
        else fields.set(c.field, { before: c.before, after: c.after })
      }
    }
    const changes = [...fields]
      .filter(([, v]) => JSON.stringify(v.before) !== JSON.stringify(v.after))
      .map(([field, v]) => ({ field, before: v.before, after: v.after }))
    const last = [...events].reverse().find((e) => e.changes.some((c) => c.field === 'summary'))
    const lastSummary = last?.changes.findLast((c) => c.field === 'summary')?.after
    out.push({
      id,
      summary: g.index.nodes.get(id)?.summary ?? (typeof lastSummary === 'string' ? lastSummary : ''),
      actions,
      changes,
      actors: [...new Set(events.map((e) => e.actor))],
      first_at: events[0]!.ts,
      last_at: events[events.length - 1]!.ts,
    })
  }
  return { ok: true, nodes: out, total: ids.length }
}
