import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { writeEdge } from '../edges.ts'
import { write } from '../graph.ts'
import { toCanvasData } from './canvas.ts'
import { exportGraph, importGraph } from './index.ts'
import { parseMermaid } from './mermaid.ts'
import { mermaidCounts, renderInChromium } from './test/mermaid-oracle.ts'
import { ok, setup, shape } from './test-helpers.ts'

// Real files nobody here wrote (corpus/SOURCES.md says where each came from), checked against
// Mermaid's own parser and renderer and against the JSON Canvas 1.0 spec.

const dir = join(import.meta.dirname, 'corpus')
const read = (sub: string, ext: string): Array<[string, string]> =>
  readdirSync(join(dir, sub))
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => [f, readFileSync(join(dir, sub, f), 'utf8')])
const flowcharts = read('mermaid', '.mmd')
const canvases = read('canvas', '.canvas')
const state = (doc: Y.Doc): string => Buffer.from(Y.encodeStateVector(doc)).toString('hex')

describe('Mermaid corpus', () => {
  it('has at least 100 flowcharts', () => expect(flowcharts.length).toBeGreaterThanOrEqual(100))

  const exports: string[] = []
  it.each(flowcharts)(
    '%s: counts match Mermaid, export parses the same, re-imports change nothing',
    async (_, text) => {
      const want = await mermaidCounts(text)
      const p = ok(parseMermaid(text))
      const groups = p.nodes.filter((n) => n.shape === 'group').length
      expect({ nodes: p.nodes.length - groups, edges: p.facts.length, subgraphs: groups }).toEqual(want)

      const { g } = setup('Corpus graph', 'corpus')
      const r = ok(importGraph(g, 'mermaid', text))
      const dupes = r.skipped.filter((s) => s.includes('the graph keeps one such edge')).length
      expect([r.created, r.edges + dupes]).toEqual([want.nodes + want.subgraphs, want.edges])

      const out = exportGraph(g, 'mermaid')
      exports.push(out)
      expect(await mermaidCounts(out)).toEqual({ ...want, edges: r.edges })
      // click lines and the links linkStyle numbers are written back.
      const styled = (t: string): number =>
        t
          .split('\n')
          .map((l) => /^\s*linkStyle\s+([\d,\s]+?)\s+\S/.exec(l)?.[1])
          .reduce((n, l) => n + (l ? new Set(l.split(',').map((x) => x.trim())).size : 0), 0)
      const clicks = (t: string): number => t.split('\n').filter((l) => /^\s*click\s/.test(l)).length
      expect([clicks(out), styled(out)]).toEqual([clicks(text), styled(text)])

      // The same file again, and the graph's own export: nothing changes.
      const before = state(g.doc)
      const again = ok(importGraph(g, 'mermaid', text))
      expect([again.created, again.edges, again.matches.every((m) => m.by === 'alias')]).toEqual([0, 0, true])
      const own = ok(importGraph(g, 'mermaid', out))
      expect([own.created, own.edges]).toEqual([0, 0])
      expect(state(g.doc)).toBe(before)

      // Into a fresh graph, the export reads as the same graph.
      const fresh = setup('Corpus graph', 'corpus')
      ok(importGraph(fresh.g, 'mermaid', out))
      expect(shape(fresh.g)).toEqual(shape(g))
    },
  )

  it('every export renders in Mermaid in Chromium, drawing as many nodes as its source', async () => {
    expect(exports.length).toBe(flowcharts.length)
    // A graph made in Plexus, with text Mermaid would read as markup, renders too.
    const { g, root } = setup('Hostile', 'hostile')
    write(g, (w) => {
      w.newNode('h1', {
        summary: '<img src=x onerror=alert(1)> "q" #1; &amp; `x` [a] (b) {c} |d|',
        parent: root,
        color: '#123456',
      })
      w.newNode('h2', { summary: 'end', kind: 'task', parent: 'h1', color: '2' })
      w.newNode('h3', { summary: 'subgraph %% not a comment', parent: 'h1' })
      w.newNode('h4', { summary: 'Ünïcødé 日本語 ❤', parent: root, color: '6' })
      // Colours set in Plexus are written as fills (`style` lines), on a subgraph too.
      writeEdge(w, {
        from: 'h2',
        to: 'h4',
        type: 'depends_on',
        label: 'needs <b>"this"</b> | that\nnext line',
      })
      writeEdge(w, { from: 'h3', to: 'h1', type: 'relates_to' })
    })
    const hostile = exportGraph(g, 'mermaid')
    expect(hostile.split('\n').filter((l) => /^\s*style /.test(l))).toHaveLength(3)
    const [mine] = await renderInChromium([hostile])
    expect(mine).toEqual({ nodes: 3 })
    expect(await mermaidCounts(hostile)).toEqual({ nodes: 3, edges: 2, subgraphs: 1 })
    const rendered = await renderInChromium([...flowcharts.map(([, t]) => t), ...exports])
    const n = flowcharts.length
    // A source that cannot render here (an image from the network) is held to the same error.
    const differ = flowcharts.flatMap(([f], i) =>
      JSON.stringify(rendered[i]) === JSON.stringify(rendered[n + i])
        ? []
        : [`${f}: source ${JSON.stringify(rendered[i])}, export ${JSON.stringify(rendered[n + i])}`],
    )
    expect(differ).toEqual([])
    expect(rendered.slice(n).filter((x) => 'error' in x).length).toBeLessThanOrEqual(1)
  }, 180_000)
})

