import type { SyncConnection } from '@plexus/sync-client'
import { describeClose } from '@plexus/sync-client'
import { createStore, type StoreApi } from 'zustand/vanilla'

export type SyncState = 'offline' | 'signed-out' | 'connecting' | 'syncing' | 'synced'

export interface SyncStatus {
  state: SyncState
  /** Local changes the server has not acknowledged yet. */
  pending: number
  /** The browser says it has a network. */
  online: boolean
  lastSyncedAt: number | null
  /** Why the server closed the connection for good, if it did. */
  error: string | null
}

/**
 * The sync indicator's state, from the connection (@plexus/sync-client) and the browser's network:
 * - offline: the browser is offline, or attempts to reach the server are failing (or were refused);
 * - signed-out: the server answered, and refused the connection for want of a (valid) token (4401);
 * - connecting: the first connection attempt is due or under way;
 * - syncing: connected, but the initial exchange is not done or local changes are not acknowledged;
 * - synced: connected, exchanged, and the server has acknowledged every local change.
 * The pending count is the connection's: local transactions the server has not acknowledged,
 * kept across reloads by the session (localStorage), so changes made offline stay counted.
 */
export class SyncTracker {
  readonly store: StoreApi<SyncStatus>
  private readonly offs: Array<() => void> = []
  /** The server closed the connection for good because of the token (4401), until it opens again. */
  private unauthorized = false

  constructor(private readonly connection: SyncConnection) {
    this.store = createStore<SyncStatus>(() => ({
      state: 'connecting',
      pending: connection.pending,
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      lastSyncedAt: null,
      error: null,
    }))
    const onPending = (pending: number) => {
      this.store.setState({ pending })
      this.recompute()
    }
    const onClose = (close: Parameters<typeof describeClose>[0]) => {
      if (close.final) this.store.setState({ error: describeClose(close) })
      this.unauthorized = close.kind === 'unauthorized'
      this.recompute()
    }
    connection.on('status', this.recompute)
    connection.on('pending', onPending)
    connection.on('close', onClose)
    this.offs.push(
      () => connection.off('status', this.recompute),
      () => connection.off('pending', onPending),
      () => connection.off('close', onClose),
    )
    this.recompute()
  }

  setOnline(online: boolean): void {
    this.store.setState({ online })
    this.recompute()
  }

  readonly recompute = (): void => {
    const s = this.store.getState()
    const status = this.connection.status
    let state: SyncState
    if (!s.online) state = 'offline'
    else if (status === 'idle' || status === 'connecting') state = 'connecting'
    else if (status === 'closed' && this.unauthorized) state = 'signed-out'
    else if (status === 'offline' || status === 'closed') state = 'offline'
    else if (status === 'syncing' || s.pending > 0) state = 'syncing'
    else state = 'synced'
    if (state === 'synced' && s.state !== 'synced') this.store.setState({ lastSyncedAt: Date.now() })
    if (state !== s.state) this.store.setState({ state })
  }

  destroy(): void {
    for (const off of this.offs) off()
  }
}

/** Where the connection keeps a graph's pending count across reloads (localStorage). */
export function keptPending(key: string): { read(): number; write(count: number): void } {
  return {
    read: () => {
      try {
        const n = Number(localStorage.getItem(key))
        return Number.isFinite(n) && n > 0 ? n : 0
      } catch {
        return 0
      }
    },
    write: (n) => {
      try {
        if (n > 0) localStorage.setItem(key, String(n))
        else localStorage.removeItem(key)
      } catch {
        // not remembered across reloads; still counted now
      }
    },
  }
}
