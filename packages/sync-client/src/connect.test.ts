/**
 * The client against a real Plexus server (apps/sync's test harness, real sockets, `ws` in Node):
 * status transitions, pending changes counted until the server acknowledged them, jittered
 * reconnects after a restart, and the server's close codes as typed reasons.
 */
import { SCHEMA_VERSION, createNodes, initGraph, openGraph, type Graph } from '@plexus/model'
import { testServer, waitFor, type TestServer } from '@plexus/sync/test-server'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import * as Y from 'yjs'
import { connect, type ConnectOptions, type SyncConnection } from './connect.ts'
import type { CloseReason } from './close.ts'

let server: TestServer | null = null
const open: SyncConnection[] = []
afterEach(async () => {
  for (const c of open.splice(0)) c.destroy()
  await server?.dispose()
  server = null
})

let ids = 0
const graphOf = (doc: Y.Doc, actor = 'ada'): Graph =>
  openGraph(doc, { actor, now: () => 1_700_000_000_000, newId: () => `n${ids++}` })

function client(graph: string, extra: Partial<ConnectOptions> = {}): SyncConnection {
  if (!server) throw new Error('no server')
  const c = connect(new Y.Doc(), {
    url: server.wsUrl,
    graph,
    schema: SCHEMA_VERSION,
    WebSocket,
    maxBackoffMs: 200,
    ...extra,
  })
  open.push(c)
  return c
}

/** Records every status a connection goes through. */
function statuses(c: SyncConnection): string[] {
  const seen: string[] = [c.status]
  c.on('status', (s) => seen.push(s))
  return seen
}

function nextClose(c: SyncConnection): Promise<CloseReason> {
  return new Promise((resolve) => {
    const on = (close: CloseReason) => {
      c.off('close', on)
      resolve(close)
    }
    c.on('close', on)
  })
}

async function seeded(graph: string, extra: Partial<ConnectOptions> = {}): Promise<SyncConnection> {
  const c = client(graph, extra)
  await waitFor(() => c.status === 'synced', 'the first client to sync')
  expect(initGraph(graphOf(c.doc), { id: graph, title: 'Trip' }).ok).toBe(true)
  await waitFor(() => c.pending === 0, 'the graph to be acknowledged')
  return c
}

describe('status', () => {
  it('goes idle, connecting, syncing, synced; offline while the server is away; idle on disconnect', async () => {
    server = await testServer()
    const c = client('g', { connect: false })
    const seen = statuses(c)
    expect(c.status).toBe('idle')
    c.connect()
    await waitFor(() => c.status === 'synced', 'the client to sync')
    expect(seen).toEqual(['idle', 'connecting', 'syncing', 'synced'])
    await server.stop()
    await waitFor(() => c.status === 'offline', 'the client to see the server gone')
    c.disconnect()
    expect(c.status).toBe('idle')
  })
})

