/**
 * Bounds over real sockets: no single request or connection can make the server hold what it sent,
 * or starve the others (issue 13, findings 1, 2 and 6).
 */
import { existsSync, statSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { afterEach, describe, expect, it } from 'vitest'
import { httpAgent } from '@plexus/tools/test/clients'
import { chunkedPost, sendOversized } from '../test/chunked.ts'
import {
  provider,
  synced,
  testServer,
  waitFor,
  WAIT_LIMIT_MS,
  type TestServer,
} from '../test/server-harness.ts'

let server: TestServer
afterEach(async () => server?.dispose())

const tokens = [
  { name: 'rita', role: 'read' as const, token: 'rita-token-123' },
  { name: 'ada', role: 'write' as const, token: 'ada-token-123' },
]
const MiB = 1024 * 1024

describe('request bodies', () => {
  it('refuses a chunked 64 MiB /mcp body from a read token without holding it', async () => {
    server = await testServer({ tokens })
    global.gc?.()
    const before = process.memoryUsage().rss
    let peak = before
    const result = await chunkedPost(server.url, 'rita-token-123', 64 * MiB, () => {
      peak = Math.max(peak, process.memoryUsage().rss)
    })
    const grown = (peak - before) / MiB
    console.log(
      `chunked 64 MiB /mcp body: answered ${result.status} after ${(result.sent / MiB).toFixed(1)} MiB sent, ` +
        `RSS grew ${grown.toFixed(1)} MiB`,
    )
    expect(grown).toBeLessThan(24)
    expect(result.status, `answer: ${result.body}`).toBe(413)
    expect(JSON.parse(result.body).error.message).toMatch(/request body is over \d+ bytes/)
  })

  it('still serves a write token an ordinary call after refusing its oversized chunked body', async () => {
    server = await testServer({ tokens })
    const result = await chunkedPost(server.url, 'ada-token-123', 48 * MiB, () => {})
    expect(result.status, `answer: ${result.body}`).toBe(413)
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer ada-token-123',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(res.status).toBe(200)
  })
})

describe('a refused body, while the client is still sending', () => {
  // Invariant: whatever the route, the framing and the moment the client looks, a client that
  // sends more than a limit reads the refusal naming it, is never reset while it still sends, and
  // its connection then serves the next request. (CI on 2026-11-28 got "HTTP 0 after 4.9 MiB
  // sent" from the reliability suite: the server answered 413 and reset the connection under a
  // client still writing, so the client never read the answer.)
  const cases = [
    {
      name: '/mcp, read token, chunked, 8 MiB more after the answer',
      path: '/mcp',
      token: 'rita-token-123',
      total: 16 * MiB,
      declared: false,
      after: 8 * MiB,
      message: /request body is over \d+ bytes/,
    },
    {
      name: '/mcp, read token, 4 MiB declared and sent whole',
      path: '/mcp',
      token: 'rita-token-123',
      total: 4 * MiB,
      declared: true,
      message: /request body is over \d+ bytes/,
    },
    {
      name: '/mcp, write token, 48 MiB declared and sent whole',
      path: '/mcp',
      token: 'ada-token-123',
      total: 48 * MiB,
      declared: true,
      message: /request body is over \d+ bytes/,
    },
    {
      name: 'import, chunked, 8 MiB more after the answer',
      path: '/api/graphs/g/import?format=json',
      token: 'ada-token-123',
      total: 72 * MiB,
      declared: false,
      after: 8 * MiB,
      message: /import body is over \d+ bytes/,
    },
    {
      name: 'import, 72 MiB declared and sent whole',
      path: '/api/graphs/g/import?format=json',
      token: 'ada-token-123',
      total: 72 * MiB,
      declared: true,
      message: /import body is over \d+ bytes/,
    },
  ]
  for (const c of cases) {
    it(c.name, async () => {
      server = await testServer({ tokens })
      const answer = await sendOversized(server.url, c)
      expect(answer.error, `the client was cut off: ${JSON.stringify(answer)}`).toBeNull()
      expect(answer.status, `answer: ${answer.body}`).toBe(413)
      expect(answer.body).toMatch(c.message)
      expect(answer.next, 'GET /healthz on the same connection after the refused body').toBe(200)
    })
  }
})

/** Opens `count` connections that send part of a request line and headers, and never finish. */
async function halfOpen(port: number, count: number) {
  const sockets: Socket[] = []
  let closed = 0
  const opening: Array<Promise<void>> = []
  for (let i = 0; i < count; i++) {
    opening.push(
      new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
          resolve()
        })
        socket.on('error', () => resolve())
        // Read what the server answers (a 408 when it gives up), so its close is seen.
        socket.resume()
        socket.on('close', () => {
          closed++
          resolve()
        })
        sockets.push(socket)
      }),
    )
  }
  await Promise.all(opening)
  return { sockets, closed: () => closed }
}

