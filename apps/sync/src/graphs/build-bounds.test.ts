/**
 * Large builds cannot pile up without bound (issue 23): one identity may have `maxBuildsPerIdentity`
 * under way, everyone `maxBuilds`; past that a REST import is answered at once with 429
 * `rate_limited` or 503 `overloaded` and a Retry-After, an MCP build with a tool error that says
 * the same, and nothing of it is applied. Those admitted all complete, and a place freed is taken again.
 *
 * A real server, its worker and SQLite store. Every admitted build is held where it reads the stored
 * graph (the store's `load` waits on a gate), so how many are under way is known from events: each
 * build here goes to a graph of its own, and each admitted one reaches that read.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GatedStore } from '../test/gated-store.ts'
import { testServer, type TestServer } from '../test/server-harness.ts'
import { mcpTry } from '../test/mcp-call.ts'

const dir = mkdtempSync(join(tmpdir(), 'plexus-bounds-'))
const store = new GatedStore(join(dir, 'plexus.db'))
let server: TestServer
const TOKENS = { ada: 't-ada-0123456789', bob: 't-bob-0123456789', cy: 't-cy-01234567890' }

beforeAll(async () => {
  server = await testServer({
    store,
    buildInlineChars: 20,
    limits: { maxBuildsPerIdentity: 2, maxBuilds: 3 },
    tokens: Object.entries(TOKENS).map(([name, token]) => ({ name, role: 'write' as const, token })),
  })
})
afterAll(async () => {
  store.open()
  await server?.dispose()
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

const auth = (who: keyof typeof TOKENS) => ({ authorization: `Bearer ${TOKENS[who]}` })
const text = (prefix: string) => `${prefix}_a depends_on ${prefix}_b\n${prefix}_b uses ${prefix}_c\n`

function restImport(who: keyof typeof TOKENS, graph: string) {
  return fetch(`${server.url}/api/graphs/${graph}/import?format=dsl`, {
    method: 'POST',
    headers: auth(who),
    body: text(graph),
  })
}

function mcp(who: keyof typeof TOKENS, name: string, args: Record<string, unknown>) {
  return mcpTry(server.url, '/mcp', name, args, auth(who))
}

async function names(graph: string): Promise<string[]> {
  const r = await fetch(`${server.url}/api/graphs/${graph}/export?format=json`, { headers: auth('ada') })
  const g = (await r.json()) as { nodes: Array<{ summary: string }> }
  return g.nodes.map((n) => n.summary).sort()
}

describe('large builds under way are bounded', () => {
  it('per identity and in all, on REST and MCP: refused at once with Retry-After; the admitted complete', async () => {
    const graphs = ['g1', 'g2', 'g3', 'g4', 'g5', 'g6']
    // Loaded and kept (a write opens each), then their stored reads are held.
    for (const g of graphs)
      expect((await mcp('ada', 'graph_open', { project: g, goal: 'Goal' })).isError).toBe(false)
    for (const g of graphs) store.held.add(g)
    store.closeGate()

    // ada's two places.
    const a1 = restImport('ada', 'g1')
    await store.readOf('g1')
    const a2 = mcp('ada', 'graph_add_facts', { project: 'g2', text: text('g2') })
    await store.readOf('g2')
    expect(server.offload.builds.size).toBe(2)

    // A third from ada: refused at once, on both surfaces, nothing applied.
    const refusedRest = await restImport('ada', 'g3')
    expect(refusedRest.status).toBe(429)
    expect(Number(refusedRest.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const body = (await refusedRest.json()) as { error: string; message: string }
    expect(body.error).toBe('rate_limited')
    expect(body.message).toMatch(/ada already has 2 large imports or builds under way \(at most 2 at once\)/)
    const refusedMcp = await mcp('ada', 'graph_add_facts', { project: 'g3', text: text('g3') })
    expect(refusedMcp.isError).toBe(true)
    expect(refusedMcp.text).toMatch(/at most 2 at once.*retry in about \d+ s/)

    // bob takes the server's last place; then cy is refused for the server's bound.
    const b1 = restImport('bob', 'g4')
    await store.readOf('g4')
    const full = await restImport('cy', 'g5')
    expect(full.status).toBe(503)
    expect(full.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(((await full.json()) as { error: string }).error).toBe('overloaded')
    const fullMcp = await mcp('cy', 'graph_import', { project: 'g5', format: 'dsl', text: text('g5') })
    expect(fullMcp.isError).toBe(true)
    expect(fullMcp.text).toMatch(/the server has 3 large imports or builds under way \(at most 3 at once\)/)
    // A small build is not a large one: it runs (its graph has none in line).
    const small = await mcp('cy', 'graph_add_facts', { project: 'g6', text: 'x uses y' })
    expect(small.isError, small.text).toBe(false)

    store.open()
    expect((await a1).status).toBe(200)
    expect((await a2).isError).toBe(false)
    expect((await b1).status).toBe(200)
    expect(server.offload.builds.size).toBe(0)
    expect(await names('g1')).toEqual(['Goal', 'g1_a', 'g1_b', 'g1_c'])
    // Nothing of a refused build was applied.
    expect(await names('g3')).toEqual(['Goal'])
    expect(await names('g5')).toEqual(['Goal'])
    // The places are free again.
    expect((await restImport('cy', 'g5')).status).toBe(200)
    expect(await names('g5')).toEqual(['Goal', 'g5_a', 'g5_b', 'g5_c'])
  })
})
