// The worst shapes a map has, through every map format: a chain (every topic under the one before) as
// deep as the formats read, and a star (every topic under one). Each comes back whole in a fresh graph;
// a file nested deeper than a reader takes is refused with the depth and what to do, never thrown
// (fast-xml-parser throws past its nesting limit; markdown-it stops reading without a word).
import type { Graph } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import { exportFile, importFile, type FileFormat } from './index.ts'
import { fresh, ok, shaped, tree } from './test/graph.ts'

const MAP_FORMATS: FileFormat[] = ['opml', 'freemind', 'markdown', 'mindmap', 'xmind', 'graphml']

const deepest = (g: Graph, top: string): number =>
  Math.max(...tree(g, top).paths.map((p) => p.split('/').length - 1))

describe.each(MAP_FORMATS)('%s', (format) => {
  it('a chain 300 topics deep comes back whole', () => {
    const src = shaped('chain', 300)
    const { g, root } = fresh('Back', 'b')
    const r = ok(importFile(g, format, exportFile(src, format).data))
    expect(r.created).toBe(301)
    // The export's central topic (the graph's root) and the chain under it.
    expect(deepest(g, root)).toBe(301)
  })
  it('a star of 3,000 topics comes back whole', () => {
    const src = shaped('star', 3000)
    const { g, root } = fresh('Back', 'b')
    const r = ok(importFile(g, format, exportFile(src, format).data))
    expect(r.created).toBe(3001)
    expect(deepest(g, root)).toBe(2)
  })
})

describe('a tree deeper than the map formats are written', () => {
  it.each(MAP_FORMATS)('%s: the export refuses with the depth, not a stack overflow', (format) => {
    const g = shaped('chain', 3000)
    expect(() => exportFile(g, format)).toThrow(
      /tree is 3001 levels deep; a map format is written at most 1000/,
    )
  })
})

describe('nested deeper than a reader takes', () => {
  const chain = (open: (i: number) => string, close: string, n: number): string =>
    Array.from({ length: n }, (_, i) => open(i)).join('') + close.repeat(n)
  const CASES: Array<[FileFormat, string]> = [
    [
      'opml',
      `<opml version="2.0"><head/><body>${chain((i) => `<outline text="T${i}">`, '</outline>', 1200)}</body></opml>`,
    ],
    ['freemind', `<map version="1.0.1">${chain((i) => `<node TEXT="T${i}">`, '</node>', 1200)}</map>`],
    ['markdown', Array.from({ length: 600 }, (_, i) => `${'  '.repeat(i)}- T${i}`).join('\n') + '\n'],
  ]
  it.each(CASES)('%s: refused with the depth, not thrown and not cut short', (format, text) => {
    const { g } = fresh()
    const r = importFile(g, format, text)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toMatch(/nested deeper than [\d,]+ levels/)
  })
})
