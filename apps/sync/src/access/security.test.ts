/**
 * Security and bad input over real sockets: tokens and roles, read-only peers, awareness
 * impersonation, Origin/Host checks, limits, and malformed frames that must close only their own
 * connection.
 */
import * as encoding from 'lib0/encoding'
import * as prng from 'lib0/prng'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as Y from 'yjs'
import { CloseCode } from './server-limits.ts'
import { encodeAwareness, encodeAwarenessEntries, encodeUpdate } from '../relay/protocol.ts'
import {
  HttpRefusal,
  nextClose,
  provider,
  rawClient,
  synced,
  testServer,
  waitFor,
  type TestServer,
} from '../test/server-harness.ts'

let server: TestServer
afterEach(async () => {
  vi.restoreAllMocks()
  await server?.dispose()
})

const tokens = [
  { name: 'ada', role: 'write' as const, token: 'ada-token-123' },
  { name: 'bob', role: 'write' as const, token: 'bob-token-123' },
  { name: 'rita', role: 'read' as const, token: 'rita-token-123' },
  { name: 'root', role: 'admin' as const, token: 'root-token-123' },
]
// Plain values under names: checkpoints take any JSON value, as the document's rules allow.
const nodes = (doc: Y.Doc) => doc.getMap('checkpoints')

