import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { updateNodes } from '@plexus/model'
import { exportFile, importFile } from './index.ts'
import { wrongXml } from './xml.ts'
import { fresh, ok, tree } from './test/graph.ts'

// Words a person may use for a topic, an attribute or a shape are also the names of Object.prototype's
// members. A table read as `table[word]` answers them with a function or with Object.prototype, and an
// object written as `obj[word] = value` drops `__proto__`. Every format's door must read them as words.

const MEMBERS = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
]

const SEED = Number(process.env.FC_SEED ?? 290101)

const xmlEsc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')

describe('formats read Object.prototype member names as words', () => {
  it('a FreeMind attribute named __proto__ is kept like any other attribute', () => {
    const { g } = fresh()
    const mm = `<map version="1.0.1"><node TEXT="Top"><node TEXT="Child"><attribute NAME="__proto__" VALUE="kept"/><attribute NAME="constructor" VALUE="too"/></node></node></map>`
    ok(importFile(g, 'freemind', mm))
    const child = [...g.index.nodes.values()].find((n) => n.summary === 'Child')!
    expect(child.properties.attributes).toEqual([
      ['__proto__', 'kept'],
      ['constructor', 'too'],
    ])
    const back = exportFile(g, 'freemind').data as string
    expect(back).toContain('<attribute NAME="__proto__" VALUE="kept"/>')
    expect(back).toContain('<attribute NAME="constructor" VALUE="too"/>')
  })

  it('an XML file whose root is named like a prototype member is named in the refusal', () => {
    for (const m of MEMBERS) {
      const f = wrongXml('an OPML outline', m)
      expect(f.message).toContain(`<${m}>`)
    }
  })

  it('a Mermaid mindmap export of a topic whose shape property is a prototype member name writes a plain topic', () => {
    for (const m of MEMBERS) {
      const { g, root } = fresh()
      ok(importFile(g, 'markdown', '# Top\n\n- Child\n'))
      const child = [...g.index.nodes.values()].find((n) => n.summary === 'Child')!
      ok(updateNodes(g, [{ id: child.id, properties: { mindmap_shape: m } }]))
      const out = exportFile(g, 'mindmap').data as string
      expect(out).toContain('Child')
      void root
    }
  })

  it(`every text format imports topics, attributes and kinds named like prototype members (seed ${SEED})`, () => {
    const word = fc.constantFrom(...MEMBERS)
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), word, (names, attr) => {
        const files: Array<[Parameters<typeof importFile>[1], string]> = [
          // Markdown reads `__x__` as bold: the underscores are escaped, as a person writing it would.
          ['markdown', `# Top\n\n${names.map((n) => `- ${n.replace(/_/g, '\\_')}`).join('\n')}\n`],
          [
            'opml',
            `<opml version="2.0"><body><outline text="Top">${names.map((n) => `<outline text="${xmlEsc(n)}" ${attr.replace(/[^A-Za-z]/g, '') || 'x'}="v"/>`).join('')}</outline></body></opml>`,
          ],
          [
            'freemind',
            `<map><node TEXT="Top">${names.map((n) => `<node TEXT="${xmlEsc(n)}"><attribute NAME="${xmlEsc(attr)}" VALUE="v"/></node>`).join('')}</node></map>`,
          ],
          ['mindmap', `mindmap\n  Top\n${names.map((n, i) => `    t${i}[${n}]`).join('\n')}\n`],
          [
            'graphml',
            `<graphml><key id="l" for="node" attr.name="label" attr.type="string"/><key id="k" for="node" attr.name="${xmlEsc(attr)}" attr.type="string"/><graph edgedefault="directed">${names.map((n, i) => `<node id="${xmlEsc(n)}_${i}"><data key="l">${xmlEsc(n)}</data><data key="k">v</data></node>`).join('')}</graph></graphml>`,
          ],
        ]
        for (const [format, text] of files) {
          const { g, root } = fresh()
          const r = importFile(g, format, text)
          if (!r.ok) throw new Error(`${format} refused: ${r.message}`)
          const { paths } = tree(g, root)
          for (const n of names)
            expect(
              paths.some((p) => p.endsWith(`/${n}`)),
              `${format}: ${n} in ${paths}`,
            ).toBe(true)
          for (const out of [
            'json',
            'mermaid',
            'canvas',
            'opml',
            'freemind',
            'markdown',
            'mindmap',
            'graphml',
          ] as const)
            expect(() => exportFile(g, out), `${format} → ${out}`).not.toThrow()
        }
      }),
      { seed: SEED, numRuns: 60 },
    )
  })
})
