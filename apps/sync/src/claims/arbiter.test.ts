/**
 * The claims route a stdio peer uses (`POST /api/graphs/:id/claims`), against a real server: the claim
 * is made in the token's name whatever the body says, with the server's lease, and the answer carries
 * the changes the peer lacks. Bad requests get a reason and change nothing.
 */
import { Buffer } from 'node:buffer'
import { CLAIMED_AT, CLAIMED_BY, CLAIMED_UNTIL, createNodes, initGraph, openGraph } from '@plexus/model'
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { provider, synced, testServer, waitFor, type TestServer } from '../test/server-harness.ts'

const TOKENS = [
  { name: 'alice', role: 'write' as const, token: 'alice-token-1' },
  { name: 'bob', role: 'write' as const, token: 'bob-token-12' },
  { name: 'reader', role: 'read' as const, token: 'reader-token-1' },
]

let server: TestServer | undefined
afterEach(async () => {
  await server?.dispose()
  server = undefined
})

/** A graph of three tasks, written by a stock y-websocket client as a browser tab would. */
async function seeded(s: TestServer, graph: string): Promise<Y.Doc> {
  const tab = provider(s, graph, { token: 'alice-token-1' })
  await synced(tab)
  let n = 0
  const g = openGraph(tab.doc, { actor: 'alice', now: Date.now, newId: () => `n_tab${n++}` })
  initGraph(g, { id: graph, goal: 'Three tasks' })
  createNodes(
    g,
    [1, 2, 3].map((i) => ({ summary: `Task ${i}`, kind: 'task' })),
  )
  await waitFor(() => (s.docs.peek(graph)?.store.clients.size ?? 0) > 0, 'the graph on the server')
  return tab.doc
}

function post(s: TestServer, graph: string, body: unknown, token = 'alice-token-1') {
  return fetch(`${s.url}/api/graphs/${graph}/claims`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

const emptyVector = Buffer.from(Y.encodeStateVector(new Y.Doc())).toString('base64')

describe('POST /api/graphs/:id/claims', () => {
  it("claims in the token's name with the server's lease, and answers with the changes the peer lacks", async () => {
    server = await testServer({ tokens: TOKENS, claimTtlMinutes: 5 })
    await seeded(server, 'work')
    const res = await post(server, 'work', { state_vector: emptyVector, actor: 'mallory', count: 2 })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { actor: string; claimed: string[]; update: string }
    expect(body.actor).toBe('alice')
    expect(body.claimed).toHaveLength(2)
    // The peer applies the answer and has the claims in its own copy.
    const peer = new Y.Doc()
    Y.applyUpdate(peer, Buffer.from(body.update, 'base64'))
    const g = openGraph(peer, { actor: 'x', now: Date.now, newId: () => 'x' })
    for (const id of body.claimed) {
      const p = g.index.nodes.get(id)!.properties
      expect(p[CLAIMED_BY]).toBe('alice')
      expect((p[CLAIMED_UNTIL] as number) - (p[CLAIMED_AT] as number)).toBe(5 * 60_000)
    }
    // Another caller gets only what is left.
    const bob = await post(server, 'work', { state_vector: emptyVector, count: 5 }, 'bob-token-12')
    const left = ((await bob.json()) as { claimed: string[] }).claimed
    expect(left.length).toBeGreaterThan(0)
    expect(left.filter((id) => body.claimed.includes(id))).toEqual([])
  })

  it('refuses a read token, a bad body and an unknown graph, and claims nothing', async () => {
    server = await testServer({ tokens: TOKENS })
    const doc = await seeded(server, 'work')
    const read = await post(server, 'work', { state_vector: emptyVector }, 'reader-token-1')
    expect(read.status).toBe(403)
    const bad = await post(server, 'work', { state_vector: emptyVector, count: 'all' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toMatch(/^count: .*send \{state_vector/)
    const junk = await post(server, 'work', 'not json')
    expect(((await junk.json()) as { message: string }).message).toMatch(/JSON body/)
    const vector = await post(server, 'work', { state_vector: '!!!' })
    expect(vector.status).toBe(400)
    const missing = await post(server, 'nowhere', { state_vector: emptyVector })
    expect(missing.status).toBe(404)
    const g = openGraph(doc, { actor: 'x', now: Date.now, newId: () => 'x' })
    expect([...g.index.nodes.values()].filter((n) => n.properties[CLAIMED_BY] !== undefined)).toEqual([])
  })
})
