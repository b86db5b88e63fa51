import * as Y from 'yjs'
import type { Graph } from './graph.ts'
import { layout } from './schema.ts'

/**
 * Undo as every app does it: one UndoManager per graph handle, tracking only that handle's writes
 * (an agent's edit is never undone by a person's Ctrl+Z), over `nodes` and `edges`. Not `history`:
 * history is append-only, so an undone edit keeps the event that recorded it. Evidence is
 * append-only too (the server refuses a delete of an entry): an undo leaves the evidence entries its
 * step added, and they stay recorded in history. Undoing the creation of a node still removes the
 * node whole, with whatever evidence it had.
 */
export function undoManager(g: Graph, options: { captureTimeout?: number } = {}): Y.UndoManager {
  const y = layout(g.doc)
  return new Y.UndoManager([y.nodes, y.edges], {
    trackedOrigins: new Set([g.origin]),
    deleteFilter: (item) => !isEvidenceEntry(item),
    ...options,
  })
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
