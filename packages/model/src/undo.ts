import * as Y from 'yjs'
import { CLAIMED_AT, CLAIMED_BY, CLAIMED_UNTIL } from './claims.ts'
import { Writer, type Graph } from './graph.ts'
import { UNRECORDED } from './rules.ts'
import { layout } from './schema.ts'
import type { Change, Json } from './types.ts'

/**
 * A node's place among its siblings and side of the map: the relay takes them with no event (rules.ts
 * UNRECORDED, for copies written before drops were recorded), but the model records them (setTreePlaces).
 */
const PLACE: ReadonlySet<string> = new Set(['order', 'side'])

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Yjs types its own parents this way
type Type = Y.AbstractType<any>

/**
 * Undo as every app does it: one UndoManager per graph handle, tracking only that handle's writes
 * (an agent's edit is never undone by a person's Ctrl+Z), over `nodes` and `edges`. Not `history`:
 * history is append-only, so an undone edit keeps the event that recorded it. Evidence is
 * append-only too (the server refuses a delete of an entry): an undo leaves the evidence entries its
 * step added, and they stay recorded in history. Undoing the creation of a node still removes the
 * node whole, with whatever evidence it had.
 *
 * An undo or redo is a change like any other, so it is recorded like one, in the same transaction
 * (the sync server refuses a change to a node that arrives without its history event): an `undo` or
 * `redo` event on each node it changed, and the node stamped as updated by whoever undid. A claim is
 * never brought back for someone else: an undo that would restore another's claim clears it instead,
 * and a claim or release an undo makes is recorded as one.
 */
export function undoManager(g: Graph, options: { captureTimeout?: number } = {}): Y.UndoManager {
  const y = layout(g.doc)
  return new RecordingUndoManager(g, [y.nodes, y.edges], {
    trackedOrigins: new Set([g.origin]),
    deleteFilter: (item) => !isEvidenceEntry(item),
    ...options,
  })
}

class RecordingUndoManager extends Y.UndoManager {
  constructor(
    private readonly g: Graph,
    scope: Type[],
    options: ConstructorParameters<typeof Y.UndoManager>[1],
  ) {
    super(scope, options)
  }

  override undo(): ReturnType<Y.UndoManager['undo']> {
    return this.step('undo')
  }

  override redo(): ReturnType<Y.UndoManager['redo']> {
    return this.step('redo')
  }

  private step(which: 'undo' | 'redo'): ReturnType<Y.UndoManager['undo']> {
    let popped: ReturnType<Y.UndoManager['undo']> = null
    try {
      // Yjs's own undo joins this transaction: its changes and their record go out as one update.
      this.doc.transact((tr) => {
        popped = which === 'undo' ? super.undo() : super.redo()
        if (!popped) return
        // Yjs files the step on the redo (or undo) stack when the transaction ends, by these flags.
        if (which === 'undo') this.undoing = true
        else this.redoing = true
        record(this.g, tr, which)
      }, this)
    } finally {
      this.undoing = false
      this.redoing = false
    }
    return popped
  }
}

/** Records what the undo (or redo) in `tr` changed, node by node, and stamps each node. */
function record(g: Graph, tr: Y.Transaction, action: 'undo' | 'redo'): void {
  const nodes: Type = layout(g.doc).nodes
  const before = valuesBefore(tr)
  const changed = new Map<string, Change[]>()
  const add = (id: string, c: Change) => {
    let list = changed.get(id)
    if (!list) changed.set(id, (list = []))
    list.push(c)
  }
  for (const [type, keys] of tr.changed) {
    if (type === nodes) {
      for (const id of keys) {
        if (id === null) continue
        const m = (nodes as Y.Map<unknown>).get(id)
        add(id, { field: 'node', before: m ? null : id, after: m ? id : null })
      }
      continue
    }
    const item = type._item
    if (!item || item.deleted) continue
    if (item.parent === nodes) {
      const id = item.parentSub!
      for (const k of keys) {
        if (k === null || (UNRECORDED.has(k) && !PLACE.has(k))) continue
        const m = type as unknown as Y.Map<unknown>
        add(id, { field: k, before: before.get(type)?.get(k) ?? null, after: (m.get(k) ?? null) as Json })
      }
      continue
    }
    const owner = (item.parent as Type)._item
    if (!owner || owner.parent !== nodes || owner.deleted) continue
    const id = owner.parentSub!
    const field = item.parentSub!
    if (type instanceof Y.Map) {
      for (const k of keys) {
        if (k === null) continue
        const after = (type.get(k) ?? null) as Json
        add(id, { field: `${field}.${k}`, before: before.get(type)?.get(k) ?? null, after })
      }
    } else add(id, { field, before: null, after: type instanceof Y.Text ? type.toString() : null })
  }
  if (changed.size === 0) return
  const w = new Writer(g)
  for (const [id, changes] of changed) {
    const claim = changes.find((c) => c.field === `properties.${CLAIMED_BY}`)
    w.record(
      id,
      action,
      changes.filter((c) => c !== claim),
    )
    if (!(nodes as Y.Map<unknown>).has(id)) continue
    if (claim) settleClaim(w, id, claim)
    // A drop undone puts its place back, recorded, and is no revision, as the drop was none.
    if (changes.some((c) => !PLACE.has(c.field))) w.touch(id)
  }
  w.flush()
}

/** A claim an undo changed: kept only as the undoer's own, and recorded as a claim or a release. */
function settleClaim(w: Writer, id: string, c: Change): void {
  const props = w.node(id).get('properties')
  if (!(props instanceof Y.Map)) return
  const by = props.get(CLAIMED_BY)
  if (by === w.g.env.actor) {
    w.record(id, 'claim', [c])
    return
  }
  for (const k of [CLAIMED_BY, CLAIMED_AT, CLAIMED_UNTIL]) props.delete(k)
  w.record(id, 'release', [{ ...c, after: null }])
}

/** The values map entries held before `tr` overwrote or deleted them, per map and key. */
function valuesBefore(tr: Y.Transaction): Map<Type, Map<string, Json>> {
  const out = new Map<Type, Map<string, Json>>()
  Y.iterateDeletedStructs(tr, tr.deleteSet, (s) => {
    if (!(s instanceof Y.Item) || s.parentSub === null || !(s.parent instanceof Y.Map)) return
    if (s.id.clock >= (tr.beforeState.get(s.id.client) ?? 0)) return
    if (!(s.content instanceof Y.ContentAny || s.content instanceof Y.ContentJSON)) return
    const values = s.content.getContent()
    let m = out.get(s.parent)
    if (!m) out.set(s.parent, (m = new Map()))
    m.set(s.parentSub, clipped(values[values.length - 1] as Json))
  })
  return out
}

/** History keeps short values (graph.ts clips its own the same way). */
function clipped(v: Json): Json {
  return typeof v === 'string' && v.length > 240 ? v.slice(0, 240) + '…' : v
}

/** An element of a node's evidence list: `nodes.<id>.evidence[i]`. */
function isEvidenceEntry(item: Y.Item): boolean {
  const list = item.parent
  if (!(list instanceof Y.Array) || item.parentSub !== null) return false
  const field = list._item
  if (!field || field.parentSub !== 'evidence' || !(field.parent instanceof Y.Map)) return false
  const node = field.parent as Y.Map<unknown>
  return node._item?.parent === node.doc?.getMap('nodes')
}
