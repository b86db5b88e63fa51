import { restructure, setTreePlaces, type Failure, type Graph } from '@plexus/model'
import type * as Y from 'yjs'
import type { DropWrite } from './tree-drop.ts'

/**
 * Writes a branch dropped in the tree (tree-drop.ts): its new parent (through `restructure`, which
 * refuses a cycle and records the move) and the order and sides the drop chose, in one transaction and
 * one undo step: Ctrl+Z puts the branch back under its old parent, in its old order, on its old side.
 * Returns the refusal when the document would not take it (a peer deleted the new parent meanwhile).
 */
export function writeDrop(g: Graph, undo: Y.UndoManager, w: DropWrite): Failure | null {
  for (const p of w.places)
    if (!g.index.live(p.id)) return { ok: false, reason: 'node_not_found', message: `node ${p.id} is gone` }
  let failed: Failure | null = null
  undo.stopCapturing()
  g.doc.transact(() => {
    if (w.parent !== undefined) {
      const r = restructure(g, [{ type: 'move', node: w.node, parent: w.parent }])
      if (!r.ok) {
        failed = r
        return
      }
    }
    const p = setTreePlaces(g, w.places)
    if (!p.ok) failed = p
  }, g.origin)
  undo.stopCapturing()
  return failed
}
