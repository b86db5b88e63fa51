/**
 * `startServer(config)`: the whole server on one port (HTTP app, WebSocket sync, store), returning
 * `{ url, port, docs, close() }`. Used by the CLI, tests, e2e and benchmarks.
 *
 * The data directory holds `plexus.db` (the store) and, while a server runs, `server.json`
 * ({ pid, url }): the CLI reads it to go through the running server instead of writing the file
 * behind its back, and a second server on the same directory refuses to start.
 */
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createAdaptorServer } from '@hono/node-server'
import { createApp } from './http/app.ts'
import { Drain } from './http/drain.ts'
import { CONNECTION_CHECK_MS, boundConnections } from './access/connections.ts'
import { Auth } from './access/auth.ts'
import { checkExposure, resolveConfig, type ServerConfig } from './cli/config.ts'
import { DocRegistry } from './graphs/registry.ts'
import { Offload } from './graphs/offload.ts'
import { summarize } from './graphs/model-calls.ts'
import { Metrics } from './graphs/metrics.ts'
import { Guard, defaultAllowedHosts, isLoopbackHost } from './access/origin.ts'
import { SqliteStore } from './storage/sqlite-store.ts'
import { LoginThrottle } from './access/throttle.ts'
import type { StorageAdapter } from './storage/adapter.ts'
import { VERSION } from './sync-version.ts'
import { DB_FILE, SERVER_FILE, runningServer, type ServerFile } from '@plexus/sync-client/server-file'
import { attachSync } from './http/ws.ts'
import { createMcpEndpoint } from './http/mcp/http.ts'
import { InProcessArbiter, type ClaimArbiter } from './claims/arbiter.ts'
import { PgArbiter } from './claims/pg-arbiter.ts'
import { ReconciledFanout } from './fanout/reconcile.ts'
import { StaleTaskSweep } from './graphs/stale-sweep.ts'
import type { PgStore } from './storage/postgres/pg-store.ts'
import type { RedisFanout } from './fanout/fanout.ts'

export interface StartOptions extends Partial<Omit<ServerConfig, 'limits'>> {
  limits?: Partial<ServerConfig['limits']>
  /** Where status lines go; defaults to nowhere. */
  log?: (line: string) => void
  /** Use this store instead of `plexus.db` in the data directory. */
  store?: StorageAdapter
  /** Channel prefix for Redis fan-out (tests keep runs apart with it). */
  fanoutPrefix?: string
  /** Use this fan-out instead of opening one on `redisUrl`; the caller closes it, as a given store. */
  fanout?: RedisFanout
  heartbeatMs?: number
  keepaliveMs?: number
  /**
   * The newest schema clients may raise a graph to: this build's SCHEMA_VERSION. The e2e suite
   * raises it by one to stand in for a newer server, whose graphs this build's web app must open
   * read-only (docs/versions.md).
   */
  newestSchema?: number
  /**
   * Compaction folds the stored log in the offload worker instead of on the request thread (on by
   * default; false folds it on the request thread, as before). A stop never starts the worker only to
   * compact (graphs/registry.ts): that held a stop for as long as the worker took to boot, 14 s at load 15.
   */
  compactInWorker?: boolean
  /**
   * Builds (imports, facts) with less input than this many characters run on the request thread,
   * larger ones in the offload worker (imports.ts). Default 16 K; tests lower it to send small
   * generated builds through the worker.
   */
  buildInlineChars?: number
  /** The server's clock, for the stale-task sweep and the tools (default Date.now; tests inject one). */
  now?: () => number
  /**
   * How often the server sweeps its loaded graphs for seed 002's stale tasks (graphs/stale-sweep.ts;
   * default a minute, the timeout's unit); 0 never on its own. Tests sweep often, or never.
   */
  staleSweepMs?: number
}

export interface RunningServer {
  /** `http://host:port` (no trailing slash); WebSocket sync is at `ws://host:port/sync/:graph`. */
  url: string
  port: number
  config: ServerConfig
  docs: DocRegistry
  metrics: Metrics
  /** The worker that does whole-document work; `onStart` says when a job reached it. */
  offload: Offload
  /** Seed 002's stale-task reset over the loaded graphs (graphs/stale-sweep.ts). */
  staleTasks: StaleTaskSweep
  close(): Promise<void>
}

export class StartError extends Error {
  override name = 'StartError'
}

/** How often the server sweeps for stale tasks: the timeout is in minutes. */
const STALE_SWEEP_MS = 60_000

