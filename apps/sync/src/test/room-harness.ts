/**
 * A socket-free network around one DocRoom: fake clients that behave like the stock y-websocket
 * provider (sync step 1 on connect, reply to step 1, relay local updates and awareness), with frames
 * queued both ways and delivered by `flush()`. Lets relay tests run on bytes alone.
 */
import { SCHEMA_VERSION } from '@plexus/model'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as authProtocol from 'y-protocols/auth'
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import {
  encodeAwareness,
  encodeUpdate,
  MESSAGE_AUTH,
  MESSAGE_AWARENESS,
  MESSAGE_SYNC,
} from '../relay/protocol.ts'
import { DocRoom, type FrameKind, type Receipt } from '../relay/relay.ts'

export interface Sent {
  to: number
  frame: Uint8Array
  kind: FrameKind
}

export class Network {
  readonly room: DocRoom
  readonly doc = new Y.Doc()
  /** Every frame the room sent, in order. */
  readonly sent: Sent[] = []
  /** 'persist' and 'send:<peer>:<kind>' in the order they happened. */
  readonly events: string[] = []
  readonly persisted: Uint8Array[] = []
  readonly receipts: Receipt[] = []
  /** Peers the room asked to close, with code. */
  readonly closed: Array<{ peer: number; code: number }> = []
  failPersist = false
  /**
   * Writes waiting on an asynchronous store (option `asyncStore`), oldest first: the test settles
   * each with `completeWrite`, as PostgreSQL answering a commit.
   */
  readonly writes: Array<{ updates: Uint8Array[]; resolve(): void; reject(error: Error): void }> = []
  /** Reasons the room gave for breaking (its document may differ from storage). */
  readonly broken: string[] = []
  private readonly deferred: Array<() => void> = []
  private readonly clients = new Map<number, FakeClient>()
  private readonly toServer: Array<{ from: number; frame: Uint8Array }> = []
  private nextId = 1

  /**
   * `rules`: check updates against the document's rules, as the server does. Off by default here:
   * the protocol tests write Yjs structures of every shape into documents outside the schema.
   */
  constructor(
    options: {
      maxDocumentBytes?: number
      maxAwarenessClients?: number
      rules?: boolean
      asyncStore?: boolean
      /** The graph id the room holds (the server's registry always says; the rules check its skeleton). */
      graph?: string
    } = {},
  ) {
    this.room = new DocRoom(
      this.doc,
      {
        send: (to, frame, kind) => {
          this.sent.push({ to, frame, kind })
          this.events.push(`send:${to}:${kind}`)
          this.clients.get(to)?.inbox.push(frame)
        },
        persist: (updates) => {
          if (options.asyncStore) {
            this.events.push(`write:${updates.length}`)
            return new Promise<void>((resolve, reject) => {
              this.writes.push({
                updates,
                resolve: () => {
                  this.persisted.push(...updates)
                  this.events.push(`persist:${updates.length}`)
                  resolve()
                },
                reject,
              })
            })
          }
          if (this.failPersist) throw new Error('disk full')
          this.persisted.push(...updates)
          this.events.push(`persist:${updates.length}`)
        },
        close: (peer, code) => this.closed.push({ peer, code }),
        defer: (fn) => this.deferred.push(fn),
        broken: (reason) => this.broken.push(reason),
      },
      {
        maxDocumentBytes: options.maxDocumentBytes ?? 1 << 30,
        maxAwarenessClients: options.maxAwarenessClients ?? 4,
        rules: options.rules ?? false,
        storedBytes: 0,
        ...(options.graph === undefined ? {} : { graph: options.graph }),
      },
    )
  }

  /** Settles the oldest write in flight (stored, or refused) and lets its continuations run. */
  async completeWrite(ok = true): Promise<void> {
    const write = this.writes.shift()
    if (!write) throw new Error('no write in flight')
    if (ok) write.resolve()
    else write.reject(new Error('connection to the database lost'))
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }

  /** `schema`: what the client says it writes (default this build's, as every current client says). */
  connect(
    options: { canWrite?: boolean; identity?: string; actor?: string; doc?: Y.Doc; schema?: number } = {},
  ): FakeClient {
    const client = new FakeClient(this, this.nextId++, options.doc)
    this.clients.set(client.id, client)
    this.room.join({
      id: client.id,
      canWrite: options.canWrite ?? true,
      identity: options.identity ?? 'someone',
      ...(options.actor ? { actor: options.actor } : {}),
      schema: options.schema ?? SCHEMA_VERSION,
    })
    client.onOpen()
    return client
  }

