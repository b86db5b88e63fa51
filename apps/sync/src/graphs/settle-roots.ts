/**
 * One top for a graph made apart (issue 23; the model's `tops.ts` says what settling writes and why).
 * Two peers that make the same graph id before they meet (two servers behind a balancer, an offline
 * tab and this server, a build in the offload worker and a graph_open) each make a root; once their
 * updates meet in a loaded graph, the server settles the root meta does not name: when it loads a
 * graph (a stored graph that holds one from before), and after every write it takes (a peer's update,
 * another server's, its own). Readers already show one top meanwhile (structure.ts); this writes it
 * down, stored and relayed as any write of the server's, with a history event naming `plexus`.
 *
 * A graph with one root costs a look at the keys each transaction adds (`onRootMade`) and one count
 * at load; the model's index is opened only for a graph that holds a second root.
 *
 * Several servers may settle the same graph at once: they write the same values, and the event's id
 * is a function of what it records, so history reads it once (history.ts).
 */
import { counterIds, madeRootCount, onRootMade, openGraph, settleRoots, type Graph } from '@plexus/model'
import type { DocRegistry } from './registry.ts'

/** The name history shows for what the server writes on its own account. */
export const SERVER_ACTOR = 'plexus'

export function settleRootsOf(docs: DocRegistry, log?: (line: string) => void): () => void {
  return docs.onLoaded((graph, doc) => {
    // The model's index costs memory and a view per node written; a graph this server only relays
    // never needs it. It is opened once the graph holds a second root (counted from the maps), and
    // then kept: a root merged away may gain text later, and meta may name another root.
    let g: Graph | null = null
    let queued = false
    const settle = (): void => {
      queued = false
      // Unloaded meanwhile: the document is destroyed; the next load settles it.
      if (docs.peek(graph) !== doc) return
      try {
        // settleRoots writes no new ids (its event's id is what it records); the model asks for a source.
        g ??= openGraph(doc, { actor: SERVER_ACTOR, now: Date.now, newId: counterIds('settle_') })
        const { settled } = settleRoots(g)
        if (settled.length)
          log?.(
            `graphs: ${graph} was made apart by several peers: ${settled.map((s) => `${s.node} ${s.how === 'merged' ? 'merged into' : 'hung under'} ${s.into}`).join(', ')}`,
          )
      } catch (error) {
        // Storage refused the write: the room breaks and the graph is loaded again, and settled then.
        log?.(`graphs: settling the roots of ${graph} failed: ${String(error)}`)
      }
    }
    // After the transaction, not inside it: the index reads the merged state once its observers ran.
    const schedule = (): void => {
      if (queued) return
      queued = true
      queueMicrotask(settle)
    }
    // The listeners go with the document when the graph is unloaded (the doc is destroyed).
    onRootMade(doc, () => {
      if (g || madeRootCount(doc) > 1) schedule()
    })
    doc.on('afterTransaction', () => {
      if (g) schedule()
    })
    if (madeRootCount(doc) > 1) schedule()
  })
}
