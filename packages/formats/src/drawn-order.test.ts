// Exports keep the order a map draws (issue 27): once a person drops a branch between two siblings
// (which writes `order`) or duplicates one (Ctrl+D writes the midpoint of two keys), every format that
// writes children in a sequence lists them as the canvas draws them (`inDrawnOrder`), and an import of
// that file draws them in the same order again. Property over generated trees, creation batches (ties
// in `created_at`, ids whose text order is not their creation order) and `order` values (none, ties,
// midpoints). fast-check, seeded: the seed is printed, FC_SEED replays it.
import fc from 'fast-check'
import * as Y from 'yjs'
import { createNodes, inDrawnOrder, initGraph, openGraph, setTreePlaces, type Graph } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import { exportFile, importFile, type FileFormat } from './index.ts'
import { fresh, ok } from './test/graph.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. FC_SEED=N runs another.
const DEFAULT_SEED = 20261129
const seed = Number(process.env.FC_SEED ?? DEFAULT_SEED)
console.log(`drawn-order.test: FC_SEED=${seed}`)

/** A tree of `parents.length + 1` nodes (node 0 under the graph's root), made in creation batches. */
interface Plan {
  /** parents[i - 1]: the parent of node i, an earlier node. */
  parents: number[]
  /** Where a new createNodes call starts (nodes of one call share their created_at). */
  cuts: boolean[]
  /** Per node: no order, a small integer (ties), or a midpoint of two siblings' keys (as Ctrl+D). */
  orders: Array<{ type: 'none' } | { type: 'int'; v: number } | { type: 'mid'; a: number; b: number }>
}

const plan: fc.Arbitrary<Plan> = fc.integer({ min: 1, max: 24 }).chain((n) =>
  fc.record({
    parents: fc
      .tuple(...Array.from({ length: n - 1 }, (_, i) => fc.nat({ max: i })))
      .map((a) => a as number[]),
    cuts: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    orders: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constant({ type: 'none' as const }) },
        {
          weight: 2,
          arbitrary: fc.integer({ min: 995, max: 1012 }).map((v) => ({ type: 'int' as const, v })),
        },
        {
          weight: 2,
          arbitrary: fc.tuple(fc.nat(30), fc.nat(30)).map(([a, b]) => ({ type: 'mid' as const, a, b })),
        },
      ),
      { minLength: n, maxLength: n },
    ),
  }),
)

function build(p: Plan): { g: Graph; top: string } {
  const { g, root } = fresh('Plan', 'src')
  const n = p.parents.length + 1
  const ids: string[] = []
  let batch: Parameters<typeof createNodes>[1] = []
  const flush = (): void => {
    if (!batch.length) return
    const made = ok(createNodes(g, batch, { mode: 'force' }))
    for (const it of batch) ids.push(made.refs[it.ref!]!)
    batch = []
  }
  for (let i = 0; i < n; i++) {
    if (p.cuts[i]) flush()
    const up = i === 0 ? -1 : p.parents[i - 1]!
    const made = up < 0 ? root : ids[up]
    batch.push({
      ref: `t${i}`,
      summary: `Topic ${i}`,
      // A parent made in an earlier call is named by id, one in this call by its ref.
      ...(made !== undefined ? { parent: made } : { parent_ref: `t${up}` }),
    })
  }
  flush()
  // Orders written one node at a time, as drops and duplicates write them; a midpoint reads the keys
  // as they are at that moment.
  const s = () => g.index.struct()
  p.orders.forEach((o, i) => {
    const id = ids[i]!
    if (o.type === 'none') return
    let order: number
    if (o.type === 'int') order = o.v
    else {
      const sibs = inDrawnOrder(g.index, s().children.get(s().parent.get(id)!) ?? [])
      const key = (x: string): number => {
        const v = g.index.nodes.get(x)!
        return v.order ?? v.created_at
      }
      order = (key(sibs[o.a % sibs.length]!) + key(sibs[o.b % sibs.length]!)) / 2
    }
    ok(setTreePlaces(g, [{ id, order }]))
  })
  return { g, top: ids[0]! }
}

/** Every parent's children by name, in the order the map draws them, depth first. */
function drawn(g: Graph, top: string): string[] {
  const s = g.index.struct()
  const out: string[] = []
  const visit = (id: string): void => {
    const kids = inDrawnOrder(
      g.index,
      (s.children.get(id) ?? []).filter((c) => g.index.live(c)),
    )
    out.push(
      `${g.index.nodes.get(id)!.summary}: ${kids.map((k) => g.index.nodes.get(k)!.summary).join(' | ')}`,
    )
    for (const k of kids) visit(k)
  }
  visit(top)
  return out
}

/** The node named `name` in the imported graph (names are unique in these maps). */
function named(g: Graph, name: string): string {
  const hit = [...g.index.nodes.values()].filter((n) => g.index.live(n.id) && n.summary === name)
  expect(hit.length, `one live node named ${name}`).toBe(1)
  return hit[0]!.id
}

const TREE_FORMATS: FileFormat[] = [
  'opml',
  'freemind',
  'markdown',
  'mindmap',
  'xmind',
  'graphml',
  'mermaid',
  'dsl',
  'json',
]