describe('connections', () => {
  it('keeps answering through 2,000 half-open connections, and closes them', async () => {
    server = await testServer({ tokens, limits: { headersTimeoutMs: 2_000 } })
    const slow = await halfOpen(server.port, 2_000)
    try {
      const started = performance.now()
      // A server that stopped answering fails here; how fast it answers is a figure, printed below.
      // The limit was 5 s, which the answer alone can take at load 15 on 2 cores.
      const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(WAIT_LIMIT_MS) })
      const ms = performance.now() - started
      console.log(`/healthz with 2,000 half-open connections: ${health.status} in ${ms.toFixed(1)} ms`)
      expect(health.status).toBe(200)
      const writer = provider(server, 'g', { token: 'ada-token-123' })
      await synced(writer, 'a writer to sync while 2,000 connections hang')
      // An address holds a bounded number of unfinished requests; the rest are closed at once,
      // and those left are closed when their headers are late.
      await waitFor(
        () => slow.closed() >= 2_000 - 1024,
        'the server to close what is over the unfinished cap',
      )
      await waitFor(() => slow.closed() === 2_000, 'the server to close requests whose headers are late')
    } finally {
      for (const s of slow.sockets) s.destroy()
    }
  })

  it('caps the connections one address holds', async () => {
    server = await testServer({ limits: { maxHttpConnectionsPerLoopback: 20 } })
    const held = await halfOpen(server.port, 40)
    try {
      await waitFor(() => held.closed() >= 20, 'connections over the address cap to be closed')
      expect(held.closed()).toBeLessThan(40)
    } finally {
      for (const s of held.sockets) s.destroy()
    }
  })
})

describe('failed authentication', () => {
  it('is throttled per address, and logged without the token', async () => {
    const lines: string[] = []
    server = await testServer({ tokens, log: (line) => lines.push(line) })
    const statuses: number[] = []
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${server.url}/api/graphs`, {
        headers: { authorization: `Bearer guess-${i}-secret` },
      })
      statuses.push(res.status)
      await res.arrayBuffer()
    }
    const refused = statuses.filter((s) => s === 429).length
    console.log(`100 wrong tokens: ${100 - refused} answered 401, ${refused} refused with 429`)
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401))
    expect(refused).toBeGreaterThan(50)
    const last = await fetch(`${server.url}/api/graphs`, {
      headers: { authorization: 'Bearer guess-x-secret' },
    })
    expect(last.status).toBe(429)
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await last.json()) as { message: string }).message).toMatch(
      /too many failed authentications.*wait \d+ s/,
    )
    // While the address is throttled even a right token waits: guessing cannot tell a hit.
    const right = await fetch(`${server.url}/api/graphs`, {
      headers: { authorization: 'Bearer rita-token-123' },
    })
    expect(right.status).toBe(429)
    const mcp = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer guess-y-secret', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(mcp.status).toBe(429)
    const logged = lines.filter((l) => l.startsWith('auth: failed authentication from 127.0.0.1'))
    expect(logged.length).toBeGreaterThan(0)
    expect(lines.join('\n')).not.toMatch(/guess-|rita-token/)
  })
})

describe('data files', () => {
  it('are readable and writable by the server’s user only', async () => {
    server = await testServer()
    const p = provider(server, 'g')
    await synced(p)
    p.doc.getMap('nodes').set('n', 1)
    await waitFor(() => existsSync(join(server.dataDir, 'plexus.db-wal')), 'the write-ahead log')
    for (const file of ['plexus.db', 'plexus.db-wal', 'plexus.db-shm', 'server.json']) {
      const mode = statSync(join(server.dataDir, file)).mode & 0o777
      expect(mode.toString(8), file).toBe('600')
    }
  })
})

describe('MCP sessions', () => {
  const initialize = (token: string) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'flood', version: '1' },
        },
      }),
    })

  it('1,000 sessions from one read token close only its own, never anyone else’s', async () => {
    server = await testServer({ tokens })
    const ada = await httpAgent(server.url, { token: 'ada-token-123', name: 'ada-agent' })
    try {
      await ada.client.listTools()
      const ids: string[] = []
      for (let i = 0; i < 1_000; i++) {
        const res = await initialize('rita-token-123')
        expect(res.status).toBe(200)
        ids.push(res.headers.get('mcp-session-id') ?? '')
        await res.arrayBuffer()
      }
      // The writer's session, opened first and idle since, still answers.
      const tools = await ada.client.listTools()
      expect(tools.tools.length).toBeGreaterThan(0)
      const call = (sid: string) =>
        fetch(`${server.url}/mcp`, {
          method: 'POST',
          headers: {
            authorization: 'Bearer rita-token-123',
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-session-id': sid,
            'mcp-protocol-version': '2025-06-18',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
        })
      expect((await call(ids.at(-1)!)).status).toBe(200)
      expect((await call(ids[0]!)).status).toBe(404)
    } finally {
      await ada.close()
    }
  })
})
