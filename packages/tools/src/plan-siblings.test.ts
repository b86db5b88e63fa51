/**
 * graph_plan {mode: "auto"} beside a sibling that is the same label but for an article (issue 24,
 * session 15): "Design the landing page" under a parent holding "Design landing page" was created as a
 * new node with no possible duplicate. Deduplication reads labels as the same thing written another way
 * only, and a small word cost the fuzzy score four characters (0.83, below 0.85); graph_context's
 * reading (parts of labels too) took it at 0.9. Real server, official SDK client over Streamable HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { httpAgent, ok, type Agent } from './test/clients.ts'

describe('graph_plan auto beside a sibling written without an article', () => {
  let server: TestServer
  let agent: Agent
  const project = 'plan-siblings'
  let site = ''
  let page = ''

  beforeAll(async () => {
    server = await testServer()
    agent = await httpAgent(server.url)
    await ok(agent.client, 'graph_open', { project, goal: 'Ship the website' })
    const r = await ok(agent.client, 'graph_plan', {
      project,
      nodes: [
        { ref: 'site', summary: 'Website' },
        { ref: 'page', parent_ref: 'site', summary: 'Design landing page' },
        { ref: 'copy', parent_ref: 'site', summary: 'Write pricing copy' },
      ],
    })
    const id = (ref: string): string =>
      (r.created as Array<{ ref?: string; id: string }>).find((c) => c.ref === ref)!.id
    site = id('site')
    page = id('page')
  })
  afterAll(async () => {
    await agent?.close()
    await server?.dispose()
  })

  it('reuses the sibling for "Design the landing page" (created before, no duplicate listed)', async () => {
    const r = await ok(agent.client, 'graph_plan', {
      project,
      mode: 'auto',
      nodes: [{ ref: 'again', parent_ref: site, summary: 'Design the landing page' }],
    })
    // Empty lists are left out of the result.
    expect(r.created ?? []).toEqual([])
    expect((r.matched ?? []).map((m: { id: string }) => m.id)).toEqual([page])
  })

  it('still creates a sibling that adds a word ("Design the pricing landing page")', async () => {
    const r = await ok(agent.client, 'graph_plan', {
      project,
      mode: 'auto',
      nodes: [{ ref: 'other', parent_ref: site, summary: 'Design the pricing landing page' }],
    })
    expect(r.matched ?? []).toEqual([])
    expect(r.created).toHaveLength(1)
  })
})
