import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { writeEdge } from '../edges.ts'
import { write } from '../graph.ts'
import { exportGraph, importGraph, type Format } from './index.ts'
import { ok, setup, shape } from './test-helpers.ts'

// Imports that never merge distinct things by guesswork, and that change nothing the second time.

const state = (doc: Y.Doc): string => Buffer.from(Y.encodeStateVector(doc)).toString('hex')

const SAME_FILE: Array<[Format, string]> = [
  ['dsl', 'API depends_on Database\nBackend contains API\n"Input/Output" relates_to "Output/Input"'],
  [
    'mermaid',
    'flowchart LR\n  a[API] -->|depends on| b[(Database)]\n  subgraph be [Backend]\n    a\n  end\n  a --> a2[API]',
  ],
  [
    'canvas',
    JSON.stringify({
      nodes: [
        { id: 'c1', type: 'text', text: 'API', x: 0, y: 0, width: 200, height: 60 },
        { id: 'c2', type: 'text', text: 'API', x: 300, y: 0, width: 200, height: 60, color: '2' },
        { id: 'g', type: 'group', label: 'Backend', x: -20, y: -20, width: 600, height: 120 },
      ],
      edges: [
        { id: 'e1', fromNode: 'c1', toNode: 'c2', fromSide: 'right', toSide: 'left' },
        { id: 'e2', fromNode: 'c2', toNode: 'c1', label: 'calls back' },
      ],
    }),
  ],
]

describe('import identity', () => {
  it.each(SAME_FILE)('%s: importing the same file twice changes nothing', (format, text) => {
    const { g } = setup()
    const first = ok(importGraph(g, format, text))
    expect(first.created).toBeGreaterThan(0)
    const before = state(g.doc)
    const again = ok(importGraph(g, format, text))
    expect([again.created, again.edges]).toEqual([0, 0])
    expect(again.matches.every((m) => m.confidence === 1)).toBe(true)
    expect(state(g.doc)).toBe(before)
  })

  it('json: importing the same backup twice changes nothing', () => {
    const src = setup('Source', 'source')
    ok(importGraph(src.g, 'dsl', 'API depends_on Database'))
    const text = exportGraph(src.g, 'json')
    const { g } = setup('Target', 'target')
    ok(importGraph(g, 'json', text))
    const before = state(g.doc)
    expect(ok(importGraph(g, 'json', text)).created).toBe(0)
    expect(state(g.doc)).toBe(before)
  })

  it.each([
    ['Output/Input', 'Input/Output', true],
    ['aria-query@5.3.1', 'aria-query@5.3.0', false],
    // Another version is another thing, fuzzy or not (issue 24): the same digits in another order too.
    ['safe-buffer@5.1.2', 'safe-buffer@5.2.1', false],
  ])('never merges %s into %s unasked; asked for fuzzy, a match says how sure', (name, existing, alike) => {
    const { g, root } = setup()
    write(g, (w) => w.newNode('x', { summary: existing, parent: root }))
    for (const [format, text] of [
      ['dsl', `"${name}" depends_on Other`],
      ['mermaid', `flowchart TD\n  n["${name}"] --> o[Other]`],
    ] as Array<[Format, string]>) {
      const t = setup()
      write(t.g, (w) => w.newNode('x', { summary: existing, parent: t.root }))
      const r = ok(importGraph(t.g, format, text))
      expect(r.matches.filter((m) => m.id === 'x')).toEqual([])
      expect([...t.g.index.nodes.values()].filter((n) => n.summary === name)).toHaveLength(1)
    }
    const asked = ok(importGraph(g, 'dsl', `"${name}" depends_on Other`, { fuzzy: true }))
    const m = asked.matches.find((x) => x.id === 'x')
    if (!alike) return expect(m).toBeUndefined()
    expect(m).toMatchObject({ by: 'fuzzy', key: name })
    expect(m!.confidence).toBeGreaterThanOrEqual(0.85)
    expect(m!.confidence).toBeLessThan(1)
  })

  it("re-importing Plexus's own Mermaid and Canvas exports adds no edges and no nodes", () => {
    const { g, root } = setup()
    write(g, (w) => {
      w.newNode('a', { summary: 'Auth service', kind: 'task', parent: root })
      w.newNode('b', { summary: 'User repo', parent: 'a' })
      w.newNode('c', { summary: 'Schema', parent: root })
      writeEdge(w, { from: 'a', to: 'c', type: 'depends_on' })
      writeEdge(w, { from: 'b', to: 'c', type: 'relates_to', label: 'reads' })
    })
    const before = shape(g)
    for (const format of ['mermaid', 'canvas', 'dsl'] as Format[]) {
      const r = ok(importGraph(g, format, exportGraph(g, format)))
      expect([format, r.created, r.edges]).toEqual([format, 0, 0])
    }
    expect(shape(g)).toEqual(before)
  })

  it('two text nodes with the same label never fold into one existing node', () => {
    const { g, root } = setup()
    write(g, (w) => w.newNode('s', { summary: 'Start', parent: root }))
    const r = ok(importGraph(g, 'mermaid', 'flowchart TD\n  a[Start] --> b[Start]'))
    expect(r.created).toBe(1)
    expect(r.matches).toEqual([expect.objectContaining({ key: 'a', id: 's', by: 'name', confidence: 1 })])
    expect(r.edges).toBe(1)
  })
})

