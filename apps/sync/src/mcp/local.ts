/**
 * Graphs for an agent process (`plexus mcp`): each one a local Y.Doc that is an ordinary y-websocket
 * peer of a running sync server, with a copy on disk. Tools keep working on the local copy while the
 * server is away; the provider reconnects and both sides exchange what they missed when it returns.
 *
 * The disk copy is written as a merge with what the file already holds, so two agent processes
 * sharing a cache never drop each other's offline edits (Yjs updates merge like the documents do).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import type { ClaimOutcome } from '../claims.ts'
import { ToolError, type ClaimAsk, type GraphDoc, type GraphInfo, type GraphSource } from './context.ts'
import { SCHEMA_VERSION, graphSummary, jitteredWebSocket, readMeta } from '@plexus/model'
import { colorOf } from './presence.ts'
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
  provider: WebsocketProvider | null
  file: string
  saveTimer: NodeJS.Timeout | null
  presenceTimer: NodeJS.Timeout | null
}

const SAVE_DEBOUNCE_MS = 200

export class LocalGraphs implements GraphSource {
  private readonly graphs = new Map<string, Local>()
  private readonly dir: string
  private warnedActor = false

  constructor(private readonly options: LocalOptions) {
    this.dir = options.server
      ? join(options.cacheDir, cacheName(options.server))
      : join(options.cacheDir, 'local')
    mkdirSync(this.dir, { recursive: true })
  }

  async list(): Promise<GraphInfo[]> {
    const out = new Map<string, GraphInfo>()
    for (const f of readdirSync(this.dir)) {
      if (f.endsWith('.yjs'))
        out.set(f.slice(0, -4), { id: f.slice(0, -4), title: f.slice(0, -4), nodes: null, edges: null })
    }
    for (const g of await this.remote()) out.set(g.id, g)
    for (const l of this.graphs.values()) {
      if (!readMeta(l.doc).root) continue
      const s = graphSummary(l.doc)
      out.set(l.id, { id: l.id, title: s.title || l.id, nodes: s.nodes, edges: s.edges })
    }
    return [...out.values()]
  }

  async exists(id: string): Promise<boolean> {
    const l = this.graphs.get(id)
    if (l && l.doc.store.clients.size > 0) return true
    if (existsSync(this.fileOf(id))) return true
    return (await this.remote()).some((g) => g.id === id)
  }

  async open(id: string): Promise<GraphDoc> {
    let l = this.graphs.get(id)
    if (!l) {
      l = this.load(id)
      this.graphs.set(id, l)
      const cached = l.doc.store.clients.size > 0
      const synced = await this.waitSynced(l)
      if (!synced && !cached && l.provider) {
        this.drop(l)
        throw new ToolError(
          `cannot reach ${this.options.server} to load graph ${id}, and there is no local copy of it yet; retry when the server is up`,
          'offline',
        )
      }
    }
    return { doc: l.doc, release: () => {} }
  }

  present(graph: string, actor: string, node: string | null): void {
    const l = this.graphs.get(graph)
    if (!l?.provider) return
    l.provider.awareness.setLocalState({ user: { name: actor, color: colorOf(actor), kind: 'agent' }, node })
    if (l.presenceTimer) clearTimeout(l.presenceTimer)
    l.presenceTimer = setTimeout(
      () => l.provider?.awareness.setLocalState(null),
      this.options.lingerMs ?? 60_000,
    )
    l.presenceTimer.unref()
  }

  /** Claims through the server while it is reachable (remote-claims.ts); `offline` otherwise. */
  async claimNext(graph: string, actor: string, ask: ClaimAsk): Promise<ClaimOutcome | 'offline'> {
    if (!this.options.server) return 'offline'
    await this.open(graph)
    const l = this.graphs.get(graph)
    if (!l?.provider) return 'offline'
    const { server, token } = this.options
    const out = await claimRemotely({ server, token, graph, doc: l.doc, provider: l.provider, actor, ask })
    if (out !== 'offline' && out.ok && out.actor && out.actor !== actor && !this.warnedActor) {
      // The token names who claims; writes made here carry --as. Said once, on stderr (stdout is the protocol).
      this.warnedActor = true
      process.stderr.write(
        `plexus mcp: claims are made as "${out.actor}" (the token's name), but this agent writes as "${actor}"; start it with --as ${out.actor}\n`,
      )
    }
    return out
  }

  /** Whether each open graph is connected and synced with the server. */
  status(): Array<{ id: string; synced: boolean }> {
    return [...this.graphs.values()].map((l) => ({ id: l.id, synced: !!l.provider?.synced }))
  }

  /** Saves every copy and disconnects. */
  close(): void {
    for (const l of this.graphs.values()) this.drop(l)
    this.graphs.clear()
  }

  private fileOf(id: string): string {
    return join(this.dir, `${id}.yjs`)
  }

  private load(id: string): Local {
    const doc = new Y.Doc()
    const file = this.fileOf(id)
    if (existsSync(file)) Y.applyUpdate(doc, readFileSync(file), 'cache')
    const l: Local = { id, doc, provider: null, file, saveTimer: null, presenceTimer: null }
    doc.on('update', (_u: Uint8Array, origin: unknown) => {
      if (origin !== 'cache' && !l.saveTimer) l.saveTimer = setTimeout(() => this.save(l), SAVE_DEBOUNCE_MS)
    })
    if (this.options.server) {
      l.provider = new WebsocketProvider(wsUrl(this.options.server), id, doc, {
        // Random delays between reconnects, so agents do not all come back at once after a restart.
        WebSocketPolyfill: jitteredWebSocket(
          WebSocket as unknown as Parameters<typeof jitteredWebSocket>[0],
        ) as unknown as typeof globalThis.WebSocket,
        // The schema this build writes: the server refuses changes from builds older than a graph.
        params: {
          schema: String(SCHEMA_VERSION),
          ...(this.options.token ? { token: this.options.token } : {}),
        },
        disableBc: true,
        maxBackoffTime: 2500,
      })
      l.provider.on('status', ({ status }) => this.options.log?.(`plexus mcp: ${id} ${status}`))
    }
    return l
  }

  private waitSynced(l: Local): Promise<boolean> {
    const p = l.provider
    if (!p) return Promise.resolve(true)
    if (p.synced) return Promise.resolve(true)
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer)
        p.off('sync', onSync)
        resolve(ok)
      }
      const onSync = (synced: boolean) => synced && done(true)
      const timer = setTimeout(() => done(false), this.options.syncTimeoutMs ?? 3000)
      p.on('sync', onSync)
    })
  }

  private save(l: Local): void {
    if (l.saveTimer) clearTimeout(l.saveTimer)
    l.saveTimer = null
    if (l.doc.store.clients.size === 0) return
    let update = Y.encodeStateAsUpdate(l.doc)
    if (existsSync(l.file)) {
      try {
        update = Y.mergeUpdates([readFileSync(l.file), update])
      } catch (error) {
        this.options.log?.(`plexus mcp: ${l.file} was unreadable and is rewritten: ${String(error)}`)
      }
    }
    const tmp = `${l.file}.${process.pid}.tmp`
    writeFileSync(tmp, update)
    renameSync(tmp, l.file)
  }

  private drop(l: Local): void {
    if (l.presenceTimer) clearTimeout(l.presenceTimer)
    this.save(l)
    l.provider?.destroy()
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
