import { indexOf } from './graph-index.ts'
import * as Y from 'yjs'
import { fail, write, type Graph, type Writer } from './graph.ts'
import { edgeId, layout, putEdge, type YEdge } from './schema.ts'
import type { Json, Rejection, Result } from './types.ts'
import { writtenEdge } from './views.ts'
import { checkBatch, checkKind, checkProperties, checkString, isFailure, liveNode } from './validate.ts'
import { DEPENDS_ON, RELATES_TO } from './vocabulary.ts'

export { DEPENDS_ON }

export interface EdgeInput {
  from: string
  to: string
  /** Default `relates_to`. */
  type?: string
  label?: string
  /** Merged into the edge's properties; null deletes a key. */
  properties?: Record<string, Json | null>
}

/** depends_on edges accepted earlier in a batch but not written yet, indexed both ways. */
export class PendingDeps {
  readonly fwd = new Map<string, string[]>()
  readonly bwd = new Map<string, string[]>()
  add(from: string, to: string): void {
    for (const [m, a, b] of [
      [this.fwd, from, to],
      [this.bwd, to, from],
    ] as const) {
      const list = m.get(a)
      if (list) list.push(b)
      else m.set(a, [b])
    }
  }
}

/**
 * Finds a path `from -> ... -> to` along depends_on, over the live graph plus `extra` edges not yet
 * written. Used to reject a new edge `to -> from` that would close a cycle, naming the cycle.
 * Searches from both ends, always growing the smaller frontier: a new node has no dependents, so the
 * common case (connecting a fresh node) ends at once even when the graph behind `from` is huge.
 */
export function dependsPath(
  g: Graph,
  from: string,
  to: string,
  extra: PendingDeps = new PendingDeps(),
): string[] | null {
  if (from === to) return [from]
  // Nothing depends on a node that is not in the graph yet and on nothing pending: no path can end there.
  // That is every dependency of a node a batch creates, so the common case allocates nothing.
  if (!g.index.live(to) && !extra.bwd.has(to)) return null
  const fwd = (id: string): string[] => [
    ...(g.index.live(id) ? g.index.dependencies(id) : []),
    ...(extra.fwd.get(id) ?? []),
  ]
  const bwd = (id: string): string[] => [
    ...(g.index.live(id) ? g.index.dependents(id) : []),
    ...(extra.bwd.get(id) ?? []),
  ]
  // prevF: node -> the node before it on the way from `from`; prevB: node -> the node after it towards `to`.
  const prevF = new Map<string, string>([[from, from]])
  const prevB = new Map<string, string>([[to, to]])
  let frontF = [from]
  let frontB = [to]
  const join = (meet: string): string[] => {
    const head = [meet]
    for (let p = meet; p !== from;) head.unshift((p = prevF.get(p)!))
    for (let p = meet; p !== to;) head.push((p = prevB.get(p)!))
    return head
  }
  while (frontF.length && frontB.length) {
    const forward = frontF.length < frontB.length
    const nextFront: string[] = []
    for (const cur of forward ? frontF : frontB) {
      for (const n of forward ? fwd(cur) : bwd(cur)) {
        const mine = forward ? prevF : prevB
        if (mine.has(n)) continue
        mine.set(n, cur)
        if ((forward ? prevB : prevF).has(n)) return join(n)
        nextFront.push(n)
      }
    }
    if (forward) frontF = nextFront
    else frontB = nextFront
  }
  return null
}

/**
 * Writes or merges one edge; returns whether it was new. Callers validate first. A new edge is recorded
 * in the history of its `from` node under `action`: batch create passes 'create', so a node made with
 * its dependencies has one event that says so.
 */
export function writeEdge(w: Writer, e: EdgeInput, action = 'connect'): { id: string; added: boolean } {
  const type = e.type ?? RELATES_TO
  const id = edgeId(e.from, type, e.to)
  const edges = indexOf(w.g.doc).y.edges
  const m = edges.get(id) as YEdge | undefined
  if (!m) {
    // A new edge: its properties go into the map as it is made; a null among them means nothing.
    // Not `props[k] = v`: a key named __proto__ would set the prototype.
    const props: Record<string, Json> = Object.fromEntries(
      Object.entries(e.properties ?? {}).filter(([, v]) => v !== null),
    )
    const label = e.label ?? ''
    const { map } = putEdge(
      edges,
      { from: e.from, type, to: e.to, label, created_at: w.now, created_by: w.g.env.actor },
      props,
    )
    w.record(e.from, action, [{ field: `edge:${type}`, before: null, after: e.to }])
    indexOf(w.g.doc).wroteEdge(
      id,
      map,
      writtenEdge(id, { from: e.from, to: e.to, type, label }, props, w.now, w.g.env.actor),
    )
    return { id, added: true }
  }
  if (e.label !== undefined && (m.get('label') ?? '') !== e.label) {
    w.record(e.from, 'connect', [
      { field: `edge:${type}:label`, before: (m.get('label') ?? '') as Json, after: e.label },
    ])
    m.set('label', e.label)
  }
  let props = m.get('properties')
  if (!(props instanceof Y.Map)) m.set('properties', (props = new Y.Map()))
  const pm = props as Y.Map<Json>
  for (const [k, v] of Object.entries(e.properties ?? {})) {
    const before = pm.has(k) ? (pm.get(k) as Json) : null
    if (JSON.stringify(before) === JSON.stringify(v)) continue
    if (v === null) pm.delete(k)
    else pm.set(k, v)
    w.record(e.from, 'connect', [{ field: `edge:${type}:properties.${k}`, before, after: v }])
  }
  indexOf(w.g.doc).wroteEdge(id, m, undefined)
  return { id, added: false }
}

