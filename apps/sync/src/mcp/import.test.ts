/**
 * graph_import through the official MCP SDK client against a real server: the same file twice
 * changes nothing, matches are listed with their confidence, fuzzy matching only when asked, and a
 * dependency cycle in the data is kept and reported.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '../test/server-harness.ts'
import { httpAgent, ok, type Agent } from './test/clients.ts'

let server: TestServer
let agent: Agent | undefined
afterEach(async () => {
  await agent?.close()
  agent = undefined
  await server?.dispose()
})

const FLOW =
  'flowchart LR\n  api[API] -->|depends on| db[(Database)]\n  subgraph be [Backend]\n    api\n  end\n'

describe('graph_import', () => {
  it('imports a flowchart once: the second time creates nothing and lists every match by alias', async () => {
    server = await testServer({})
    agent = await httpAgent(server.url, {})
    const project = 'imports'
    const first = await ok(agent.client, 'graph_import', { project, format: 'mermaid', text: FLOW })
    expect([first.created, first.edges]).toEqual([3, 1])
    const again = await ok(agent.client, 'graph_import', { project, format: 'mermaid', text: FLOW })
    expect([again.created, again.edges]).toEqual([0, 0])
    expect(again.matches).toHaveLength(3)
    expect(
      again.matches.every((m: { by: string; confidence: number }) => m.by === 'alias' && m.confidence === 1),
    ).toBe(true)
  })

  it('matches a similar name only with fuzzy, and keeps a cycle unless strict', async () => {
    server = await testServer({})
    agent = await httpAgent(server.url, {})
    const project = 'fuzzy'
    await ok(agent.client, 'graph_import', { project, format: 'dsl', text: '"Input/Output"' })
    const plain = await ok(agent.client, 'graph_import', { project, format: 'dsl', text: '"Output/Input"' })
    expect(plain.created).toBe(1)
    const cyc = await ok(agent.client, 'graph_import', {
      project,
      format: 'dsl',
      text: 'A depends_on B\nB depends_on A',
    })
    expect(cyc.edges).toBe(2)
    expect(cyc.problems[0]).toMatch(/depends_on cycle/)
    const fuzzy = await ok(agent.client, 'graph_import', {
      project: 'fuzzy-2',
      format: 'dsl',
      text: '"Input/Output"',
    })
    expect(fuzzy.created).toBe(1)
    const asked = await ok(agent.client, 'graph_import', {
      project: 'fuzzy-2',
      format: 'dsl',
      text: '"Output/Input"',
      fuzzy: true,
    })
    expect(asked.created).toBe(0)
    expect(asked.matches[0].by).toBe('fuzzy')
  })
})
