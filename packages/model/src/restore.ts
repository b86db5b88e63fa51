/**
 * Restore (issue 30, docs/time-travel.md): a node, a branch (`restoreAsOf`) or the whole graph
 * (`restoreGraphAsOf`, previewed by `previewGraphRestore`) put back as it was at a moment, as one
 * forward change. The past is read from history (time.ts `pastOf`); what differs from it now is written
 * back in one transaction (one undo step on a canvas), every change recorded as a `revert` event by
 * the one who restores: history is never rewritten, and a restore can itself be restored past.
 *
 * What is put back: summary, notes, kind, resolution, state, tier, shape, colour, size, aliases, the
 * node's properties and links, its parent, its place among its siblings (`order`) and side of the map,
 * whether it is there at all (a node made after the moment is
 * forgotten, one forgotten or merged since is brought back), and the relations from it (added,
 * removed, labels and properties). What is not: claims (made by claiming and ended by releasing; a
 * restore never writes them), evidence (only ever added), positions (not in history), and values
 * history keeps clipped (notes and values over 240 characters). Each thing left as it is is listed in
 * `skipped` with the reason, so the caller is never told a restore is whole when it is not.
 *
 * Whatever the moment held, a restore keeps today's rules: a parent that would close a loop with
 * nodes outside the restored branch, and a dependency that would close a cycle, are left out (and
 * listed). Hand-written: no library reads this model's history.
 */
import * as Y from 'yjs'
import { CLAIM_KEYS } from './claims.ts'
import { writeEdge } from './edges.ts'
import { fail, openGraph, write, type Graph, type Writer } from './graph.ts'
import { layout } from './schema.ts'
import { notesOf, setText } from './text.ts'
import { pastOf } from './time.ts'
import type { EdgeView, Json, NodeView, Result } from './types.ts'
import { readinessNeighbourhood, trackActionable } from './update.ts'
import { isLive } from './views.ts'
import { DEPENDS_ON } from './vocabulary.ts'

/** The most nodes one restore writes: as many as one branch delete (branch.ts), one update the relay takes. */
export const MAX_RESTORE_NODES = 10_000

/** History keeps values up to 240 characters and marks a longer one cut with '…' (graph.ts clip). */
const CLIPPED_LENGTH = 241

export interface RestoreOptions {
  node: string
  /** The moment, in milliseconds since the epoch (time.ts momentOf reads `as_of`). */
  at: number
  /** The node and everything below it (then or now); else the node alone. */
  branch?: boolean
}

export interface RestoreResult {
  at: number
  /** Nodes whose fields, parent or relations were put back. */
  restored: string[]
  /** Nodes made after the moment, or gone at it: forgotten (restore {node_id} brings one back). */
  forgotten: string[]
  /** Nodes there at the moment and forgotten or merged since: brought back. */
  brought_back: string[]
  edges_added: string[]
  edges_removed: string[]
  /** What was left as it is, and why. */
  skipped: Array<{ id: string; field: string; reason: string }>
  newly_actionable: string[]
}

const FIELDS = [
  'summary',
  'kind',
  'resolved',
  'state',
  'tier',
  'shape',
  'color',
  'width',
  'height',
  'aliases',
] as const

