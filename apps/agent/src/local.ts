/**
 * Graphs for an agent process (`plexus mcp`): each one a local Y.Doc that is an ordinary y-websocket
 * peer of a running sync server, with a copy on disk. Tools keep working on the local copy while the
 * server is away; the provider reconnects and both sides exchange what they missed when it returns.
 *
 * The disk copy is a storage adapter (file-store.ts): updates are appended as they come, in batches,
 * and folded into a snapshot now and then and when the graph is closed. Compaction folds in what
 * another agent process sharing the cache appended, so neither drops the other's offline edits.
 *
 * A tool's write is reported once the server has acknowledged it (the sync client's acks), or as kept
 * here while the server is away. A write the server drops (read-only access on that graph) or refuses
 * (a final close: a broken rule, a deleted graph) is reported as refused, and the copy that holds it is
 * thrown away and read again from the server: nothing refused stays to be shown or sent again.
 */
import { join } from 'node:path'
import { connect, describeClose, type CloseReason, type SyncConnection } from '@plexus/sync-client'
import { WebSocket } from 'ws'
import * as Y from 'yjs'
import {
  ToolError,
  colorOf,
  type ClaimAsk,
  type ClaimOutcome,
  type GraphDoc,
  type GraphInfo,
  type GraphSource,
  type OpenOptions,
  type Role,
} from '@plexus/tools'
import { SCHEMA_VERSION, graphSummary, readMeta } from '@plexus/model'
import { FileStore } from './file-store.ts'
import { claimRemotely } from './remote-claims.ts'

export interface LocalOptions {
  /** The sync server's http(s) URL; without one the graphs are local only. */
  server?: string
  token?: string
  /** Directory for the local copies. */
  cacheDir: string
  /** How long the first open of a graph waits for the server before using the local copy. */
  syncTimeoutMs?: number
  /** How long an agent stays in presence after its last call. */
  lingerMs?: number
  log?: (line: string) => void
}

interface Local {
  id: string
  doc: Y.Doc
  connection: SyncConnection | null
  /** Updates not yet on disk. */
  queue: Uint8Array[]
  /** The last sequence number this copy loaded or appended: what a compaction may replace. */
  lastSeq: number
  /** Log entries on disk since the last snapshot, as far as this process knows. */
  pending: number
  saveTimer: NodeJS.Timeout | null
  presenceTimer: NodeJS.Timeout | null
  /** Changes made here (by tools), counted: a call that made none has nothing to confirm. */
  writes: number
}

const ROLES: readonly Role[] = ['read', 'write', 'admin']

/**
 * How long a tool's answer waits for the server to acknowledge its write before saying it is kept
 * here and not yet confirmed (a slow server; an unreachable one answers at once).
 */
const ACK_WAIT_MS = 10_000

type Confirmation = { saved: true } | { saved: false; offline: boolean } | { refused: string }

const SAVE_DEBOUNCE_MS = 200
/** How long calls go on without asking again a server that gave no answer about the token's role. */
const ASK_AGAIN_MS = 30_000
/** Fold the log into the snapshot when it holds this many entries. */
const COMPACT_AFTER = 200

export class LocalGraphs implements GraphSource {
  private readonly graphs = new Map<string, Local>()
  private readonly store: FileStore
  private warnedActor = false
  /** The token's role per graph, as the server answered (tokens are read when it starts). */
  private readonly roles = new Map<string, Role | null>()
  /** The server refused the token itself (401): every call is refused with this. */
  private refusal: ToolError | undefined
  /** After the server could not be asked, calls do not wait on it again until then (ms). */
  private askAgainAt = 0
  /** Why the server could not be asked, last time; per graph, for the graphs asked about since. */
  private unchecked: string | undefined
  private readonly uncheckedOn = new Map<string, string>()

  constructor(private readonly options: LocalOptions) {
    this.store = new FileStore(
      options.server ? join(options.cacheDir, cacheName(options.server)) : join(options.cacheDir, 'local'),
    )
  }

