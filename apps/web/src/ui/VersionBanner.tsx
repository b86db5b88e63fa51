import { useStore } from 'zustand'
import { useUI } from '../store.ts'
import type { GraphSession } from '../sync/session.ts'

/**
 * Says why the open graph is read-only here, above the canvas (sync/access.ts decides):
 * - this build of Plexus is older than the graph: updating asks the service worker for the new build,
 *   then reloads (navigation is network-first, so an online reload brings the new app);
 * - the token may read this graph but not change it.
 * Every editing control is off meanwhile (the canvas's actions, the inspector, the board).
 */
export function VersionBanner({ session }: { session: GraphSession }) {
  const s = useStore(session.guard.store)
  // Only the token's reason: the timeline's bar says its own (timeline/Timeline.tsx).
  const readOnly = useUI((u) => u.readOnlyBy.token)
  if (s.readOnly)
    return (
      <div className="version-banner" role="alert" data-testid="version-banner">
        <span>{s.message}. Editing is off in this tab; changes made here anyway stay on this device.</span>
        <button className="btn" data-testid="version-update" onClick={() => void update()}>
          Update Plexus
        </button>
      </div>
    )
  if (!readOnly) return null
  return (
    <div className="version-banner" role="status" data-testid="readonly-banner">
      <span>{readOnly}. Ask the graph's owner for a token that writes to edit it.</span>
    </div>
  )
}

async function update(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker?.getRegistration()
    await reg?.update()
  } catch {
    // offline or no worker: the reload below still asks the network first
  }
  location.reload()
}