/** How long a stopping server waits for the requests under way to be answered. */
const DRAIN_MS = 10_000

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const defaults = resolveConfig({}, {})
  if (!defaults.ok) throw new StartError(defaults.message)
  const {
    log = () => {},
    store: givenStore,
    fanout: givenFanout,
    fanoutPrefix,
    heartbeatMs,
    keepaliveMs,
    limits,
    newestSchema,
    buildInlineChars,
    now = Date.now,
    staleSweepMs = STALE_SWEEP_MS,
    ...rest
  } = options
  const config: ServerConfig = { ...defaults.value, ...rest, limits: { ...defaults.value.limits, ...limits } }
  const exposure = checkExposure(config)
  if (!exposure.ok) throw new StartError(exposure.message)

  const other = runningServer(config.dataDir)
  if (other) {
    throw new StartError(`another Plexus server (pid ${other.pid}, ${other.url}) is using ${config.dataDir}`)
  }
  let store: StorageAdapter
  let fanout: RedisFanout | undefined = givenFanout
  // PostgreSQL's and Redis's drivers (pg, ioredis: about a second of a start on a busy machine) are
  // loaded only when configured (storage/drivers-on-demand.test.ts).
  const backends =
    (!givenStore && config.databaseUrl) || (config.redisUrl && !fanout)
      ? await import('./cli/backends.ts')
      : null
  try {
    store = givenStore ?? (config.databaseUrl ? await backends!.openPostgres(config, log) : openStore(config))
    if (config.redisUrl && !fanout) fanout = await backends!.openFanout(config, log, fanoutPrefix)
  } catch (error) {
    if (backends && error instanceof backends.BackendError) throw new StartError(error.message)
    throw error
  }
  const pgStore = await asPostgres(store)
  const release = async () => {
    if (!givenFanout) await fanout?.close()
    if (!givenStore) await store.close()
  }
  const started = performance.now()
  const uptime = () => (performance.now() - started) / 1000
  const metrics = new Metrics()
  const throttle = new LoginThrottle({
    burst: config.limits.authFailureBurst,
    refillMs: config.limits.authFailureRefillMs,
    log,
    now: () => performance.now(),
  })
  const auth = new Auth(config.tokens, throttle)
  const guard = new Guard({
    allowedHosts: defaultAllowedHosts(config.host, config.allowedHosts),
    allowedOrigins: config.allowedOrigins,
  })
  // Several servers on PostgreSQL: a periodic look at the log fills what fan-out never announced.
  const reconciled =
    fanout && pgStore
      ? new ReconciledFanout(fanout, pgStore.pool, { intervalMs: config.reconcileMs, log })
      : undefined
  // Whole-document work (large imports; compaction when asked) runs in a worker thread (offload.ts).
  const offload = new Offload({
    ...(buildInlineChars === undefined ? {} : { inlineChars: buildInlineChars }),
    builds: { perIdentity: config.limits.maxBuildsPerIdentity, total: config.limits.maxBuilds },
  })
  const docs = new DocRegistry(store, metrics, {
    ...((options.compactInWorker ?? true) ? { offload } : {}),
    idleUnloadMs: config.idleUnloadMs,
    compactAfterUpdates: config.compactAfterUpdates,
    compactAfterBytes: config.compactAfterBytes,
    maxDocumentBytes: config.limits.maxDocumentBytes,
    maxAwarenessClients: config.limits.maxAwarenessClientsPerConnection,
    summarize,
    log,
    fanout: reconciled ?? fanout,
    ...(newestSchema === undefined ? {} : { newestSchema }),
  })
  let connections = () => 0
  const claimTtlMs = config.claimTtlMinutes * 60_000
  // On PostgreSQL a row decides who holds a node, whichever server the agents reach; alone, memory.
  const pgArbiter = pgStore ? new PgArbiter(docs, pgStore.pool, { ttlMs: claimTtlMs, log }) : null
  const claims: ClaimArbiter = pgArbiter ?? new InProcessArbiter(docs, claimTtlMs)
  // Seed 002's crashed agents: their tasks go back to todo, by the server, in every loaded graph,
  // when the operator set a timeout (off by default: a person's card in Doing is a task too).
  const staleTasks = config.staleTaskMinutes > 0 ? { timeoutMs: config.staleTaskMinutes * 60_000 } : undefined
  const staleSweep = new StaleTaskSweep(docs, {
    timeoutMs: staleTasks?.timeoutMs ?? 0,
    intervalMs: staleTasks ? staleSweepMs : 0,
    now,
    log,
  })
  // Several servers behind a proxy: a session lives in one process and the next request may reach
  // another, so every MCP request is served statelessly (all a tool needs is in the document).
  const mcp = createMcpEndpoint({
    docs,
    auth,
    claims,
    offload,
    sessions: !fanout,
    maxSessions: config.limits.maxMcpSessions,
    maxSessionsPerIdentity: config.limits.maxMcpSessionsPerIdentity,
    maxBodyBytes: config.limits.maxMcpBodyBytes,
    maxReadBodyBytes: config.limits.maxMcpReadBodyBytes,
    ...(staleTasks ? { staleTasks } : {}),
    now,
  })
  const app = createApp({
    docs,
    auth,
    guard,
    metrics,
    version: VERSION,
    uptime,
    connections: () => connections(),
    webDist: config.webDist,
    summarize,
    offload,
    maxImportBytes: config.limits.maxImportBytes,
    mcp: mcp.handle,
    claims,
    fanoutStatus: fanout ? () => fanout.status() : undefined,
  })
  const drain = new Drain()
  const server = createAdaptorServer({
    fetch: drain.wrap(app.fetch),
    // What a refused body still sends is read and dropped by body.ts, not cut off after 500 ms.
    autoCleanupIncoming: false,
    serverOptions: { connectionsCheckingInterval: CONNECTION_CHECK_MS },
  }) as Server
  boundConnections(server, config.limits, () => metrics.breach('too_many_connections'))
  // Requests Node refuses before any route sees them (a request line or headers too long, bad
  // framing) get the reason in the body too, not a bare status.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return socket.destroy()
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
    const body = tooLarge
      ? 'request line or headers too large (limit 16 KiB): shorten the URL, e.g. the graph id (1-64 characters)'
      : `malformed HTTP request: ${error.message}`
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'
    socket.end(
      `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
  })
  const sync = attachSync(server, {
    docs,
    auth,
    guard,
    metrics,
    limits: config.limits,
    log,
    heartbeatMs,
    keepaliveMs,
  })
  connections = () => sync.connections

  try {
    await listen(server, config.port, config.host)
  } catch (error) {
    sync.close()
    void release()
    const code = (error as NodeJS.ErrnoException).code
    const why = code === 'EADDRINUSE' ? 'the port is in use' : (error as Error).message
    throw new StartError(`cannot listen on ${config.host}:${config.port}: ${why}`)
  }
  const bound = server.address() as AddressInfo
  // The check above trusts the name; the address the system bound it to is what counts.
  if (config.tokens.length === 0 && !isLoopbackHost(bound.address)) {
    sync.close()
    await new Promise((resolve) => server.close(resolve))
    void release()
    throw new StartError(
      `${config.host} resolved to ${bound.address}, which is not loopback: refusing to listen there without ` +
        'tokens. Configure tokens (PLEXUS_TOKENS or --tokens-file), or listen on 127.0.0.1.',
    )
  }
  const port = bound.port
  const url = `http://${urlHost(config.host)}:${port}`
  const serverFile = join(config.dataDir, SERVER_FILE)
  try {
    writeFileSync(
      serverFile,
      JSON.stringify({ pid: process.pid, url, version: VERSION } satisfies ServerFile) + '\n',
      { mode: 0o600 },
    )
  } catch (error) {
    sync.close()
    server.close()
    void release()
    throw new StartError(unwritable(config.dataDir, error))
  }

  let closing: Promise<void> | null = null
  return {
    url,
    port,
    config,
    docs,
    metrics,
    offload,
    staleTasks: staleSweep,
    close: () =>
      (closing ??= (async () => {
        // No new connections from here on (a client reconnecting while the graphs are stored would
        // hold a socket nobody closes); then answers first: what a request committed reaches the
        // one who asked (drain.ts).
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        await drain.stop(DRAIN_MS)
        sync.close()
        await staleSweep.close()
        await mcp.close()
        await docs.closeAll()
        await offload.close()
        await pgArbiter?.settled()
        pgArbiter?.close()
        server.closeAllConnections()
        await closed
        reconciled?.close()
        if (!givenFanout) await fanout?.close()
        if (!givenStore) await store.close()
        rmSync(serverFile, { force: true })
      })()),
  }
}

