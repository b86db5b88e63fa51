import { useStore } from 'zustand'
import type { GraphSession } from '../sync/session.ts'

/**
 * Shown when this build of Plexus is older than the open graph: the graph is read-only here. Updating
 * asks the service worker for the new build, then reloads (navigation is network-first, so an online
 * reload brings the new app).
 */
export function VersionBanner({ session }: { session: GraphSession }) {
  const s = useStore(session.guard.store)
  if (!s.readOnly) return null
  return (
    <div className="version-banner" role="alert" data-testid="version-banner">
      <span>{s.message}. Changes made in this tab stay on this device.</span>
      <button className="btn" data-testid="version-update" onClick={() => void update()}>
        Update Plexus
      </button>
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
