import { SCHEMA_VERSION, counts, meta, openGraph, undoManager, type Graph } from '@plexus/model'
import { connect, newId, type SyncConnection } from '@plexus/sync-client'
import type { Awareness } from 'y-protocols/awareness'
import * as Y from 'yjs'
import { actorOf, type Identity } from '../identity.ts'
import { db, type LocalGraph } from './db.ts'
import { DexiePersistence } from './persistence.ts'
import { serverActor, token, syncUrl } from './server-api.ts'
import { refused } from './sign-in.ts'
import { SyncTracker, keptPending } from './status.ts'
import { SchemaGuard } from './versions.ts'

export interface PresenceUser {
  /** The display name the peer chose. */
  name: string
  color: string
  /** Set by the server from the connection's token, not by the peer. */
  kind: 'person' | 'agent'
  /** The identity the server knows the peer as (its token's name, or `local`); absent offline. */
  identity?: string
}

/** What a peer publishes in awareness. Agents set `node`; people set `cursor` and `selection`. */
export interface PresenceState {
  user?: PresenceUser
  cursor?: { x: number; y: number } | null
  selection?: string[]
  node?: string
}

/**
 * One open graph: its Y.Doc, the graph handles over it, IndexedDB persistence, the connection to the
 * server (@plexus/sync-client), awareness, undo of this person's changes, and the sync status.
 *
 * The document is filled from IndexedDB before the connection opens, so the first render never waits
 * for the network. Two handles write to the document: `g` for what the person does (tracked by undo)
 * and `sys` for what the app does on its own (placing nodes that arrived without a position), which
 * Ctrl+Z must not undo.
 *
 * Undo (the model's undoManager) tracks `nodes` and `edges`, not `history`: history is append-only
 * (the server refuses a delete of an event), so an undone edit keeps the event that recorded it; so
 * is evidence, so an undone step keeps the evidence it added.
 */
export class GraphSession {
  readonly doc = new Y.Doc()
  readonly persistence: DexiePersistence
  readonly ready: Promise<void>
  g!: Graph
  sys!: Graph
  connection!: SyncConnection
  undo!: Y.UndoManager
  tracker!: SyncTracker
  /** Read-only when this build is older than the graph (versions.ts). */
  guard!: SchemaGuard
  /** Stored updates read at open: 0 means the device had never seen this graph. */
  storedUpdates = 0
  loadMs = 0
  private recordTimer: ReturnType<typeof setTimeout> | null = null
  /** When this device last saw the document change (0: not since it was opened). */
  private lastChange = 0
  private destroyed = false
  private readonly cleanups: Array<() => void> = []

  constructor(
    readonly id: string,
    readonly identity: Identity,
  ) {
    this.persistence = new DexiePersistence(id, this.doc)
    this.ready = this.start()
  }

