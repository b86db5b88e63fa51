import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { writeEdge } from '../edges.ts'
import { write } from '../graph.ts'
import { restructure } from '../restructure.ts'
import { parseCanvas, toCanvas, toCanvasData, type Canvas } from './canvas.ts'
import { importGraph } from './index.ts'
import { ok, setup, shape } from './test-helpers.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. FC_SEED=N runs another.
const DEFAULT_SEED = 20261129

function sample() {
  const { g, root } = setup()
  write(g, (w) => {
    w.newNode('a', {
      summary: 'Auth service',
      kind: 'task',
      notes: 'JWT tokens.\n\nSee the ADR.',
      parent: root,
      x: 10,
      y: 20,
    })
    w.newNode('b', { summary: '<img src=x onerror=alert(1)>', parent: 'a' })
    w.newNode('c', { summary: 'Schema', parent: root, resolved: true })
    writeEdge(w, { from: 'a', to: 'c', type: 'depends_on' })
    writeEdge(w, { from: 'b', to: 'c', type: 'relates_to' })
  })
  return { g, root }
}

describe('toCanvas', () => {
  it('writes JSON Canvas 1.0: text cards, positions, sizes and typed edges, nothing the spec lacks', () => {
    const { g } = sample()
    const c = JSON.parse(toCanvas(g)) as Canvas
    const a = c.nodes.find((n) => n.id === 'a')!
    expect(a).toEqual({
      id: 'a',
      type: 'text',
      text: 'Auth service\n\nJWT tokens.\n\nSee the ADR.',
      x: 10,
      y: 20,
      width: 260,
      height: a.height,
    })
    for (const n of c.nodes) {
      for (const k of ['x', 'y', 'width', 'height'] as const) expect(Number.isInteger(n[k])).toBe(true)
    }
    // Cards without a position get distinct ones from the layout.
    const spots = new Set(c.nodes.map((n) => `${n.x},${n.y}`))
    expect(spots.size).toBe(c.nodes.length)
    // No colour the graph does not hold, no root card, no tree edges.
    expect(c.nodes.some((n) => n.color !== undefined)).toBe(false)
    expect(c.nodes.map((n) => n.text)).not.toContain('Plan')
    expect(c.edges).toContainEqual({ id: 'a>depends_on>c', fromNode: 'a', toNode: 'c', label: 'depends_on' })
    expect(c.edges).toContainEqual({ id: 'b>relates_to>c', fromNode: 'b', toNode: 'c' })
    expect(c.edges).toHaveLength(2)
    expect(new Set(c.edges.map((e) => e.id)).size).toBe(c.edges.length)
  })

  it('leaves out forgotten nodes and their edges', () => {
    const { g } = sample()
    ok(restructure(g, [{ type: 'forget', node: 'c' }]))
    const c = toCanvasData(g)
    expect(c.nodes.map((n) => n.id)).not.toContain('c')
    expect(c.edges.every((e) => e.toNode !== 'c' && e.fromNode !== 'c')).toBe(true)
  })
})

