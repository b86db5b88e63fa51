/**
 * Agents as peers: two agents sharing one graph through `/mcp`, and an agent and a y-websocket client
 * (what a browser tab runs) seeing each other's changes and presence.
 */
import { counts, next, openGraph, updateNodes, type Graph } from '@plexus/model'
import { afterEach, describe, expect, it } from 'vitest'
import { provider, synced, testServer, waitFor, type TestServer } from '@plexus/sync/test-server'
import { httpAgent, ok, type Agent } from './test/clients.ts'

let server: TestServer
const agents: Agent[] = []
afterEach(async () => {
  for (const a of agents.splice(0)) await a.close()
  await server?.dispose()
})

const TOKENS = [
  { name: 'alice', role: 'write' as const, token: 'alice-token-1' },
  { name: 'bob', role: 'write' as const, token: 'bob-token-12' },
]

async function agent(token: string): Promise<Agent> {
  const a = await httpAgent(server.url, { token })
  agents.push(a)
  return a
}

const graphOf = (doc: import('yjs').Doc, actor: string): Graph =>
  openGraph(doc, { actor, now: Date.now, newId: () => `b_${Math.random().toString(36).slice(2, 12)}` })

describe('two agents on one graph', () => {
  it('never hand out the same claim, and finish the graph together', async () => {
    server = await testServer({ tokens: TOKENS })
    const alice = await agent('alice-token-1')
    const bob = await agent('bob-token-12')
    const project = 'together'
    await ok(alice.client, 'graph_open', { project, goal: 'Ship it' })
    const nodes = Array.from({ length: 8 }, (_, i) => ({
      ref: `t${i}`,
      summary: `Task ${i}`,
      kind: 'task',
      ...(i >= 6 ? { depends_on: [`t${i - 6}`] } : {}),
    }))
    await ok(bob.client, 'graph_plan', { project, nodes })

    const held = new Map<string, string>()
    const resolvedBy = new Map<string, string>()
    // Each agent claims, checks nobody else holds it, then resolves; both run at once.
    const work = async (name: string, a: Agent) => {
      for (let round = 0; round < 30; round++) {
        const n = await ok(a.client, 'graph_next', { project, claim: true })
        if (!n.nodes.length) {
          if ((await ok(a.client, 'graph_open', { project })).summary.unresolved === 0) return
          await new Promise((r) => setTimeout(r, 5))
          continue
        }
        const id = n.nodes[0].node.id as string
        expect(held.get(id), `${name} got ${id}, which ${held.get(id)} holds`).toBeUndefined()
        held.set(id, name)
        await ok(a.client, 'graph_update', {
          updates: [
            { node_id: id, resolved: true, add_evidence: [{ type: 'note', ref: `done by ${name}` }] },
          ],
        })
        held.delete(id)
        resolvedBy.set(id, name)
      }
    }
    await Promise.all([work('alice', alice), work('bob', bob)])
    const final = await ok(alice.client, 'graph_open', { project })
    expect(final.summary).toMatchObject({ total: 9, resolved: 9, unresolved: 0 })
    expect(new Set(resolvedBy.values())).toEqual(new Set(['alice', 'bob']))
    const history = await ok(bob.client, 'graph_history', { project, include_own: true, limit: 500 })
    const actors = new Set((history.events as Array<{ agent: string }>).map((e) => e.agent))
    expect(actors).toEqual(new Set(['alice', 'bob']))
  })

  it('skips work another agent holds within its lease, warns on writes to it, and takes it after a release or the lease', async () => {
    server = await testServer({ tokens: TOKENS })
    const alice = await agent('alice-token-1')
    const bob = await agent('bob-token-12')
    await ok(alice.client, 'graph_open', { project: 'ttl', goal: 'One thing' })
    await ok(alice.client, 'graph_plan', { project: 'ttl', nodes: [{ summary: 'The only task' }] })
    const a = await ok(alice.client, 'graph_next', { project: 'ttl', claim: true })
    expect(a.claimed).toHaveLength(1)
    const b = await ok(bob.client, 'graph_next', { project: 'ttl', claim: true })
    expect(b.nodes).toEqual([])
    expect(b.none).toMatch(/claimed by others/)
    // Bob may still write to it: the update applies and says whose work it touched.
    const w = await ok(bob.client, 'graph_update', {
      project: 'ttl',
      updates: [{ node_id: a.claimed[0], notes: 'a hint for alice' }],
    })
    expect(w.warnings).toEqual([
      { node_id: a.claimed[0], claimed_by: 'alice', until: expect.stringMatching(/^\d{4}-/) },
    ])
    // Alice gives it up; bob takes it; with a lease that lapses at once, alice takes it back.
    await ok(alice.client, 'graph_update', {
      project: 'ttl',
      updates: [{ node_id: a.claimed[0], release: true }],
    })
    const short = await ok(bob.client, 'graph_next', { project: 'ttl', claim: true, ttl_minutes: 1e-6 })
    expect(short.claimed).toEqual(a.claimed)
    await new Promise((r) => setTimeout(r, 5))
    const again = await ok(alice.client, 'graph_next', { project: 'ttl', claim: true })
    expect(again.claimed).toEqual(a.claimed)
    const lost = await ok(bob.client, 'graph_next', { project: 'ttl' })
    expect(lost.lost_claims[0]).toMatchObject({ id: a.claimed[0], held_by: 'alice' })
  })
})