// Kept as examples: each failed on the build before exports read the drawn order.
const REGRESSIONS: Plan[] = [
  // Three siblings made in one call (created_at ties, ids src2 < src3 < src4), the last dropped first.
  {
    parents: [0, 0, 0],
    cuts: [false, false, false, false],
    orders: [{ type: 'none' }, { type: 'none' }, { type: 'none' }, { type: 'int', v: 995 }],
  },
  // Eleven siblings made one at a time: ids src10 and src11 sort before src2 as text.
  {
    parents: Array.from({ length: 11 }, () => 0),
    cuts: Array.from({ length: 12 }, () => true),
    orders: Array.from({ length: 12 }, () => ({ type: 'none' as const })),
  },
]

describe.each(TREE_FORMATS)('%s keeps the drawn sibling order', (format) => {
  it('export, then import into a fresh graph: every parent lists its children as the map drew them', () => {
    fc.assert(
      fc.property(plan, (p) => {
        const { g, top } = build(p)
        const want = drawn(g, top)
        const { data } = exportFile(g, format)
        const { g: back } = fresh('Fresh', 'dst')
        ok(importFile(back, format, data))
        expect(drawn(back, named(back, 'Topic 0'))).toEqual(want)
      }),
      { seed, numRuns: 30, examples: REGRESSIONS.map((r) => [r] as [Plan]) },
    )
  })
})

describe('canvas keeps the drawn sibling order', () => {
  it('siblings are written top to bottom in the order the map draws them', () => {
    fc.assert(
      fc.property(plan, (p) => {
        const { g, top } = build(p)
        const cards = JSON.parse(exportFile(g, 'canvas').data as string) as {
          nodes: Array<{ id: string; text?: string; y: number }>
        }
        const y = new Map(cards.nodes.map((c) => [c.id, c.y]))
        const s = g.index.struct()
        const visit = (id: string): void => {
          const kids = inDrawnOrder(g.index, s.children.get(id) ?? [])
          const ys = kids.map((k) => y.get(k)!)
          expect(ys).toEqual([...ys].sort((a, b) => a - b))
          for (const k of kids) visit(k)
        }
        visit(top)
      }),
      { seed, numRuns: 30, examples: REGRESSIONS.map((r) => [r] as [Plan]) },
    )
  })
})

// An import under a parent that already has children (issue 27): the file's topics come after the
// children there, in the file's order, whatever the clocks say. A person's tab whose clock runs ahead
// of the importer's stamps its children later than the import's "now"; a drop after the last sibling
// writes its key plus one; an import in the same millisecond as the children ties with them.
describe('an import under a parent with children puts the new ones after them, in the file’s order', () => {
  const FILES: Array<[FileFormat, string]> = [
    ['markdown', '- Zeta\n  - Zeta one\n- Alpha\n- Mid'],
    [
      'opml',
      '<?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body>' +
        '<outline text="Zeta"><outline text="Zeta one"/></outline><outline text="Alpha"/><outline text="Mid"/>' +
        '</body></opml>',
    ],
  ]
  /** A graph whose clock the test sets; ids from a sequence that is not in text order. */
  const clocked = () => {
    let t = 10_000
    let i = 0
    const ids = ['k', 'b', 'x', 'c', 'q', 'a', 'm', 'z', 'd', 'w', 'e', 'y', 'f']
    const g = openGraph(new Y.Doc(), {
      actor: 'alice',
      now: () => t,
      newId: () => `n_${ids[i % ids.length]}${i++}`,
    })
    const root = ok(initGraph(g, { id: 'test', title: 'Offsite' })).root
    const p = ok(createNodes(g, [{ summary: 'Venue', parent: root }])).created[0]!.id
    return { g, p, at: (v: number) => (t = v) }
  }
  const names = (g: Graph, p: string) =>
    inDrawnOrder(g.index, g.index.struct().children.get(p) ?? []).map((k) => g.index.nodes.get(k)!.summary)

  const cases: Array<[string, (c: ReturnType<typeof clocked>) => void]> = [
    [
      'children stamped by a clock ahead of the importer’s',
      (c) => {
        c.at(70_000)
        for (const summary of ['Hall', 'Garden']) ok(createNodes(c.g, [{ summary, parent: c.p }]))
        c.at(20_000)
      },
    ],
    [
      'a child dropped last, its key one past the last one’s',
      (c) => {
        c.at(20_000)
        const made = ok(createNodes(c.g, [{ summary: 'Garden', parent: c.p }]))
        c.at(20_001)
        ok(createNodes(c.g, [{ summary: 'Hall', parent: c.p }]))
        ok(setTreePlaces(c.g, [{ id: made.created[0]!.id, order: 20_002 }]))
        c.at(20_002)
      },
    ],
    [
      'children made in the same millisecond as the import',
      (c) => {
        c.at(20_000)
        ok(createNodes(c.g, [{ summary: 'Hall', parent: c.p }]))
        ok(createNodes(c.g, [{ summary: 'Garden', parent: c.p }]))
      },
    ],
  ]
  for (const [format, text] of FILES)
    for (const [what, before] of cases)
      it(`${format}: ${what}`, () => {
        const c = clocked()
        before(c)
        const had = names(c.g, c.p)
        ok(importFile(c.g, format, text, { parent: c.p }))
        expect(names(c.g, c.p)).toEqual([...had, 'Zeta', 'Alpha', 'Mid'])
      })
})
