/**
 * Pending local changes, counted until the server has acknowledged them.
 *
 * The Yjs protocol has no acknowledgement, but the Plexus relay answers a sync step 1 only once
 * everything that connection sent before it is stored (apps/sync relay.ts, group commit), and a
 * change it refuses closes the connection instead. So after local changes the client sends a
 * probe (a sync step 1 with its state vector, which the stock server answers with a sync step 2
 * carrying nothing new): its answer acknowledges every change made before the probe went out.
 * One probe is in flight at a time; changes made meanwhile wait for the next one.
 *
 * Probes are sent only once the connection has synced: by then the client has answered the
 * server's own step 1, so the changes it made offline went out before the probe.
 *
 * A read-only connection's changes are dropped, not refused: the server says so once per connection
 * (a permission-denied auth message, sent before it answers the probe). From then on nothing is
 * acknowledged on that connection, so those changes stay pending.
 */
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as syncProtocol from 'y-protocols/sync'
import { messageAuth, messageSync, type WebsocketProvider } from 'y-websocket'

/** The least time between two probes. */
export const PROBE_INTERVAL_MS = 100

export class Acknowledgements {
  /** Local transactions the server has not acknowledged. */
  pending: number
  /** Sync step 1 frames this connection sent (the provider sends one when it opens). */
  private asked = 0
  /** Sync step 2 frames the server sent on this connection. */
  private answered = 0
  /** The probe in flight: which answer acknowledges it, and how many changes it covers. */
  private probe: { answer: number; covers: number } | null = null
  private scheduled = false
  /** When the last probe went out (ms since the epoch). */
  private lastProbe = 0
  private destroyed = false
  /** The server dropped this connection's changes (read-only access). */
  denied = false

  constructor(
    private readonly provider: WebsocketProvider,
    initial: number,
    private readonly changed: (pending: number) => void,
    private readonly deniedChanged: (denied: boolean) => void,
  ) {
    this.pending = initial
    const handle = provider.messageHandlers[messageSync]
    if (!handle) throw new Error('y-websocket has no sync message handler: an unsupported version')
    provider.messageHandlers[messageSync] = (encoder, decoder, p, fromServer, type) => {
      const step = decoding.readVarUint(decoding.clone(decoder))
      handle(encoder, decoder, p, fromServer, type)
      // `fromServer` is false for frames another tab sent over the BroadcastChannel.
      if (fromServer && step === syncProtocol.messageYjsSyncStep2) this.answer()
    }
    const auth = provider.messageHandlers[messageAuth]
    if (!auth) throw new Error('y-websocket has no auth message handler: an unsupported version')
    provider.messageHandlers[messageAuth] = (encoder, decoder, p, fromServer, type) => {
      auth(encoder, decoder, p, fromServer, type)
      if (fromServer) {
        this.denied = true
        this.deniedChanged(true)
      }
    }
  }

  /** A local transaction was made. */
  local(): void {
    this.set(this.pending + 1)
    this.schedule()
  }

  /** A connection opened: it starts with the provider's own step 1. */
  opened(): void {
    this.asked = 1
    this.answered = 0
    this.probe = null
    if (this.denied) {
      this.denied = false
      this.deniedChanged(false)
    }
  }

  /** The connection closed: a probe in flight will never be answered. */
  closed(): void {
    this.probe = null
  }

  /** The connection synced: what was made before (offline too) can be acknowledged now. */
  synced(): void {
    this.schedule()
  }

  destroy(): void {
    this.destroyed = true
  }

  private set(n: number): void {
    if (n === this.pending) return
    this.pending = n
    this.changed(n)
  }

  private schedule(): void {
    if (this.scheduled || this.probe || this.pending === 0) return
    this.scheduled = true
    const run = () => {
      this.scheduled = false
      this.send()
    }
    // After the current transaction and its siblings: one probe covers a burst. And at most one probe
    // per PROBE_INTERVAL_MS: the server answers each with a diff that carries the whole delete set, so
    // a peer writing continuously (a drag) must not ask after every write.
    const wait = this.lastProbe + PROBE_INTERVAL_MS - Date.now()
    if (wait > 0) setTimeout(run, wait)
    else queueMicrotask(run)
  }

  private send(): void {
    const p = this.provider
    if (this.destroyed || this.probe || this.pending === 0) return
    if (!p.ws || !p.wsconnected || !p.synced) return
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, messageSync)
    syncProtocol.writeSyncStep1(encoder, p.doc)
    p.ws.send(encoding.toUint8Array(encoder))
    this.lastProbe = Date.now()
    this.asked++
    this.probe = { answer: this.asked, covers: this.pending }
  }

  private answer(): void {
    this.answered++
    const probe = this.probe
    if (!probe || this.answered < probe.answer) return
    this.probe = null
    if (this.denied) return
    this.set(Math.max(0, this.pending - probe.covers))
    this.schedule()
  }
}
