/**
 * One top for a graph made apart (issue 23). Two peers that make the same graph id before they meet
 * (two servers behind a balancer, an offline tab and the server, a build in the offload worker and a
 * graph_open) each write meta and a root. Yjs keeps one peer's `meta.root` (the same one on every
 * peer: concurrent writes of one key are ordered by client id); the other peer's root would be a
 * second top, with whatever that peer hung under it.
 *
 * The root `meta.root` names is kept. Every root `initGraph` makes carries `made_as_root`, so a root
 * made apart is told from a node someone left at the top on purpose (which has no mark and stays).
 * Until it is settled, every reader hangs it from the kept root (structure.ts `madeApart`); settling
 * writes that down on that one node, with one history event:
 * - a root that holds nothing the kept one lacks (same title or just the graph id, no notes of its
 *   own, no properties, links, evidence or state) is merged into it (`merged_into`): its children hang
 *   from the kept root, drawn among its children by when they were made, and its edges follow the
 *   merge, as restructure's merge reads them; `restore` brings it back with its children under it;
 * - a root with text of its own (another title, a goal, notes) stays a node: a branch of the kept root
 *   (`parent`), its children still under it, so that peer's goal still reads above its work.
 * Either way its mark becomes `settled`: from then on it is an ordinary node (a person may move it to
 * the top, or restore it there, and it stays). A root merged this way that later gains text of its own
 * (an edit made before its peer heard of the merge) is brought back as a branch: settling looks at the
 * merged state, never at who was first.
 *
 * Several peers may settle at once (two servers, a tab): each writes only values computed from the
 * merged state (the same fields, the same values), and its event's id is a function of the node, what
 * it did and the kept root, so history reads one event however many peers wrote it (history.ts keeps
 * the first in the array's order). No text is appended anywhere: two appends would be two copies.
 */
import * as Y from 'yjs'
import { meta, Writer, type Graph } from './graph.ts'
import { indexOf } from './graph-index.ts'
import { nodeHistory, SETTLE_EVENT } from './history.ts'
import { layout, type YNode } from './schema.ts'
import { madeApart } from './structure.ts'
import type { HistoryEvent, Json, NodeView } from './types.ts'
import { isLive } from './views.ts'

export const SETTLE_ACTION = 'settle_root'

export interface SettledRoot {
  node: string
  into: string
  /**
   * merged: it held nothing of its own; branch: it did, and hangs under the kept root; back: merged by
   * a settle, it has gained text since, and is a branch again.
   */
  how: 'merged' | 'branch' | 'back'
  /** What it holds that the kept root does not (empty when merged). */
  own: string[]
}

/**
 * How many nodes of the document were made as a root (settled or not), read from the maps without
 * building the graph's index: a host that does not read the graph otherwise (the sync server relaying
 * it) asks this before it opens the graph to settle. One pass over the nodes.
 */
export function madeRootCount(doc: Y.Doc): number {
  let count = 0
  layout(doc).nodes.forEach((m) => {
    if (m instanceof Y.Map && m.get('made_as_root') !== undefined) count++
  })
  return count
}

/**
 * Calls `fn` after a transaction that adds a node made as a root (another peer's init arriving), so a
 * host can count again and settle; cost: the keys the transaction changed. Returns the unsubscribe.
 */
export function onRootMade(doc: Y.Doc, fn: () => void): () => void {
  const nodes = layout(doc).nodes
  const observer = (event: Y.YMapEvent<YNode>): void => {
    for (const key of event.keysChanged) {
      const m = nodes.get(key)
      if (m instanceof Y.Map && m.get('made_as_root') === true) return fn()
    }
  }
  nodes.observe(observer)
  return () => nodes.unobserve(observer)
}