const same = (a: Json | undefined, b: Json | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** A value history cut (graph.ts clip): longer than it keeps, so not what the node held. */
const clipped = (v: Json | undefined): boolean =>
  typeof v === 'string' && v.length === CLIPPED_LENGTH && v.endsWith('…')

/**
 * Puts `node` (and with `branch`, everything below it at the moment or now) back as it was at `at`.
 * Refused when the node is unknown or the branch is larger than one restore writes; otherwise always
 * applied, with what could not be put back in `skipped`.
 */
export function restoreAsOf(g: Graph, opts: RestoreOptions): Result<RestoreResult> {
  if (!g.index.nodes.has(opts.node))
    return fail('not_found', `node ${opts.node} is not in this graph; graph_query or graph_search finds ids`)
  const past = pastOf(g, opts.at)
  const scope = scopeOf(g, past.nodes, opts)
  if (scope.length > MAX_RESTORE_NODES)
    return fail(
      'too_large',
      `the branch to restore holds ${scope.length} nodes then and now; one restore takes at most ${MAX_RESTORE_NODES}: restore its sub-branches, a part at a time`,
    )
  return restoreScope(g, opts.at, past, scope)
}

/**
 * The whole graph put back as it was at `at`, as one forward change: every node there then or now is
 * in scope (so tops other than the root, and nodes no tree reaches, are too). What `restoreAsOf` does
 * for a branch, with nothing outside it: no parent loop nor relation to a node outside can be skipped.
 */
export function restoreGraphAsOf(g: Graph, opts: { at: number }): Result<RestoreResult> {
  const past = pastOf(g, opts.at)
  const scope = [...new Set([...g.index.nodes.keys(), ...past.nodes.keys()])]
  if (scope.length > MAX_RESTORE_NODES)
    return fail(
      'too_large',
      `the graph holds ${scope.length} nodes then and now; one restore takes at most ${MAX_RESTORE_NODES}: restore its branches, a part at a time`,
    )
  return restoreScope(g, opts.at, past, scope)
}

/**
 * What `restoreGraphAsOf` would do, computed before anything is written: the same restore run on a
 * throwaway copy of the document (so the counts are exactly what the restore will say), the graph
 * itself untouched. A canvas asks this to say how many nodes a restore brings back, forgets, changes.
 */
export function previewGraphRestore(g: Graph, opts: { at: number }): Result<RestoreResult> {
  const copy = new Y.Doc()
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(g.doc))
  let i = 0
  const scratch = openGraph(copy, { ...g.env, newId: () => `preview_${i++}` })
  const r = restoreGraphAsOf(scratch, opts)
  copy.destroy()
  return r
}

/** Puts every node of `scope` back as it was at `at` (`past`, read from history), in one transaction. */
function restoreScope(
  g: Graph,
  at: number,
  past: ReturnType<typeof pastOf>,
  scope: string[],
): Result<RestoreResult> {
  const ix = g.index
  const pastNode = (id: string) => past.nodes.get(id)
  const inScope = new Set(scope)

  // Plan first, against the graph as it is (the index does not change inside the transaction).
  const liveAfter = (id: string): boolean => (inScope.has(id) ? isLive(pastNode(id)) : !!ix.live(id))
  const skipped: RestoreResult['skipped'] = []
  const parents = new Map<string, string | null>()
  for (const id of scope) {
    const p = pastNode(id)
    const n = ix.nodes.get(id)
    if (!p || !n || !isLive(p) || p.parent === n.parent) continue
    parents.set(id, p.parent)
  }
  // A parent the moment had may now sit below the node through nodes outside the branch: that loop
  // is left out (the node stays where it is), one at a time until none is left.
  // As the tree reads it (structure.ts): a node under a merged node hangs under what it merged into.
  const mergedAfter = (id: string): string | null =>
    (inScope.has(id) ? pastNode(id)?.merged_into : ix.nodes.get(id)?.merged_into) ?? null
  const parentOf = (id: string): string | null => {
    let p = parents.has(id) ? parents.get(id)! : (ix.nodes.get(id)?.parent ?? null)
    for (let i = 0, m = p === null ? null : mergedAfter(p); m !== null && i < 64; i++) {
      p = m
      m = mergedAfter(p)
    }
    return p
  }
  for (let changed = true; changed;) {
    changed = false
    for (const id of parents.keys()) {
      const seen = new Set<string>([id])
      let loop = false
      for (let q = parentOf(id); q !== null; q = parentOf(q)) {
        if (seen.has(q)) {
          loop = q === id || loop
          break
        }
        seen.add(q)
      }
      if (!loop) continue
      skipped.push({
        id,
        field: 'parent',
        reason: `its parent then (${parents.get(id)}) is below it now through nodes outside the restored branch; left where it is`,
      })
      parents.delete(id)
      changed = true
    }
  }

  const edgesNow = [...ix.edges.values()].filter((e) => inScope.has(e.from))
  const edgesThen = [...past.edges.values()].filter(
    (e) => inScope.has(e.from) && isLive(pastNode(e.from)) && isLive(pastNode(e.to)),
  )
  const thenIds = new Set(edgesThen.map((e) => e.id))
  const nowById = new Map(edgesNow.map((e) => [e.id, e]))
  const removeEdges = edgesNow.filter((e) => !thenIds.has(e.id) && liveAfter(e.from)).map((e) => e.id)
  const addEdges: EdgeView[] = []
  const changeEdges: Array<{ then: EdgeView; now: EdgeView }> = []
  for (const e of edgesThen) {
    const now = nowById.get(e.id)
    if (!liveAfter(e.to)) {
      skipped.push({
        id: e.from,
        field: `edge:${e.type}`,
        reason: `its relation to ${e.to} is not put back: ${e.to} is gone now and outside the restored branch`,
      })
    } else if (!now) addEdges.push(e)
    else if ((now.label ?? '') !== (e.label ?? '') || !same(now.properties, e.properties))
      changeEdges.push({ then: e, now })
  }
  const refusedDeps = dependencyLoops(g, addEdges, new Set(removeEdges), liveAfter)
  for (const [id, path] of refusedDeps) {
    const e = addEdges.find((x) => x.id === id)!
    skipped.push({
      id: e.from,
      field: `edge:${e.type}`,
      reason: `depending on ${e.to} again would close the cycle ${path.join(' -> ')}; left out`,
    })
  }

  const restored = new Set<string>()
  const forgotten: string[] = []
  const broughtBack: string[] = []
  const edgesAdded: string[] = []
  const edgesRemoved: string[] = []
  const [, newly] = trackActionable(g, readinessNeighbourhood(g, scope), () =>
    write(g, (w) => {
      for (const id of scope) {
        const n = ix.nodes.get(id)
        const p = pastNode(id)
        if (!n) continue
        if (!isLive(p)) {
          if (isLive(n)) {
            w.set(id, 'deleted_at', w.now, 'revert')
            w.set(id, 'deleted_by', g.env.actor, 'revert')
            w.touch(id)
            forgotten.push(id)
          }
          continue
        }
        if (!isLive(n)) {
          if (n.deleted_at !== null) {
            w.set(id, 'deleted_at', null, 'revert')
            w.set(id, 'deleted_by', null, 'revert')
          }
          if (n.merged_into !== null) w.set(id, 'merged_into', null, 'revert')
          w.touch(id)
          broughtBack.push(id)
        }
        if (putBack(w, n, p!, skipped, parents)) restored.add(id)
      }
      const edges = layout(g.doc).edges
      for (const id of removeEdges) {
        const e = ix.edges.get(id)!
        w.record(e.from, 'revert', [{ field: `edge:${e.type}`, before: e.to, after: null }])
        edges.delete(id)
        edgesRemoved.push(id)
        restored.add(e.from)
      }
      for (const e of addEdges) {
        if (refusedDeps.has(e.id)) continue
        writeEdge(
          w,
          { from: e.from, to: e.to, type: e.type, label: e.label, properties: e.properties },
          'revert',
        )
        edgesAdded.push(e.id)
        restored.add(e.from)
      }
      for (const { then, now } of changeEdges) {
        const properties: Record<string, Json> = { ...then.properties }
        for (const k of Object.keys(now.properties)) if (!(k in then.properties)) properties[k] = null
        writeEdge(
          w,
          { from: then.from, to: then.to, type: then.type, label: then.label ?? '', properties },
          'revert',
        )
        restored.add(then.from)
      }
    }),
  )
  for (const id of [...forgotten, ...broughtBack]) restored.delete(id)
  return {
    ok: true,
    at,
    restored: [...restored],
    forgotten,
    brought_back: broughtBack,
    edges_added: edgesAdded,
    edges_removed: edgesRemoved,
    skipped,
    newly_actionable: newly,
  }
}