describe('agents and y-websocket clients', () => {
  it('a tool write reaches a y-websocket client, and a client write is what graph_next reflects', async () => {
    server = await testServer()
    const a = await agent('')
    const o = await ok(a.client, 'graph_open', { project: 'live', goal: 'Interop' })
    const tab = provider(server, 'live')
    await synced(tab)
    const person = graphOf(tab.doc, 'person:ada')

    const plan = await ok(a.client, 'graph_plan', {
      project: 'live',
      nodes: [
        { ref: 'db', summary: 'Pick a database', parent_ref: o.root.id },
        { ref: 'api', summary: 'Build the API', parent_ref: o.root.id, depends_on: ['db'] },
      ],
    })
    const db = plan.created[0].id as string
    const api = plan.created[1].id as string
    await waitFor(() => person.index.live(api) !== undefined, 'the agent’s nodes in the browser’s document')
    expect(person.index.statusOf(api)).toBe('blocked')
    expect(person.index.nodes.get(db)!.created_by).toBe('test-agent')

    // The person resolves the database on the canvas; the agent's next call sees the API unblocked.
    expect(updateNodes(person, [{ id: db, resolved: true }]).ok).toBe(true)
    // No fixed sleep: the agent polls, as it would, until the change has reached the server.
    let got: string[] = []
    for (let i = 0; i < 200 && !got.includes(api); i++) {
      got = (await ok(a.client, 'graph_next', { project: 'live', count: 5 })).nodes.map(
        (x: { node: { id: string } }) => x.node.id,
      )
    }
    expect(got).toContain(api)
    expect(counts(person).resolved).toBe(1)
    expect(next(person, { count: 5 }).ok).toBe(true)
  })

  it('shows the agent in presence at the node it last touched', async () => {
    server = await testServer()
    const a = await agent('')
    const o = await ok(a.client, 'graph_open', { project: 'seen', goal: 'Presence' })
    const tab = provider(server, 'seen')
    await synced(tab)
    const plan = await ok(a.client, 'graph_plan', {
      project: 'seen',
      nodes: [{ summary: 'Visible work', parent_ref: o.root.id }],
    })
    const id = plan.created[0].id as string
    await ok(a.client, 'graph_context', { node_id: id })
    const agentState = () =>
      [...tab.awareness.getStates().values()].find(
        (s) => (s as { user?: { kind?: string } }).user?.kind === 'agent',
      ) as { user: { name: string; color: string }; node: string } | undefined
    await waitFor(() => agentState()?.node === id, 'the agent in the tab’s awareness at the node')
    expect(agentState()!.user.name).toBe('test-agent')
    expect(agentState()!.user.color).toMatch(/^#[0-9a-f]{6}$/)
  })
})
