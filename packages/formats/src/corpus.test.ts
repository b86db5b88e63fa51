// Real files nobody here wrote (corpus/SOURCES.md says where each came from), per format: the nodes
// and relations an import makes equal what the format's own tool (Mermaid's parser, markmap) or the
// file's elements say; the export is valid (well-formed XML with the same elements, an XMind
// content.json of sheets, topics and relationships, a mindmap Mermaid parses, Markdown markmap reads)
// and holds the same nodes; the file imported again, and the graph's own export, change nothing.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { exportFile, importFile, type FileFormat } from './index.ts'
import { countTags, markmapNodes, mindmapNodes, renderInChromium } from './test/oracles.ts'
import { counts, fresh, ok, stateOf } from './test/graph.ts'

const dir = join(import.meta.dirname, 'corpus')
const files = (sub: string, ext: string): Array<[string, Uint8Array]> =>
  readdirSync(join(dir, sub))
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => [f, new Uint8Array(readFileSync(join(dir, sub, f)))])
const text = (b: Uint8Array | string): string => (typeof b === 'string' ? b : new TextDecoder().decode(b))

type J = Record<string, unknown>
/** Topics and relationships in an .xmind, read straight from its content file. */
function xmindCounts(bytes: Uint8Array): { nodes: number; relations: number; json: boolean } {
  const z = unzipSync(bytes)
  if (z['content.json']) {
    const sheets = JSON.parse(strFromU8(z['content.json'])) as J[]
    let nodes = 0
    const walk = (t: J): void => {
      expect(typeof t.id, 'topic id').toBe('string')
      expect(typeof t.title === 'string' || t.title === undefined, 'topic title').toBe(true)
      nodes++
      const ch = (t.children ?? {}) as Record<string, J[]>
      for (const k of ['attached', 'detached', 'summary']) for (const c of ch[k] ?? []) walk(c)
    }
    let relations = 0
    for (const s of sheets) {
      walk(s.rootTopic as J)
      relations += ((s.relationships ?? []) as J[]).length
    }
    return { nodes, relations, json: true }
  }
  const xml = strFromU8(z['content.xml']!)
  return { nodes: countTags(xml, 'topic'), relations: countTags(xml, 'relationship'), json: false }
}

interface Case {
  format: FileFormat
  sub: string
  ext: string
  /** Nodes and relations the file holds, by the format's own tool or elements. */
  want(data: Uint8Array | string): Promise<{ nodes: number; relations: number }>
  /** The export is valid for the format (throws when not). */
  valid(data: Uint8Array | string): void
}

const xmlCase = (format: FileFormat, sub: string, ext: string, node: string, rel?: string): Case => ({
  format,
  sub,
  ext,
  want: async (d) => ({ nodes: countTags(text(d), node), relations: rel ? countTags(text(d), rel) : 0 }),
  valid: (d) => expect(XMLValidator.validate(text(d))).toBe(true),
})

const CASES: Case[] = [
  xmlCase('freemind', 'freemind', '.mm', 'node', 'arrowlink'),
  xmlCase('opml', 'opml', '.opml', 'outline'),
  xmlCase('graphml', 'graphml', '.graphml', 'node', 'edge'),
  {
    format: 'xmind',
    sub: 'xmind',
    ext: '.xmind',
    want: async (d) => xmindCounts(d as Uint8Array),
    valid: (d) => expect(xmindCounts(d as Uint8Array).json).toBe(true),
  },
  {
    format: 'mindmap',
    sub: 'mindmap',
    ext: '.mmd',
    want: async (d) => ({ nodes: (await mindmapNodes(text(d))).length, relations: 0 }),
    valid: () => undefined,
  },
  {
    format: 'markdown',
    sub: 'markdown',
    ext: '.md',
    want: async (d) => ({ nodes: markmapNodes(text(d)), relations: 0 }),
    valid: () => undefined,
  },
]

const mindmapExports: string[] = []
const DROPPED_RELATIONS = ['duplicate-relation', 'self-relation', 'dangling-relation']

describe.each(CASES)('$format corpus', (c) => {
  const all = files(c.sub, c.ext)
  it('has files', () => expect(all.length).toBeGreaterThan(0))
  it.each(all)('%s: counts match, export valid, re-imports change nothing', async (_, bytes) => {
    const input = c.format === 'xmind' ? bytes : text(bytes)
    const want = await c.want(input)
    const { g } = fresh('Corpus graph', 'c')
    const r = ok(importFile(g, c.format, input))
    expect(r.created).toBe(want.nodes)
    const dropped = r.lost.filter((l) => DROPPED_RELATIONS.includes(l.kind)).reduce((n, l) => n + l.count, 0)
    // The model keeps one edge per from>type>to: a repeated link is counted in skipped.
    const dupes = r.skipped.filter((s) => s.includes('keeps one')).length
    expect(r.edges + dropped + dupes).toBe(want.relations)

    const out = exportFile(g, c.format)
    c.valid(out.data)
    if (c.format === 'mindmap') mindmapExports.push(text(out.data))
    // The export starts at the graph's root: one node more than the file, every relation kept.
    const back = await c.want(out.data)
    expect(back.nodes).toBe(want.nodes + 1)
    if (c.format !== 'opml' && c.format !== 'markdown' && c.format !== 'mindmap')
      expect(back.relations).toBe(r.edges)

    const before = stateOf(g)
    const again = ok(importFile(g, c.format, input))
    expect([again.created, again.edges, stateOf(g)]).toEqual([0, 0, before])
    const own = ok(importFile(g, c.format, out.data))
    expect([own.created, own.edges, stateOf(g)]).toEqual([0, 0, before])

    const { g: copy } = fresh('Copy', 'd')
    const restored = ok(importFile(copy, c.format, out.data))
    expect(restored.created).toBe(want.nodes + 1)
    expect(counts(copy).edges).toBe(r.edges)
  })
})

describe('mindmap exports in Chromium', () => {
  it('every export renders with mermaid.render, one drawn node per node', async () => {
    expect(mindmapExports.length).toBeGreaterThan(0)
    const drawn = await renderInChromium(mindmapExports)
    const want = await Promise.all(
      mindmapExports.map(async (t) => ({ nodes: (await mindmapNodes(t)).length })),
    )
    expect(drawn).toEqual(want)
  })
})