describe('tokens and roles', () => {
  it('closes a WebSocket without a valid token with 4401, and the stock client stops retrying', async () => {
    server = await testServer({ tokens })
    for (const token of [undefined, 'wrong-token-123']) {
      const p = provider(server, 'g', { token })
      const closed = new Promise<{ code: number; reason: string }>((resolve) => p.on('closed', resolve))
      const event = await closed
      expect(event.code).toBe(CloseCode.unauthorized)
      expect(event.reason).toMatch(/token/)
      expect(p.shouldConnect).toBe(false)
    }
    expect(server.metrics.closes.get('unauthorized')).toBe(2)
  })

  it('requires a token with the right role over HTTP', async () => {
    server = await testServer({ tokens })
    const get = (path: string, token?: string, init: RequestInit = {}) =>
      fetch(server.url + path, { ...init, headers: token ? { authorization: `Bearer ${token}` } : {} })
    expect((await get('/healthz')).status).toBe(200)
    expect((await get('/api/graphs')).status).toBe(401)
    expect((await get('/api/graphs', 'nope-nope-nope')).status).toBe(401)
    expect((await get('/api/graphs', 'rita-token-123')).status).toBe(200)
    expect((await get('/metrics')).status).toBe(401)
    expect((await get('/api/graphs/g/import?format=json', 'rita-token-123', { method: 'POST' })).status).toBe(
      403,
    )
    expect((await get('/api/graphs/g', 'ada-token-123', { method: 'DELETE' })).status).toBe(403)
    expect((await fetch(`${server.url}/api/graphs?token=rita-token-123`)).status).toBe(200)
  })

  it('tells a client its role on one graph, so the page can open it read-only', async () => {
    server = await testServer({
      tokens: [
        ...tokens,
        {
          name: 'eve',
          role: 'write',
          token: 'eve-token-123',
          graphs: [{ pattern: 'docs.*', role: 'read' }, { pattern: 'team' }],
        },
      ],
    })
    const role = async (token: string, graph?: string) => {
      const q = graph === undefined ? '' : `?graph=${encodeURIComponent(graph)}`
      const res = await fetch(`${server.url}/api/identity${q}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    }
    expect((await role('rita-token-123', 'g')).body).toMatchObject({ role: 'read', graph_role: 'read' })
    expect((await role('eve-token-123', 'docs.api')).body).toMatchObject({
      role: 'write',
      graph_role: 'read',
    })
    expect((await role('eve-token-123', 'team')).body).toMatchObject({ graph_role: 'write' })
    expect((await role('eve-token-123', 'other')).body).toMatchObject({ graph_role: null })
    expect((await role('ada-token-123')).body).not.toHaveProperty('graph_role')
    const bad = await role('ada-token-123', 'Not A Graph!')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/graph id/)
  })

  it('drops a read-only client’s edits, tells it, and still sends it everyone else’s', async () => {
    server = await testServer({ tokens })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    // The writer first: a reader is not given a graph that does not exist yet (4404).
    const writer = provider(server, 'g', { token: 'ada-token-123' })
    await synced(writer)
    const reader = provider(server, 'g', { token: 'rita-token-123' })
    await synced(reader)
    nodes(reader.doc).set('by-reader', 1)
    await waitFor(() => server.metrics.readOnlyDrops > 0, 'the server to drop the read-only edit')
    await waitFor(() => warn.mock.calls.some((c) => String(c[0]).includes('read-only')), 'client to be told')
    nodes(writer.doc).set('by-writer', 2)
    await waitFor(() => nodes(reader.doc).has('by-writer'), 'reader to receive the writer’s edit')
    expect(nodes(writer.doc).has('by-reader')).toBe(false)
    expect(server.docs.peek('g')?.getMap('checkpoints').has('by-reader')).toBe(false)
    expect(reader.wsconnected).toBe(true)
  })

  it('closes a connection that speaks for another identity’s awareness client with 4403', async () => {
    server = await testServer({ tokens })
    const ada = provider(server, 'g', { token: 'ada-token-123' })
    await synced(ada)
    const viewer = provider(server, 'g', { token: 'rita-token-123' })
    await synced(viewer)
    ada.awareness.setLocalStateField('user', { name: 'Ada' })
    await waitFor(() => viewer.awareness.getStates().has(ada.doc.clientID), 'viewer to see Ada')
    const mallory = await rawClient(server, 'g', { token: 'bob-token-123' })
    const forged = [{ clientID: ada.doc.clientID, clock: 1000, state: { user: { name: 'Mallory' } } }]
    mallory.ws.send(encodeAwareness(encodeAwarenessEntries(forged)))
    const close = await mallory.closed
    expect(close.code).toBe(CloseCode.forbidden)
    expect(close.reason).toMatch(/belongs to another connection/)
    expect(viewer.awareness.getStates().get(ada.doc.clientID)).toMatchObject({ user: { name: 'Ada' } })
  })
})

describe('Origin and Host checks', () => {
  it('refuses WebSocket upgrades and HTTP requests from foreign origins and hosts', async () => {
    server = await testServer()
    const refused = async (options: { origin?: string; headers?: Record<string, string> }) => {
      const error = await rawClient(server, 'g', options).then(
        () => null,
        (e: unknown) => e,
      )
      return error instanceof HttpRefusal ? error.status : error
    }
    expect(await refused({ origin: 'http://evil.example' })).toBe(403)
    expect(await refused({ headers: { host: 'evil.example:4100' } })).toBe(403)
    expect(await refused({ origin: 'null' })).toBe(403)
    const ok = await rawClient(server, 'g', { origin: server.url })
    ok.ws.close()
    const http = await fetch(`${server.url}/healthz`, { headers: { origin: 'http://evil.example' } })
    expect(http.status).toBe(403)
    expect(server.metrics.closes.get('origin')).toBe(4)
  })

  it('on the no-token default, refuses a page on another loopback port (issue 13, finding 8)', async () => {
    server = await testServer()
    const page = 'http://localhost:4509'
    // What a no-cors form POST from that page sends: its Origin, a simple content type.
    const post = await fetch(`${server.url}/api/graphs/planted/import?format=dsl`, {
      method: 'POST',
      headers: { origin: page, 'content-type': 'text/plain' },
      body: 'Planted depends_on Graph\n',
    })
    expect(post.status).toBe(403)
    expect(((await post.json()) as { message: string }).message).toMatch(
      /Origin "http:\/\/localhost:4509" is not allowed.*PLEXUS_ALLOWED_ORIGINS/,
    )
    expect(await server.docs.exists('planted')).toBe(false)
    const ws = await rawClient(server, 'g', { origin: page }).then(
      () => null,
      (e: unknown) => e,
    )
    expect(ws).toBeInstanceOf(HttpRefusal)
    expect((ws as HttpRefusal).status).toBe(403)
    const mcp = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { origin: page, 'content-type': 'text/plain' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(mcp.status).toBe(403)
  })

  it('refuses an invalid graph id with 4400', async () => {
    server = await testServer()
    for (const id of ['..%2F..%2Fetc', 'UPPER', '-lead', 'a'.repeat(65)]) {
      const c = await rawClient(server, id)
      const close = await c.closed
      expect(close.code, id).toBe(CloseCode.badRequest)
      expect(close.reason, id).toMatch(/invalid graph id/)
    }
    const res = await fetch(`${server.url}/api/graphs/Bad..id/export`)
    expect(res.status).toBe(400)
  })
})

describe('limits', () => {
  it('closes a connection sending a message over the size limit with 1009', async () => {
    server = await testServer({ limits: { maxMessageBytes: 1024 } })
    const c = await rawClient(server, 'g')
    c.ws.send(encodeUpdate(new Uint8Array(4096)))
    const close = await c.closed
    expect(close.code).toBe(CloseCode.messageTooBig)
    expect(close.reason).toMatch(/message too big: limit 1024 bytes/)
    await waitFor(() => server.metrics.closes.get('message_too_big') === 1, 'the breach to be counted')
  })

  it('closes a connection sending faster than its rate with 4529', async () => {
    server = await testServer({ limits: { messagesPerSecond: 5, messageBurst: 10 } })
    const c = await rawClient(server, 'g')
    for (let i = 0; i < 100; i++) c.ws.send(new Uint8Array([3]))
    const close = await c.closed
    expect(close.code).toBe(CloseCode.rateLimited)
    expect(close.reason).toMatch(/rate limit/)
    expect(server.metrics.closes.get('rate_limited')).toBe(1)
  })

  it('does not charge a stock client for echoing the awareness changes others send it', async () => {
    // Stock clients send every awareness change they receive back to the server. One peer sending a
    // burst within its own limit must not push every other peer over theirs (found by the
    // reliability suite, ws-input floods).
    server = await testServer({ limits: { messagesPerSecond: 5, messageBurst: 20 } })
    const honest = provider(server, 'g')
    await synced(honest)
    const closes: number[] = []
    honest.on('connection-close', (event: { code: number } | null) => closes.push(event?.code ?? 0))
    const busy = await rawClient(server, 'g')
    for (let clock = 1; clock <= 18; clock++) {
      busy.ws.send(encodeAwareness(encodeAwarenessEntries([{ clientID: 777, clock, state: { n: clock } }])))
    }
    await waitFor(
      () => honest.awareness.getStates().get(777)?.n === 18,
      'the honest client to see all 18 changes',
    )
    nodes(honest.doc).set('after', 1)
    await waitFor(
      () => server.docs.peek('g')?.getMap('checkpoints').has('after') ?? false,
      'the honest write to arrive',
    )
    expect(closes).toEqual([])
    expect(honest.wsconnected).toBe(true)
    expect(server.metrics.closes.get('rate_limited')).toBeUndefined()
  })

  it('still closes a connection whose own awareness changes go over its rate', async () => {
    server = await testServer({ limits: { messagesPerSecond: 5, messageBurst: 10 } })
    const watcher = await rawClient(server, 'g')
    const busy = await rawClient(server, 'g')
    // The watcher's echo credit must not be spendable on changes of its own.
    for (let clock = 1; clock <= 9; clock++) {
      busy.ws.send(encodeAwareness(encodeAwarenessEntries([{ clientID: 777, clock, state: { n: clock } }])))
    }
    await waitFor(
      () => watcher.received.filter((f) => f[0] === 1).length >= 9,
      'the watcher to be sent 9 changes',
    )
    for (let clock = 1; clock <= 30; clock++) {
      watcher.ws.send(
        encodeAwareness(encodeAwarenessEntries([{ clientID: 888, clock, state: { n: clock } }])),
      )
    }
    const close = await watcher.closed
    expect(close.code).toBe(CloseCode.rateLimited)
  })

  it('closes connections beyond the per-address limit with 4503', async () => {
    server = await testServer({ limits: { maxConnectionsPerLoopback: 2 } })
    const a = await rawClient(server, 'g')
    const b = await rawClient(server, 'g')
    const c = await rawClient(server, 'g')
    const close = await c.closed
    expect(close.code).toBe(CloseCode.overloaded)
    expect(close.reason).toMatch(/too many connections/)
    expect(a.ws.readyState).toBe(a.ws.OPEN)
    expect(b.ws.readyState).toBe(b.ws.OPEN)
    expect(server.metrics.closes.get('too_many_connections')).toBe(1)
  })

  it('closes a writer that would grow the document past its limit with 4413', async () => {
    server = await testServer({ limits: { maxDocumentBytes: 4000 } })
    const p = provider(server, 'g')
    await synced(p)
    const closed = nextClose(p)
    nodes(p.doc).set('big', 'x'.repeat(10_000))
    const close = await closed
    expect(close.code).toBe(CloseCode.documentTooLarge)
    expect(server.docs.peek('g')?.getMap('checkpoints').has('big') ?? false).toBe(false)
    expect(server.metrics.closes.get('document_too_large')).toBe(1)
  })
})

describe('frames the WebSocket layer refuses', () => {
  it('closes text frames that are not UTF-8 with 4400, as any text frame', async () => {
    server = await testServer()
    const c = await rawClient(server, 'g')
    c.ws.send(Buffer.from([0xc3, 0x28, 0xff]), { binary: false })
    const close = await c.closed
    expect(close.code).toBe(CloseCode.badRequest)
    expect(close.reason).toMatch(/text frames/)
  })

  it('says why when it closes a connection for a malformed WebSocket frame', async () => {
    server = await testServer()
    // A frame with RSV1 set (no extension was negotiated) is a protocol error: ws closes with 1002.
    const c = await rawClient(server, 'g')
    const socket = (c.ws as unknown as { _socket: import('node:net').Socket })._socket
    socket.write(Buffer.from([0xc2, 0x80, 1, 2, 3, 4]))
    const close = await c.closed
    expect(close.code).toBe(1002)
    expect(close.reason).toMatch(/protocol error/)
  })
})

describe('malformed messages', () => {
  it('close only the sender; the document, the stored log and other clients are unharmed', async () => {
    const seed = Number(process.env.PLEXUS_SEED ?? 20240611)
    const gen = prng.create(seed)
    server = await testServer()
    const a = provider(server, 'g')
    const b = provider(server, 'g')
    await Promise.all([synced(a), synced(b)])
    nodes(a.doc).set('before', 1)
    await waitFor(() => nodes(b.doc).has('before'), 'b to see the first edit')

    const source = new Y.Doc()
    let real: Uint8Array = new Uint8Array()
    source.on('update', (u: Uint8Array) => (real = u))
    source.getMap('checkpoints').set('x', new Y.Text('some text to truncate'))
    const truncated = encodeUpdate(real).subarray(0, 12)
    const unknownType = new Uint8Array([9, 1, 2, 3])
    const badStep = new Uint8Array([0, 7, 0])
    const awarenessGarbage = (() => {
      const e = encoding.createEncoder()
      // One entry (client 5, clock 1) whose state is the string "{{{", not JSON.
      encoding.writeVarUint(e, 1)
      encoding.writeVarUint8Array(e, new Uint8Array([1, 5, 1, 3, 0x7b, 0x7b, 0x7b]))
      return encoding.toUint8Array(e)
    })()
    const random = Array.from({ length: 6 }, () => {
      // Random bytes behind a sync-update header, so they reach the update decoder.
      return new Uint8Array([0, 2, ...prng.uint8Array(gen, prng.uint32(gen, 1, 64))])
    })
    const frames: Array<[string, Uint8Array | string]> = [
      ['truncated update', truncated],
      ['unknown type', unknownType],
      ['unknown sync step', badStep],
      ['garbled awareness', awarenessGarbage],
      ['text frame', 'hello'],
      ...random.map((r, i): [string, Uint8Array] => [`random ${i} (seed ${seed})`, r]),
    ]
    for (const [what, frame] of frames) {
      const bad = await rawClient(server, 'g')
      bad.ws.send(frame)
      const close = await bad.closed
      expect(close.code, what).toBe(CloseCode.badRequest)
      expect(close.reason.length, what).toBeGreaterThan(0)
    }
    expect(server.metrics.closes.get('malformed')).toBe(frames.length)
    // The others never noticed.
    expect(a.wsconnected && b.wsconnected).toBe(true)
    nodes(b.doc).set('after', 2)
    await waitFor(() => nodes(a.doc).has('after'), 'a to see an edit made after the attacks')
    const expected = nodes(a.doc).toJSON()
    // The stored log replays to exactly what the clients hold.
    server = await server.restart()
    const fresh = provider(server, 'g')
    await synced(fresh)
    expect(nodes(fresh.doc).toJSON()).toEqual(expected)
  })
})