  /**
   * The token's role on `id`, asked of the server once per graph (`/api/identity?graph=`), so a call
   * the server would drop is refused here, before the copy changes. Without a server or a token
   * nothing limits the copies ('admin'). When the server cannot be asked (unreachable, 5xx, 429) the
   * role is unknown and taken as 'read': the copy is read, and every change is refused with the
   * reason (`roleUnchecked`) until the server answers. An unknown role never writes (issue 23).
   */
  async role(id: string): Promise<Role | null> {
    const { server, token } = this.options
    if (!server || !token) return 'admin'
    if (this.refusal) throw this.refusal
    const known = this.roles.get(id)
    if (known !== undefined) return known
    // Offline, a call works on the copy at once instead of waiting for the server on every call.
    if (Date.now() < this.askAgainAt)
      return this.unasked(id, this.unchecked ?? 'the server could not be asked')
    try {
      const url = new URL('/api/identity', server)
      url.searchParams.set('graph', id)
      const res = await fetch(url, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(5000),
      })
      // The server is up and refuses the token: no copy it would take should be written, and the
      // caller is told why (it was told the server was unreachable, or the graph did not exist).
      // Remembered: the token is the process's, and failed logins are throttled (429) after a few.
      if (res.status === 401)
        this.refusal = new ToolError(
          `${server} refused this agent's token (HTTP ${res.status}), so nothing was changed: check --token or PLEXUS_TOKEN`,
          'forbidden',
        )
      if (this.refusal) throw this.refusal
      if (!res.ok) return this.unasked(id, `${server} answered HTTP ${res.status}`)
      const body = (await res.json()) as { graph_role?: unknown }
      const role = body.graph_role === null ? null : ROLES.find((r) => r === body.graph_role)
      if (role === undefined) return this.unasked(id, `${server} gave no role in its answer`)
      this.roles.set(id, role)
      this.uncheckedOn.delete(id)
      return role
    } catch (error) {
      if (error instanceof ToolError) throw error
      // Only a server that does not answer makes calls wait: only then are the next calls spared it.
      const timedOut = error instanceof Error && error.name === 'TimeoutError'
      return this.unasked(
        id,
        `${server} ${timedOut ? 'gave no answer in 5 s' : 'is not reachable'}`,
        timedOut,
      )
    }
  }

  /** The role while it cannot be asked: read, never more; the reason is kept for the refusal. */
  private unasked(id: string, reason: string, waitBeforeAsking = false): Role {
    if (waitBeforeAsking) {
      this.askAgainAt = Date.now() + ASK_AGAIN_MS
      this.unchecked = reason
    }
    this.uncheckedOn.set(id, reason)
    return 'read'
  }

  /**
   * Why the role on `id` is unknown, when it is (the server could not be asked): a refused change says
   * so instead of blaming a role the token may not have. The caller is told to retry, so the next
   * call asks the server again at once.
   */
  roleUnchecked(id: string): string | undefined {
    const reason = this.uncheckedOn.get(id)
    if (reason !== undefined) this.askAgainAt = 0
    return reason
  }

  async list(): Promise<GraphInfo[]> {
    const out = new Map<string, GraphInfo>()
    for (const { id } of this.store.list()) out.set(id, { id, title: id, nodes: null, edges: null })
    for (const g of await this.remote()) out.set(g.id, g)
    for (const l of this.graphs.values()) {
      if (!readMeta(l.doc).root) continue
      const s = graphSummary(l.doc)
      out.set(l.id, { id: l.id, title: s.title || l.id, nodes: s.nodes, edges: s.edges })
    }
    return [...out.values()]
  }

  /** The tools' door (GraphSource): a graph this copy, its cache or the server holds; null for another. */
  async open(id: string, opts?: OpenOptions): Promise<GraphDoc | null> {
    if (!opts?.create && !(await this.has(id))) return null
    return this.copy(id)
  }

  private async has(id: string): Promise<boolean> {
    const l = this.graphs.get(id)
    if (l && l.doc.store.clients.size > 0) return true
    if (this.store.has(id)) return true
    return (await this.remote()).some((g) => g.id === id)
  }

  /** This agent's copy of `id`, loaded from the cache and synced with the server, made when there is none. */
  async copy(id: string): Promise<GraphDoc> {
    let l = this.graphs.get(id)
    if (!l) {
      l = this.load(id)
      this.graphs.set(id, l)
      const cached = l.doc.store.clients.size > 0
      const synced = await this.waitSynced(l)
      if (!synced && !cached && l.connection) {
        this.drop(l)
        throw new ToolError(
          `cannot reach ${this.options.server} to load graph ${id}, and there is no local copy of it yet; retry when the server is up`,
          'offline',
        )
      }
    }
    const local = l
    const before = local.writes
    return {
      doc: local.doc,
      release: () => {},
      saved: (call) => (call?.wrote === false ? Promise.resolve() : this.confirm(local, before)),
      claim: (actor, ask) => this.claimNext(id, actor, ask),
    }
  }

  /**
   * Resolves once the server has acknowledged what the calling tool wrote (or at once when it wrote
   * nothing, or the server is away: the copy keeps it and syncs later). Throws a ToolError when the
   * server dropped or refused it; the copy is then thrown away and read again from the server.
   */
  private async confirm(l: Local, before: number): Promise<void> {
    const c = l.connection
    if (!c || l.writes === before) return
    const outcome = await new Promise<Confirmation>((resolve) => {
      const cleanups: Array<() => void> = []
      const done = (o: Confirmation) => {
        for (const f of cleanups) f()
        resolve(o)
      }
      const check = () => {
        if (c.readOnly)
          return done({ refused: 'read-only access: this token may read this graph, not change it' })
        if (c.pending === 0) return done({ saved: true })
        if (!c.provider.wsconnected) return done({ saved: false, offline: true })
      }
      const onClose = (close: CloseReason) =>
        close.final ? done({ refused: describeClose(close) }) : check()
      c.on('pending', check)
      c.on('readOnly', check)
      c.on('close', onClose)
      const timer = setTimeout(() => done({ saved: false, offline: false }), ACK_WAIT_MS)
      timer.unref()
      cleanups.push(
        () => c.off('pending', check),
        () => c.off('readOnly', check),
        () => c.off('close', onClose),
        () => clearTimeout(timer),
      )
      check()
    })
    if (!('refused' in outcome)) return
    this.discard(l)
    throw new ToolError(
      `graph ${l.id}: the server refused this change (${outcome.refused}); it was not saved, and this agent's copy of the graph is read again from the server`,
      'refused',
    )
  }

  present(graph: string, actor: string, node: string | null): void {
    const l = this.graphs.get(graph)
    if (!l?.connection) return
    l.connection.awareness.setLocalState({
      user: { name: actor, color: colorOf(actor), kind: 'agent' },
      node,
    })
    if (l.presenceTimer) clearTimeout(l.presenceTimer)
    l.presenceTimer = setTimeout(
      () => l.connection?.awareness.setLocalState(null),
      this.options.lingerMs ?? 60_000,
    )
    l.presenceTimer.unref()
  }

  /** Claims through the server while it is reachable (remote-claims.ts); `offline` otherwise. */
  private async claimNext(graph: string, actor: string, ask: ClaimAsk): Promise<ClaimOutcome | 'offline'> {
    if (!this.options.server) return 'offline'
    await this.copy(graph)
    const l = this.graphs.get(graph)
    if (!l?.connection) return 'offline'
    const { server, token } = this.options
    const out = await claimRemotely({
      server,
      token,
      graph,
      doc: l.doc,
      connection: l.connection,
      actor,
      ask,
    })
    if (out !== 'offline' && out.ok && out.actor && out.actor !== actor && !this.warnedActor) {
      // The token names who claims; writes made here carry --as. Said once, on stderr (stdout is the protocol).
      this.warnedActor = true
      process.stderr.write(
        `plexus mcp: claims are made as "${out.actor}" (the token's name), but this agent writes as "${actor}"; start it with --as ${out.actor}\n`,
      )
    }
    return out
  }

  /** Whether each open graph is synced with the server, and its changes the server has not acknowledged. */
  status(): Array<{ id: string; synced: boolean; pending: number }> {
    return [...this.graphs.values()].map((l) => ({
      id: l.id,
      synced: !!l.connection?.synced,
      pending: l.connection?.pending ?? 0,
    }))
  }

  /** Saves every copy and disconnects. */
  close(): void {
    for (const l of this.graphs.values()) this.drop(l)
    this.graphs.clear()
  }

  private load(id: string): Local {
    const doc = new Y.Doc()
    const stored = this.store.load(id)
    if (stored) {
      const parts = [...(stored.snapshot ? [stored.snapshot] : []), ...stored.updates]
      doc.transact(() => parts.forEach((u) => Y.applyUpdate(doc, u, 'cache')), 'cache')
    }
    const l: Local = {
      id,
      doc,
      connection: null,
      queue: [],
      lastSeq: stored?.lastSeq ?? 0,
      pending: stored?.updates.length ?? 0,
      saveTimer: null,
      presenceTimer: null,
      writes: 0,
    }
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === 'cache') return
      if (origin !== l.connection?.provider) l.writes++
      l.queue.push(update)
      l.saveTimer ??= setTimeout(() => this.save(l), SAVE_DEBOUNCE_MS)
    })
    if (this.options.server) {
      const c = connect(doc, {
        url: wsUrl(this.options.server),
        graph: id,
        token: this.options.token ?? null,
        // The schema this build writes: the server refuses changes from builds older than a graph.
        schema: SCHEMA_VERSION,
        // What the file cache loads was counted when it was written.
        storage: { origin: 'cache' },
        WebSocket,
        maxBackoffMs: 2500,
      })
      c.on('status', (status) => this.options.log?.(`plexus mcp: ${id} ${status}`))
      c.on('close', (close) => {
        if (close.kind !== 'network')
          this.options.log?.(`plexus mcp: ${id} closed by the server: ${describeClose(close)}`)
      })
      l.connection = c
    }
    return l
  }

  private waitSynced(l: Local): Promise<boolean> {
    return l.connection ? l.connection.whenSynced(this.options.syncTimeoutMs ?? 3000) : Promise.resolve(true)
  }

  /** Appends what arrived since the last save as one entry; compacts when the log has grown. */
  private save(l: Local): void {
    if (l.saveTimer) clearTimeout(l.saveTimer)
    l.saveTimer = null
    if (!l.queue.length) return
    const batch = l.queue.splice(0)
    l.lastSeq = this.store.appendMany(l.id, batch)
    l.pending++
    if (l.pending >= COMPACT_AFTER) this.compact(l)
  }

  private compact(l: Local): void {
    if (l.pending < 2) return
    this.store.compact(l.id, { snapshot: Y.encodeStateAsUpdate(l.doc), throughSeq: l.lastSeq })
    l.pending = 0
  }

  /** Forgets a copy that holds what the server refused: in memory and on disk, unsaved. */
  private discard(l: Local): void {
    if (l.saveTimer) clearTimeout(l.saveTimer)
    if (l.presenceTimer) clearTimeout(l.presenceTimer)
    l.queue = []
    l.connection?.destroy()
    l.doc.destroy()
    this.graphs.delete(l.id)
    this.store.remove(l.id)
  }

  private drop(l: Local): void {
    if (l.presenceTimer) clearTimeout(l.presenceTimer)
    this.save(l)
    this.compact(l)
    l.connection?.destroy()
    l.doc.destroy()
    this.graphs.delete(l.id)
  }

  private async remote(): Promise<GraphInfo[]> {
    if (!this.options.server) return []
    try {
      const res = await fetch(`${this.options.server.replace(/\/$/, '')}/api/graphs`, {
        headers: this.options.token ? { Authorization: `Bearer ${this.options.token}` } : {},
        signal: AbortSignal.timeout(2000),
      })
      if (!res.ok) return []
      const body = (await res.json()) as {
        graphs?: Array<{ id: string; title?: string; nodes?: number | null; edges?: number | null }>
      }
      return (body.graphs ?? []).map((g) => ({
        id: g.id,
        title: g.title ?? g.id,
        nodes: g.nodes ?? null,
        edges: g.edges ?? null,
      }))
    } catch {
      return []
    }
  }
}

/** `http://host:port` -> `ws://host:port/sync` (y-websocket appends `/<graph>`). */
export function wsUrl(server: string): string {
  return server.replace(/\/$/, '').replace(/^http/, 'ws') + '/sync'
}

/** One cache folder per server, so two servers' graphs with the same id never mix. */
function cacheName(server: string): string {
  try {
    const u = new URL(server)
    return `${u.hostname}_${u.port || (u.protocol === 'https:' ? '443' : '80')}`.replace(
      /[^a-zA-Z0-9._-]/g,
      '_',
    )
  } catch {
    return server.replace(/[^a-zA-Z0-9._-]/g, '_').slice(0, 100)
  }
}