describe('parseCanvas', () => {
  it('reads text, file, link and group cards; groups contain what sits inside them', () => {
    const canvas: Canvas = {
      nodes: [
        { id: 'g1', type: 'group', x: 0, y: 0, width: 1000, height: 1000, label: 'Backend' },
        { id: 'g2', type: 'group', x: 50, y: 50, width: 400, height: 400 },
        {
          id: 't1',
          type: 'text',
          x: 100,
          y: 100,
          width: 200,
          height: 100,
          text: '## API gateway\n\nRoutes requests.',
        },
        { id: 'f1', type: 'file', x: 600, y: 600, width: 200, height: 100, file: 'docs/adr-1.md' },
        { id: 'l1', type: 'link', x: 2000, y: 0, width: 200, height: 100, url: 'https://example.com' },
        { id: 't2', type: 'text', x: 3000, y: 0, width: 200, height: 100, text: '' },
      ],
      edges: [
        { id: 'e1', fromNode: 't1', toNode: 'f1', label: 'Documented by' },
        { id: 'e2', fromNode: 'f1', toNode: 'l1' },
        { id: 'e3', fromNode: 'l1', toNode: 't2', label: 'contains' },
      ],
    }
    const r = ok(parseCanvas(JSON.stringify(canvas)))
    const by = new Map(r.nodes.map((n) => [n.key, n]))
    expect(by.get('t1')).toMatchObject({
      name: 'API gateway',
      notes: 'Routes requests.',
      x: 100,
      y: 100,
      id: 't1',
    })
    expect(by.get('f1')).toMatchObject({ name: 'docs/adr-1.md', links: ['docs/adr-1.md'] })
    expect(by.get('l1')).toMatchObject({ name: 'https://example.com', links: ['https://example.com'] })
    expect(by.get('g1')!.name).toBe('Backend')
    expect(by.get('t2')!.name).toBe('Untitled card')
    // The tree is the groups' geometry; an edge labelled 'contains' stays an edge, as the file has it.
    expect(r.parents.map((p) => `${p.child}<${p.parent}`)).toEqual(['g2<g1', 't1<g2', 'f1<g1'])
    expect(r.facts.map((f) => `${f.from.key} ${f.rel} ${f.to.key} ${f.label ?? ''}`.trim())).toEqual([
      't1 documented_by f1 Documented by',
      'f1 relates_to l1',
      'l1 contains t2',
    ])
  })

  it.each([
    ['{nodes: []}', 'canvas: not valid JSON'],
    ['[]', 'canvas: expected an object'],
    [
      '{"nodes":[{"id":"a","type":"text","x":0,"y":0,"width":1,"height":1}]}',
      'nodes[0].text: a text node needs a string text',
    ],
    [
      '{"nodes":[{"id":"a","type":"shape","x":0,"y":0,"width":1,"height":1}]}',
      'nodes[0].type: expected text, file, link or group',
    ],
    [
      '{"nodes":[{"id":"a","type":"group","x":"0","y":0,"width":1,"height":1}]}',
      'nodes[0].x: expected a number',
    ],
    [
      '{"nodes":[],"edges":[{"id":"e","fromNode":"a","toNode":"b"}]}',
      'edges[0].fromNode: no node with id "a"',
    ],
  ])('says what is wrong: %s', (text, message) => {
    const r = parseCanvas(text)
    expect(r.ok === false && r.message).toContain(message)
  })
})

describe('canvas import', () => {
  it('round-trips names, notes, positions and edges (kinds and a tree of non-groups are not JSON Canvas)', () => {
    const { g } = sample()
    const text = toCanvas(g)
    const back = setup()
    const r = ok(importGraph(back.g, 'canvas', text))
    expect(r).toMatchObject({ created: 3, matched: 0, edges: 2 })
    expect(shape(back.g).edges).toEqual(shape(g).edges)
    const a = [...back.g.index.nodes.values()].find((n) => n.summary === 'Auth service')!
    expect(a).toMatchObject({ notes: 'JWT tokens.\n\nSee the ADR.', x: 10, y: 20 })
    const b = [...back.g.index.nodes.values()].find((n) => n.summary.startsWith('<img'))!
    expect(b.summary).toBe('<img src=x onerror=alert(1)>')
  })

  it('matches its own cards by id when imported back, creating nothing', () => {
    const { g } = sample()
    const before = g.index.nodes.size
    const r = ok(importGraph(g, 'canvas', toCanvas(g)))
    expect(r).toMatchObject({ created: 0, matched: 3, edges: 0 })
    expect(r.matches.map((m) => m.by)).toEqual(['id', 'id', 'id'])
    expect(g.index.nodes.size).toBe(before)
  })

  it('writes nothing when an edge is broken', () => {
    const { g } = setup()
    const before = g.index.nodes.size
    const bad = {
      nodes: [{ id: 'a', type: 'text', text: 'A', x: 0, y: 0, width: 1, height: 1 }],
      edges: [{ id: 'e', fromNode: 'a', toNode: 'zz' }],
    }
    expect(importGraph(g, 'canvas', JSON.stringify(bad)).ok).toBe(false)
    expect(g.index.nodes.size).toBe(before)
  })
})