  private async start(): Promise<void> {
    const t0 = performance.now()
    performance.mark('plexus:idb-start')
    const [stored, record, tokenActor] = await Promise.all([
      this.persistence.load(),
      db()
        .graphs.get(this.id)
        .catch(() => undefined),
      // With tokens the server requires the token's name in history; the display name stays this.identity's.
      serverActor(),
    ])
    this.storedUpdates = stored
    this.storedChange = record?.updated_at ?? 0
    performance.mark('plexus:idb-loaded')
    this.loadMs = performance.now() - t0
    const env = { actor: tokenActor ?? actorOf(this.identity), now: () => Date.now(), newId }
    this.g = openGraph(this.doc, env)
    performance.mark('plexus:index-built')
    this.sys = openGraph(this.doc, env)
    this.undo = undoManager(this.g, { captureTimeout: 400 })
    if (this.destroyed) return
    // Not connected yet: the first render comes from IndexedDB alone, then `connect()` (after paint).
    this.connection = connect(this.doc, {
      url: syncUrl(),
      graph: this.id,
      token: token(),
      schema: SCHEMA_VERSION,
      storage: { origin: this.persistence, pending: keptPending(`plexus.pending.${this.id}`) },
      connect: false,
      maxBackoffMs: 5000,
      crossTab: true,
    })
    this.awareness.setLocalState({
      user: { name: this.identity.name, color: this.identity.color, kind: 'person' },
      cursor: null,
      selection: [],
    } satisfies PresenceState)
    this.guard = new SchemaGuard(this.doc, this.connection, this.sys.origin)
    this.tracker = new SyncTracker(this.connection)
    // The server wants a (valid) token: the sign-in prompt opens; this is not "offline".
    const onClose = (close: { kind: string }) => close.kind === 'unauthorized' && refused()
    this.connection.on('close', onClose)
    this.cleanups.push(() => this.connection.off('close', onClose))
    const online = () => {
      this.tracker.setOnline(true)
      if (this.wantConnection) this.connection.connect()
    }
    const offline = () => {
      this.tracker.setOnline(false)
      this.connection.disconnect()
    }
    window.addEventListener('online', online)
    window.addEventListener('offline', offline)
    this.cleanups.push(() => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
    })
    // Leaving the page runs no React cleanup: write the home page's line now if it is due.
    const onHide = () => {
      if (!this.recordTimer) return
      clearTimeout(this.recordTimer)
      this.recordTimer = null
      this.writeRecordNow()
    }
    window.addEventListener('pagehide', onHide)
    this.cleanups.push(() => window.removeEventListener('pagehide', onHide))
    const onUpdate = (_u: Uint8Array, origin: unknown) => {
      if (origin !== this.persistence) this.lastChange = Date.now()
      this.scheduleRecord()
    }
    this.doc.on('update', onUpdate)
    this.cleanups.push(() => this.doc.off('update', onUpdate))
    this.scheduleRecord(1500)
  }

  /** The home page's line for this graph, refreshed a moment after changes. */
  private scheduleRecord(delay = 1000): void {
    if (this.recordTimer) return
    this.recordTimer = setTimeout(() => {
      this.recordTimer = null
      void this.writeRecord()
    }, delay)
  }

  /** The home page's line for this graph, from the live document. */
  private record(): LocalGraph | null {
    const m = meta(this.g)
    if (m.schema === 0) return null
    const c = counts(this.g)
    let edges = 0
    for (const e of this.g.index.edges.values())
      if (this.g.index.live(e.from) && this.g.index.live(e.to)) edges++
    return {
      id: this.id,
      title: m.title || this.id,
      nodes: c.total,
      edges,
      actionable: c.actionable,
      resolved: c.resolved,
      updated_at: this.lastChange || this.storedChange || Date.now(),
      opened_at: Date.now(),
    }
  }

  async writeRecord(): Promise<void> {
    if (this.destroyed) return
    const r = this.record()
    if (r) await db().graphs.put(r)
  }

  /**
   * As the page goes away no promise is resolved again, so the record is written with one raw
   * IndexedDB request on Dexie's open connection, issued synchronously.
   */
  private writeRecordNow(): void {
    const r = this.record()
    const idb = db().isOpen() ? db().backendDB() : null
    if (!r || !idb) return
    try {
      const tx = idb.transaction('graphs', 'readwrite')
      tx.objectStore('graphs').put(r)
      tx.commit()
    } catch {
      // the connection is closing: the line stays as it was
    }
  }

  /** When the stored record says the graph last changed (read once at open). */
  private storedChange = 0

  private wantConnection = false

  /** Starts syncing with the server (now, or when the browser is back online). Idempotent. */
  connect(): void {
    if (this.destroyed || !this.connection) return
    this.wantConnection = true
    // Other tabs of this graph sync with this one, online or not (a no-op until one is found).
    this.connection.joinTabs()
    if (navigator.onLine) this.connection.connect()
    this.tracker.recompute()
  }

  /** Presence of everyone on this graph, this tab included. */
  get awareness(): Awareness {
    return this.connection.awareness
  }

  /** Connects once the page has painted what IndexedDB had: syncing a large graph costs main-thread time. */
  connectAfterPaint(): void {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => this.connect(), 0)))
  }

  setPresence(fields: Partial<PresenceState>): void {
    if (!this.connection) return
    const cur = (this.awareness.getLocalState() ?? {}) as PresenceState
    this.awareness.setLocalState({ ...cur, ...fields })
  }

  private closing = false

  async destroy(): Promise<void> {
    if (this.closing) return
    this.closing = true
    await this.ready.catch(() => {})
    if (this.recordTimer) {
      // The home page's line would otherwise miss the last changes.
      clearTimeout(this.recordTimer)
      this.recordTimer = null
      await this.writeRecord().catch(() => {})
    }
    this.destroyed = true
    for (const c of this.cleanups) c()
    this.tracker?.destroy()
    this.guard?.destroy()
    this.connection?.awareness.setLocalState(null)
    this.connection?.destroy()
    this.undo?.destroy()
    await this.persistence.destroy()
    this.doc.destroy()
  }
}

// ---- a small cache so navigating home -> graph -> home reuses an open session --------------------------

const sessions = new Map<
  string,
  { session: GraphSession; refs: number; timer: ReturnType<typeof setTimeout> | null }
>()

export function acquireSession(id: string, identity: Identity): GraphSession {
  let entry = sessions.get(id)
  if (!entry) sessions.set(id, (entry = { session: new GraphSession(id, identity), refs: 0, timer: null }))
  if (entry.timer) clearTimeout(entry.timer)
  entry.timer = null
  entry.refs++
  return entry.session
}

export function releaseSession(session: GraphSession, delayMs = 3000): void {
  const entry = sessions.get(session.id)
  if (!entry || entry.session !== session) return
  entry.refs--
  if (entry.refs > 0) return
  entry.timer = setTimeout(() => {
    sessions.delete(session.id)
    void session.destroy()
  }, delayMs)
}

/** Closes a graph's session at once (before deleting the graph). */
export async function closeSession(id: string): Promise<void> {
  const entry = sessions.get(id)
  if (!entry) return
  sessions.delete(id)
  if (entry.timer) clearTimeout(entry.timer)
  await entry.session.destroy()
}
