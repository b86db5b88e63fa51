// Generated maps through every map format and back: the tree (names and order), and what the format
// has a place for (notes, links, colours, icons, relations), come back the same in a fresh graph; the
// export imported again, into that graph or the one it came from, adds nothing. fast-check, seeded:
// the seed is printed, FC_SEED replays it.
import fc from 'fast-check'
import { colorHex, connect, createNodes, type Graph } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import { exportFile, importFile, type FileFormat } from './index.ts'
import { fresh, ok, stateOf, tree } from './test/graph.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. FC_SEED=N runs another.
const DEFAULT_SEED = 20261129
const seed = Number(process.env.FC_SEED ?? DEFAULT_SEED)
console.log(`roundtrip.test: FC_SEED=${seed}`)

const word = fc.stringMatching(/^[A-Za-zÀ-ÿ0-9&<>"'()[\]*_`!?.,:;{}|+=~%$@ -]{1,12}$/)
const name = word.map((s) => s.replace(/\s+/g, ' ').trim()).filter((s) => s.length > 0)
const line = fc
  .stringMatching(/^[A-Za-z][A-Za-z ,.!?]{0,30}$/)
  .map((s) => s.trim())
  .filter(Boolean)
const notes = fc.array(line, { minLength: 1, maxLength: 3 }).map((ls) => ls.join('\n'))
const color = fc.oneof(fc.constantFrom('1', '2', '3', '4', '5', '6'), fc.stringMatching(/^#[0-9a-f]{6}$/))
interface Gen {
  name: string
  notes?: string
  link?: string
  color?: string
  icons?: string[]
  children: Gen[]
}
const node: fc.Memo<Gen> = fc.memo((d) =>
  fc.record(
    {
      name,
      notes,
      link: fc.stringMatching(/^[a-z]{1,8}$/).map((s) => `https://example.org/${s}`),
      color,
      icons: fc.array(fc.constantFrom('idea', 'yes', 'button_ok', 'flag'), { minLength: 1, maxLength: 2 }),
      children: d > 1 ? fc.array(node(d - 1), { maxLength: 3 }) : fc.constant([]),
    },
    { requiredKeys: ['name', 'children'] },
  ),
)
const map = fc.record({
  tops: fc.array(node(4), { minLength: 1, maxLength: 4 }),
  links: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('relates_to', 'depends_on', 'calls_api')), {
    maxLength: 6,
  }),
})

function build(m: { tops: Gen[]; links: Array<[number, number, string]> }): Graph {
  const { g, root } = fresh('Plan', 'src')
  const items: Parameters<typeof createNodes>[1] = []
  const add = (n: Gen, parent: string | undefined): void => {
    const ref = `r${items.length}`
    items.push({
      ref,
      summary: n.name,
      ...(parent ? { parent_ref: parent } : { parent: root }),
      ...(n.notes ? { notes: n.notes } : {}),
      ...(n.link ? { links: [n.link] } : {}),
      ...(n.color ? { color: n.color } : {}),
      ...(n.icons ? { properties: { icons: n.icons } } : {}),
    })
    for (const c of n.children) add(c, ref)
  }
  for (const t of m.tops) add(t, undefined)
  const made = ok(createNodes(g, items, { mode: 'force' }))
  const ids = made.created.map((c) => c.id)
  const edges = m.links
    .map(([a, b, type]) => ({ from: ids[a % ids.length]!, to: ids[b % ids.length]!, type }))
    .filter((e) => e.from !== e.to)
    // connect refuses a depends_on cycle (the formats keep one; this builds the source graph): later
    // nodes depend on earlier ones only.
    .filter((e) => e.type !== 'depends_on' || ids.indexOf(e.from) > ids.indexOf(e.to))
  if (edges.length) ok(connect(g, edges))
  return g
}

interface Keeps {
  notes: boolean
  links: boolean
  colors: boolean
  icons: boolean
  relations: boolean
}
const FORMATS: Array<[FileFormat, Keeps]> = [
  ['opml', { notes: true, links: true, colors: false, icons: false, relations: false }],
  ['freemind', { notes: true, links: true, colors: true, icons: true, relations: true }],
  ['markdown', { notes: true, links: true, colors: false, icons: false, relations: false }],
  ['mindmap', { notes: false, links: false, colors: false, icons: true, relations: false }],
  ['xmind', { notes: true, links: true, colors: true, icons: true, relations: true }],
  ['graphml', { notes: true, links: true, colors: true, icons: true, relations: true }],
]

/** Per path of names: the fields a format keeps. */
function fieldsByPath(g: Graph, top: string, k: Keeps): string[] {
  const s = g.index.struct()
  const out: string[] = []
  const visit = (id: string, path: string): void => {
    for (const c of s.children.get(id) ?? []) {
      const n = g.index.nodes.get(c)!
      const p = `${path}/${n.summary}`
      const f = [
        k.notes ? `notes=${JSON.stringify(n.notes)}` : '',
        k.links ? `link=${n.links[0] ?? ''}` : '',
        k.colors ? `color=${n.color ? colorHex(n.color) : ''}` : '',
        k.icons ? `icons=${JSON.stringify(n.properties.icons ?? [])}` : '',
      ]
      out.push(`${p} ${f.join(' ')}`)
      visit(c, p)
    }
  }
  visit(top, '')
  return out.sort()
}

// Found by the property (seed 569744748): a name of two backticks exported to a mindmap as `["``"]`,
// which Mermaid reads as an empty markdown string.
const REGRESSIONS: Array<{
  tops: Gen[]
  links: Array<[number, number, 'relates_to' | 'depends_on' | 'calls_api']>
}> = [
  {
    tops: [
      { name: '``', children: [] },
      { name: '&', children: [] },
    ],
    links: [],
  },
]

describe.each(FORMATS)('%s round trip', (format, keeps) => {
  it('keeps the tree and what the format has a place for; re-imports add nothing', () => {
    fc.assert(
      fc.property(map, (m) => {
        check(m)
      }),
      { seed, numRuns: 40, examples: REGRESSIONS.map((r) => [r] as [(typeof REGRESSIONS)[number]]) },
    )
  })
  function check(m: { tops: Gen[]; links: Array<[number, number, string]> }): void {
    {
      const g = build(m)
      const srcRoot = g.index.struct().roots[0]!
      const { data, lost } = exportFile(g, format)
      const { g: back, root } = fresh('Fresh', 'dst')
      const r = ok(importFile(back, format, data))
      const want = tree(g, srcRoot)
      const got = tree(back, root)
      // The export starts at the graph's root ("Plan"), which comes in under the fresh root.
      expect(got.paths).toEqual(['/Plan', ...want.paths.map((p) => `/Plan${p}`)].sort())
      if (keeps.relations) expect(got.edges).toEqual(want.edges)
      else {
        expect(got.edges).toEqual([])
        if (want.edges.length) expect(lost.map((l) => l.kind)).toContain('relations')
      }
      const plan = back.index.struct().children.get(root)![0]!
      expect(fieldsByPath(back, plan, keeps)).toEqual(fieldsByPath(g, srcRoot, keeps))
      expect(r.created).toBe(want.paths.length + 1)

      const before = stateOf(back)
      const again = ok(importFile(back, format, data))
      expect([again.created, again.edges, stateOf(back)]).toEqual([0, 0, before])
      const home = stateOf(g)
      const own = ok(importFile(g, format, exportFile(g, format).data))
      expect([own.created, own.edges]).toEqual([0, 0])
      expect(stateOf(g)).toBe(home)
    }
  }
})
