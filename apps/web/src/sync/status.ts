import { createStore, type StoreApi } from 'zustand/vanilla'
import type { WebsocketProvider } from 'y-websocket'
import type * as Y from 'yjs'

export type SyncState = 'offline' | 'connecting' | 'syncing' | 'synced'

export interface SyncStatus {
  state: SyncState
  /** Local changes the server may not have yet. */
  pending: number
  /** The browser says it has a network. */
  online: boolean
  lastSyncedAt: number | null
  /** Why the server closed the connection for good, if it did. */
  error: string | null
}

/**
 * Derives an honest sync state from the provider and the document:
 * - offline: no connection (the browser is offline, or attempts to reach the server are failing);
 * - connecting: the first connection attempt is due or under way;
 * - syncing: connected, but the initial exchange is not done or local changes are still in flight;
 * - synced: connected, exchanged, and nothing local unsent.
 * Pending counts local transactions made since the server last had everything: while connected a local
 * update counts until the socket has flushed it; while offline they add up until the next sync.
 */
export class SyncTracker {
  readonly store: StoreApi<SyncStatus>
  private ackTimer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly doc: Y.Doc,
    private readonly provider: WebsocketProvider,
    private readonly isRemote: (origin: unknown) => boolean,
    /** Where the pending count survives a reload: local changes made offline stay pending until synced. */
    private readonly pendingKey: string | null = null,
  ) {
    this.store = createStore<SyncStatus>(() => ({
      state: 'connecting',
      pending: readPending(pendingKey),
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      lastSyncedAt: null,
      error: null,
    }))
    provider.on('status', this.recompute)
    provider.on('sync', this.onSync)
    provider.on('closed', this.onClosed)
    doc.on('update', this.onUpdate)
    this.store.subscribe((s, prev) => {
      if (s.pending !== prev.pending) writePending(this.pendingKey, s.pending)
    })
    this.recompute()
  }

  private readonly onUpdate = (_u: Uint8Array, origin: unknown): void => {
    if (this.isRemote(origin)) return
    this.store.setState((s) => ({ pending: s.pending + 1 }))
    this.scheduleAck()
    this.recompute()
  }

  private readonly onSync = (synced: boolean): void => {
    if (synced) this.scheduleAck()
    this.recompute()
  }

  private readonly onClosed = (e: { code: number; reason: string }): void => {
    this.store.setState({ error: e.reason || `closed with code ${e.code}` })
    this.recompute()
  }

  /** A local update is acknowledged once the socket is synced and has handed every byte to the network. */
  private scheduleAck(): void {
    if (this.ackTimer) return
    this.ackTimer = setTimeout(() => {
      this.ackTimer = null
      const p = this.provider
      if (!p.wsconnected || !p.synced || !p.ws) return
      if (p.ws.bufferedAmount > 0) return this.scheduleAck()
      this.store.setState({ pending: 0, lastSyncedAt: Date.now() })
      this.recompute()
    }, 30)
  }

  setOnline(online: boolean): void {
    this.store.setState({ online })
    this.recompute()
  }

  readonly recompute = (): void => {
    const p = this.provider
    const s = this.store.getState()
    let state: SyncState
    if (!s.online) state = 'offline'
    else if (p.wsconnecting) state = 'connecting'
    // Not connected: either the first attempt has not started yet, or attempts are failing.
    else if (!p.wsconnected) state = p.wsUnsuccessfulReconnects === 0 ? 'connecting' : 'offline'
    else if (!p.synced || s.pending > 0) state = 'syncing'
    else state = 'synced'
    if (state === 'synced' && s.state !== 'synced') this.store.setState({ lastSyncedAt: Date.now() })
    if (state !== s.state) this.store.setState({ state })
    if (state === 'syncing' && p.synced) this.scheduleAck()
  }

  destroy(): void {
    if (this.ackTimer) clearTimeout(this.ackTimer)
    this.provider.off('status', this.recompute)
    this.provider.off('sync', this.onSync)
    this.provider.off('closed', this.onClosed)
    this.doc.off('update', this.onUpdate)
  }
}

function readPending(key: string | null): number {
  if (!key) return 0
  try {
    const n = Number(localStorage.getItem(key))
    return Number.isFinite(n) && n > 0 ? n : 0
  } catch {
    return 0
  }
}

function writePending(key: string | null, n: number): void {
  if (!key) return
  try {
    if (n > 0) localStorage.setItem(key, String(n))
    else localStorage.removeItem(key)
  } catch {
    // not remembered across reloads; still counted now
  }
}
