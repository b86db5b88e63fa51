/**
 * The stock y-websocket client (WebsocketProvider) against the real server over sockets.
 */
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  destroyProvider,
  provider,
  synced,
  testServer,
  waitFor,
  type TestServer,
} from '../test/server-harness.ts'

let server: TestServer
afterEach(async () => server?.dispose())

// Plain values under names: checkpoints take any JSON value, as the document's rules allow.
const nodes = (doc: Y.Doc) => doc.getMap('checkpoints')

describe('sync with the stock y-websocket client', () => {
  it('makes two clients converge', async () => {
    server = await testServer()
    const a = provider(server, 'g1')
    const b = provider(server, 'g1')
    await Promise.all([synced(a), synced(b)])
    nodes(a.doc).set('from-a', 1)
    nodes(b.doc).set('from-b', 2)
    await waitFor(() => nodes(a.doc).size === 2 && nodes(b.doc).size === 2, 'both edits on both clients')
    expect(nodes(a.doc).toJSON()).toEqual(nodes(b.doc).toJSON())
  })

  it('gives a third client joining later everything', async () => {
    server = await testServer()
    const a = provider(server, 'g1')
    const b = provider(server, 'g1')
    await Promise.all([synced(a), synced(b)])
    for (let i = 0; i < 50; i++) nodes(i % 2 ? a.doc : b.doc).set(`n${i}`, i)
    const node = new Y.Map<unknown>()
    node.set('notes', new Y.Text('hello'))
    // A node arrives with its history event (the server refuses a node change without one).
    const created = { id: 'e1', ts: 1, actor: 'local', node: 'n_text', action: 'create', changes: [] }
    a.doc.transact(() => {
      a.doc.getMap('nodes').set('n_text', node)
      a.doc.getArray('history').push([created])
    })
    nodes(a.doc).set('text', 'written')
    await waitFor(() => nodes(b.doc).size === 51, 'b to have all 51 entries')
    const c = provider(server, 'g1')
    await synced(c)
    await waitFor(
      () => nodes(c.doc).size === 51 && c.doc.getMap('nodes').size === 1,
      'c to have all 51 entries',
    )
    expect(nodes(c.doc).toJSON()).toEqual(nodes(a.doc).toJSON())
    expect(c.doc.getMap('nodes').toJSON()).toEqual({ n_text: { notes: 'hello' } })
  })

  it('shows presence and removes it when a client leaves', async () => {
    server = await testServer()
    const a = provider(server, 'g1')
    const b = provider(server, 'g1')
    await Promise.all([synced(a), synced(b)])
    a.awareness.setLocalStateField('user', { name: 'Ada', color: '#f00' })
    await waitFor(() => b.awareness.getStates().has(a.doc.clientID), 'b to see a’s presence')
    expect(b.awareness.getStates().get(a.doc.clientID)).toEqual({
      user: { name: 'Ada', color: '#f00', identity: 'local' },
    })
    const c = provider(server, 'g1')
    await waitFor(() => c.awareness.getStates().has(a.doc.clientID), 'a late joiner to see a’s presence')
    const id = a.doc.clientID
    destroyProvider(a)
    await waitFor(
      () => !b.awareness.getStates().has(id) && !c.awareness.getStates().has(id),
      'a’s presence to go',
    )
  })

  it('removes the presence of a client whose connection drops without saying goodbye', async () => {
    server = await testServer()
    const a = provider(server, 'g1')
    const b = provider(server, 'g1')
    await Promise.all([synced(a), synced(b)])
    a.awareness.setLocalStateField('user', { name: 'Ada' })
    await waitFor(() => b.awareness.getStates().has(a.doc.clientID), 'b to see a')
    // Kill the socket under the provider: no awareness goodbye is sent.
    a.shouldConnect = false
    ;(a.ws as unknown as { terminate(): void }).terminate()
    await waitFor(() => !b.awareness.getStates().has(a.doc.clientID), 'server to withdraw a’s presence')
  })

  it('syncs edits made while disconnected when the client reconnects', async () => {
    server = await testServer()
    const a = provider(server, 'g1')
    const b = provider(server, 'g1')
    await Promise.all([synced(a), synced(b)])
    nodes(a.doc).set('before', 1)
    await waitFor(() => nodes(b.doc).has('before'), 'b to see the first edit')
    a.disconnect()
    nodes(a.doc).set('offline-a', 'written offline')
    nodes(b.doc).set('online-b', 'written meanwhile')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(nodes(b.doc).has('offline-a')).toBe(false)
    a.connect()
    await waitFor(
      () => nodes(b.doc).has('offline-a') && nodes(a.doc).has('online-b'),
      'offline edits to meet after reconnect',
    )
    expect(nodes(a.doc).toJSON()).toEqual(nodes(b.doc).toJSON())
  })

  it('keeps everything across a server restart', async () => {
    server = await testServer()
    const a = provider(server, 'g1')
    await synced(a)
    for (let i = 0; i < 30; i++) nodes(a.doc).set(`n${i}`, i)
    await waitFor(() => server.metrics.updatesIn >= 30, 'server to apply 30 updates')
    destroyProvider(a)
    server = await server.restart()
    const c = provider(server, 'g1')
    await synced(c)
    expect(nodes(c.doc).size).toBe(30)
  })

  it('keeps a lone, idle client connected: the server speaks before the client’s 30 s silence timeout', async () => {
    // The stock client reconnects after 30 s without a message; the server speaks to a silent
    // connection every keepaliveMs (scaled down to 100 ms here). The test waits on those messages,
    // five of them to an idle client, not on a clock: it measured the gaps between them before,
    // which a stalled event loop at load 15 stretches whatever the server does.
    server = await testServer({ keepaliveMs: 100 })
    const alone = provider(server, 'quiet')
    await synced(alone)
    let closes = 0
    alone.on('connection-close', () => closes++)
    let heard = 0
    alone.ws!.addEventListener('message', () => heard++)
    await waitFor(() => heard >= 5, 'five messages from the server to an idle client')
    expect(closes).toBe(0)
    expect(alone.wsconnected).toBe(true)
  })

  it('keeps graphs apart', async () => {
    server = await testServer()
    const a = provider(server, 'one')
    const b = provider(server, 'two')
    await Promise.all([synced(a), synced(b)])
    nodes(a.doc).set('only-in-one', true)
    const c = provider(server, 'one')
    await waitFor(() => nodes(c.doc).has('only-in-one'), 'c on graph one to see it')
    expect(nodes(b.doc).size).toBe(0)
  })
})
