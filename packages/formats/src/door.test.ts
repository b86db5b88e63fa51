// What a person is told when a file is not what it says, or not a map at all; and the ledger of an
// export that has no place for something.
import { connect, createNodes } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import { exportFile, formatOfFile, importFile, sniffFormat, unsupportedFile } from './index.ts'
import { fresh, ok } from './test/graph.ts'

describe('detection', () => {
  it('names every format by extension, a .mmd mindmap by its header, a .xml by its root', () => {
    expect(['a.opml', 'a.mm', 'a.md', 'a.xmind', 'a.graphml', 'a.mmd', 'a.canvas'].map(formatOfFile)).toEqual(
      ['opml', 'freemind', 'markdown', 'xmind', 'graphml', 'mermaid', 'canvas'],
    )
    expect(sniffFormat('m.mmd', '%% a comment\nmindmap\n  root')).toBe('mindmap')
    expect(sniffFormat('m.mmd', 'flowchart LR\n  a --> b')).toBe('mermaid')
    expect(sniffFormat('x.xml', '<?xml version="1.0"?>\n<opml version="2.0">')).toBe('opml')
    expect(sniffFormat('x.xml', '<svg/>')).toBeNull()
  })

  it('says "not a supported format" with the list of what Plexus reads', () => {
    const m = unsupportedFile('scene.excalidraw')
    expect(m).toMatch(/^scene\.excalidraw: not a supported format \(\.excalidraw\)\. Plexus reads /)
    for (const ext of ['.json', '.mmd', '.canvas', '.txt', '.opml', '.mm', '.md', '.xmind', '.graphml'])
      expect(m).toContain(ext)
  })
})

describe('a file of the wrong kind', () => {
  const mm = '<map version="1.0.1"><node TEXT="A"/></map>'
  it.each([
    ['opml', mm, /expected an OPML outline .* but this is a FreeMind\/Freeplane map: import it as freemind/],
    [
      'freemind',
      '<opml version="2.0"><body/></opml>',
      /expected a FreeMind\/Freeplane map .* but this is an OPML outline/,
    ],
    ['graphml', mm, /expected a GraphML graph .* FreeMind/],
    ['xmind', 'not bytes', /pass its bytes \(base64 over MCP\)/],
    ['xmind', new Uint8Array([1, 2, 3, 4]), /expected an \.xmind file .* not a zip/],
    ['mindmap', 'flowchart LR\n a-->b', /expected the header "mindmap"/],
    ['mindmap', 'mindmap\n  A\n  B\n', /only one root/],
    ['opml', '<opml><body><outline text="a"></body></opml>', /not well-formed XML at line 1/],
  ] as const)('%s refuses %#', (format, input, message) => {
    const { g } = fresh()
    const before = g.index.nodes.size
    const r = importFile(g, format, input)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toMatch(message)
    expect(g.index.nodes.size).toBe(before)
  })

  it('a fenced ```mermaid mindmap pasted from a README is read as the mindmap inside, as mindmap or as mermaid', () => {
    const fenced = '```mermaid\nmindmap\n  root((R))\n    A\n```\n'
    expect(sniffFormat('m.mmd', fenced)).toBe('mindmap')
    for (const format of ['mindmap', 'mermaid'] as const)
      expect(ok(importFile(fresh().g, format, fenced)).created).toBe(2)
    const after = importFile(fresh().g, 'mindmap', fenced + 'Some README text\n')
    expect(!after.ok && after.message).toMatch(/line 6: text after the closing ``` fence/)
  })

  it('a Mermaid import of a mindmap reads it as one', () => {
    const { g } = fresh()
    expect(ok(importFile(g, 'mermaid', 'mindmap\n  root((R))\n    A\n')).created).toBe(2)
  })
})

describe('the export ledger', () => {
  it('counts what each format has no place for, per kind', () => {
    const { g, root } = fresh()
    const made = ok(
      createNodes(g, [
        {
          summary: 'A',
          parent: root,
          notes: 'why',
          color: '#ff0000',
          links: ['https://a.org', 'https://b.org'],
        },
        { summary: 'B', parent: root, kind: 'task' },
      ]),
    )
    ok(connect(g, [{ from: made.created[0]!.id, to: made.created[1]!.id, type: 'depends_on' }]))
    const kinds = (f: Parameters<typeof exportFile>[1]) =>
      Object.fromEntries(exportFile(g, f).lost.map((l) => [l.kind, l.count]))
    // B's kind, and the root's when it has one.
    const rootKind = g.index.nodes.get(root)!.kind !== 'concept' ? 1 : 0
    expect(kinds('mindmap')).toMatchObject({
      notes: 1,
      links: 1,
      colors: 1,
      kinds: 1 + rootKind,
      relations: 1,
    })
    expect(kinds('opml')).toMatchObject({ colors: 1, relations: 1, 'extra-link': 1 })
    expect(kinds('freemind')).toEqual({ 'extra-link': 1 })
    expect(kinds('json')).toEqual({})
    expect(exportFile(g, 'mindmap').lost.find((l) => l.kind === 'relations')!.detail).toBe(
      '1 relation left out (Mermaid mindmap holds only the tree)',
    )
  })
})