/**
 * What `connect` checks of an edge before its ends: its type, label and properties. A caller that writes
 * something else first (a node the edge will hang from) asks this before writing anything, so a refused
 * edge leaves nothing behind. Null when they pass.
 */
export function checkEdgeFields(
  e: { type?: unknown; label?: unknown; properties?: unknown },
  at = 'edge',
): ReturnType<typeof checkKind> {
  return (
    (e.type !== undefined ? checkKind(e.type, `${at}.type`) : null) ??
    (e.label !== undefined ? checkString(e.label, `${at}.label`, 200, { line: true, empty: true }) : null) ??
    (e.properties !== undefined ? checkProperties(e.properties, `${at}.properties`, true) : null)
  )
}

/** Validates one edge against the live graph; `pending` holds depends_on edges accepted earlier in the batch. */
function checkEdge(g: Graph, e: unknown, i: number, pending: PendingDeps): Rejection | null {
  const at = `edges[${i}]`
  if (!e || typeof e !== 'object')
    return { index: i, reason: 'invalid_argument', message: `${at}: expected {from, to, type}` }
  const { from, to, type, label, properties } = e as Record<string, unknown>
  for (const [k, v] of [
    ['from', from],
    ['to', to],
  ] as const) {
    const n = liveNode(g, v, `${at}.${k}`)
    if (isFailure(n)) return { index: i, reason: n.reason, message: n.message }
  }
  const c = checkEdgeFields({ type, label, properties }, at)
  if (c) return { index: i, reason: c.reason, message: c.message }
  if (from === to)
    return { index: i, reason: 'self_loop', message: `${at}: a node cannot be connected to itself` }
  if ((type ?? RELATES_TO) === DEPENDS_ON) {
    const path = dependsPath(g, to as string, from as string, pending)
    if (path) {
      return {
        index: i,
        reason: 'cycle_detected',
        message: `${at}: ${from} depends_on ${to} would close a cycle: ${[...path, to].join(' -> ')}`,
        path: [...path, to as string],
      }
    }
  }
  return null
}

export function connect(
  g: Graph,
  edges: EdgeInput[],
  opts: { atomic?: boolean } = {},
): Result<{ added: string[]; updated: string[]; rejected: Rejection[] }> {
  const b = checkBatch(edges, 'edges')
  if (b) return b
  const pending = new PendingDeps()
  const accepted: EdgeInput[] = []
  const rejected: Rejection[] = []
  edges.forEach((e, i) => {
    const r = checkEdge(g, e, i, pending)
    if (r) return void rejected.push(r)
    accepted.push(e)
    if ((e.type ?? RELATES_TO) === DEPENDS_ON) pending.add(e.from, e.to)
  })
  if (rejected.length && opts.atomic !== false) {
    const first = rejected[0]!
    return fail(first.reason, rejected.map((r) => r.message).join('; ') + '. Nothing was written.', {
      index: first.index,
      path: first.path,
      rejected,
    })
  }
  if (!accepted.length) return { ok: true, added: [], updated: [], rejected }
  const added: string[] = []
  const updated: string[] = []
  write(g, (w) => {
    for (const e of accepted) {
      const r = writeEdge(w, e)
      ;(r.added ? added : updated).push(r.id)
    }
  })
  return { ok: true, added, updated, rejected }
}

export type EdgeRef = { id: string } | { from: string; to: string; type?: string }

export function disconnect(g: Graph, refs: EdgeRef[]): Result<{ removed: string[]; missing: string[] }> {
  const b = checkBatch(refs, 'edges')
  if (b) return b
  const ids: string[] = []
  for (let i = 0; i < refs.length; i++) {
    const r = refs[i] as Record<string, unknown> | undefined
    if (!r || typeof r !== 'object')
      return fail('invalid_argument', `edges[${i}]: expected {id} or {from, to, type}`)
    if (typeof r.id === 'string') ids.push(r.id)
    else if (typeof r.from === 'string' && typeof r.to === 'string') {
      ids.push(edgeId(r.from, typeof r.type === 'string' ? r.type : RELATES_TO, r.to))
    } else return fail('invalid_argument', `edges[${i}]: expected {id} or {from, to, type}`)
  }
  const edges = layout(g.doc).edges
  const removed = ids.filter((id) => edges.has(id))
  const missing = ids.filter((id) => !edges.has(id))
  if (removed.length) {
    write(g, (w) => {
      for (const id of removed) {
        const e = g.index.edges.get(id)
        if (e) w.record(e.from, 'disconnect', [{ field: `edge:${e.type}`, before: e.to, after: null }])
        edges.delete(id)
      }
    })
  }
  return { ok: true, removed, missing }
}
