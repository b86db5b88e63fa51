import * as Y from 'yjs'
import { fail, type Graph } from './graph.ts'
import { layout } from './schema.ts'
import type { HistoryEvent, Json, Result } from './types.ts'

// Each history event is one element of a Y.Array, and each element has a Yjs id (client, clock). A cursor
// is the set of clocks seen per client: "since the cursor" means every element whose clock is past it.
// Unlike an array index, that stays right when peers append concurrently and their events interleave.

interface Entry {
  client: number
  clock: number
  event: HistoryEvent
}

interface HistoryIndex {
  entries: Entry[]
  byNode: Map<string, Entry[]>
  /**
   * Per actor and node, the actor's latest claim or release, for telling an agent it lost a claim: a
   * claim it released itself is not lost when someone else takes the node.
   */
  claims: Map<string, Map<string, Entry>>
  dirty: boolean
}

const indexes = new WeakMap<Y.Doc, HistoryIndex>()

export function isHistoryEvent(v: unknown): v is HistoryEvent {
  return (
    !!v &&
    typeof v === 'object' &&
    typeof (v as HistoryEvent).node === 'string' &&
    Array.isArray((v as HistoryEvent).changes)
  )
}

function historyIndex(doc: Y.Doc): HistoryIndex {
  let ix = indexes.get(doc)
  if (!ix) {
    const created: HistoryIndex = { entries: [], byNode: new Map(), claims: new Map(), dirty: true }
    const history = layout(doc).history
    history.observe((event) => {
      if (created.dirty) return
      // Not event.changes: Yjs computes it by walking the whole array, which grows with every
      // transaction that ever wrote history. What this transaction added is in the clock ranges it
      // moved, and what it deleted is in its delete set; both cost what the transaction wrote.
      const tr = event.transaction
      for (const s of addedItems(doc, tr, history)) addItem(created, s)
      // Read without splitting structs (Y.iterateDeletedStructs would split them, inside an observer).
      for (const [client, ranges] of tr.deleteSet.clients) {
        const before = tr.beforeState.get(client) ?? 0
        const structs = doc.store.clients.get(client)
        if (!structs) continue
        for (const { clock, len } of ranges) {
          if (clock >= before) continue
          for (let i = Y.findIndexSS(structs, clock); i < structs.length; i++) {
            const s = structs[i]!
            if (s.id.clock >= Math.min(clock + len, before)) break
            if (s instanceof Y.Item && s.parent === history) created.dirty = true
          }
        }
      }
    })
    indexes.set(doc, (ix = created))
  }
  if (ix.dirty) rebuild(doc, ix)
  return ix
}

/** The history items a transaction added, found from the clock ranges it moved (cost: what it wrote). */
function addedItems(doc: Y.Doc, tr: Y.Transaction, history: object): Y.Item[] {
  const out: Y.Item[] = []
  for (const [client, after] of tr.afterState) {
    const before = tr.beforeState.get(client) ?? 0
    if (after <= before) continue
    const structs = doc.store.clients.get(client)!
    for (let i = Y.findIndexSS(structs, before); i < structs.length; i++) {
      const s = structs[i]!
      if (s instanceof Y.Item && s.parent === history) out.push(s)
    }
  }
  return out
}

/**
 * Calls `listener` with the history events each transaction adds to `doc`, and the transaction's
 * origin (a server tells its own writes from those it relays). Returns the unsubscribe.
 */
export function onHistory(
  doc: Y.Doc,
  listener: (events: HistoryEvent[], origin: unknown) => void,
): () => void {
  const history = layout(doc).history
  const observer = (event: Y.YArrayEvent<Json>) => {
    const events: HistoryEvent[] = []
    for (const item of addedItems(doc, event.transaction, history)) {
      if (item.deleted) continue
      for (const v of item.content.getContent()) if (isHistoryEvent(v)) events.push(v)
    }
    if (events.length > 0) listener(events, event.transaction.origin)
  }
  history.observe(observer)
  return () => history.unobserve(observer)
}

