/**
 * One loaded graph and the peers connected to it, on bytes only: frames come in from a peer id,
 * frames go out through `hooks.send`. No sockets, no storage, no clock of its own.
 *
 * Invariants:
 * - Every frame is parsed in full (protocol.ts) before anything touches the document.
 * - Document changes leave through ONE path, the doc's `update` event: stored first, then relayed.
 *   Client updates, MCP tools and imports all write the same `Y.Doc`, so all are stored before any
 *   peer sees them, and a peer never sees what storage refused.
 * - Updates from peers are group-committed: the messages of one socket read are applied, then
 *   stored in one write (`hooks.defer`, after the burst), then relayed. Nothing that carries document content
 *   leaves the room while updates wait: a sync step 2 is computed when the updates it covers are
 *   taken for a write and sent once that write is stored. Writes made on the server (no peer
 *   origin) are stored before `transact` returns when storage answers synchronously (SQLite);
 *   with an asynchronous store (PostgreSQL) their caller awaits `settled()` before reporting them.
 * - With an asynchronous store one write is in flight per room; what arrives meanwhile waits and
 *   goes in the next write, in order (group commit), and is relayed only once stored.
 * - Updates another server stored (fan-out, `applyRemote`) are applied and relayed, never stored
 *   again.
 * - A read-only peer's changes are never applied; it is told once with y-protocols' auth message.
 * - An update is applied in full or not at all: one whose dependencies the document lacks is
 *   refused before Yjs sees it (dependencies.ts), or held back until the peer's sync step 2 when
 *   it came before that step 2 (the stock client sends edits as soon as the socket opens). Yjs cannot roll back, so whenever the document
 *   may hold something storage does not (storage refused a write, or Yjs threw halfway through an
 *   update), the room is broken: it stops relaying and its owner reloads the graph from storage.
 */
import { readMeta } from '@plexus/model'
import * as Y from 'yjs'
import { missingDependency } from './dependencies.ts'
import { CloseCode, type Breach } from '../access/server-limits.ts'
import { Presence } from './room-presence.ts'
import { isPromise } from '../storage/adapter.ts'
import { UNDECLARED_SCHEMA, refuseTooOld } from './schema-versions.ts'
import {
  coversDocument,
  encodeAwareness,
  encodeEmptySyncStep2,
  encodePermissionDenied,
  encodeSyncStep1,
  encodeSyncStep2,
  encodeUpdate,
  parseMessage,
  type DecodedUpdate,
} from './protocol.ts'
import { brokenRule } from './writes.ts'

export interface PeerInfo {
  id: number
  canWrite: boolean
  /** Who the peer authenticated as; awareness ids move only between connections of one identity. */
  identity: string
  /**
   * The actor every history event this peer writes must carry: its token's name. Absent when no
   * tokens are configured (loopback only), where a writer names itself.
   */
  actor?: string
  /** Whether the token says the peer is an agent (its presence badge); absent without tokens. */
  agent?: boolean
  /** The schema version the peer writes (schema-versions.ts); default: a client that did not say. */
  schema?: number
}

export type FrameKind = 'sync' | 'update' | 'awareness' | 'auth'

export interface RoomHooks {
  /**
   * `shared`: this very frame goes to every peer of the room (a relayed update or presence change)
   * and is never changed afterwards, so the transport may frame it once for all (shared-frames.ts).
   */
  send(peerId: number, frame: Uint8Array, kind: FrameKind, shared?: boolean): void
  /**
   * Appends updates durably, in order, as one write; throws (or rejects) when it cannot, and then
   * nothing of them is relayed. Returns a promise when storage answers asynchronously.
   */
  persist(updates: Uint8Array[]): void | Promise<void>
  /** Closes a peer's connection (its updates could not be stored). */
  close(peerId: number, code: number, reason: string): void
  /**
   * Runs `fn` after the current burst of messages. Default `queueMicrotask`: ws emits every frame
   * of one socket read synchronously, so the microtask runs once that read is handled, adding no
   * turn of the event loop to the relay.
   */
  defer?(fn: () => void): void
  /**
   * The document may now hold changes that are not stored: drop it and load the graph again from
   * storage. Called once, after the room has stopped relaying; the owner closes the peers.
   */
  broken?(reason: string): void
}

