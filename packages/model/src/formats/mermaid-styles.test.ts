import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { updateNodes } from '../update.ts'
import { importGraph } from './index.ts'
import { parseMermaid, toMermaid } from './mermaid.ts'
import { ok, setup } from './test-helpers.ts'

// `linkStyle` and `click` lines survive a round trip. The examples are Mermaid's own, from its flowchart
// syntax page (github.com/mermaid-js/mermaid, docs/syntax/flowchart.md: "Styling links", "Interaction").

/** The lines of a kind an export wrote, node and link names resolved, in a stable order. */
const linesOf = (text: string, kw: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith(kw + ' '))
    .sort()

/** Each edge as `from -> to: style`, read from a graph. */
function linkStyles(g: ReturnType<typeof setup>['g']): string[] {
  const name = (id: string): string => g.index.nodes.get(id)!.summary
  const out: string[] = []
  for (const e of g.index.edges.values()) {
    const s = e.properties?.mermaid_link_style
    if (typeof s === 'string') out.push(`${name(e.from)} -> ${name(e.to)}: ${s}`)
  }
  return out.sort()
}

/** Round trip: import `text`, export, import the export into a fresh graph, export again. */
function roundTrip(text: string) {
  const a = setup('Imported first', 'a')
  ok(importGraph(a.g, 'mermaid', text))
  const first = toMermaid(a.g)
  const b = setup('Imported again', 'b')
  ok(importGraph(b.g, 'mermaid', first))
  return { a: a.g, b: b.g, first, second: toMermaid(b.g) }
}

