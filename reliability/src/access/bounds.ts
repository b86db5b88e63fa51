/**
 * Bounds on the running server process (issue 13, findings 1, 2, 4, 6, 7): browser hardening
 * headers; a chunked 64 MiB /mcp body from a read token refused without the server's memory
 * growing by anything like it; /healthz answering through 2,000 half-open connections; a 1 MiB
 * presence message closing its connection; 1,000 MCP sessions of one read token closing none of
 * another's. Figures: the RSS growth and the /healthz time, printed, never asserted on a clock
 * beyond a generous liveness bound.
 */
import { readFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import * as encoding from 'lib0/encoding'
import { WebSocket } from 'ws'
import { chunkedPost } from '../../../apps/sync/src/test/chunked.ts'
import type { ServerProcess } from '../server.ts'
import {
  G,
  INITIALIZE,
  RPC_HEADERS,
  auth,
  bearer,
  http,
  mcpConnect,
  show,
  type Tally,
  type Tokens,
} from './kit.ts'

const MiB = 1024 * 1024

export async function boundsChecks(
  server: ServerProcess,
  t: Tokens,
  tally: Tally,
  figures: Record<string, number>,
): Promise<void> {
  await headers(server, t, tally)
  await chunkedMcp(server, t, tally, figures)
  await halfOpen(server, tally, figures)
  await bigPresence(server, t, tally)
  await sessions(server, t, tally)
}

async function headers(server: ServerProcess, t: Tokens, tally: Tally): Promise<void> {
  for (const [path, h] of [
    ['/', {}],
    ['/api/graphs', auth(t.reader)],
    ['/api/graphs', {}],
  ] as const) {
    const r = await http(server.port, 'GET', path, h)
    const csp = String(r.headers['content-security-policy'] ?? '')
    tally.expect(
      /frame-ancestors 'none'/.test(csp) &&
        /script-src 'self'(;|$)/.test(csp) &&
        r.headers['x-content-type-options'] === 'nosniff' &&
        r.headers['referrer-policy'] === 'no-referrer',
      `security headers on GET ${path} (HTTP ${r.status})`,
      "CSP with script-src 'self' and frame-ancestors 'none', nosniff, Referrer-Policy no-referrer",
      JSON.stringify({
        csp,
        nosniff: r.headers['x-content-type-options'],
        ref: r.headers['referrer-policy'],
      }),
    )
  }
}

function rssOf(pid: number | undefined): number {
  if (!pid) return 0
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) * 1024 : 0
}

async function chunkedMcp(server: ServerProcess, t: Tokens, tally: Tally, figures: Record<string, number>) {
  const before = rssOf(server.pid)
  let peak = before
  const sample = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 20)
  const result = await chunkedPost(server.url, t.reader, 64 * MiB)
  clearInterval(sample)
  const grown = (peak - before) / MiB
  figures['mcp chunked 64 MiB: server RSS growth (MiB)'] = Math.round(grown * 10) / 10
  tally.refuse(
    result.status === 413 && /request body is over/.test(result.body) && grown < 32,
    'POST /mcp with a chunked 64 MiB body and a read token',
    'HTTP 413 naming the limit, server RSS growing by well under the body',
    `HTTP ${result.status} after ${(result.sent / MiB).toFixed(1)} MiB sent, RSS +${grown.toFixed(1)} MiB`,
  )
}

async function halfOpen(server: ServerProcess, tally: Tally, figures: Record<string, number>) {
  const sockets: Socket[] = []
  await Promise.all(
    Array.from(
      { length: 2000 },
      () =>
        new Promise<void>((resolve) => {
          const s = connect(server.port, '127.0.0.1', () => {
            s.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
            resolve()
          })
          s.on('error', () => resolve())
          s.on('close', () => resolve())
          s.resume()
          sockets.push(s)
        }),
    ),
  )
  const started = performance.now()
  const r = await http(server.port, 'GET', '/healthz').catch((e: unknown) => ({
    status: 0,
    body: String(e),
    headers: {},
  }))
  const ms = performance.now() - started
  figures['/healthz with 2,000 half-open connections (ms)'] = Math.round(ms * 10) / 10
  for (const s of sockets) s.destroy()
  // A liveness bound, generous for a loaded 2-core machine: the is one second.
  tally.refuse(
    r.status === 200 && ms < 5000,
    '/healthz while 2,000 half-open connections hang',
    'HTTP 200 within 5 s',
    `${show(r)} in ${ms.toFixed(0)} ms`,
  )
}

async function bigPresence(server: ServerProcess, t: Tokens, tally: Tally) {
  const ws = new WebSocket(`${server.wsUrl}/${G}?token=${t.reader}`)
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  ws.on('error', () => {})
  await new Promise<void>((resolve) => {
    ws.once('open', () => resolve())
    ws.once('close', () => resolve())
  })
  const update = encoding.createEncoder()
  encoding.writeVarUint(update, 1)
  encoding.writeVarUint(update, 424242)
  encoding.writeVarUint(update, 1)
  encoding.writeVarString(update, JSON.stringify({ user: { name: 'a (admin)' }, blob: 'x'.repeat(MiB) }))
  const message = encoding.createEncoder()
  encoding.writeVarUint(message, 1)
  encoding.writeVarUint8Array(message, encoding.toUint8Array(update))
  if (ws.readyState === WebSocket.OPEN) ws.send(encoding.toUint8Array(message))
  const close = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 5000))])
  ws.terminate()
  tally.refuse(
    close?.code === 4413 && /presence state of \d+ bytes is over/.test(close.reason),
    'a 1 MiB presence message from a read token',
    'close 4413 naming the presence limit',
    JSON.stringify(close),
  )
}

async function sessions(server: ServerProcess, t: Tokens, tally: Tally) {
  const writer = await mcpConnect(server.url, bearer('writer', t.writer))
  if (!writer.client) {
    tally.expect(false, 'the writer’s MCP session', 'connected', String(writer.error))
    return
  }
  const statuses = new Map<number, number>()
  for (let i = 0; i < 1000; i++) {
    const r = await http(server.port, 'POST', '/mcp', { ...RPC_HEADERS, ...auth(t.reader) }, INITIALIZE)
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1)
  }
  const tools = await writer.client.listTools().then(
    (l) => `${l.tools.length} tools`,
    (e: unknown) => `failed: ${String(e)}`,
  )
  await writer.client.close().catch(() => {})
  tally.refuse(
    /^\d+ tools$/.test(tools) && statuses.get(200) === 1000,
    '1,000 MCP sessions opened by one read token',
    'each opened, and the writer’s earlier session still answering',
    `initialize statuses ${JSON.stringify([...statuses])}; writer's session: ${tools}`,
  )
}
