/**
 * `connect(doc, options)`: one Plexus sync peer, as the web app, `plexus mcp`, the reliability
 * suite and the benchmarks run it.
 *
 * It is the stock y-websocket provider (the standard client; Plexus's server speaks its protocol
 * and close-code convention) with what every Plexus peer needs around it:
 * - jittered reconnects (jitter.ts), so peers that lost a restarting server do not return at once;
 * - `?schema=` and `?token=` on the URL, as the server expects them (apps/sync versions.ts, auth.ts);
 * - one status (`idle`, `connecting`, `syncing`, `synced`, `offline`, `closed`);
 * - a pending count of local changes the server has not acknowledged (acks.ts);
 * - the server's close codes as typed reasons (close.ts).
 * No BroadcastChannel by default: a Node process holding several peers would sync them past the server.
 */
import { ObservableV2 } from 'lib0/observable'
import type { Awareness } from 'y-protocols/awareness'
import { WebsocketProvider } from 'y-websocket'
import type * as Y from 'yjs'
import { Acknowledgements } from './acks.ts'
import { closeReason, type CloseReason } from './close.ts'
import { jitteredWebSocket, type JitterOptions, type SocketConstructor } from './jitter.ts'
import { TabLink } from './tabs.ts'

export type ConnectionStatus =
  /** Not asked to connect (created with `connect: false`, or after `disconnect()`). */
  | 'idle'
  /** The first attempt is due or under way. */
  | 'connecting'
  /** Connected; the initial exchange with the server is not done. */
  | 'syncing'
  /** Connected and exchanged: what the server has, this peer has. */
  | 'synced'
  /** Not connected, attempts are failing or the connection dropped; retrying. */
  | 'offline'
  /** The server closed the connection for good (`lastClose` says why); `connect()` tries again. */
  | 'closed'

/** Where local changes are kept between runs (IndexedDB, a file cache). */
export interface LocalStorageLink {
  /** The origin the store applies what it loads with: those updates are not new local changes. */
  origin: unknown
  /** Keeps the pending count across restarts: changes made offline stay pending until synced. */
  pending?: { read(): number; write(count: number): void }
}

export interface ConnectOptions {
  /** The server's sync endpoint, `ws(s)://host/sync`; with no `graph`, its last segment is the graph. */
  url: string
  graph?: string
  token?: string | null
  /** The schema version this build writes; the server refuses changes from builds older than a graph. */
  schema: number
  storage?: LocalStorageLink
  /** The WebSocket to use; the platform's (`globalThis.WebSocket`) by default. In Node 20: `ws`. */
  WebSocket?: SocketConstructor
  /** Connect now (default) or on `connect()`. */
  connect?: boolean
  /** Longest wait between reconnect attempts (the provider's backoff; jitter adds up to `jitter.maxMs`). */
  maxBackoffMs?: number
  jitter?: JitterOptions
  /**
   * Sync with other tabs of this browser over a BroadcastChannel too (off by default). The link is
   * made only once another tab of the graph is found (see tabs.ts), from `connect()` or `joinTabs()` on.
   */
  crossTab?: boolean
  /** More query parameters for the server. */
  params?: Record<string, string>
}

export type ConnectionEvents = {
  status: (status: ConnectionStatus) => void
  pending: (count: number) => void
  /** Every close but the ones `disconnect()` asked for: the server's (transient or final) and drops. */
  close: (close: CloseReason) => void
  /** The server said this connection may not write (its changes are dropped and stay pending). */
  readOnly: (readOnly: boolean) => void
}

export class SyncConnection extends ObservableV2<ConnectionEvents> {
  readonly provider: WebsocketProvider
  status: ConnectionStatus = 'idle'
  /** The last close the server announced, or null. */
  lastClose: CloseReason | null = null
  private readonly acks: Acknowledgements
  private finalClose = false
  private readonly cleanups: Array<() => void> = []
  private readonly tabs: TabLink | null

