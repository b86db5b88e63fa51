import { useStore } from 'zustand'
import type { GraphSession } from '../sync/session.ts'
import { ago } from './time.ts'

const TEXT = {
  offline: 'Offline',
  'signed-out': 'Not signed in',
  connecting: 'Connecting',
  syncing: 'Syncing',
  synced: 'Synced',
} as const

/** Offline, connecting, syncing or synced, with local changes not yet on the server counted. */
export function SyncIndicator({ session }: { session: GraphSession }) {
  const s = useStore(session.tracker.store)
  const detail =
    s.state === 'offline'
      ? s.online
        ? `The server cannot be reached; retrying.${s.error ? ` (${s.error})` : ''}`
        : 'No network. Changes are kept on this device and sync when you are back.'
      : s.state === 'signed-out'
        ? 'The server needs a token to sync this graph: sign in.'
        : s.state === 'synced'
          ? `Everything is on the server${s.lastSyncedAt ? ` (${ago(s.lastSyncedAt)})` : ''}.`
          : s.state === 'syncing'
            ? 'Exchanging changes with the server.'
            : 'Opening a connection to the server.'
  return (
    <div
      className={`sync sync-${s.state}`}
      data-testid="sync"
      data-state={s.state}
      data-pending={s.pending}
      role="status"
      aria-live="polite"
      title={detail}
    >
      <span className="sync-dot" />
      <span>{TEXT[s.state]}</span>
      {s.pending > 0 && (
        <span className="sync-pending" data-testid="sync-pending">
          {s.pending} pending
        </span>
      )}
    </div>
  )
}
