/**
 * A resource subscription still being made when its session closes, or when the client unsubscribes
 * from it, is not kept (issue 23, review): each subscription holds its graph's document open (loaded
 * and observed), so one finished after its session had gone would hold it for the life of the server.
 *
 * The server, its registry and the SDK's client are real (over the SDK's in-memory transport, so the
 * test decides when the session closes); the one seam is a gate in front of the registry's `open`,
 * which holds the subscription between its awaits until the close has happened, and counts the
 * handles opened and released.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { testServer, waitFor, type TestServer } from '../../test/server-harness.ts'
import { createMcpServer, resourceUri, type GraphSource } from '@plexus/tools'
import { httpAgent, ok } from '@plexus/tools/test/clients'
import { VERSION } from '../../sync-version.ts'
import { registrySource } from './http.ts'

let server: TestServer | undefined
afterEach(async () => {
  await server?.dispose()
  server = undefined
})

/**
 * The registry as a source, its handles counted, and its second open (the one the subscription keeps,
 * after the one that read the first value) held until `letGo`.
 */
function gated(real: GraphSource) {
  let letGo!: () => void
  const gate = new Promise<void>((resolve) => (letGo = resolve))
  let reached!: () => void
  const waiting = new Promise<void>((resolve) => (reached = resolve))
  const count = { opened: 0, released: 0 }
  let calls = 0
  const source: GraphSource = {
    ...real,
    open: async (id) => {
      if (++calls === 2) {
        reached()
        await gate
      }
      const h = await real.open(id)
      if (!h) return null
      count.opened++
      return { ...h, release: () => (count.released++, h.release()) }
    },
  }
  return { source, count, letGo, waiting }
}

/** A server with graph g. */
async function withGraph(): Promise<TestServer> {
  const s = await testServer()
  const a = await httpAgent(s.url, { token: undefined })
  try {
    await ok(a.client, 'graph_open', { project: 'g', goal: 'Ship it' })
  } finally {
    await a.close()
  }
  return s
}

/** Once the held open has returned, and what follows it in the same turn (keep or release) has run. */
async function settled(count: { opened: number }): Promise<void> {
  await waitFor(() => count.opened === 2, 'the subscription to open its graph')
  await new Promise((resolve) => setImmediate(resolve))
}

async function session(source: GraphSource) {
  const mcp = createMcpServer({ source, role: 'admin', name: 'ada', version: VERSION })
  const [near, far] = InMemoryTransport.createLinkedPair()
  await mcp.connect(far)
  const client = new Client({ name: 'ada', version: '1.0.0' })
  await client.connect(near)
  return client
}

describe('a subscription made while its session closes is not kept', () => {
  it('the session closes while the subscription opens its graph: every handle is released', async () => {
    server = await withGraph()
    const g = gated(registrySource(server.docs))
    const client = await session(g.source)
    const pending = client
      .subscribeResource({ uri: resourceUri('g', 'checkpoints') })
      .catch((e: unknown) => e)
    await g.waiting
    await client.close()
    g.letGo()
    await pending
    await settled(g.count)
    expect(g.count, 'handles the closed session still holds').toEqual({ opened: 2, released: 2 })
  })

  it('the client unsubscribes while the subscription is being made: it is not kept', async () => {
    server = await withGraph()
    const g = gated(registrySource(server.docs))
    const client = await session(g.source)
    try {
      const uri = resourceUri('g', 'checkpoints')
      const pending = client.subscribeResource({ uri })
      await g.waiting
      await client.unsubscribeResource({ uri })
      g.letGo()
      await pending
      await settled(g.count)
      expect(g.count).toEqual({ opened: 2, released: 2 })
    } finally {
      await client.close()
    }
  })
})