describe('Mermaid linkStyle', () => {
  it('keeps the docs example: the fourth link styled, the others not', () => {
    const doc = [
      'graph LR',
      '    A --> B;',
      '    B --> C;',
      '    C --> D;',
      '    D --> E;',
      '    linkStyle 3 stroke:#ff3,stroke-width:4px,color:red;',
    ].join('\n')
    const r = roundTrip(doc)
    expect(linkStyles(r.a)).toEqual(['D -> E: stroke:#ff3,stroke-width:4px,color:red'])
    expect(linkStyles(r.b)).toEqual(linkStyles(r.a))
    // The export numbers links in its own order, and the number it writes is D --> E's.
    const links = r.first.split('\n').filter((l) => /-->/.test(l))
    const [n] = linesOf(r.first, 'linkStyle').map((l) => Number(l.split(' ')[1]))
    expect(links[n!]).toMatch(/D -->.* E$/)
    expect(r.second).toBe(r.first)
  })

  it('keeps a list of links and default with a curve, as the docs write them', () => {
    const doc = [
      'flowchart TD',
      '    A-->B',
      '    A-->C',
      '    B & C-->D',
      '    linkStyle 1,2,3 color:blue;',
      '    linkStyle default interpolate cardinal stroke:#ff3,stroke-width:4px',
      '    linkStyle 0 interpolate basis',
    ].join('\n')
    const r = roundTrip(doc)
    // `B & C-->D` is two links (2 and 3), as Mermaid numbers them; link 0 has only a curve.
    expect(linkStyles(r.a)).toEqual([
      'A -> B: interpolate basis',
      'A -> C: color:blue',
      'B -> D: color:blue',
      'C -> D: color:blue',
    ])
    expect(linkStyles(r.b)).toEqual(linkStyles(r.a))
    expect(linesOf(r.first, 'linkStyle')).toContain(
      'linkStyle default interpolate cardinal stroke:#ff3,stroke-width:4px',
    )
    expect(r.second).toBe(r.first)
  })

  it('lists a number past the last link instead of dropping it silently', () => {
    const p = ok(parseMermaid('flowchart LR\n  A --> B\n  linkStyle 4 stroke:red\n'))
    expect(p.skipped?.join('\n')).toMatch(/line 3: linkStyle 4 names no link \(the file has 1/)
  })
})

describe('Mermaid click', () => {
  it('keeps every form of the docs examples: callback, call, link, href, tooltip, target', () => {
    const doc = [
      'flowchart LR',
      '    A-->B',
      '    B-->C',
      '    C-->D',
      '    D-->E',
      '    click A callback "Tooltip for a callback"',
      '    click B "https://www.github.com" "This is a tooltip for a link"',
      '    click C call callback() "Tooltip for a callback"',
      '    click D href "https://www.github.com" "Open this in a new tab" _blank',
      '    click E "https://www.github.com" _blank',
    ].join('\n')
    const r = roundTrip(doc)
    const want = [
      'click A callback "Tooltip for a callback"',
      'click B "https://www.github.com" "This is a tooltip for a link"',
      'click C call callback() "Tooltip for a callback"',
      'click D href "https://www.github.com" "Open this in a new tab" _blank',
      'click E "https://www.github.com" _blank',
    ]
    expect(linesOf(r.first, 'click')).toEqual(want)
    expect(linesOf(r.second, 'click')).toEqual(want)
    // Importing the file again changes nothing.
    const before = r.a.index.version
    ok(importGraph(r.a, 'mermaid', doc))
    expect(r.a.index.version).toBe(before)
  })

  it('lists a click on a node not defined yet, as Mermaid ignores it', () => {
    const p = ok(parseMermaid('flowchart LR\n  click Z "https://example.com"\n  A --> B\n'))
    expect(p.skipped?.join('\n')).toMatch(/line 2: click needs a node defined before it/)
  })
})

describe('Mermaid fills become node colours', () => {
  // The docs' "Styling a node" and "Classes" examples: the fill is the colour the canvas draws.
  it('takes a node its style fill, else its class fill, else the default class fill; other fills stay styles only', () => {
    const { g } = setup('Styled', 'a')
    ok(
      importGraph(
        g,
        'mermaid',
        [
          'flowchart LR',
          '    id1(Start)-->id2(Stop)',
          '    id2 --> id3[Ship]:::someclass --> id4[Done] --> id5[Named]',
          '    style id1 fill:#f9f,stroke:#333,stroke-width:4px',
          '    style id2 fill:#bbf,stroke:#f66,stroke-width:2px,color:#fff,stroke-dasharray: 5 5',
          '    style id5 fill:red',
          '    classDef someclass fill:#f96',
          '    classDef default fill:#E8F0FE,stroke:#333',
        ].join('\n'),
      ),
    )
    const colour = (s: string) => [...g.index.nodes.values()].find((n) => n.summary === s)!.color ?? null
    expect(colour('Start')).toBe('#ff99ff')
    expect(colour('Stop')).toBe('#bbbbff')
    expect(colour('Ship')).toBe('#ff9966')
    expect(colour('Done')).toBe('#e8f0fe')
    // A named colour is not one the model stores: the node keeps its style for the way back, no colour.
    expect(colour('Named')).toBe(null)
    expect([...g.index.nodes.values()].find((n) => n.summary === 'Named')!.properties?.mermaid_style).toBe(
      'fill:red',
    )
  })
})

describe('Mermaid export keeps the colour a person set', () => {
  // Colours set in Plexus (the inspector's swatches are the presets "1"-"6") over what a file filled.
  const file = [
    'flowchart LR',
    '    id1(Start)-->id2(Stop)',
    '    id2 --> id3[Ship]:::someclass --> id4[Done] --> id5[Named]',
    '    id5 --> id6[Kept]:::someclass --> id7[Plain]',
    '    style id1 fill:#f9f,stroke:#333,stroke-width:4px',
    '    style id2 fill:#bbf,stroke:#f66,stroke-width:2px,color:#fff,stroke-dasharray: 5 5',
    '    style id5 fill:red,stroke:#333',
    '    classDef someclass fill:#f96',
    '    classDef default fill:#E8F0FE,stroke:#333',
  ].join('\n')

  function coloured() {
    const { g } = setup('Coloured', 'a')
    ok(importGraph(g, 'mermaid', file))
    const id = (s: string) => [...g.index.nodes.values()].find((n) => n.summary === s)!.id
    ok(
      updateNodes(g, [
        { id: id('Start'), color: '1' }, // its style fills it #f9f
        { id: id('Ship'), color: '4' }, // its class fills it #f96
        { id: id('Named'), color: '5' }, // its style fills it with a name
        { id: id('Plain'), color: '#123456' }, // the default class fills it #e8f0fe
      ]),
    )
    return g
  }
  const colours = (g: ReturnType<typeof setup>['g']) =>
    Object.fromEntries(
      [...g.index.nodes.values()]
        .filter((n) => n.summary !== 'Coloured')
        .map((n) => [n.summary, n.color ?? null]),
    )

  it('writes each colour as the fill, so the export imported into a fresh graph has the same colours', () => {
    const a = coloured()
    const out = toMermaid(a)
    const b = setup('Coloured', 'b')
    ok(importGraph(b.g, 'mermaid', out))
    expect(colours(b.g)).toEqual(colours(a))
    expect(colours(a)).toMatchObject({ Start: '1', Ship: '4', Named: '5', Plain: '#123456' })
    // And back out of the fresh graph, the same file.
    expect(toMermaid(b.g)).toBe(out)
  })

  it('keeps every other property of a style line, and writes none where the class or default fill is the colour', () => {
    const out = toMermaid(coloured())
    expect(linesOf(out, 'style')).toEqual([
      'style id1 fill:#e5484d,stroke:#333,stroke-width:4px',
      'style id2 fill:#bbf,stroke:#f66,stroke-width:2px,color:#fff,stroke-dasharray: 5 5',
      'style id3 fill:#30a46c',
      'style id5 fill:#05a2c2,stroke:#333',
      'style id7 fill:#123456',
    ])
  })

  it('re-importing its own export changes nothing', () => {
    const a = coloured()
    const before = Buffer.from(Y.encodeStateVector(a.doc)).toString('hex')
    ok(importGraph(a, 'mermaid', toMermaid(a)))
    expect(Buffer.from(Y.encodeStateVector(a.doc)).toString('hex')).toBe(before)
  })

  it('reads a preset hex back as the preset', () => {
    const { g } = setup('Presets', 'p')
    ok(importGraph(g, 'mermaid', 'flowchart LR\n  A --> B\n  style A fill:#E5484D\n  style B fill:#8e4ec6'))
    expect([...g.index.nodes.values()].map((n) => n.color ?? null).sort()).toEqual(['1', '6', null])
  })
})
