/**
 * A tree deeper than a map format is written (MAX_EXPORT_DEPTH, issue 28) is refused at every edge with
 * the vocabulary's code, `too_deep`, and words giving the depth and what to do: REST with the code's
 * status (was `export_failed`, a reason outside the vocabulary), MCP's graph_export as a tool error
 * carrying the code (was reported as a failure inside the server). A real server, the official SDK client.
 */
import { MAX_EXPORT_DEPTH } from '@plexus/formats'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { edgeOf } from '@plexus/model'
import { httpAgent, type Agent } from '@plexus/tools/test/clients'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '../test/server-harness.ts'

let server: TestServer
let agent: Agent
const DEPTH = MAX_EXPORT_DEPTH + 2

beforeAll(async () => {
  server = await testServer()
  agent = await httpAgent(server.url)
  const open = await agent.client.callTool({
    name: 'graph_open',
    arguments: { project: 'deep', goal: 'Deep' },
  })
  expect(open.isError).toBeFalsy()
  // Under the root, a chain: each topic under the one before.
  const nodes = Array.from({ length: DEPTH - 1 }, (_, i) => ({
    ref: `t${i}`,
    summary: `Topic ${i}`,
    ...(i > 0 ? { parent_ref: `t${i - 1}` } : {}),
  }))
  const plan = await agent.client.callTool({
    name: 'graph_plan',
    arguments: { project: 'deep', mode: 'force', nodes },
  })
  expect(plan.isError, JSON.stringify(plan.content).slice(0, 300)).toBeFalsy()
}, 120_000)

afterAll(async () => {
  await agent?.close()
  await server?.dispose()
})

const SAYS = new RegExp(`${DEPTH} levels deep.*at most ${MAX_EXPORT_DEPTH}.*json or dsl`)

describe('an export of a tree too deep for the format', () => {
  it('REST answers too_deep with its status, the depth and what to do', async () => {
    const res = await fetch(`${server.url}/api/graphs/deep/export?format=opml`)
    const body = (await res.json()) as { error: string; message: string }
    expect({ status: res.status, error: body.error }).toEqual({
      status: edgeOf('too_deep').status,
      error: 'too_deep',
    })
    expect(body.message).toMatch(SAYS)
    // The formats that hold any depth still export.
    expect((await fetch(`${server.url}/api/graphs/deep/export?format=json`)).status).toBe(200)
  })

  it('MCP graph_export is a tool error with the code, not a failure inside the server', async () => {
    for (const format of ['opml', 'xmind', 'markdown']) {
      const r = (await agent.client.callTool({
        name: 'graph_export',
        arguments: { project: 'deep', format },
      })) as CallToolResult
      const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('')
      expect([format, r.isError, r.structuredContent?.reason]).toEqual([format, true, 'too_deep'])
      expect(text).toMatch(SAYS)
      expect(text).not.toMatch(/inside the server|bug/)
    }
  })
})
