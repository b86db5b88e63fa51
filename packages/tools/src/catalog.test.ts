/**
 * `callTool` on hostile input, without a transport: refusals stay short and name what was wrong, and
 * an absurd name costs no more than a sensible one. Found by the reliability suite's mcp-input phase.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { callTool } from './catalog.ts'
import type { CallContext, GraphSource } from './context.ts'
import * as model from '@plexus/model'

/** One graph, `g`, with a root and a node, in memory. */
function context(): CallContext {
  const doc = new Y.Doc()
  const g = model.openGraph(doc, { actor: 'setup', now: () => 0, newId: () => `n_${Math.random()}` })
  model.initGraph(g, { id: 'g', goal: 'test' })
  const source: GraphSource = {
    list: async () => [{ id: 'g', title: 'g', nodes: 1, edges: 0 }],
    open: async (id) => (id === 'g' ? { doc, release: () => {} } : null),
  }
  return { actor: 'agent', role: 'admin', session: 's', source, newId: () => 'n_new', now: () => 0 }
}

const textOf = (r: Awaited<ReturnType<typeof callTool>>) => (r.content as Array<{ text: string }>)[0]!.text

describe('callTool on hostile input', () => {
  it('answers a megabyte tool name without comparing it to every tool, and without echoing it', async () => {
    const r = await callTool(context(), 'x'.repeat(1 << 20), {})
    expect(r.isError).toBe(true)
    expect(textOf(r)).toMatch(/^no tool named "x{20}/)
    expect(textOf(r).length).toBeLessThan(400)
    // Before: an edit distance per tool over the whole name stalled the server for seconds; the model's
    // `nearest` now compares no name whose length alone rules it out (packages/model/src/nearest.test.ts).
    expect(textOf(await callTool(context(), 'graph_qeury', {}))).toMatch(/did you mean graph_query/)
  })

  it('names a few unknown fields and counts the rest, however many there are', async () => {
    const args: Record<string, unknown> = { project: 'g' }
    for (let i = 0; i < 100_000; i++) args[`k${i}`] = 1
    args['f'.repeat(1 << 20)] = 1
    const text = textOf(await callTool(context(), 'graph_query', args))
    expect(text).toMatch(/unknown fields 'k0', 'k1', 'k2'/)
    expect(text).toMatch(/and 99998 more/)
    expect(text.length).toBeLessThan(1000)
    expect(textOf(await callTool(context(), 'graph_query', { project: 'g', limt: 5 }))).toMatch(
      /unknown field 'limt' \(did you mean 'limit'\?\)/,
    )
  })

  it('does not echo a megabyte project id back', async () => {
    const text = textOf(await callTool(context(), 'graph_query', { project: 'a'.repeat(1 << 20) }))
    expect(text).toMatch(/^project "a{20}.*\(1048576 characters\) is not a graph id/)
    expect(text.length).toBeLessThan(400)
  })

  it('keeps a long refusal from the model short, with its beginning and its end', async () => {
    const text = textOf(
      await callTool(context(), 'graph_context', { project: 'g', node_id: 'q'.repeat(1 << 20) }),
    )
    expect(text.length).toBeLessThan(2100)
    expect(text).toMatch(/^node_id: node q+/)
    expect(text).toMatch(/characters left out/)
  })

  it('says a graph id is invalid before reading what graph_import was given', async () => {
    const text = textOf(
      await callTool(context(), 'graph_import', { project: '..', format: 'json', text: 'not json' }),
    )
    expect(text).toMatch(/project ".." is not a graph id/)
  })
})
