// A topic with no text is named "Untitled" (`untitled` remembers it had none): a placeholder, not a
// name. Two files' empty topics are two topics, and a graph's own export, written back, finds its
// empty topics by id even where the format names them otherwise (a JSON Canvas text card with no text
// reads as "Untitled card"). Found with a real Inoreader feed list (corpus/opml/infosec-feeds.opml,
// two outlines with text=""): its canvas export re-imported as 2 new cards, and imported after a
// FreeMind map with an empty node, one of its empty outlines was taken for that node.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportFile, importFile } from './index.ts'
import { fresh, ok, stateOf } from './test/graph.ts'

const feeds = readFileSync(join(import.meta.dirname, 'corpus/opml/infosec-feeds.opml'), 'utf8')

describe('empty topics are placeholders, not names', () => {
  it("the feed list's canvas export, imported again, adds nothing", () => {
    const { g } = fresh()
    ok(importFile(g, 'opml', feeds))
    const before = stateOf(g)
    const again = ok(importFile(g, 'canvas', exportFile(g, 'canvas').data))
    expect(again.created).toBe(0)
    expect(stateOf(g)).toEqual(before)
  })

  it("another file's empty topic is a topic of its own", () => {
    const { g } = fresh()
    ok(importFile(g, 'freemind', '<map version="1.0.1"><node TEXT="Map"><node TEXT=""/></node></map>'))
    const r = ok(importFile(g, 'opml', feeds))
    expect([r.created, r.matched, r.skipped]).toEqual([530, 0, []])
  })

  it("with fuzzy matching too, another file's empty topic is never taken for one (review, session 16)", () => {
    const { g } = fresh()
    ok(
      importFile(
        g,
        'freemind',
        '<map version="1.0.1"><node TEXT="Map"><node TEXT="Branch"><node TEXT=""><node TEXT="Old child"/></node></node></node></map>',
      ),
    )
    const r = ok(
      importFile(
        g,
        'opml',
        '<opml version="2.0"><body><outline text=""><outline text="Krebs"/></outline></body></opml>',
        {
          fuzzy: true,
        },
      ),
    )
    expect(r.matched, JSON.stringify(r)).toBe(0)
    const krebs = [...g.index.nodes.values()].find((n) => n.summary === 'Krebs')!
    const parent = g.index.nodes.get(krebs.parent!)!
    expect(parent.properties.untitled).toBe(true)
    expect([...g.index.nodes.values()].filter((n) => n.parent === parent.id).map((n) => n.summary)).toEqual([
      'Krebs',
    ])
  })

  it('a topic really named "Untitled" still matches by its name', () => {
    const { g } = fresh()
    ok(importFile(g, 'opml', '<opml version="2.0"><body><outline text="Untitled"/></body></opml>'))
    const r = ok(importFile(g, 'opml', '<opml version="2.0"><body><outline text="Untitled"/></body></opml>'))
    expect(r.created).toBe(0)
  })
})