function rebuild(doc: Y.Doc, ix: HistoryIndex): void {
  ix.entries = []
  ix.byNode = new Map()
  ix.claims = new Map()
  // Walk the array's items to learn each element's id. `_start` is declared on Y.AbstractType (the
  // first item of the type's linked list); Yjs offers no other way to read an element's id.
  let item = layout(doc).history._start
  while (item) {
    addItem(ix, item)
    item = item.right
  }
  ix.dirty = false
}

/** One item holds consecutive elements: element i has clock item.id.clock + i. */
function addItem(ix: HistoryIndex, item: Y.Item): void {
  if (item.deleted) return
  const content = item.content.getContent()
  for (let i = 0; i < content.length; i++) {
    const v = content[i]
    if (!isHistoryEvent(v)) continue
    const e: Entry = { client: item.id.client, clock: item.id.clock + i, event: v }
    ix.entries.push(e)
    let list = ix.byNode.get(v.node)
    if (!list) ix.byNode.set(v.node, (list = []))
    list.push(e)
    if (v.action === 'claim' || v.action === 'release') {
      let latest = ix.claims.get(v.actor)
      if (!latest) ix.claims.set(v.actor, (latest = new Map()))
      const prev = latest.get(v.node)
      if (!prev || byTime(prev, e) < 0) latest.set(v.node, e)
    }
  }
}

const byTime = (a: Entry, b: Entry): number =>
  a.event.ts - b.event.ts || a.client - b.client || a.clock - b.clock

function encodeCursor(sv: Map<number, number>): string {
  const parts = [...sv].sort((a, b) => a[0] - b[0]).map(([c, k]) => `${c.toString(36)}.${k.toString(36)}`)
  return 'h1_' + parts.join('_')
}

function decodeCursor(cursor: string): Map<number, number> | null {
  if (!cursor.startsWith('h1_')) return null
  const sv = new Map<number, number>()
  for (const p of cursor.slice(3).split('_')) {
    if (!p) continue
    const [c, k] = p.split('.')
    const client = parseInt(c ?? '', 36)
    const clock = parseInt(k ?? '', 36)
    if (!Number.isSafeInteger(client) || !Number.isSafeInteger(clock)) return null
    sv.set(client, clock)
  }
  return sv
}

/** A cursor for "now": nothing that exists yet counts as new. */
/** How many history events the graph holds (one element of the history array each; O(1)). */
export function historySize(g: Graph): number {
  return layout(g.doc).history.length
}

export function historyCursor(g: Graph): string {
  const sv = new Map<number, number>()
  for (const e of historyIndex(g.doc).entries) sv.set(e.client, Math.max(sv.get(e.client) ?? 0, e.clock + 1))
  return encodeCursor(sv)
}

export function nodeHistory(
  g: Graph,
  id: string,
  opts: { limit?: number; before?: number; offset?: number } = {},
): Result<{ events: HistoryEvent[]; total: number }> {
  if (typeof id !== 'string' || !g.index.nodes.has(id))
    return fail('node_not_found', `node ${String(id)} not found`)
  const list = [...(historyIndex(g.doc).byNode.get(id) ?? [])].sort(byTime)
  const limit = Math.min(Math.max(1, opts.limit ?? 50), 500)
  // `before`: only events older than this time (ms), for paging back through a long history.
  const older = opts.before === undefined ? list : list.filter((e) => e.event.ts < opts.before!)
  // `offset`: events to skip, newest first, for paging by count.
  const skip = Math.max(0, Math.floor(opts.offset ?? 0))
  const events = older
    .map((e) => e.event)
    .reverse()
    .slice(skip, skip + limit)
  return { ok: true, events, total: list.length }
}

export interface ChangesOptions {
  /** Leave out events by this actor (an agent asking what others did). */
  excludeActor?: string
  /** Leave out events written in this session (Env.session): one agent session asking what others did. */
  excludeSession?: string
  limit?: number
}

/**
 * Every event after `cursor` (all of history when absent), oldest first, and the cursor to pass next
 * time. When `limit` cuts the list, the returned cursor covers only what was returned.
 */
