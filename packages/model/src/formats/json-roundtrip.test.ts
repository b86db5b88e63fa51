import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { openGraph, type Graph } from '../graph.ts'
import { exportGraph, importGraph } from './index.ts'
import { authoredBy, ok, setup } from './test-helpers.ts'

// JSON is the lossless format: a graph exported to JSON and imported into a fresh graph is the same
// graph, so its Mermaid export (direction, classDefs, styles, linkStyles, clicks, subgraphs) is too.

const corpus = (sub: string, ext: string): Array<[string, string]> => {
  const dir = join(import.meta.dirname, 'corpus', sub)
  return readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f): [string, string] => [f, readFileSync(join(dir, f), 'utf8')])
}
const flowcharts = corpus('mermaid', '.mmd')
const canvases = corpus('canvas', '.canvas')

/** A document nothing was written to yet: what a backup is restored into. */
const blank = (): Graph => {
  let i = 0
  return openGraph(new Y.Doc(), { actor: 'bob', now: () => 5, newId: () => 'z' + i++ })
}

describe('Mermaid corpus through JSON', () => {
  it.each(flowcharts)('%s: Mermaid -> JSON -> a fresh graph exports the same Mermaid', (_, text) => {
    const { g } = setup('Corpus graph', 'corpus')
    ok(importGraph(g, 'mermaid', text))
    const first = exportGraph(g, 'mermaid')
    const json = exportGraph(g, 'json')
    const fresh = blank()
    ok(importGraph(fresh, 'json', json))
    expect(exportGraph(fresh, 'mermaid')).toBe(first)
    expect(JSON.parse(exportGraph(fresh, 'json'))).toEqual(authoredBy(JSON.parse(json), 'bob'))
  })
})

describe('JSON Canvas corpus through JSON', () => {
  it.each(canvases)('%s: canvas -> JSON -> a fresh graph exports the same canvas', (_, text) => {
    const { g } = setup('Canvas graph', 'canvas')
    ok(importGraph(g, 'canvas', text))
    const first = exportGraph(g, 'canvas')
    const json = exportGraph(g, 'json')
    const fresh = blank()
    ok(importGraph(fresh, 'json', json))
    expect(exportGraph(fresh, 'canvas')).toBe(first)
    expect(JSON.parse(exportGraph(fresh, 'json'))).toEqual(authoredBy(JSON.parse(json), 'bob'))
  })
})