describe('JSON Canvas corpus', () => {
  it('has at least 5 real canvases', () => expect(canvases.length).toBeGreaterThanOrEqual(5))

  it.each(canvases)('%s: round trip keeps types, sizes, colours, sides and nothing more', (_, text) => {
    const src = JSON.parse(text) as {
      nodes?: Array<Record<string, unknown>>
      edges?: Array<Record<string, unknown>>
    }
    const { g } = setup('Canvas graph', 'canvas')
    ok(importGraph(g, 'canvas', text))
    const out = toCanvasData(g)
    const card = (n: Record<string, unknown>) => ({
      id: n.id,
      type: n.type,
      x: n.x,
      y: n.y,
      width: n.width,
      height: n.height,
      color: typeof n.color === 'string' ? n.color.toLowerCase() : undefined,
      ...(n.type === 'file' ? { file: n.file } : n.type === 'link' ? { url: n.url } : {}),
    })
    const byId = <T extends { id?: unknown }>(a: T[]) =>
      [...a].sort((x, y) => String(x.id).localeCompare(String(y.id)))
    expect(byId(out.nodes.map((n) => card(n as unknown as Record<string, unknown>)))).toEqual(
      byId((src.nodes ?? []).map(card)),
    )
    const line = (e: Record<string, unknown>) =>
      [
        e.id,
        e.fromNode,
        e.fromSide,
        e.fromEnd,
        e.toNode,
        e.toSide,
        e.toEnd,
        typeof e.color === 'string' ? e.color.toLowerCase() : undefined,
        e.label,
      ].join('|')
    expect(out.edges.map((e) => line(e as unknown as Record<string, unknown>)).sort()).toEqual(
      (src.edges ?? []).map(line).sort(),
    )
    checkCanvas10(out)

    const before = state(g.doc)
    const again = ok(importGraph(g, 'canvas', text))
    expect([again.created, again.edges]).toEqual([0, 0])
    ok(importGraph(g, 'canvas', exportGraph(g, 'canvas')))
    expect(state(g.doc)).toBe(before)
  })
})

const NODE_FIELDS: Record<string, string[]> = {
  text: ['text'],
  file: ['file', 'subpath'],
  link: ['url'],
  group: ['label', 'background', 'backgroundStyle'],
}
const SIDE = ['top', 'right', 'bottom', 'left']

/** JSON Canvas 1.0: required fields with their types, enumerations, and no field the spec does not name. */
export function checkCanvas10(c: { nodes: object[]; edges: object[] }): void {
  const ids = new Set<string>()
  for (const raw of c.nodes) {
    const n = raw as Record<string, unknown>
    const allowed = [
      'id',
      'type',
      'x',
      'y',
      'width',
      'height',
      'color',
      ...(NODE_FIELDS[String(n.type)] ?? []),
    ]
    expect(Object.keys(n).filter((k) => !allowed.includes(k))).toEqual([])
    expect(typeof n.id).toBe('string')
    ids.add(n.id as string)
    for (const k of ['x', 'y', 'width', 'height']) expect(Number.isInteger(n[k])).toBe(true)
    if (n.color !== undefined) expect(n.color).toMatch(/^(#[0-9a-f]{6}|[1-6])$/i)
    if (n.type !== 'group') expect(typeof n[NODE_FIELDS[String(n.type)]![0]!]).toBe('string')
  }
  for (const raw of c.edges) {
    const e = raw as Record<string, unknown>
    const allowed = ['id', 'fromNode', 'fromSide', 'fromEnd', 'toNode', 'toSide', 'toEnd', 'color', 'label']
    expect(Object.keys(e).filter((k) => !allowed.includes(k))).toEqual([])
    expect(ids.has(e.fromNode as string) && ids.has(e.toNode as string)).toBe(true)
    for (const k of ['fromSide', 'toSide']) if (e[k] !== undefined) expect(SIDE).toContain(e[k])
    for (const k of ['fromEnd', 'toEnd']) if (e[k] !== undefined) expect(['none', 'arrow']).toContain(e[k])
  }
}