describe('an import into a frame of its own (the web app)', () => {
  // Mermaid's README example, then its shape example (corpus doc-017): both name a node A "Christmas".
  const christmas =
    'flowchart TD\n  A[Christmas] -->|Get money| B(Go shopping)\n  B --> C{Let me think}\n  C -->|One| D[Laptop]'
  const shapes = 'flowchart TD\n    A[/Christmas\\]'

  it.each(SAME_FILE)(
    '%s: the file is one top-level frame holding every node it made, none matched',
    (format, text) => {
      const { g, root } = setup()
      ok(importGraph(g, format, text))
      const before = g.index.nodes.size
      const r = ok(importGraph(g, format, text, { frame: 'again' }))
      const s = g.index.struct()
      const frame = g.index.nodes.get(r.frame!)!
      expect(frame).toMatchObject({ summary: 'again', shape: 'group' })
      expect(s.parent.get(frame.id)).toBeUndefined()
      // Every node of the file is new, and each hangs from the frame (or from a node of the file).
      expect(r.matched).toBe(0)
      expect(g.index.nodes.size).toBe(before + r.created + 1)
      expect(r.alike!.length).toBeGreaterThan(0)
      for (const a of r.alike!) expect(g.index.nodes.get(a.id)!.summary).toBe(a.summary)
      const made = [...g.index.nodes.keys()].slice(before).filter((id) => id !== frame.id)
      for (const id of made) {
        let top = id
        while (s.parent.get(top) && s.parent.get(top) !== frame.id) top = s.parent.get(top)!
        expect(s.parent.get(top), g.index.nodes.get(id)!.summary).toBe(frame.id)
      }
      expect((s.children.get(root) ?? []).filter((c) => made.includes(c))).toEqual([])
    },
  )

  it('a second unrelated Mermaid file keeps its Christmas apart, and says which node it resembles', () => {
    const { g, root } = setup()
    const first = ok(importGraph(g, 'mermaid', christmas, { frame: 'christmas' }))
    const second = ok(importGraph(g, 'mermaid', shapes, { frame: 'shapes' }))
    expect([second.created, second.matched]).toEqual([1, 0])
    expect(second.alike).toEqual([
      expect.objectContaining({ key: 'A', name: 'Christmas', summary: 'Christmas', by: 'alias' }),
    ])
    const s = g.index.struct()
    const xmas = [...g.index.nodes.values()].filter((n) => n.summary === 'Christmas')
    expect(xmas.map((n) => s.parent.get(n.id)).sort()).toEqual([first.frame, second.frame].sort())
    // The file's direction is the frame's, as a subgraph keeps its own.
    expect(g.index.nodes.get(first.frame!)!.properties.mermaid_direction).toBe('TD')
    // Under a chosen parent, the frame hangs from it.
    const third = ok(importGraph(g, 'mermaid', shapes, { frame: 'here', parent: root }))
    expect(s.parent.get(third.frame!) ?? g.index.struct().parent.get(third.frame!)).toBe(root)
  })
})
