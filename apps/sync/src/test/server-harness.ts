/**
 * Socket test helpers: a server on port 0 over a temporary data directory, stock y-websocket
 * providers in Node, raw ws clients for what a stock client would never send, and `waitFor`.
 * Waits end in a failure naming what did not happen, never in an assertion on elapsed time.
 *
 * `PLEXUS_TEST_STORE=postgres` runs every such server on PostgreSQL instead (the database in
 * PLEXUS_TEST_DATABASE_URL, a schema of its own per server, dropped by `dispose`), so the relay
 * and MCP suites run in both modes.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SCHEMA_VERSION } from '@plexus/model'
import { WebSocket, type ClientOptions } from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import { startServer, type RunningServer, type StartOptions } from '../start-server.ts'
import { TEST_DATABASE_URL, dropSchemas, testSchema } from './test-db.ts'

/** Which store test servers use: `sqlite` (default) or `postgres`. */
export const TEST_STORE = process.env.PLEXUS_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite'
const schemas = new Map<string, string>()

export interface TestServer extends RunningServer {
  wsUrl: string
  dataDir: string
  /** Stops the server and keeps the data directory (for restarts). */
  stop(): Promise<void>
  /** Starts a new server on the same data directory. */
  restart(extra?: StartOptions): Promise<TestServer>
  /** Stops everything and deletes the data directory. */
  dispose(): Promise<void>
}

const providers = new Set<WebsocketProvider>()

export async function testServer(options: StartOptions = {}, dataDir?: string): Promise<TestServer> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'plexus-sync-'))
  const backend: StartOptions = {}
  if (TEST_STORE === 'postgres' && !options.store) {
    // A restart on the same data directory finds the same schema, as a server finds its database.
    const schema = schemas.get(dir) ?? testSchema('server')
    schemas.set(dir, schema)
    Object.assign(backend, { databaseUrl: TEST_DATABASE_URL, databaseSchema: schema })
  }
  const server = await startServer({
    port: 0,
    webDist: join(dir, 'no-web'),
    ...backend,
    ...options,
    dataDir: dir,
  })
  const self: TestServer = {
    ...server,
    wsUrl: server.url.replace(/^http/, 'ws') + '/sync',
    dataDir: dir,
    stop: () => server.close(),
    restart: async (extra = {}) => {
      await server.close()
      return testServer({ ...options, ...extra }, dir)
    },
    dispose: async () => {
      for (const p of providers) p.destroy()
      providers.clear()
      await server.close()
      rmSync(dir, { recursive: true, force: true })
      const schema = schemas.get(dir)
      schemas.delete(dir)
      if (schema) await dropSchemas(schema)
    },
  }
  return self
}

export interface ProviderOptions {
  token?: string
  doc?: Y.Doc
  connect?: boolean
  /**
   * The schema the client says it writes (relay/schema-versions.ts): by default this build's; null says nothing,
   * as builds from before versions do.
   */
  schema?: number | null
}

/** The stock client, as a browser tab or agent would use it, minus the cross-tab channel. */
export function provider(server: { wsUrl: string }, graph: string, options: ProviderOptions = {}) {
  const doc = options.doc ?? new Y.Doc()
  const p = new WebsocketProvider(server.wsUrl, graph, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: {
      ...(options.schema === null ? {} : { schema: String(options.schema ?? SCHEMA_VERSION) }),
      ...(options.token ? { token: options.token } : {}),
    },
    // Same-process providers would otherwise sync over BroadcastChannel and bypass the server.
    disableBc: true,
    connect: options.connect ?? true,
    maxBackoffTime: 200,
  })
  providers.add(p)
  return p
}

export function destroyProvider(p: WebsocketProvider): void {
  providers.delete(p)
  p.destroy()
}

/**
 * How long a wait may last before it fails naming what it waited for. Tests wait on a condition
 * (checked every 5 ms), never for a time; the limit only turns a hang into a message. A fresh-clone
 * CI run at load 14 on 2 cores, the whole suite beside each wait, passed the 10 s this once was
 * (a server restarting, a provider syncing): 60 s is ample there and still ends a real hang.
 */
export const WAIT_LIMIT_MS = 60_000

export async function waitFor(check: () => boolean, what: string, timeoutMs = WAIT_LIMIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

export function synced(p: WebsocketProvider, what = 'provider to sync'): Promise<void> {
  return waitFor(() => p.synced, what)
}

/** The first close a provider sees from the server (code and reason). */
export function nextClose(p: WebsocketProvider): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    const onClose = (event: { code: number; reason: string } | null) => {
      if (!event) return
      p.off('connection-close', onClose)
      resolve({ code: event.code, reason: String(event.reason) })
    }
    p.on('connection-close', onClose)
  })
}

export interface RawClient {
  ws: WebSocket
  received: Uint8Array[]
  closed: Promise<{ code: number; reason: string }>
}

/** A bare ws client: opens, records frames, resolves `closed` with the server's code and reason. */
export function rawClient(
  server: { wsUrl: string },
  graph: string,
  options: { token?: string } & ClientOptions = {},
): Promise<RawClient> {
  const { token, ...wsOptions } = options
  const url = `${server.wsUrl}/${graph}${token ? `?token=${encodeURIComponent(token)}` : ''}`
  const ws = new WebSocket(url, wsOptions)
  const received: Uint8Array[] = []
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))
  })
  ws.on('message', (data: Buffer) => received.push(new Uint8Array(data)))
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, received, closed }))
    ws.once('unexpected-response', (_req, res) => reject(new HttpRefusal(res.statusCode ?? 0)))
    ws.once('error', reject)
  })
}

export class HttpRefusal extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with HTTP ${status}`)
  }
}
