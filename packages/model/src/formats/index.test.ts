import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { writeEdge } from '../edges.ts'
import { write } from '../graph.ts'
import { restructure } from '../restructure.ts'
import {
  exportGraph,
  formatOfFile,
  graphSummary,
  importGraph,
  unsupportedFile,
  type Format,
} from './index.ts'
import { TEXT_LIMIT } from './facts.ts'
import { ok, setup, shape } from './test-helpers.ts'

function sample() {
  const { g, root } = setup()
  write(g, (w) => {
    w.newNode('a', { summary: 'Auth service', kind: 'task', parent: root })
    w.newNode('b', { summary: 'User repo', parent: 'a' })
    w.newNode('c', { summary: 'Ünïcødé <b>', parent: root })
    writeEdge(w, { from: 'a', to: 'c', type: 'depends_on' })
    writeEdge(w, { from: 'b', to: 'c', type: 'relates_to' })
  })
  return { g, root }
}

const TEXT_FORMATS: Format[] = ['dsl', 'mermaid', 'canvas']

describe('exportGraph / importGraph', () => {
  it.each(TEXT_FORMATS)('%s: an export imported into a fresh graph reads the same', (format) => {
    const { g } = sample()
    const back = setup()
    const r = ok(importGraph(back.g, format, exportGraph(g, format)))
    // Mermaid and Canvas leave the root out (its children are the top level); the DSL names it.
    expect(r).toMatchObject({ created: 3, matched: format === 'dsl' ? 1 : 0, edges: 2, skipped: [] })
    if (format !== 'canvas') expect(shape(back.g)).toEqual(shape(g))
    else {
      // JSON Canvas has no kinds, and a tree only as groups: names and edges come back.
      const names = (s: { nodes: string[] }) => s.nodes.map((n) => n.split(':')[0]).sort()
      expect(names(shape(back.g))).toEqual(names(shape(g)))
      expect(shape(back.g).edges).toEqual(shape(g).edges)
    }
  })

  it('json: ids and every field come back', () => {
    const { g } = sample()
    const back = setup('Other', 'other')
    // Another graph's root has another id (skeleton.ts): every node of the file is restored.
    const r = ok(importGraph(back.g, 'json', exportGraph(g, 'json')))
    expect(r).toMatchObject({ created: 4, matched: 0, edges: 2 })
    expect(back.g.index.nodes.get('a')).toEqual(g.index.nodes.get('a'))
  })

  it.each([
    ['dsl', 'A depends_on B\nB relates_to "C', 'line 2: unterminated quote'],
    ['mermaid', 'graph TD\nA --> B\nC[oops --> D', 'line 3: unclosed ['],
    ['canvas', '{"nodes": [', 'canvas: not valid JSON'],
    ['json', '{"format": "plexus"', 'json: not valid JSON'],
  ] as Array<[Format, string, string]>)(
    '%s: a parse error names where, and nothing is written',
    (format, text, message) => {
      const { g } = sample()
      const nodes = g.index.nodes.size
      const edges = g.index.edges.size
      const r = importGraph(g, format, text)
      expect(r.ok === false && r.message).toContain(message)
      expect(g.index.nodes.size).toBe(nodes)
      expect(g.index.edges.size).toBe(edges)
    },
  )

  it.each(TEXT_FORMATS)('%s: a text over the limit is refused before it is read', (format) => {
    const { g } = sample()
    const r = importGraph(g, format, 'x'.repeat(TEXT_LIMIT + 1))
    expect(r.ok === false && r.reason).toBe('too_large')
    expect(r.ok === false && r.message).toContain(`the limit for one import is ${TEXT_LIMIT}`)
  })

  it('puts new top-level nodes under a chosen parent, and refuses an unknown format or parent', () => {
    const { g } = sample()
    ok(importGraph(g, 'dsl', 'Fresh', { parent: 'b' }))
    const fresh = [...g.index.nodes.values()].find((n) => n.summary === 'Fresh')!
    expect(fresh.parent).toBe('b')
    expect(importGraph(g, 'dsl', 'X', { parent: 'nope' }).ok).toBe(false)
    expect(importGraph(g, 'yaml' as Format, 'x').ok).toBe(false)
  })
})

describe('graphSummary', () => {
  it('counts live nodes and live edges, and follows changes', () => {
    const { g } = sample()
    expect(graphSummary(g.doc)).toEqual({ id: 'test', title: 'Plan', nodes: 4, edges: 2 })
    ok(restructure(g, [{ type: 'forget', node: 'c' }]))
    expect(graphSummary(g.doc)).toEqual({ id: 'test', title: 'Plan', nodes: 3, edges: 0 })
    expect(graphSummary(new Y.Doc())).toEqual({ id: '', title: '', nodes: 0, edges: 0 })
  })
})

describe('files no format is known for', () => {
  it('are called not a supported format, with every format Plexus reads', () => {
    for (const name of ['map.opml', 'notes.mm', 'graph.graphml', 'README']) {
      expect(formatOfFile(name)).toBeNull()
      const m = unsupportedFile(name)
      expect(m).toMatch(/not a supported format/)
      expect(m).not.toMatch(/cannot tell/)
      for (const ext of ['.json', '.mmd', '.canvas', '.txt']) expect(m).toContain(ext)
    }
  })
})
