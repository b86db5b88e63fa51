import { initGraph } from '@plexus/model'
import { useStore } from 'zustand'
import { useSyncExternalStore } from 'react'
import { focusCanvas } from '../ui/focus.ts'
import { report } from './commands.ts'
import { useWorkspace } from './workspace.ts'

/**
 * Shown over an empty canvas once we know the graph is empty (synced, or offline with nothing stored);
 * with only the root, a hint on how to grow it.
 */
export function EmptyState() {
  const ws = useWorkspace()
  const nodes = useSyncExternalStore(ws.model.subscribe, () => ws.model.nodes.length)
  const sync = useStore(ws.session.tracker.store, (s) => s.state)
  if (nodes === 1)
    return (
      <div className="canvas-hint" data-testid="canvas-hint" role="note">
        Select the root and press <kbd>Tab</kbd> to add a branch, <kbd>Enter</kbd> for a sibling, or
        double-click the canvas. <kbd>?</kbd> lists every key.
      </div>
    )
  // Signed out: the sign-in prompt speaks; a local start could never reach this server.
  if (nodes > 0 || sync === 'connecting' || sync === 'syncing' || sync === 'signed-out') return null
  const start = () => {
    const r = initGraph(ws.session.g, { id: ws.session.id })
    if (!r.ok) return report(r)
    ws.model.select([r.root])
    focusCanvas()
  }
  return (
    <div className="empty-state" data-testid="empty-state">
      <h2>Nothing here yet</h2>
      <p className="muted">
        {sync === 'offline'
          ? 'This device has not seen this graph, and the server cannot be reached.'
          : 'This graph has no nodes.'}{' '}
        Start it here: it will sync as soon as the server is reachable.
      </p>
      <button className="btn primary" onClick={start} data-testid="start-graph">
        Start “{ws.session.id}”
      </button>
    </div>
  )
}