  constructor(
    readonly doc: Y.Doc,
    options: ConnectOptions,
  ) {
    super()
    const Socket = options.WebSocket ?? platformWebSocket()
    const { url, graph } = splitUrl(options.url, options.graph)
    this.provider = new WebsocketProvider(url, graph, doc, {
      connect: false,
      // The provider's parameter names the DOM's full WebSocket class; it uses only what SocketLike
      // declares, and the jittered wrapper implements exactly that.
      WebSocketPolyfill: jitteredWebSocket(Socket, options.jitter) as typeof WebSocket,
      params: {
        ...options.params,
        schema: String(options.schema),
        ...(options.token ? { token: options.token } : {}),
      },
      // Cross-tab sync links only once another tab is heard (tabs.ts), never at connect.
      disableBc: true,
      maxBackoffTime: options.maxBackoffMs ?? 2500,
    })
    this.tabs = options.crossTab ? new TabLink(this.provider, graph) : null
    const kept = options.storage?.pending
    this.acks = new Acknowledgements(
      this.provider,
      kept?.read() ?? 0,
      (n) => {
        kept?.write(n)
        this.emit('pending', [n])
        this.recompute()
      },
      (denied) => this.emit('readOnly', [denied]),
    )
    const storageOrigin = options.storage?.origin
    const onUpdate = (_u: Uint8Array, origin: unknown) => {
      if (origin === this.provider || (storageOrigin !== undefined && origin === storageOrigin)) return
      this.acks.local()
    }
    doc.on('update', onUpdate)
    this.cleanups.push(() => doc.off('update', onUpdate))
    const onStatus = ({ status }: { status: string }) => {
      if (status === 'connected') this.acks.opened()
      this.recompute()
    }
    const onSync = (synced: boolean) => {
      if (synced) this.acks.synced()
      this.recompute()
    }
    const onClose = (event: { code: number; reason: string } | null) => {
      this.acks.closed()
      // No event: this side closed it. After `disconnect()` that is no news; otherwise it was
      // the provider's watchdog (nothing heard for 30 s), a dropped connection.
      const seen = event ?? (this.provider.shouldConnect ? { code: 0, reason: '' } : null)
      if (seen) {
        const close = closeReason(seen)
        this.lastClose = close
        this.finalClose = close.final
        this.emit('close', [close])
      }
      this.recompute()
    }
    this.provider.on('status', onStatus)
    this.provider.on('sync', onSync)
    this.provider.on('connection-close', onClose)
    this.cleanups.push(() => {
      this.provider.off('status', onStatus)
      this.provider.off('sync', onSync)
      this.provider.off('connection-close', onClose)
    })
    if (options.connect ?? true) this.connect()
  }

  get awareness(): Awareness {
    return this.provider.awareness
  }

  get synced(): boolean {
    return this.provider.synced
  }

  /** Local changes the server has not acknowledged yet. */
  get pending(): number {
    return this.acks.pending
  }

  /** The server dropped this connection's changes (a read-only token); they stay pending. */
  get readOnly(): boolean {
    return this.acks.denied
  }

  /** Starts (or resumes, after `disconnect()` or a final close) syncing with the server. */
  connect(): void {
    this.joinTabs()
    this.finalClose = false
    if (!this.provider.wsconnected && !this.provider.wsconnecting) this.provider.connect()
    else this.provider.shouldConnect = true
    this.recompute()
  }

  /** Closes the connection and stops reconnecting; local changes stay pending. */
  disconnect(): void {
    this.provider.disconnect()
    this.tabs?.relink()
    this.recompute()
  }

  /**
   * With `crossTab`, starts looking for other tabs of this graph (also offline, with no server
   * connection); `connect()` does it too. Idempotent.
   */
  joinTabs(): void {
    this.tabs?.join()
  }

  /** Resolves true once synced, false if `timeoutMs` passes first (the document stays usable). */
  whenSynced(timeoutMs: number): Promise<boolean> {
    if (this.provider.synced) return Promise.resolve(true)
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer)
        this.provider.off('sync', onSync)
        resolve(ok)
      }
      const onSync = (synced: boolean) => synced && done(true)
      const timer = setTimeout(() => done(false), timeoutMs)
      this.provider.on('sync', onSync)
    })
  }

  /** Resolves once nothing is pending, false if `timeoutMs` passes first. */
  whenAcknowledged(timeoutMs: number): Promise<boolean> {
    if (this.pending === 0) return Promise.resolve(true)
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer)
        this.off('pending', onPending)
        resolve(ok)
      }
      const onPending = (n: number) => n === 0 && done(true)
      const timer = setTimeout(() => done(false), timeoutMs)
      this.on('pending', onPending)
    })
  }

  override destroy(): void {
    this.tabs?.close()
    for (const c of this.cleanups) c()
    this.acks.destroy()
    this.provider.destroy()
    super.destroy()
  }

  private recompute(): void {
    const p = this.provider
    let status: ConnectionStatus
    if (p.wsconnected) status = p.synced ? 'synced' : 'syncing'
    else if (this.finalClose) status = 'closed'
    else if (!p.shouldConnect) status = 'idle'
    // Every closed connection counts as unsuccessful until one syncs (y-websocket resets it then).
    else status = p.wsUnsuccessfulReconnects === 0 ? 'connecting' : 'offline'
    if (status === this.status) return
    this.status = status
    this.emit('status', [status])
  }
}

export function connect(doc: Y.Doc, options: ConnectOptions): SyncConnection {
  return new SyncConnection(doc, options)
}

function platformWebSocket(): SocketConstructor {
  if (typeof globalThis.WebSocket === 'function') return globalThis.WebSocket
  throw new Error(
    'connect: this platform has no WebSocket; pass one as the `WebSocket` option (in Node 20: `import { WebSocket } from "ws"`)',
  )
}

/** y-websocket joins `url/graph`; a URL that already ends in the graph is split back. */
function splitUrl(url: string, graph: string | undefined): { url: string; graph: string } {
  const trimmed = url.replace(/\/+$/, '')
  if (graph !== undefined) {
    if (!graph)
      throw new Error('connect: `graph` is empty; pass the graph id, or leave it out and end `url` with it')
    return { url: trimmed, graph }
  }
  const cut = trimmed.lastIndexOf('/')
  const tail = trimmed.slice(cut + 1)
  if (cut < 0 || !tail || tail.includes(':'))
    throw new Error(`connect: no graph in ${url}; pass \`graph\`, or end \`url\` with /<graph id>`)
  return { url: trimmed.slice(0, cut), graph: tail }
}