export interface RoomOptions {
  maxDocumentBytes: number
  maxAwarenessClients: number
  /** Bytes the document already takes in storage (snapshot plus log). */
  storedBytes: number
  /**
   * Whether updates must keep the document's rules (writes.ts). Only protocol tests that exercise
   * Yjs structure on documents outside the schema turn it off; the server never does.
   */
  rules?: boolean
  /** The newest schema a client may raise a graph to; default this build's SCHEMA_VERSION (rules.ts). */
  newestSchema?: number
  /**
   * The id of the graph the room holds: the rules then refuse items under its skeleton's client id
   * that are not the skeleton's own (skeleton-check.ts). The server's registry always gives it.
   */
  graph?: string
}

export type Receipt =
  | {
      ok: true
      kind: 'sync-step1' | 'sync-step2' | 'update' | 'awareness' | 'query-awareness'
      applied: boolean
      /** A change from a read-only peer, dropped. */
      denied?: boolean
      /** An update held back until the peer's sync step 2 brings what it builds on. */
      held?: boolean
    }
  | Rejection

export interface Rejection {
  ok: false
  breach: Breach | 'internal'
  code: number
  reason: string
}

/** Updates one peer may hold back before its sync step 2 arrives (see `applyUpdate`). */
const MAX_HELD_UPDATES = 1000
const MAX_HELD_BYTES = 16 * 1024 * 1024

interface Held {
  update: Uint8Array
  decoded: DecodedUpdate
}

class Peer {
  readonly awarenessIds = new Set<number>()
  toldReadOnly = false
  /** Whether the peer has sent its sync step 2: from then on its updates build on what we have. */
  sentState = false
  /**
   * Whether this connection has been answered one full sync step 2 (every struct it lacked and the
   * document's whole delete set): from then on it holds every deletion (see `answer`).
   */
  answeredFull = false
  /** The room's `unsettled` count when that full answer was computed (see `answer`). */
  answeredAt = 0
  held: Held[] = []
  heldBytes = 0
  constructor(readonly info: PeerInfo) {}
  get identity(): string {
    return this.info.identity
  }
}

interface Pending {
  update: Uint8Array
  origin: unknown
}

/** A sync step 2 waiting for the write that stores what it carries. */
interface Answer {
  peerId: number
  stateVector: Uint8Array
}

/** Origin of updates another server stored and published (fan-out): relayed, not stored again. */
export const REMOTE = Symbol('remote')

export class DocRoom {
  readonly presence: Presence
  /** Stored size, kept by the owner: grows with each stored update, shrinks on compaction. */
  storedBytes: number
  private readonly peers = new Map<number, Peer>()
  private pending: Pending[] = []
  private pendingBytes = 0
  private flushQueued = false
  /** The write in flight with an asynchronous store; null when none. */
  private inflight: Promise<void> | null = null
  private answers: Answer[] = []
  /** Why the room stopped: its document may differ from storage. Null while healthy. */
  private brokenBy: string | null = null
  /**
   * The document's schema version (readMeta), read once and again only after `meta` changes: every
   * update is checked against it, and reading it walks every key of `meta`.
   */
  private schema: number | null = null
  private readonly meta: Y.Map<unknown>

  constructor(
    readonly doc: Y.Doc,
    private readonly hooks: RoomHooks,
    private readonly options: RoomOptions,
  ) {
    this.storedBytes = options.storedBytes
    this.presence = new Presence(doc, options.maxAwarenessClients)
    doc.on('update', this.onUpdate)
    doc.on('afterTransaction', this.onTransaction)
    this.presence.awareness.on('update', this.onAwareness)
    this.meta = doc.getMap('meta')
    this.meta.observe(this.onMeta)
  }

