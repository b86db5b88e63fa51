/**
 * Seed 000's goal ("used on creation only") is the graph's meta.goal alone since a graph made apart
 * with two goals ran them together in the root's notes (session 17, issue 23). An agent that opens the
 * project again must still read it: graph_open answers it, whole (a multi-line goal included), now and
 * as of a moment after it was made.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { httpAgent, ok, type Agent } from './test/clients.ts'

let server: TestServer
let agent: Agent | undefined
afterEach(async () => {
  await agent?.close()
  agent = undefined
  await server?.dispose()
})

describe('graph_open and the goal it was made with', () => {
  it('answers the goal on creation, when opened again, and as of a moment after', async () => {
    server = await testServer()
    agent = await httpAgent(server.url)
    const goal = 'Ship v1 by June\n\nScope: the web app and the sync server.'
    const made = await ok(agent.client, 'graph_open', { project: 'launch', goal })
    expect(made.goal).toBe(goal)
    expect(made.title).toBe('Ship v1 by June')
    const again = await ok(agent.client, 'graph_open', { project: 'launch' })
    expect(again.goal).toBe(goal)
    // A moment after the making (the clock has moved on by the time it is sent: two calls were made).
    const after = new Date().toISOString()
    const past = await ok(agent.client, 'graph_open', { project: 'launch', as_of: after })
    expect(past.goal).toBe(goal)
  })

  it('answers no goal for a graph made without one', async () => {
    server = await testServer()
    agent = await httpAgent(server.url)
    const made = await ok(agent.client, 'graph_open', { project: 'plain', title: 'Plain' })
    expect(made.goal).toBeUndefined()
  })
})
