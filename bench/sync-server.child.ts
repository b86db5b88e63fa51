/**
 * One server for bench/sync.bench.ts, in its own process so clients and server do not share a
 * thread: `plexus` (apps/sync), `reference` (y-websocket 1.5.4's setupWSConnection on a plain ws
 * server, no persistence), `hocuspocus` (@hocuspocus/server 3, no persistence) or `echo` (a raw ws
 * broadcast: the floor). Prints `READY <port>`, then
 * answers IPC requests: memory after a full GC, and (plexus only) seeding and loading graphs.
 * Run with --expose-gc.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { RunningServer } from '@plexus/sync'
import { WebSocket, WebSocketServer } from 'ws'
import type * as Y from 'yjs'

type Request =
  | { id: number; cmd: 'mem' }
  | { id: number; cmd: 'cpu' }
  | { id: number; cmd: 'seed'; prefix: string; count: number; nodes: number; memory?: boolean }
  | { id: number; cmd: 'load'; prefix: string; count: number }
  | { id: number; cmd: 'settle' }

const mode = process.argv[2]
const dataDir = process.argv[3] ?? ''
const gc = (globalThis as { gc?: () => void }).gc
let plexus: RunningServer | null = null
const held: Array<{ release(): void }> = []

async function start(): Promise<number> {
  if (mode === 'plexus') {
    // Imported here, not above: the reference server loads yjs through require, and one process
    // holding both module copies of yjs is what Yjs warns about.
    const { startServer } = await import('@plexus/sync')
    Yjs = await import('yjs')
    plexus = await startServer({
      port: 0,
      dataDir,
      idleUnloadMs: 10 * 60_000,
      // As the stall report was measured: compaction in the worker (off by default in the server).
      compactInWorker: true,
      // The stall bench asks, to see a case with and without compaction.
      ...(process.env.BENCH_COMPACT_AFTER_UPDATES
        ? { compactAfterUpdates: Number(process.env.BENCH_COMPACT_AFTER_UPDATES) }
        : {}),
      // Benchmarks push one connection far past the default per-connection rate limit.
      limits: { messagesPerSecond: 0, maxConnectionsPerLoopback: 100_000 },
    })
    return plexus.port
  }
  if (mode === 'hocuspocus') {
    // Hocuspocus 3 (4 needs Node 22), in memory: no persistence extension, as the reference here.
    const { Server } = await import('@hocuspocus/server')
    const hocuspocus = new Server({ port: 0, quiet: true })
    await hocuspocus.listen()
    return hocuspocus.address.port
  }
  const server = createServer((_req, res) => res.end('ok'))
  const wss = new WebSocketServer({ server, perMessageDeflate: false })
  if (mode === 'reference') {
    const require = createRequire(import.meta.url)
    // bin/utils.js is not in the package's exports map: load it by path.
    const utils = fileURLToPath(new URL('./node_modules/y-websocket-legacy/bin/utils.js', import.meta.url))
    const { setupWSConnection } = require(utils) as {
      setupWSConnection: (ws: WebSocket, req: unknown, opts: { docName: string }) => void
    }
    wss.on('connection', (ws, req) => {
      const docName = (req.url ?? '/')
        .slice(1)
        .split('?')[0]!
        .replace(/^sync\//, '')
      setupWSConnection(ws, req, { docName })
    })
  } else if (mode === 'echo') {
    const rooms = new Map<string, Set<WebSocket>>()
    wss.on('connection', (ws, req) => {
      const room = req.url ?? '/'
      const peers = rooms.get(room) ?? new Set<WebSocket>()
      rooms.set(room, peers)
      peers.add(ws)
      ws.on('message', (data, isBinary) => {
        for (const peer of peers) if (peer !== ws) peer.send(data, { binary: isBinary })
      })
      ws.on('close', () => peers.delete(ws))
    })
  } else {
    throw new Error(`unknown mode ${mode}`)
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

function memory() {
  gc?.()
  gc?.()
  const m = process.memoryUsage()
  return { heapUsed: m.heapUsed, rss: m.rss, external: m.external, arrayBuffers: m.arrayBuffers }
}

process.on('message', (req: Request) => void answer(req))

async function answer(req: Request): Promise<void> {
  let result: unknown
  if (req.cmd === 'mem') result = memory()
  else if (req.cmd === 'cpu') result = process.cpuUsage()
  else if (req.cmd === 'seed' && plexus) {
    for (let i = 0; i < req.count; i++) {
      const id = `${req.prefix}-${i}`
      const handle = plexus.docs.open(id)
      handle.doc.transact(() => {
        handle.doc.getMap('meta').set('title', id)
        if (req.memory) handle.doc.getMap('meta').set('root', 'n0')
        const nodes = handle.doc.getMap('nodes')
        for (let n = 0; n < req.nodes; n++) nodes.set(`n${n}`, nodeMap(n, req.memory === true))
      })
      handle.release()
      // Stored and compacted (in the offload worker) before the answer.
      await plexus.docs.unload(id)
    }
    result = { seeded: req.count }
  } else if (req.cmd === 'settle' && plexus) {
    // Whole-document work under way (a compaction the last writes made due) finished.
    while (plexus.offload.pending > 0) await new Promise((r) => setTimeout(r, 20))
    result = { settled: true }
  } else if (req.cmd === 'load' && plexus) {
    for (let i = 0; i < req.count; i++) held.push(plexus.docs.open(`${req.prefix}-${i}`))
    result = { loaded: plexus.docs.size }
  }
  process.send!({ id: req.id, result })
}

let Yjs: typeof Y | null = null

/** A node; with `memory`, as kg_put_node writes one: a `kg:` id and two touched paths. */
function nodeMap(n: number, memory = false): Y.Map<unknown> {
  const m = new Yjs!.Map<unknown>()
  m.set('summary', `node ${n}`)
  if (memory) {
    m.set('aliases', [`kg:memory-note-${n}-about-the-service`])
    const links = new Yjs!.Array<string>()
    links.push([`src/services/module-${n}/index.ts`, `docs/notes/topic-${n % 97}.md`])
    m.set('links', links)
  }
  m.set('parent', n === 0 ? null : `n${Math.floor((n - 1) / 4)}`)
  return m
}

const port = await start()
console.log(`READY ${port}`)
process.on('SIGTERM', () => {
  void (plexus?.close() ?? Promise.resolve()).then(() => process.exit(0))
})
