// Titles that hold a character reference as text ("&lt;", "&amp;", "&#38;"): Markdown reads an `&`
// followed by a name and `;` as the character it names, so the export must write the `&` so that it
// stays an `&`. Found on real files: Dave Winer's opmlPackage source outline ('&': '&amp;' in code
// lines) and Mermaid's own mindmap test "On effectiveness&lt;br/>and features" each came back as new
// topics when their Markdown export was imported again.
import { createNodes } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import { Transformer } from 'markmap-lib'
import { exportFile, importFile } from './index.ts'
import { fresh, ok, stateOf } from './test/graph.ts'

const TITLES = ["'&': '&amp;',", 'On effectiveness&lt;br/>and features', 'AT&#38;T', '&copy; 2024', 'a & b']

describe('Markdown export keeps an & that Markdown would read as a character reference', () => {
  it('the export imported again adds nothing, and into a fresh graph gives the same titles', () => {
    const { g, root } = fresh()
    ok(
      createNodes(
        g,
        TITLES.map((summary) => ({ summary, parent: root })),
      ),
    )
    const md = exportFile(g, 'markdown').data as string
    const before = stateOf(g)
    expect(ok(importFile(g, 'markdown', md)).created).toBe(0)
    expect(stateOf(g)).toEqual(before)

    const { g: copy } = fresh('Copy', 'd')
    ok(importFile(copy, 'markdown', md))
    const names = [...copy.index.nodes.values()].filter((n) => copy.index.live(n.id)).map((n) => n.summary)
    expect(names).toEqual(expect.arrayContaining(TITLES))
  })

  it('markmap shows the titles as written', () => {
    const { g, root } = fresh()
    ok(
      createNodes(
        g,
        TITLES.map((summary) => ({ summary, parent: root })),
      ),
    )
    const html = JSON.stringify(new Transformer().transform(exportFile(g, 'markdown').data as string).root)
    for (const t of ['&amp;amp;', '&amp;lt;br/&gt;', '&amp;#38;', '&amp;copy;']) expect(html).toContain(t)
  })
})