/** The node, and with `branch` every node below it as the tree stood at the moment or stands now. */
function scopeOf(g: Graph, past: Map<string, NodeView>, opts: RestoreOptions): string[] {
  const out = [opts.node]
  if (!opts.branch) return out
  const seen = new Set(out)
  const childrenThen = new Map<string, string[]>()
  for (const n of past.values()) {
    if (!isLive(n) || n.parent === null) continue
    const list = childrenThen.get(n.parent)
    if (list) list.push(n.id)
    else childrenThen.set(n.parent, [n.id])
  }
  const childrenNow = g.index.struct().children
  for (let i = 0; i < out.length; i++) {
    const id = out[i]!
    for (const c of [...(childrenThen.get(id) ?? []), ...(childrenNow.get(id) ?? [])]) {
      if (seen.has(c)) continue
      seen.add(c)
      out.push(c)
    }
  }
  return out
}

/** Writes back one node's own fields; true when anything changed. */
function putBack(
  w: Writer,
  n: NodeView,
  p: NodeView,
  skipped: RestoreResult['skipped'],
  parents: Map<string, string | null>,
): boolean {
  const id = n.id
  const m = w.node(id)
  let changed = false
  const skip = (field: string) =>
    skipped.push({
      id,
      field,
      reason: 'history keeps 240 characters of it, and it was longer; left as it is',
    })
  for (const f of FIELDS) {
    const then = (p as unknown as Record<string, Json | undefined>)[f]
    const now = (n as unknown as Record<string, Json | undefined>)[f]
    if (same(then, now)) continue
    if (clipped(then ?? null)) {
      skip(f)
      continue
    }
    const value = then ?? null
    if (value === null || (f === 'resolved' && value === false) || (f === 'kind' && value === 'concept'))
      m.delete(f)
    else m.set(f, value)
    w.record(id, 'revert', [{ field: f, before: now ?? null, after: value }])
    changed = true
  }
  if (parents.has(id)) {
    const to = parents.get(id)!
    if (to === null) m.delete('parent')
    else m.set('parent', to)
    w.record(id, 'revert', [{ field: 'parent', before: n.parent, after: to }])
    changed = true
  }
  if (p.notes !== n.notes) {
    if (clipped(p.notes)) skip('notes')
    else {
      setText(notesOf(w, id), p.notes)
      w.record(id, 'revert', [{ field: 'notes', before: n.notes, after: p.notes }])
      changed = true
    }
  }
  let props = m.get('properties')
  const keys = new Set([...Object.keys(p.properties), ...Object.keys(n.properties)])
  for (const k of keys) {
    if (CLAIM_KEYS.has(k)) continue
    const then = p.properties[k] ?? null
    const now = n.properties[k] ?? null
    if (same(then, now)) continue
    if (clipped(then)) {
      skip(`properties.${k}`)
      continue
    }
    if (!(props instanceof Y.Map)) m.set('properties', (props = new Y.Map()))
    const pm = props as Y.Map<Json>
    if (then === null) pm.delete(k)
    else pm.set(k, then)
    w.record(id, 'revert', [{ field: `properties.${k}`, before: now, after: then }])
    changed = true
  }
  if (p.links.join('\n') !== n.links.join('\n')) {
    let lm = m.get('links')
    if (!(lm instanceof Y.Map)) m.set('links', (lm = new Y.Map()))
    const links = lm as Y.Map<boolean>
    for (const l of p.links)
      if (!n.links.includes(l)) {
        links.set(l, true)
        w.record(id, 'revert', [{ field: 'links', before: null, after: l }])
        changed = true
      }
    for (const l of n.links)
      if (!p.links.includes(l)) {
        links.delete(l)
        w.record(id, 'revert', [{ field: 'links', before: l, after: null }])
        changed = true
      }
  }
  // Its place among its siblings and side of the map, as a drop left them: recorded, but no revision.
  let placed = false
  for (const f of ['order', 'side'] as const) {
    const then = p[f] ?? null
    const now = n[f] ?? null
    if (then === now) continue
    if (then === null) m.delete(f)
    else m.set(f, then)
    w.record(id, 'revert', [{ field: f, before: now, after: then }])
    placed = true
  }
  if (changed) w.touch(id)
  return changed || placed
}

