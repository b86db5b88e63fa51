/**
 * An agent names a node by a part of its label or an acronym, and a label that names nothing still gets
 * candidates (issue 24 §6: five misses came back with no candidates at all, left to a "did you mean" by id).
 */
import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { counterIds, createNodes, initGraph, openGraph, type Graph } from '@plexus/model'
import { ToolError } from './context.ts'
import { resolveNodeArgs } from './node-args.ts'

function graph(summaries: string[]): { g: Graph; ids: string[] } {
  let t = 1000
  const g = openGraph(new Y.Doc(), { actor: 'a', now: () => t++, newId: counterIds('n_') })
  const init = initGraph(g, { id: 'hospital' })
  if (!init.ok) throw new Error(init.message)
  const r = createNodes(
    g,
    summaries.map((summary) => ({ summary, parent: init.root })),
    { mode: 'force' },
  )
  if (!r.ok) throw new Error(r.message)
  return { g, ids: r.created.map((c) => c.id) }
}

const SUMMARIES = [
  'Roll out BitLocker disk encryption to laptops',
  'Multi-factor authentication for remote access',
  'Laboratory Information System (LIS) interface',
  'Upgrade the radiology viewer',
  'Replace the radiology printers',
]

describe('node arguments named by a part or an acronym', () => {
  it('take the one node they pick out, and say so', () => {
    const { g, ids } = graph(SUMMARIES)
    for (const [label, i] of [
      ['BitLocker', 0],
      ['MFA', 1],
      ['LIS', 2],
    ] as const) {
      const args = { id: label }
      const resolved = resolveNodeArgs(g, { tool: 'graph_context', args })
      expect(args.id, label).toBe(ids[i])
      expect(resolved[0]).toMatchObject({ label, id: ids[i] })
    }
  })

  it('refuse a part two labels share, listing both', () => {
    const { g, ids } = graph(SUMMARIES)
    const call = () => resolveNodeArgs(g, { tool: 'graph_context', args: { id: 'radiology' } })
    expect(call).toThrow(ToolError)
    expect(call).toThrow(ids[3]!)
    expect(call).toThrow(ids[4]!)
  })

  it('answer a miss with the search index’s candidates', () => {
    const { g, ids } = graph(SUMMARIES)
    const call = () =>
      resolveNodeArgs(g, { tool: 'graph_context', args: { id: 'encryption keys escrow for laptops' } })
    expect(call).toThrow(/candidates/)
    expect(call).toThrow(ids[0]!)
  })
})

describe('near twins (issue 24, held-out set 6: each query was taken by the other node at 0.87)', () => {
  const TWINS = [
    'Add HPOS support for wooCommerce',
    'feat: add support for WooCommerce High Performance Order Storage (HPOS)',
  ]
  for (const label of [
    'Add High-Performance Order Storage support for wooCommerce',
    'feat: add support for WooCommerce HPOS',
  ])
    it(`"${label}" is refused as ambiguous, naming both`, () => {
      const { g, ids } = graph(TWINS)
      const args = { id: label }
      let error: unknown
      try {
        resolveNodeArgs(g, { tool: 'graph_context', args })
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(ToolError)
      expect((error as ToolError).reason).toBe('ambiguous_label')
      expect((error as ToolError).message).toMatch(/almost equally well/)
      expect((error as ToolError).message).toContain(ids[0]!)
      expect((error as ToolError).message).toContain(ids[1]!)
      expect(args.id).toBe(label)
    })
})
