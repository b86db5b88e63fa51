// What the apps need of a document beyond reading the graph: to hear when its meta changes, to undo their
// own writes, and to count what a document too broken for the model holds. The Yjs maps stay inside
// the model; these hand out only what each use needs.
import * as Y from 'yjs'
import { indexOf, type GraphView } from './graph-index.ts'
import { layout } from './schema.ts'

/** The read view of a document's graph (the same one every handle on the document shares). */
export function graphView(doc: Y.Doc): GraphView {
  return indexOf(doc)
}

/** Calls `fn` after every change to the graph's meta (title, root, schema version); returns the unsubscribe. */
export function onMeta(doc: Y.Doc, fn: () => void): () => void {
  const m = layout(doc).meta
  const listen = (): void => fn()
  m.observe(listen)
  return () => m.unobserve(listen)
}

/** Entries in the document's node and edge maps, forgotten and stray ones too: for a document the model cannot open. */
export function rawSize(doc: Y.Doc): { nodes: number; edges: number } {
  const y = layout(doc)
  return { nodes: y.nodes.size, edges: y.edges.size }
}