/** The roots made apart that `settleRoots` would write, in id order, with what each would become. */
export function unsettledRoots(g: Graph): SettledRoot[] {
  const m = meta(g)
  const root = m.root
  const kept = root === null ? undefined : g.index.nodes.get(root)
  if (root === null || !kept || !isLive(kept)) return []
  const out: SettledRoot[] = []
  for (const id of indexOf(g.doc).madeRoots) {
    const n = g.index.nodes.get(id)
    if (!n || n.id === root) continue
    if (n.made_as_root === true) {
      // Not at the top any more (a person moved it, or forgot it): it is where someone put it.
      if (madeApart(n, root) === null) continue
      const own = ownText(n, kept, m.id)
      out.push({ node: id, into: root, how: own.length ? 'branch' : 'merged', own })
    } else if (n.merged_into !== null && n.deleted_at === null && settledInto(g, id, n.merged_into)) {
      const own = ownText(n, kept, m.id)
      if (own.length) out.push({ node: id, into: root, how: 'back', own })
    }
  }
  return out.sort((a, b) => (a.node < b.node ? -1 : a.node > b.node ? 1 : 0))
}

/**
 * Writes what every reader already shows: each root made apart merged into, or hung under, the root
 * meta names, and marked settled. Idempotent; writes nothing when there is nothing to settle. One
 * transaction.
 */
export function settleRoots(g: Graph): { settled: SettledRoot[] } {
  const settled = unsettledRoots(g)
  if (!settled.length) return { settled }
  const history = indexOf(g.doc).y.history
  g.doc.transact(() => {
    // Writer.node: the index reads these maps back instead of a view noted earlier.
    const w = new Writer(g)
    const events: HistoryEvent[] = []
    for (const s of settled) {
      const m = w.node(s.node)
      const changes: HistoryEvent['changes'] = []
      const set = (field: string, before: Json, after: Json): void => {
        m.set(field, after)
        changes.push({ field, before, after })
      }
      if (s.how === 'merged') set('merged_into', null, s.into)
      else {
        if (s.how === 'back') set('merged_into', (m.get('merged_into') ?? null) as Json, null)
        set('parent', null, s.into)
      }
      if (s.how !== 'back') set('made_as_root', true, 'settled')
      const e: HistoryEvent = {
        id: `${SETTLE_EVENT}${s.how}:${s.node}:${s.into}`,
        ts: w.now,
        actor: g.env.actor,
        node: s.node,
        action: SETTLE_ACTION,
        changes,
      }
      if (g.env.session) e.session = g.env.session
      events.push(e)
    }
    history.insert(history.length, events as unknown as Json[])
  }, g.origin)
  return { settled }
}

/** Whether the node's last change of `merged_into` was a settle into `into` (not a person's merge). */
function settledInto(g: Graph, id: string, into: string): boolean {
  const h = nodeHistory(g, id, { limit: 500 })
  // Newest first.
  const last = h.ok ? h.events.find((e) => e.changes.some((c) => c.field === 'merged_into')) : undefined
  return last?.id === `${SETTLE_EVENT}merged:${id}:${into}`
}

/** What `n` holds that `kept` does not: the fields a person would miss if `n` were merged away. */
function ownText(n: NodeView, kept: NodeView, graphId: string): string[] {
  const own: string[] = []
  const summary = n.summary.trim()
  if (summary && summary !== kept.summary.trim() && summary !== graphId) own.push('summary')
  const notes = n.notes.trim()
  if (notes && !kept.notes.includes(notes)) own.push('notes')
  if (n.kind !== 'goal' && n.kind !== kept.kind) own.push('kind')
  for (const [k, v] of Object.entries(n.properties))
    if (JSON.stringify(v) !== JSON.stringify(kept.properties[k])) own.push(`properties.${k}`)
  if (n.links.some((l) => !kept.links.includes(l))) own.push('links')
  if (n.evidence.length) own.push('evidence')
  if (n.state !== null) own.push('state')
  if (n.resolved && !kept.resolved) own.push('resolved')
  return own
}