describe('pending', () => {
  it('counts local changes until the server acknowledged them, and only those', async () => {
    server = await testServer()
    const c = await seeded('g')
    const counts: number[] = []
    c.on('pending', (n) => counts.push(n))
    const g = graphOf(c.doc)
    createNodes(g, [{ summary: 'Book the flights' }])
    createNodes(g, [{ summary: 'Pack' }])
    expect(c.pending).toBe(2)
    await waitFor(() => c.pending === 0, 'the changes to be acknowledged')
    expect(counts).toEqual([1, 2, 0])
    // Acknowledged means stored: a peer that connects now gets both.
    const other = client('g')
    await waitFor(() => other.synced, 'a second client to sync')
    const summaries = [...other.doc.getMap<Y.Map<unknown>>('nodes').values()].map((n) => n.get('summary'))
    expect(summaries).toEqual(expect.arrayContaining(['Book the flights', 'Pack']))
    // What the second client received is not its own change: nothing pending there.
    expect(other.pending).toBe(0)
  })

  it('keeps changes made while the server is away pending, and acknowledges them after it returns', async () => {
    server = await testServer()
    const c = await seeded('g')
    const port = new URL(server.url).port
    await server.stop()
    await waitFor(() => c.status === 'offline', 'the client to see the server gone')
    createNodes(graphOf(c.doc), [{ summary: 'Written offline' }])
    expect(c.pending).toBe(1)
    server = await server.restart({ port: Number(port) })
    await waitFor(() => c.pending === 0, 'the offline change to be acknowledged after the restart')
    const stored = server.docs.peek('g')
    expect([...stored!.getMap<Y.Map<unknown>>('nodes').values()].map((n) => n.get('summary'))).toContain(
      'Written offline',
    )
  })

  it('starts from the count storage kept, and writes every change of it back', async () => {
    server = await testServer()
    const first = await seeded('g')
    const written: number[] = []
    const c = client('g', {
      storage: { origin: 'disk', pending: { read: () => 3, write: (n) => written.push(n) } },
    })
    expect(c.pending).toBe(3)
    // What storage loads is not a new change.
    Y.applyUpdate(c.doc, Y.encodeStateAsUpdate(first.doc), 'disk')
    expect(c.pending).toBe(3)
    await waitFor(() => c.pending === 0, 'the kept count to be acknowledged once synced')
    expect(written).toEqual([0])
  })

  it('keeps the changes a read-only connection made pending: the server dropped them', async () => {
    server = await testServer({
      tokens: [
        { name: 'ada', role: 'write', token: 'ada-token-123' },
        { name: 'rita', role: 'read', token: 'rita-token-123' },
      ],
    })
    await seeded('g', { token: 'ada-token-123' })
    const reader = client('g', { token: 'rita-token-123' })
    // Count the server's sync step 2 frames: the open's answer, then the probe's.
    let answers = 0
    const handle = reader.provider.messageHandlers[0]!
    reader.provider.messageHandlers[0] = (encoder, decoder, p, fromServer, type) => {
      const step = decoder.arr[decoder.pos]
      handle(encoder, decoder, p, fromServer, type)
      if (fromServer && step === 1) answers++
    }
    await waitFor(() => reader.synced, 'the reader to sync')
    const warn = console.warn
    console.warn = () => {}
    try {
      createNodes(graphOf(reader.doc, 'rita'), [{ summary: 'Not mine to write' }])
      await waitFor(() => answers >= 2, 'the server to answer the probe after the reader’s change')
    } finally {
      console.warn = warn
    }
    expect(reader.readOnly).toBe(true)
    expect(reader.pending).toBe(1)
  })
})

describe('reconnect', () => {
  it('comes back after a restart through jittered delays, and catches up with what others wrote', async () => {
    server = await testServer()
    const port = Number(new URL(server.url).port)
    await seeded('g')
    const delays: number[] = []
    const draws: number[] = []
    let seed = 7
    const random = () => {
      seed = (seed * 16807) % 2147483647
      const r = seed / 2147483647
      draws.push(r)
      return r
    }
    const c = client('g', {
      jitter: {
        baseMs: 20,
        maxMs: 300,
        random,
        setTimer: (fn, ms) => {
          delays.push(ms)
          setTimeout(fn, ms)
        },
      },
    })
    await waitFor(() => c.status === 'synced', 'the client to sync')
    expect(delays).toEqual([])
    await server.stop()
    // Attempts fail while the server is down: each waits a jittered delay first.
    await waitFor(() => delays.length >= 2, 'two jittered attempts while the server is down')
    server = await server.restart({ port })
    const writer = client('g')
    await waitFor(() => writer.synced, 'a writer to sync after the restart')
    createNodes(graphOf(writer.doc, 'bob'), [{ summary: 'Written during the outage' }])
    await waitFor(() => c.status === 'synced', 'the client to resync after the restart')
    await waitFor(
      () =>
        [...c.doc.getMap<Y.Map<unknown>>('nodes').values()].some(
          (n) => n.get('summary') === 'Written during the outage',
        ),
      'the client to receive what was written while it was away',
    )
    // Delays are random draws within the growing cap, not the same for every peer.
    expect(delays.length).toBeGreaterThanOrEqual(2)
    for (const [i, d] of delays.entries()) {
      expect(d).toBeGreaterThan(0)
      expect(d).toBeLessThanOrEqual(300)
      expect(d).toBeLessThanOrEqual(draws[i]! * 300 + 1e-9)
    }
    expect(new Set(delays).size).toBe(delays.length)
  })
})