  get awareness() {
    return this.presence.awareness
  }

  get peerCount(): number {
    return this.peers.size
  }

  /** Why the room stopped relaying (its document may hold changes storage does not), or null. */
  get broken(): string | null {
    return this.brokenBy
  }

  /** Registers a peer and sends it what a fresh y-websocket connection expects. */
  join(info: PeerInfo): void {
    if (this.peers.has(info.id)) throw new Error(`peer ${info.id} already joined`)
    this.peers.set(info.id, new Peer(info))
    this.hooks.send(info.id, encodeSyncStep1(this.doc), 'sync')
    const states = this.presence.snapshot()
    if (states) this.hooks.send(info.id, encodeAwareness(states), 'awareness')
  }

  /** Removes a peer; its presence is withdrawn and the others are told. */
  leave(peerId: number): void {
    const peer = this.peers.get(peerId)
    if (!peer) return
    this.peers.delete(peerId)
    this.presence.leave(peer)
  }

  receive(peerId: number, frame: Uint8Array): Receipt {
    const peer = this.peers.get(peerId)
    if (!peer) throw new Error(`peer ${peerId} is not in this room`)
    if (this.brokenBy) return reject('internal', CloseCode.internalError, this.brokenBy)
    const parsed = parseMessage(frame)
    if (!parsed.ok) return reject('malformed', CloseCode.badRequest, parsed.reason)
    const message = parsed.message
    switch (message.type) {
      case 'sync-step1':
        if (this.inflight || this.pending.length > 0) {
          this.answers.push({ peerId, stateVector: message.stateVector })
          this.flush()
        } else {
          this.hooks.send(peerId, this.answer(peer, message.stateVector), 'sync')
        }
        return { ok: true, kind: message.type, applied: false }
      case 'sync-step2': {
        const receipt = this.applyUpdate(peer, message.type, message.update, message.decoded, message.empty)
        if (!receipt.ok || peer.sentState) return receipt
        peer.sentState = true
        return this.applyHeld(peer) ?? receipt
      }
      case 'update':
        return this.applyUpdate(peer, message.type, message.update, message.decoded, message.empty)
      case 'awareness': {
        const result = this.presence.apply(peer, message.entries, peer)
        if (!result.ok)
          return reject(result.breach ?? 'spoofing', result.code ?? CloseCode.forbidden, result.reason)
        return { ok: true, kind: 'awareness', applied: result.applied }
      }
      case 'query-awareness': {
        const states = this.presence.snapshot() ?? this.presence.encode([])
        this.hooks.send(peerId, encodeAwareness(states), 'awareness')
        return { ok: true, kind: message.type, applied: false }
      }
    }
  }

  /**
   * Stores and relays updates waiting for the group commit, now. Never throws: if storage fails,
   * nothing of the batch is relayed and the room breaks (the graph is reloaded from storage).
   */
  flush(): void {
    try {
      this.commitPending()
    } catch (error) {
      if (!(error instanceof PersistError)) throw error
      this.break(`${error.message}; reconnecting retries it`)
    }
  }

  /** Whether nothing waits to be stored and no write is in flight. */
  get idle(): boolean {
    return this.inflight === null && this.pending.length === 0
  }

  /**
   * Resolves once everything written to the document so far is stored (and relayed); rejects with
   * a PersistError when storage refused it (the room is then broken).
   */
  async settled(): Promise<void> {
    for (;;) {
      if (this.brokenBy) throw new PersistError(new Error(this.brokenBy))
      if (this.inflight) await this.inflight
      else if (this.pending.length > 0) this.flush()
      else return
    }
  }

