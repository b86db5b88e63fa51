/**
 * Cross-tab sync (tabs.ts) over Node's real BroadcastChannel, no server: a lone tab sends nothing on
 * the provider's channel (no whole-document step 2 when it connects), two tabs of a graph sync each
 * other once they find each other, also after `disconnect()` (offline), and a third tab joins both.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import * as Y from 'yjs'
import { connect, type SyncConnection } from './connect.ts'

// Nothing listens here: the provider keeps retrying; the tabs never reach a server.
const URL = 'ws://127.0.0.1:9/sync'
const open: SyncConnection[] = []
const channels: Array<{ close(): void }> = []
afterEach(() => {
  for (const c of open.splice(0)) c.destroy()
  for (const ch of channels.splice(0)) ch.close()
})

let graphs = 0
const tab = (graph: string): SyncConnection => {
  const doc = new Y.Doc()
  const c = connect(doc, { url: URL, graph, schema: 1, WebSocket, crossTab: true, connect: false })
  open.push(c)
  return c
}

/** Counts messages on the provider's own BroadcastChannel (what `connectBc` publishes). */
function listen(c: SyncConnection): { count: number } {
  const seen = { count: 0 }
  const ch = new BroadcastChannel(c.provider.bcChannel)
  ch.onmessage = () => seen.count++
  channels.push(ch)
  return seen
}

const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms))

/**
 * Waits for `check` to pass, looking every 20 ms. The limit only ends a hang: it was 2 s, which a
 * message between tabs can take at load 15 on 2 cores.
 */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!check() && Date.now() < deadline) await settle(20)
  expect(check(), what).toBe(true)
}

const text = (c: SyncConnection) => c.doc.getMap('m').get('k')

describe('cross-tab sync', () => {
  it('a lone tab publishes nothing on the BroadcastChannel when it connects', async () => {
    const a = tab(`g${graphs++}`)
    const seen = listen(a)
    a.doc.getMap('m').set('k', 'big document')
    a.connect()
    await settle()
    expect(seen.count).toBe(0)
    expect(a.provider.bcconnected).toBe(false)
  })

  it('two tabs find each other and sync both ways, also after disconnect()', async () => {
    const graph = `g${graphs++}`
    const a = tab(graph)
    a.doc.getMap('m').set('k', 'from a')
    a.connect()
    const b = tab(graph)
    b.joinTabs()
    await until(() => text(b) === 'from a', 'b has what a wrote before b opened')
    b.doc.getMap('m').set('k2', 'from b')
    await until(() => a.doc.getMap('m').get('k2') === 'from b', 'a has what b wrote')
    // Going offline drops the provider's channel link; the tabs keep syncing.
    a.disconnect()
    b.disconnect()
    a.doc.getMap('m').set('k', 'offline a')
    await until(() => text(b) === 'offline a', 'b has what a wrote offline')
  })

  it('a third tab syncs with both', async () => {
    const graph = `g${graphs++}`
    const [a, b] = [tab(graph), tab(graph)]
    a.joinTabs()
    b.joinTabs()
    a.doc.getMap('m').set('k', 'a')
    await until(() => text(b) === 'a', 'b has a')
    const c = tab(graph)
    c.doc.getMap('m').set('c', 'c')
    c.joinTabs()
    await until(() => text(c) === 'a', 'c has a')
    await until(() => a.doc.getMap('m').get('c') === 'c' && b.doc.getMap('m').get('c') === 'c', 'a, b have c')
  })
})
