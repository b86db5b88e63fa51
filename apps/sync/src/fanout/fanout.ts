/**
 * Fan-out between servers sharing one PostgreSQL, through Redis pub/sub (ioredis).
 *
 * A server publishes each batch it stored, after it is stored, as one message (its updates listed,
 * fanout-codec.ts) on `<prefix>u:<graph>`; every other
 * server with that graph loaded applies it and relays it to its peers. Pub/sub delivers at most
 * once, so what could be missed is filled from PostgreSQL, which holds everything:
 * - each server numbers its messages per graph; a receiver that sees a number skip (a message
 *   lost, or one the publisher could not send while Redis was away) reads the graph again;
 * - a graph is read again right after its subscription is in place (what was published between
 *   loading it and subscribing);
 * - after Redis comes back, every loaded graph is read again;
 * - a server whose publish failed tells the others, once it can publish again, to read that graph
 *   again (a message with seq -1), since the skip in its numbering shows only with a next message.
 * Reading again is idempotent: only what the server lacks changes its document and is relayed.
 * A deletion is news too (seq -2): every other server drops its copy and closes its peers with 4410.
 * If that message is lost, the store refuses the stale copy's next append as gone (storage/postgres/pg-store.ts).
 *
 * Presence (awareness) goes the same way on `<prefix>a:<graph>`, best effort: a lost message is
 * replaced by the next change or the client's periodic renewal.
 *
 * While Redis is away each server keeps serving its own peers (their updates are stored and
 * relayed locally) and `status()` says since when it is degraded.
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { decodeFanout, encodeFanout } from './fanout-codec.ts'
import type { Fanout, FanoutHandlers } from './fanout-link.ts'

export interface RedisFanoutOptions {
  /** Channel prefix, so several deployments (or test runs) can share one Redis. Default `plexus:`. */
  prefix?: string
  log?: (line: string) => void
  /** How long `open` waits for Redis before starting degraded (default 3 s). */
  connectWaitMs?: number
}

export class RedisFanout implements Fanout {
  /** This server, in every message it sends (it ignores its own). */
  readonly id = randomUUID()
  private readonly pub: Redis
  private readonly sub: Redis
  private readonly prefix: string
  private readonly log: (line: string) => void
  private readonly graphs = new Map<string, FanoutHandlers>()
  private readonly sent = new Map<string, number>()
  /** Last message number seen per publisher and graph. */
  private readonly seen = new Map<string, number>()
  private downSince: number | null = null
  /** Graphs whose publish failed: the others are told to read them again once Redis is back. */
  private readonly owed = new Set<string>()
  private closed = false

  private constructor(url: string, options: RedisFanoutOptions) {
    this.prefix = options.prefix ?? 'plexus:'
    this.log = options.log ?? (() => {})
    const common = {
      // Back quickly after a restart; a publish while away fails at once instead of queueing.
      retryStrategy: (times: number) => Math.min(50 * times, 1000),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    }
    this.pub = new Redis(url, common)
    // Resubscribed by up() on every reconnect, with its answer heard: ioredis's own resubscription
    // (autoResubscribe) sends SUBSCRIBE with nothing listening, so a close before the answer left an
    // unhandled rejection ("Connection is closed"), which stops a Node server (fanout-close.test.ts).
    this.sub = new Redis(url, {
      ...common,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      autoResubscribe: false,
    })
    for (const conn of [this.pub, this.sub]) {
      conn.on('error', () => {})
      conn.on('close', () => this.down())
    }
    this.sub.on('ready', () => this.up())
    this.pub.on('ready', () => this.settleOwed())
    this.sub.on('messageBuffer', (channel: Buffer, message: Buffer) => this.receive(channel, message))
  }

  static async open(url: string, options: RedisFanoutOptions = {}): Promise<RedisFanout> {
    const fanout = new RedisFanout(url, options)
    const wait = options.connectWaitMs ?? 3000
    await new Promise<void>((resolve) => {
      if (fanout.sub.status === 'ready') return resolve()
      const timer = setTimeout(resolve, wait)
      fanout.sub.once('ready', () => {
        clearTimeout(timer)
        resolve()
      })
    })
    if (fanout.sub.status !== 'ready') {
      fanout.down()
      fanout.log(`fanout: Redis unreachable at start; serving this server's own peers until it is back`)
    }
    return fanout
  }

  /** Null while Redis works; else why other servers' updates may arrive late. */
  status(): string | null {
    if (this.downSince === null) return null
    return `Redis unreachable since ${new Date(this.downSince).toISOString()}: other servers' updates arrive when it is back`
  }

