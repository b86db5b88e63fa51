import { docAsOf, openGraph, undoManager, type Graph } from '@plexus/model'
import { FlowModel } from '../canvas/flow-model.ts'

// The graph as it was at a moment, drawn by the canvas's own code (issue 30, docs/time-travel.md).
//
// Why the same FlowModel and not a second renderer: FlowModel reads a graph through three things
// (`FlowSource`: the graph, an undo manager, presence), so a past is one more source. `docAsOf` (the
// model's time.ts, what agents' `as_of` reads run on) rebuilds the graph as it was into a document of
// its own, and everything the canvas draws — the tree's layout, relation edges and their labels,
// frames, folds, readiness, the overview far out, the minimap, the SVG export — comes out of the same
// code on it. Nodes are where they are now when they have a place of their own (positions are not in
// history), else where the tree puts them in the past's tree.
//
// Nothing the past view does reaches anyone: the document is new, nothing syncs or stores it, and its
// handle is not the session's (the live undo manager never sees it). The canvas is read-only meanwhile
// (the UI store's `readOnly`, with the timeline's reason), so no action, drag or key writes at all;
// what the model writes on its own (room a node makes as it is measured) lands in the past's document.

export interface PastView {
  /** The moment shown (ms since the epoch). */
  at: number
  /** The graph as it was, its clock standing at `at`. */
  g: Graph
  /** The canvas's model of it, ready to draw. */
  model: FlowModel
  /** Stops following it (the model detaches; the document is dropped). */
  close(): void
}

/** The graph `live` as it was at `at`, as a canvas model over a document of its own. */
export function openPast(live: Graph, at: number): PastView {
  const doc = docAsOf(live, at)
  const g = openGraph(doc, { actor: live.env.actor, now: () => at, newId: live.env.newId })
  const undo = undoManager(g)
  const model = new FlowModel({ g, undo, setPresence: () => {} })
  const detach = model.attach()
  return {
    at,
    g,
    model,
    close: () => {
      detach()
      undo.destroy()
      doc.destroy()
    },
  }
}