describe('what is not a canvas is refused', () => {
  it('an Excalidraw scene is refused by name, with what to do', () => {
    const scene = JSON.stringify({
      type: 'excalidraw',
      version: 2,
      source: 'https://excalidraw.com',
      elements: [],
      appState: {},
    })
    const r = parseCanvas(scene)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toMatch(/Excalidraw scene: not supported.*export/)
  })

  it('any other object without nodes or edges is refused, saying what JSON Canvas needs', () => {
    for (const o of [{ foo: 1 }, { title: 'x', children: [] }, { nodes: {} }, { items: [] }]) {
      const r = parseCanvas(JSON.stringify(o))
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.message).toMatch(/nodes.*edges|nodes: expected an array/)
    }
    const plexus = parseCanvas(
      JSON.stringify({ format: 'plexus', schema: 2, meta: {}, nodes: [], edges: [] }),
    )
    expect(!plexus.ok && plexus.message).toMatch(/Plexus JSON export.*json/)
    // An empty canvas is still a canvas (JSON Canvas makes both lists optional).
    expect(ok(parseCanvas('{}')).nodes).toEqual([])
    expect(ok(parseCanvas('{"nodes":[],"edges":[]}')).nodes).toEqual([])
  })
})

describe('any JSON object that is not a canvas', () => {
  const SEED = Number(process.env.FC_SEED ?? DEFAULT_SEED)
  it(`is refused, naming what JSON Canvas needs, and writes nothing (seed ${SEED})`, () => {
    const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== 'nodes' && k !== 'edges')
    const obj = fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 5 })
    fc.assert(
      fc.property(obj, (o) => {
        const { g } = setup()
        const before = g.index.nodes.size
        const r = importGraph(g, 'canvas', JSON.stringify(o))
        expect(r.ok).toBe(false)
        if (!r.ok)
          expect(r.message).toMatch(/nodes array and an edges array|Excalidraw scene|Plexus JSON export/)
        expect(g.index.nodes.size).toBe(before)
      }),
      { seed: SEED, numRuns: 200 },
    )
  })
})

describe('text cards starting with blank lines', () => {
  const card = (text: string) =>
    JSON.stringify({
      nodes: [{ id: 't1', type: 'text', text, x: 0, y: 0, width: 250, height: 60 }],
      edges: [],
    })

  it('is named by its first non-blank line and exported with its text unchanged', () => {
    for (const text of ['\nReal title\n\nbody', '\n\n  \n## Heading\nmore', '\n\nJust this']) {
      const { g } = setup()
      ok(importGraph(g, 'canvas', card(text)))
      const n = [...g.index.nodes.values()].find((x) => x.aliases?.includes('canvas:t1'))!
      expect(n.summary).toBe(
        text
          .split('\n')
          .find((l) => l.trim())!
          .replace(/^#+\s*/, '')
          .trim(),
      )
      const out = toCanvasData(g).nodes.find((c) => c.id === 't1')!
      expect(out.text).toBe(text)
    }
  })

  const SEED = Number(process.env.FC_SEED ?? DEFAULT_SEED)
  it(`any card text with a non-blank line comes back unchanged, named by that line (seed ${SEED})`, () => {
    const lineArb = fc.constantFrom('', ' ', '\t', '# Title', '## Sub head', 'word', 'two words', '- item')
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 6 }).filter((ls) => ls.some((l) => l.trim())),
        (lines) => {
          const text = lines.join('\n')
          const { g } = setup()
          ok(importGraph(g, 'canvas', card(text)))
          const n = [...g.index.nodes.values()].find((x) => x.aliases?.includes('canvas:t1'))!
          expect(n.summary).toBe(
            lines
              .find((l) => l.trim())!
              .replace(/^#+\s*/, '')
              .trim(),
          )
          expect(toCanvasData(g).nodes.find((c) => c.id === 't1')!.text).toBe(text)
        },
      ),
      { seed: SEED, numRuns: 200 },
    )
  })
})