  disconnect(client: FakeClient): void {
    this.clients.delete(client.id)
    this.room.leave(client.id)
    client.online = false
  }

  queue(from: number, frame: Uint8Array): void {
    this.toServer.push({ from, frame })
  }

  /** Sends a frame to the room right away and returns the room's answer. */
  send(from: number, frame: Uint8Array): Receipt {
    const receipt = this.room.receive(from, frame)
    this.receipts.push(receipt)
    return receipt
  }

  /** Delivers queued frames both ways, without running deferred work (the group commit). */
  flushQueuedFrames(): void {
    this.flush(false)
  }

  /** Delivers queued frames both ways and runs deferred work until nothing moves. */
  flush(runDeferred = true): void {
    for (let rounds = 0; rounds < 1000; rounds++) {
      let moved = false
      for (const item of this.toServer.splice(0)) {
        moved = true
        if (this.clients.has(item.from)) this.send(item.from, item.frame)
      }
      for (const client of this.clients.values()) moved = client.deliver() || moved
      for (const fn of runDeferred ? this.deferred.splice(0) : []) {
        moved = true
        fn()
      }
      if (!moved) return
    }
    throw new Error('network did not settle')
  }
}

export class FakeClient {
  readonly doc: Y.Doc
  readonly awareness: Awareness
  readonly inbox: Uint8Array[] = []
  readonly denied: string[] = []
  online = true

  constructor(
    private readonly net: Network,
    readonly id: number,
    doc?: Y.Doc,
  ) {
    this.doc = doc ?? new Y.Doc()
    this.awareness = new Awareness(this.doc)
    this.awareness.setLocalState(null)
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== this && this.online) net.queue(id, encodeUpdate(update))
    })
    // Like the stock provider, re-broadcast every awareness change, including ones received.
    this.awareness.on('update', ({ added, updated, removed }: Record<string, number[]>) => {
      if (!this.online) return
      const clients = [...added!, ...updated!, ...removed!]
      net.queue(id, encodeAwareness(encodeAwarenessUpdate(this.awareness, clients)))
    })
  }

  onOpen(): void {
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_SYNC)
    syncProtocol.writeSyncStep1(encoder, this.doc)
    this.net.queue(this.id, encoding.toUint8Array(encoder))
    if (this.awareness.getLocalState() !== null) {
      const update = encodeAwarenessUpdate(this.awareness, [this.doc.clientID])
      this.net.queue(this.id, encodeAwareness(update))
    }
  }

  deliver(): boolean {
    const frames = this.inbox.splice(0)
    for (const frame of frames) {
      const decoder = decoding.createDecoder(frame)
      const type = decoding.readVarUint(decoder)
      if (type === MESSAGE_SYNC) {
        const encoder = encoding.createEncoder()
        encoding.writeVarUint(encoder, MESSAGE_SYNC)
        syncProtocol.readSyncMessage(decoder, encoder, this.doc, this)
        if (encoding.length(encoder) > 1) this.net.queue(this.id, encoding.toUint8Array(encoder))
      } else if (type === MESSAGE_AWARENESS) {
        applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), this)
      } else if (type === MESSAGE_AUTH) {
        authProtocol.readAuthMessage(decoder, this.doc, (_doc, reason) => this.denied.push(reason))
      }
    }
    return frames.length > 0
  }

  /** What the sync client sends after local changes to learn they are stored (acks.ts): a sync step 1. */
  probe(): void {
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_SYNC)
    syncProtocol.writeSyncStep1(encoder, this.doc)
    this.net.queue(this.id, encoding.toUint8Array(encoder))
  }

  get nodes(): Record<string, unknown> {
    return this.doc.getMap('nodes').toJSON()
  }
}

/** The update a local change produces, captured from the doc's update event. */
export function captureUpdate(doc: Y.Doc, change: () => void): Uint8Array {
  let captured: Uint8Array | null = null
  const grab = (u: Uint8Array) => (captured = u)
  doc.on('update', grab)
  change()
  doc.off('update', grab)
  if (!captured) throw new Error('change produced no update')
  return captured
}
