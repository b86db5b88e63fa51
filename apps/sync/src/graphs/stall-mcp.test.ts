/**
 * An MCP import does not hold other clients up (issue 23): `graph_import`, the engine's
 * `import_graph`, `create_from_mermaid` and `graph_add_facts` with a large input are built off the
 * request thread, as the REST import is (imports.ts), so `/healthz` keeps being answered while one
 * runs.
 *
 * What is asserted is about blocking, not about this machine's speed: `/healthz` is asked one probe
 * after another while the call runs, and the longest stretch with no answer must be well under the
 * call's own duration. A call built on the request thread answers nothing for nearly all of it (the
 * build is one synchronous stretch), so its worst gap is about the call's duration; off the thread,
 * it is one slice's worth. Each call's result is checked too: the import is whole.
 */
import { mcpCall } from '../test/mcp-call.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { performance } from 'node:perf_hooks'
import * as Y from 'yjs'
import { testServer, type TestServer } from '../test/server-harness.ts'

// Enough that building it on the request thread takes a good second on a loaded machine.
const LINES = Number(process.env.STALL_MCP_LINES ?? 3000)
const PROBE_EVERY_MS = 50

let server: TestServer
beforeAll(async () => {
  server = await testServer()
})
afterAll(async () => server?.dispose())
const call = (path: string, name: string, args: Record<string, unknown>) =>
  mcpCall(server.url, path, name, args)

/**
 * Runs `work` while `/healthz` is asked every PROBE_EVERY_MS, each probe after the one before is
 * answered, and once more after the call is answered: the call's duration, and the worst gap between
 * two answers. (The server runs in this process, so a blocked server holds the pause between probes
 * too: the gap, not one probe's latency, is what shows it.)
 */
async function probed<T>(work: () => Promise<T>) {
  let done = false
  const start = performance.now()
  const running = work().finally(() => {
    done = true
  })
  const gaps: number[] = []
  let last = start
  const probe = async () => {
    const r = await fetch(`${server.url}/healthz`)
    await r.arrayBuffer()
    expect(r.status).toBe(200)
    const now = performance.now()
    gaps.push(now - last)
    last = now
  }
  while (!done) {
    await probe()
    if (!done) await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS))
  }
  const result = await running
  const ms = performance.now() - start
  await probe()
  return { result, ms, worst: Math.max(...gaps), probes: gaps.length }
}

function expectServed(m: { ms: number; worst: number; probes: number }, what: string) {
  // Printed, so a run shows the figures behind the verdict.
  console.log(
    `${what}: ${Math.round(m.ms)} ms, ${m.probes} probes, worst gap between /healthz answers ${Math.round(m.worst)} ms`,
  )
  expect(
    m.worst,
    `${what}: /healthz went unanswered for ${Math.round(m.worst)} ms of the call's ${Math.round(m.ms)} ms (blocked)`,
  ).toBeLessThan(m.ms / 2)
}

const facts = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}_${i} depends_on ${prefix}_${(i * 7 + 1) % n}`).join('\n')
const flowchart = (n: number, prefix: string) =>
  'flowchart TD\n' +
  Array.from({ length: n }, (_, i) => `  ${prefix}${i} -->|uses| ${prefix}${(i * 7 + 1) % n}`).join('\n')

async function nodesIn(graph: string): Promise<number> {
  const s = (await (await fetch(`${server.url}/api/graphs/${graph}`)).json()) as { nodes: number }
  return s.nodes
}

describe('MCP imports off the request thread', () => {
  it('graph_import into a new graph, then into the same one again', async () => {
    const text = facts(LINES, 'svc')
    const m = await probed(() => call('/mcp', 'graph_import', { project: 'imp', format: 'dsl', text }))
    expect(m.result).toMatchObject({ created: LINES, edges: LINES, project_created: true })
    expectServed(m, 'graph_import (new graph)')
    // The root a new graph is made with, and every name once.
    expect(await nodesIn('imp')).toBe(LINES + 1)
    const again = await probed(() => call('/mcp', 'graph_import', { project: 'imp', format: 'dsl', text }))
    expect(again.result).toMatchObject({ created: 0, matched: LINES })
    expectServed(again, 'graph_import (existing graph)')
  })

  it("the engine's import_graph", async () => {
    const content = flowchart(LINES, 'm')
    const m = await probed(() =>
      call('/mcp/engine', 'import_graph', { graph: 'eng', format: 'mermaid', content }),
    )
    expect(m.result).toMatchObject({ created: LINES, edges: LINES })
    expectServed(m, 'import_graph')
  })

  it('create_from_mermaid', async () => {
    // A graph the engine has already made, so the build is an addition to a stored graph.
    await call('/mcp/engine', 'add_facts', { graph: 'mer', facts: [{ from: 'a', rel: 'uses', to: 'b' }] })
    const m = await probed(() =>
      call('/mcp/engine', 'create_from_mermaid', { graph: 'mer', mermaid: flowchart(LINES, 'k') }),
    )
    expect((m.result.created as string[]).length).toBe(LINES)
    expect(m.result.relationships).toBe(LINES)
    expectServed(m, 'create_from_mermaid')
  })

  it('graph_add_facts, and a client connected meanwhile holds every node', async () => {
    await call('/mcp', 'graph_open', { project: 'fx', goal: 'Facts' })
    const m = await probed(() => call('/mcp', 'graph_add_facts', { project: 'fx', text: facts(LINES, 'f') }))
    expect((m.result.created as unknown[]).length).toBe(LINES)
    expect(m.result.edges).toBe(LINES)
    expectServed(m, 'graph_add_facts')
    // What a fresh load reads holds the whole import.
    const stored = await server.docs.stored('fx')
    const doc = new Y.Doc()
    if (stored?.snapshot) Y.applyUpdate(doc, stored.snapshot)
    for (const u of stored?.updates ?? []) Y.applyUpdate(doc, u)
    expect(doc.getMap('nodes').size).toBe(LINES + 1)
  })
})