/**
 * The SQLite store in the data directory, written to once before anything is served: a directory
 * that cannot be written (read-only, full, wrong owner) stops the start with the reason, instead of
 * a server that accepts edits it cannot keep.
 */
function openStore(config: ServerConfig): SqliteStore {
  let store: SqliteStore | null = null
  try {
    if (existsSync(config.dataDir) && !statSync(config.dataDir).isDirectory()) {
      throw new Error('it is a file, not a directory')
    }
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 })
    const path = join(config.dataDir, DB_FILE)
    // Graphs are readable by this user only; SQLite gives its -wal and -shm files the database's mode.
    closeSync(openSync(path, 'a', 0o600))
    chmodSync(path, 0o600)
    store = new SqliteStore(path, { synchronous: config.synchronous })
    store.checkWritable()
    for (const extra of ['-wal', '-shm']) if (existsSync(path + extra)) chmodSync(path + extra, 0o600)
    return store
  } catch (error) {
    store?.close()
    throw new StartError(unwritable(config.dataDir, error))
  }
}

function unwritable(dir: string, error: unknown): string {
  const e = error as NodeJS.ErrnoException
  const why = e.code && !e.message.includes(e.code) ? `${e.code}: ${e.message}` : (e.message ?? String(error))
  return (
    `cannot write to the data directory ${dir} (${why}). Plexus keeps every graph there and refuses ` +
    'to start rather than accept edits it cannot save: free disk space or fix its permissions, or ' +
    'choose another directory with --data DIR (env PLEXUS_DATA).'
  )
}

/** The store as a PgStore when it is one; pg is loaded only for a store that may be one. */
async function asPostgres(store: StorageAdapter): Promise<PgStore | null> {
  if (store instanceof SqliteStore) return null
  const { PgStore } = await import('./storage/postgres/pg-store.ts')
  return store instanceof PgStore ? store : null
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '' || host === '::') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}
