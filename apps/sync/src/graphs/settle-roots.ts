/**
 * One top for a graph made apart (issue 23; the model's `tops.ts` says what settling writes and why).
 * Two peers that make the same graph id before they meet (two servers behind a balancer, an offline
 * tab and this server, a build in the offload worker and a graph_open) each make a root; once their
 * updates meet in a loaded graph, the server settles the root meta does not name: when it loads a
 * graph (a stored graph that holds one from before), and after every write it takes (a peer's update,
 * another server's, its own). Readers already show one top meanwhile (structure.ts); this writes it
 * down, stored and relayed as any write of the server's, with a history event naming `plexus`.
 *
 * Several servers may settle the same graph at once: they write the same values, and the event's id
 * is a function of what it records, so history reads it once (history.ts).
 */
import { counterIds, openGraph, settleRoots } from '@plexus/model'
import type { DocRegistry } from './registry.ts'

/** The name history shows for what the server writes on its own account. */
export const SERVER_ACTOR = 'plexus'

export function settleRootsOf(docs: DocRegistry, log?: (line: string) => void): () => void {
  return docs.onLoaded((graph, doc) => {
    // settleRoots writes no new ids (its event's id is what it records); the model asks for a source.
    const g = openGraph(doc, { actor: SERVER_ACTOR, now: Date.now, newId: counterIds('settle_') })
    let queued = false
    const settle = (): void => {
      queued = false
      // Unloaded meanwhile: the document is destroyed; the next load settles it.
      if (docs.peek(graph) !== doc) return
      try {
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
    doc.on('afterTransaction', () => {
      if (queued) return
      queued = true
      queueMicrotask(settle)
    })
    queued = true
    queueMicrotask(settle)
  })
}
