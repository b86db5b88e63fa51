/**
 * graph_import through the official MCP SDK client against a real server: the same file twice
 * changes nothing, matches are listed with their confidence, fuzzy matching only when asked, and a
 * dependency cycle in the data is kept and reported.
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

  it('takes the map formats, XMind as base64, and answers what it could not keep', async () => {
    server = await testServer({})
    agent = await httpAgent(server.url, {})
    const project = 'maps'
    const opml =
      '<opml version="2.0"><body><outline text="Plan" category="work"><outline text="Step" _note="why"/></outline></body></opml>'
    const first = await ok(agent.client, 'graph_import', { project, format: 'opml', text: opml })
    expect(first.created).toBe(2)
    expect(first.lost).toContainEqual(expect.objectContaining({ kind: 'opml-attribute', count: 1 }))
    const again = await ok(agent.client, 'graph_import', { project, format: 'opml', text: opml })
    expect([again.created, again.edges]).toEqual([0, 0])
    const exported = await ok(agent.client, 'graph_export', { project, format: 'xmind' })
    expect(exported.encoding).toBe('base64')
    const back = await ok(agent.client, 'graph_import', {
      project: 'maps-2',
      format: 'xmind',
      text: exported.text,
    })
    expect(back.created).toBe(3)
    const own = await ok(agent.client, 'graph_import', { project, format: 'xmind', text: exported.text })
    expect([own.created, own.edges]).toEqual([0, 0])

    // The engine's import_graph is the same door: a FreeMind map and XMind bytes, with the ledger.
    const mm =
      '<map version="1.0.1"><node TEXT="Map"><node TEXT="Idea"><font NAME="Serif"/></node></node></map>'
    const engine = await httpAgent(server.url, { path: '/mcp/engine' })
    const viaEngine = await ok(engine.client, 'import_graph', {
      graph: 'maps-3',
      format: 'freemind',
      content: mm,
    })
    expect(viaEngine.created).toBe(2)
    expect(viaEngine.lost).toContainEqual({
      kind: 'freemind-font',
      count: 1,
      detail: '1 FreeMind font dropped',
    })
    expect(
      (await ok(engine.client, 'import_graph', { graph: 'maps-3', format: 'freemind', content: mm })).created,
    ).toBe(0)
    const xmind = await ok(engine.client, 'import_graph', {
      graph: 'maps-3',
      format: 'xmind',
      content: exported.text,
    })
    expect(xmind.created).toBe(3)
    await engine.close()
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