  /**
   * Applies updates another server stored (one batch, in order), and relays them to this room's
   * peers: one transaction, so the peers get one update for the batch.
   */
  applyRemote(updates: readonly Uint8Array[]): void {
    if (this.brokenBy || updates.length === 0) return
    this.doc.transact(() => {
      for (const update of updates) Y.applyUpdate(this.doc, update, REMOTE)
    }, REMOTE)
  }

  destroy(): void {
    this.flush()
    this.doc.off('update', this.onUpdate)
    this.doc.off('afterTransaction', this.onTransaction)
    this.presence.awareness.off('update', this.onAwareness)
    this.meta.unobserve(this.onMeta)
    this.presence.destroy()
    this.peers.clear()
  }

  private applyUpdate(
    peer: Peer,
    kind: 'sync-step2' | 'update',
    update: Uint8Array,
    decoded: DecodedUpdate,
    empty: boolean,
  ): Receipt {
    if (empty) return { ok: true, kind, applied: false }
    if (!peer.info.canWrite) {
      if (!peer.toldReadOnly) {
        peer.toldReadOnly = true
        const text = 'read-only access: your changes are not saved or shared'
        this.hooks.send(peer.info.id, encodePermissionDenied(text), 'auth')
      }
      return { ok: true, kind, applied: false, denied: true }
    }
    this.schema ??= readMeta(this.doc).schema
    const tooOld = refuseTooOld(this.schema, peer.info.schema ?? UNDECLARED_SCHEMA)
    if (tooOld) return tooOld
    const size = this.storedBytes + this.pendingBytes + update.length
    if (size > this.options.maxDocumentBytes) {
      const limit = this.options.maxDocumentBytes
      return reject('document_too_large', CloseCode.documentTooLarge, `document would exceed ${limit} bytes`)
    }
    const missing = missingDependency(this.doc, decoded)
    if (missing !== null) {
      // The stock client sends local edits as soon as the socket opens, before it has answered our
      // sync step 1; after an offline spell they build on edits only its step 2 will bring. Hold
      // them back (bounded) until that step 2, then apply them (applyHeld).
      if (kind === 'update' && !peer.sentState && this.hold(peer, update, decoded)) {
        return { ok: true, kind, applied: false, held: true }
      }
      // Transient: an honest client that got here (e.g. through another tab) resends all it has on
      // reconnect; a corrupt update is refused again.
      return reject(
        'missing_dependency',
        CloseCode.missingDependency,
        `update refused: ${missing}; reconnect to resync`,
      )
    }
    // The document's rules (schema, limits, append-only history stamped with the writer's name),
    // checked on the decoded update: Yjs cannot take back what it applied.
    const broken =
      this.options.rules === false
        ? null
        : brokenRule(
            this.doc,
            decoded,
            {
              actor: peer.info.actor ?? null,
              schema: peer.info.schema ?? UNDECLARED_SCHEMA,
              ...(this.options.newestSchema === undefined ? {} : { newest: this.options.newestSchema }),
            },
            this.options.graph,
          )
    if (broken !== null) return reject('broken_rule', CloseCode.brokenRule, broken)
    const queued = this.pending.length
    try {
      Y.applyUpdate(this.doc, update, peer)
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error)
      if (this.pending.length > queued) {
        // Yjs integrated part of the update before it threw: what it took in must not be stored.
        this.pending.length = queued
        this.flush()
        this.break(`an update failed halfway (${text}); the graph was reloaded from storage`)
      }
      return reject('malformed', CloseCode.badRequest, `update rejected: ${text}`)
    }
    return { ok: true, kind, applied: true }
  }

  /**
   * The sync step 2 that answers `peer`'s step 1, computed when it is due (at once, or when the write
   * it waits for is taken) and sent right after whatever the room relays before it.
   *
   * The first answer on a connection is the full one: `Y.encodeStateAsUpdate`, every struct the
   * peer's state vector lacks and the document's whole delete set. Encoding that delete set walks
   * every struct of the document (10-57 ms on a 100k-node graph, bench/reports/stall.md), and the
   * sync client asks again after its local changes (acks.ts, up to ten times a second), to learn
   * they are stored. So a later answer is the empty update when the peer's state vector covers the
   * document's, which is sound because of this invariant:
   *
   *   Once a connection has been answered in full, it holds or has been sent, in order and before
   *   any later answer, every update the document has taken: the document's `update` event is the
   *   one way in (peers, server writes, other servers' updates), and each is relayed to every peer
   *   but its origin before an answer computed after it is sent (`relay` then `send` in
   *   `commitPending`; an answer is computed at once only when nothing waits to be stored or
   *   relayed); the origin holds what it sent. A frame a connection does not get closes it
   *   (ws.ts: too slow, or closed), and a new connection starts with a full answer.
   *
   * So such a peer already holds every deletion, and with a state vector that covers the document's,
   * every struct: the answer has nothing to add, and its only news is the acknowledgement itself.
   * A deletion adds no struct, so a state vector alone never says a peer holds the deletions: a
   * client reconnecting with the same document, which missed deletions while away, has a covering
   * state vector and still gets the full answer, being a new connection. A peer that lacks structs
   * (others wrote since it asked) gets the full answer, as before.
   *
   * One way round "its origin holds what it sent": Yjs parks what it cannot apply yet (a deletion or
   * a struct whose dependencies are missing; only another server's update can bring one, applyRemote
   * after a missed fan-out message) and retries it inside the next transaction, whoever's it is. A
   * parked deletion that lands in a peer's own transaction is relayed to everyone but that peer. So
   * while anything is parked, and once after it settles, every connection's next answer is full
   * again (`unsettled` counts those transactions; a connection answered before the last one is not
   * trusted). Review, session 13: relay-probe.test.ts "a deletion parked…".
   */
  private answer(peer: Peer, stateVector: Uint8Array): Uint8Array {
    if (
      peer.answeredFull &&
      peer.answeredAt === this.unsettled &&
      !this.parked() &&
      coversDocument(stateVector, this.doc)
    )
      return encodeEmptySyncStep2()
    peer.answeredFull = true
    peer.answeredAt = this.unsettled
    return encodeSyncStep2(this.doc, stateVector)
  }

  /** Transactions that ended with something parked, or that settled what was (see `answer`). */
  private unsettled = 0
  private wasParked = false

  private parked(): boolean {
    return this.doc.store.pendingDs !== null || this.doc.store.pendingStructs !== null
  }

  private readonly onTransaction = (): void => {
    const parked = this.parked()
    if (parked || this.wasParked) this.unsettled++
    this.wasParked = parked
  }

  private hold(peer: Peer, update: Uint8Array, decoded: DecodedUpdate): boolean {
    if (peer.held.length >= MAX_HELD_UPDATES || peer.heldBytes + update.length > MAX_HELD_BYTES) return false
    peer.held.push({ update, decoded })
    peer.heldBytes += update.length
    return true
  }

  /** Applies what a peer held back before its sync step 2; what still lacks a dependency is refused. */
  private applyHeld(peer: Peer): Rejection | null {
    const held = peer.held
    peer.held = []
    peer.heldBytes = 0
    for (const { update, decoded } of held) {
      const receipt = this.applyUpdate(peer, 'update', update, decoded, false)
      if (!receipt.ok) return receipt
    }
    return null
  }

  private readonly onMeta = (): void => {
    this.schema = null
  }

  private readonly onUpdate = (update: Uint8Array, origin: unknown): void => {
    if (this.brokenBy) {
      // The document is about to be dropped; a server-side write to it must fail, not vanish.
      if (!(origin instanceof Peer)) throw new PersistError(new Error(this.brokenBy))
      return
    }
    if (origin === REMOTE) {
      // Stored by the server that took it; relayed now (it needs nothing of what waits here).
      this.relay([{ update, origin }])
      return
    }
    if (origin instanceof Peer) {
      this.pending.push({ update, origin })
      this.pendingBytes += update.length
      if (!this.flushQueued) {
        this.flushQueued = true
        const defer = this.hooks.defer ?? queueMicrotask
        defer(() => {
          this.flushQueued = false
          this.flush()
        })
      }
      return
    }
    // A write made on the server: keep order behind waiting peer updates. With a synchronous
    // store it is stored before `transact` returns, so its caller can report it saved; a
    // PersistError reaches that caller, and the room breaks: the document holds the write, storage
    // does not. With an asynchronous store the caller awaits `settled()`.
    this.pending.push({ update, origin })
    this.pendingBytes += update.length
    try {
      this.commitPending()
    } catch (error) {
      if (error instanceof PersistError) this.break(error.message)
      throw error
    }
  }

  /** Stops relaying for good and asks the owner to reload the graph from storage. */
  private break(reason: string): void {
    if (this.brokenBy) return
    this.brokenBy = reason
    this.pending = []
    this.pendingBytes = 0
    this.answers = []
    this.hooks.broken?.(reason)
  }

  /**
   * Takes what waits and stores it as one write; relays it once stored. Sync step 2 answers waiting
   * are computed now (the document holds exactly what is stored plus this write) and sent after.
   * Throws a PersistError when a synchronous store refuses; with an asynchronous one a refusal
   * breaks the room when it arrives.
   */
  private commitPending(): void {
    if (this.inflight || this.brokenBy) return
    const waiting = this.answers
    this.answers = []
    const answers: Array<{ peerId: number; frame: Uint8Array }> = []
    for (const a of waiting) {
      const peer = this.peers.get(a.peerId)
      if (peer) answers.push({ peerId: a.peerId, frame: this.answer(peer, a.stateVector) })
    }
    // A peer may leave while the write its answer waits for is in flight: it is not sent then.
    const send = () => {
      for (const a of answers) if (this.peers.has(a.peerId)) this.hooks.send(a.peerId, a.frame, 'sync')
    }
    if (this.pending.length === 0) return send()
    const batch = this.pending
    this.pending = []
    this.pendingBytes = 0
    let result: void | Promise<void>
    try {
      result = this.hooks.persist(batch.map((p) => p.update))
    } catch (error) {
      throw new PersistError(error)
    }
    if (!isPromise(result)) {
      this.relay(batch)
      return send()
    }
    this.inflight = result.then(
      () => {
        this.inflight = null
        this.relay(batch)
        send()
        if (this.pending.length > 0 || this.answers.length > 0) this.flush()
      },
      (error: unknown) => {
        this.inflight = null
        this.break(`${new PersistError(error).message}; reconnecting retries it`)
      },
    )
  }

  private relay(batch: Pending[]): void {
    if (this.brokenBy) return
    for (const { update, origin } of batch) {
      this.storedBytes += update.length
      const frame = encodeUpdate(update)
      for (const peer of this.peers.values()) {
        if (peer !== origin) this.hooks.send(peer.info.id, frame, 'update', true)
      }
    }
  }

  private readonly onAwareness = (
    change: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ): void => {
    if (this.brokenBy) return
    const clients = [...change.added, ...change.updated, ...change.removed]
    if (clients.length === 0) return
    const frame = encodeAwareness(this.presence.encode(clients))
    for (const peer of this.peers.values()) {
      if (peer !== origin) this.hooks.send(peer.info.id, frame, 'awareness', true)
    }
  }
}

/** Storage refused an update; thrown out of the doc's update event so the write fails loudly. */
export class PersistError extends Error {
  constructor(cause: unknown) {
    super(`storage refused the update (${cause instanceof Error ? cause.message : String(cause)})`, {
      cause,
    })
    this.name = 'PersistError'
  }
}

function reject(breach: Rejection['breach'], code: number, reason: string): Rejection {
  return { ok: false, breach, code, reason }
}