  publish(graph: string, updates: readonly Uint8Array[], seq: number): void {
    const n = (this.sent.get(graph) ?? 0) + 1
    // Counted even when it cannot be sent: receivers see the number skip and read the graph again.
    this.sent.set(graph, n)
    // The whole batch in one message (fanout-codec.ts): one Redis round for many updates.
    const message = this.encode(n, seq, updates)
    this.pub.publish(this.channel('u', graph), message).catch(() => {
      this.owed.add(graph)
      this.down()
    })
  }

  /** Asks the other servers to read again the graphs this one could not publish for. */
  private settleOwed(): void {
    for (const graph of [...this.owed]) {
      const n = (this.sent.get(graph) ?? 0) + 1
      this.sent.set(graph, n)
      this.pub
        .publish(this.channel('u', graph), this.encode(n, -1, []))
        .then(() => this.owed.delete(graph))
        .catch(() => {})
    }
  }

  /** The graph was deleted here: the others drop their copies (seq -2; after Redis was away, -1). */
  publishDeleted(graph: string): void {
    const n = (this.sent.get(graph) ?? 0) + 1
    this.sent.set(graph, n)
    this.pub.publish(this.channel('u', graph), this.encode(n, -2, [])).catch(() => {
      this.owed.add(graph)
      this.down()
    })
  }

  publishAwareness(graph: string, update: Uint8Array): void {
    if (this.pub.status !== 'ready') return
    this.pub.publish(this.channel('a', graph), this.encode(0, 0, [update])).catch(() => {})
  }

  subscribe(graph: string, handlers: FanoutHandlers): () => void {
    this.graphs.set(graph, handlers)
    const channels = [this.channel('u', graph), this.channel('a', graph)]
    this.sub
      .subscribe(...channels)
      .then(() => {
        // Whatever was published between loading the graph and this subscription.
        if (this.graphs.get(graph) === handlers) handlers.catchUp()
      })
      .catch(() => this.down())
    return () => {
      if (this.graphs.get(graph) !== handlers) return
      this.graphs.delete(graph)
      this.sent.delete(graph)
      if (!this.closed) this.sub.unsubscribe(...channels).catch(() => {})
    }
  }

  async close(): Promise<void> {
    this.closed = true
    this.graphs.clear()
    await Promise.all([this.pub.quit().catch(() => {}), this.sub.quit().catch(() => {})])
    this.pub.disconnect()
    this.sub.disconnect()
  }

  private down(): void {
    if (this.closed || this.downSince !== null) return
    this.downSince = Date.now()
    this.log("fanout: Redis connection lost; serving this server's own peers, catching up when it is back")
  }

  private up(): void {
    if (this.downSince === null) return
    this.downSince = null
    this.seen.clear()
    this.log('fanout: Redis is back; reading every loaded graph again from the store')
    // What was missed meanwhile is in PostgreSQL. Read it only once the subscriptions are in place
    // again (this is the only resubscription: the connection's autoResubscribe is off):
    // what is published after that arrives here, what was published before is in what is read.
    const graphs = [...this.graphs.entries()]
    const channels = graphs.flatMap(([graph]) => [this.channel('u', graph), this.channel('a', graph)])
    const resubscribed = channels.length > 0 ? this.sub.subscribe(...channels) : Promise.resolve()
    resubscribed
      .then(() => {
        for (const [graph, handlers] of graphs) if (this.graphs.get(graph) === handlers) handlers.catchUp()
      })
      .catch(() => this.down())
  }

  private channel(kind: 'u' | 'a', graph: string): string {
    return `${this.prefix}${kind}:${graph}`
  }

  private encode(n: number, seq: number, updates: readonly Uint8Array[]): Buffer {
    return encodeFanout({ from: this.id, n, seq, updates })
  }

  private receive(channelBuffer: Buffer, message: Buffer): void {
    const channel = channelBuffer.toString()
    if (!channel.startsWith(this.prefix)) return
    const kind = channel.slice(this.prefix.length, this.prefix.length + 1)
    const graph = channel.slice(this.prefix.length + 2)
    const handlers = this.graphs.get(graph)
    if (!handlers) return
    const decoded = decodeFanout(message)
    if (!decoded || decoded.from === this.id) return
    const { from, n, seq, updates } = decoded
    if (kind === 'a') {
      for (const update of updates) handlers.awareness?.(update)
      return
    }
    const key = `${from}|${graph}`
    const last = this.seen.get(key)
    this.seen.set(key, n)
    if (seq === -1) {
      void handlers.catchUp()
      return
    }
    if (seq === -2) {
      handlers.deleted?.()
      return
    }
    handlers.apply(updates, seq)
    if (last !== undefined && n > last + 1) void handlers.catchUp()
  }
}