export function changesSince(
  g: Graph,
  cursor: string | undefined,
  opts: ChangesOptions = {},
): Result<{ events: HistoryEvent[]; cursor: string; more: boolean }> {
  const sv = cursor ? decodeCursor(cursor) : new Map<number, number>()
  if (!sv)
    return fail(
      'invalid_cursor',
      `cursor ${JSON.stringify(cursor)} is not a history cursor; omit it to start from the beginning`,
    )
  const limit = Math.min(Math.max(1, opts.limit ?? 100), 1000)
  const fresh = inCursorOrder(historyIndex(g.doc).entries.filter((e) => e.clock >= (sv.get(e.client) ?? 0)))
  const next = new Map(sv)
  const events: HistoryEvent[] = []
  let taken = 0
  for (const e of fresh) {
    if (taken >= limit) break
    taken++
    next.set(e.client, Math.max(next.get(e.client) ?? 0, e.clock + 1))
    if (opts.excludeActor !== undefined && e.event.actor === opts.excludeActor) continue
    if (opts.excludeSession !== undefined && e.event.session === opts.excludeSession) continue
    events.push(e.event)
  }
  return { ok: true, events, cursor: encodeCursor(next), more: taken < fresh.length }
}

/**
 * Oldest first by time, but never out of clock order within one client: a cursor is a clock per client,
 * so what a page returns must be a clock prefix of each client or the next page would repeat or skip
 * events. A clock that went backwards (clocks and times can disagree) sorts by the latest time before it.
 */
function inCursorOrder(entries: Entry[]): Entry[] {
  const byClient = new Map<number, Entry[]>()
  for (const e of entries) {
    let list = byClient.get(e.client)
    if (!list) byClient.set(e.client, (list = []))
    list.push(e)
  }
  const keyed: Array<[number, Entry]> = []
  for (const list of byClient.values()) {
    list.sort((a, b) => a.clock - b.clock)
    let ts = -Infinity
    for (const e of list) keyed.push([(ts = Math.max(ts, e.event.ts)), e])
  }
  keyed.sort((a, b) => a[0] - b[0] || a[1].client - b[1].client || a[1].clock - b[1].clock)
  return keyed.map((k) => k[1])
}

/** Nodes `actor` has claimed at some point (from history), for reporting claims lost to another agent. */
export function claimedBy(g: Graph, actor: string): ReadonlySet<string> {
  const out = new Set<string>()
  for (const [node, e] of historyIndex(g.doc).claims.get(actor) ?? [])
    if (e.event.action === 'claim') out.add(node)
  return out
}

/** The time of the latest event on `node` whose action is not `except`; -Infinity when there is none. */
export function lastEventTime(g: Graph, node: string, except: string): number {
  let t = -Infinity
  for (const e of historyIndex(g.doc).byNode.get(node) ?? [])
    if (e.event.action !== except && e.event.ts > t) t = e.event.ts
  return t
}

/** The most recent event on `node` with `action`, newest first search. */
export function lastEvent(g: Graph, node: string, action: string): HistoryEvent | undefined {
  const list = [...(historyIndex(g.doc).byNode.get(node) ?? [])].sort(byTime)
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.event.action === action) return list[i]!.event
  return undefined
}

export type { Json }

/** Every event on `node`, oldest first (by time, then Yjs id, the same order on every peer). */
export function eventsOn(g: Graph | Y.Doc, node: string): HistoryEvent[] {
  return [...(historyIndex(docOf(g)).byNode.get(node) ?? [])].sort(byTime).map((e) => e.event)
}

const docOf = (g: Graph | Y.Doc): Y.Doc => (g instanceof Y.Doc ? g : g.doc)

/** How many events `node` has: history only grows, so a changed count means something happened. */
export function eventCount(g: Graph | Y.Doc, node: string): number {
  return historyIndex(docOf(g)).byNode.get(node)?.length ?? 0
}

/** Every event of the graph, oldest first (by time, then Yjs id: the same order on every peer). */
export function allEvents(g: Graph | Y.Doc): HistoryEvent[] {
  return [...historyIndex(docOf(g)).entries].sort(byTime).map((e) => e.event)
}