describe('close reasons', () => {
  it('4422: a change that breaks the document’s rules', async () => {
    server = await testServer({ tokens: [{ name: 'ada', role: 'write', token: 'ada-token-123' }] })
    const c = await seeded('g', { token: 'ada-token-123' })
    const closed = nextClose(c)
    c.doc.getArray('history').delete(0, 1)
    const close = await closed
    expect(close).toMatchObject({ kind: 'broken-rule', code: 4422, final: true })
    expect(close.reason).toMatch(/append-only/)
    await waitFor(() => c.status === 'closed', 'the client to stop')
    expect(c.lastClose).toEqual(close)
    expect(c.pending).toBe(1)
  })

  it('4426: a build older than the graph', async () => {
    server = await testServer()
    await seeded('g')
    const old = client('g', { schema: SCHEMA_VERSION - 1 })
    await waitFor(() => old.synced, 'the old client to sync')
    const closed = nextClose(old)
    createNodes(graphOf(old.doc), [{ summary: 'From an old build' }])
    const close = await closed
    expect(close).toMatchObject({ kind: 'schema-too-old', code: 4426, final: true })
    expect(close.reason).toMatch(/update Plexus/i)
    await waitFor(() => old.status === 'closed', 'the old client to stop')
  })

  it('4401: no token where the server requires one; the client stops retrying', async () => {
    server = await testServer({ tokens: [{ name: 'ada', role: 'write', token: 'ada-token-123' }] })
    const c = client('g')
    const close = await nextClose(c)
    expect(close).toMatchObject({ kind: 'unauthorized', code: 4401, final: true })
    await waitFor(() => c.status === 'closed', 'the client to stop')
    expect(c.provider.shouldConnect).toBe(false)
  })

  it('4404: a reader asking for a graph that does not exist', async () => {
    server = await testServer({ tokens: [{ name: 'rita', role: 'read', token: 'rita-token-123' }] })
    const c = client('missing', { token: 'rita-token-123' })
    const close = await nextClose(c)
    expect(close).toMatchObject({ kind: 'not-found', code: 4404, final: true })
  })

  it('network: a server that goes away is transient, and the client keeps trying', async () => {
    server = await testServer()
    const c = client('g')
    await waitFor(() => c.synced, 'the client to sync')
    const closed = nextClose(c)
    await server.stop()
    const close = await closed
    expect(close.final).toBe(false)
    expect(['going-away', 'network']).toContain(close.kind)
    expect(c.provider.shouldConnect).toBe(true)
  })
})

describe('options', () => {
  it('says what is wrong with a URL that names no graph', () => {
    expect(() =>
      connect(new Y.Doc(), { url: 'ws://localhost:1', schema: 2, WebSocket, connect: false }),
    ).toThrow(/no graph in ws:\/\/localhost:1; pass `graph`/)
  })

  it('takes the graph from the URL when `graph` is left out', () => {
    const c = connect(new Y.Doc(), {
      url: 'ws://localhost:1/sync/trip',
      schema: 2,
      WebSocket,
      connect: false,
    })
    open.push(c)
    expect(c.provider.roomname).toBe('trip')
    expect(c.provider.url).toBe('ws://localhost:1/sync/trip?schema=2')
  })
})