/**
 * The dependencies to add that would close a cycle with the graph as the restore leaves it (the edges
 * removed gone, nodes forgotten or brought back counted as they will be), each with the cycle it
 * closes. Added in order: one refused does not count against the next.
 */
function dependencyLoops(
  g: Graph,
  add: EdgeView[],
  removed: Set<string>,
  liveAfter: (id: string) => boolean,
): Map<string, string[]> {
  const refused = new Map<string, string[]>()
  const deps = add.filter((e) => e.type === DEPENDS_ON)
  if (deps.length === 0) return refused
  const fwd = new Map<string, string[]>()
  const link = (from: string, to: string) => {
    const list = fwd.get(from)
    if (list) list.push(to)
    else fwd.set(from, [to])
  }
  for (const e of g.index.edges.values())
    if (e.type === DEPENDS_ON && !removed.has(e.id) && liveAfter(e.from) && liveAfter(e.to))
      link(e.from, e.to)
  for (const e of deps) {
    // e.from depends on e.to: a cycle when e.to already reaches e.from.
    const prev = new Map<string, string>([[e.to, e.to]])
    const queue = [e.to]
    let found = false
    for (let i = 0; i < queue.length && !found; i++) {
      for (const next of fwd.get(queue[i]!) ?? []) {
        if (prev.has(next)) continue
        prev.set(next, queue[i]!)
        if (next === e.from) {
          found = true
          break
        }
        queue.push(next)
      }
    }
    if (!found) {
      link(e.from, e.to)
      continue
    }
    const path = [e.from]
    for (let q = e.from; q !== e.to;) path.unshift((q = prev.get(q)!))
    refused.set(e.id, [e.from, ...path])
  }
  return refused
}
