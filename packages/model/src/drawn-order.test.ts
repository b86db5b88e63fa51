/**
 * A batch's new children are drawn in the order written, after the children their parent had (issue
 * 27; createNodes `ordered`, as graph_plan, paste and imports make them): over generated graphs whose
 * existing children carry every kind of key (made before, made this same millisecond, an `order` from a
 * drop: small, a midpoint, past the moment as a clock ahead leaves it) and generated plans (parents
 * named by id or by the ref of an item written before or after, several parents at once, a second plan
 * in the same millisecond), on the writer's copy and on a peer's. A person's later drop still wins.
 * Seeded (FC_SEED or PLEXUS_SEED); the seed is printed, failing seeds kept below by name.
 */
import fc from 'fast-check'
import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { createNodes, type CreateItem } from './create.ts'
import { inDrawnOrder } from './drawn-order.ts'
import { openGraph, type Graph } from './graph.ts'
import { Clock, makeGraph } from './test/harness.ts'
import { setTreePlaces } from './update.ts'

const SEED = Number(process.env.PLEXUS_SEED ?? process.env.FC_SEED ?? 27_2027)
const RUNS = Number(process.env.PLEXUS_RUNS ?? 200)
console.log(`drawn-order.test (model): FC_SEED=${SEED}`)

/** An existing child's key: none (its creation time), a small integer, a midpoint of two siblings, or past the plan's moment. */
type Key =
  | { type: 'none' }
  | { type: 'int'; v: number }
  | { type: 'mid'; a: number; b: number }
  | { type: 'ahead'; ms: number }

interface Case {
  /** Per existing child: the existing node it hangs from (0 is the graph's root), and its key. */
  existing: Array<{ parent: number; key: Key }>
  /** Whether the last existing call is made in the plan's millisecond (no tick between). */
  sameMs: boolean
  /** Per plan item: the existing node (`{node}`) or the item (`{item}`, by rank) it hangs from. */
  plan: Array<{ parent: { node: number } | { item: number } }>
  /** A random permutation's ranks: an item may only hang from an item of lower rank (no loops), written before or after it. */
  ranks: number[]
  /** A second plan in the same millisecond, under the same parents as the first's first items. */
  second: number
  idSeed: number
}

const key: fc.Arbitrary<Key> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ type: 'none' as const }) },
  { weight: 1, arbitrary: fc.integer({ min: 995, max: 1002 }).map((v) => ({ type: 'int' as const, v })) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.nat(9), fc.nat(9)).map(([a, b]) => ({ type: 'mid' as const, a, b })),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 5 }).map((ms) => ({ type: 'ahead' as const, ms })) },
)

const gen: fc.Arbitrary<Case> = fc
  .record({
    existing: fc.array(fc.record({ parent: fc.nat(4), key }), { maxLength: 10 }),
    sameMs: fc.boolean(),
    n: fc.integer({ min: 1, max: 12 }),
    second: fc.nat(3),
    idSeed: fc.nat(2 ** 31 - 1),
  })
  .chain(({ n, ...rest }) =>
    fc.record({
      existing: fc.constant(rest.existing),
      sameMs: fc.constant(rest.sameMs),
      second: fc.constant(rest.second),
      idSeed: fc.constant(rest.idSeed),
      ranks: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
      plan: fc.array(
        fc.record({
          parent: fc.oneof(fc.record({ node: fc.nat(4) }), fc.record({ item: fc.nat(n - 1) })),
        }),
        { minLength: n, maxLength: n },
      ),
    }),
  )

/** Ids from a full-period generator modulo 2^31: none twice, in no particular text order. */
function idsFrom(seed: number): () => string {
  let x = seed
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff
    return `n_${x.toString(36).padStart(8, '0')}`
  }
}

const childrenOf = (g: Graph, id: string): string[] =>
  inDrawnOrder(g.index, g.index.struct().children.get(id) ?? [])

function run(c: Case): void {
  const clock = new Clock()
  const { g, doc, root } = makeGraph('alice', { clock })
  const agent = openGraph(doc, { actor: 'agent', now: clock.now, newId: idsFrom(c.idSeed) })
  const nodes = [root]
  const keyOf = (id: string) => {
    const v = g.index.nodes.get(id)!
    return v.order ?? v.created_at
  }
  // The existing children, one call each, a millisecond apart; the last in the plan's millisecond or not.
  c.existing.forEach((e, i) => {
    const parent = nodes[e.parent % nodes.length]!
    const r = createNodes(agent, [{ summary: `Old ${i}`, parent }], { mode: 'force' })
    if (!r.ok) throw new Error(r.message)
    nodes.push(r.created[0]!.id)
    if (i < c.existing.length - 1 || !c.sameMs) clock.tick()
  })
  const planAt = clock.t
  c.existing.forEach((e, i) => {
    if (e.key.type === 'none') return
    const id = nodes[i + 1]!
    const sibs = childrenOf(g, g.index.nodes.get(id)!.parent!)
    const order =
      e.key.type === 'int'
        ? e.key.v
        : e.key.type === 'ahead'
          ? planAt + e.key.ms
          : (keyOf(sibs[e.key.a % sibs.length]!) + keyOf(sibs[e.key.b % sibs.length]!)) / 2
    expect(setTreePlaces(g, [{ id, order }]).ok).toBe(true)
  })

  const parentOf = (i: number): { parent: string } | { parent_ref: string } => {
    const p = c.plan[i]!.parent
    // An item may hang from an item of lower rank only; otherwise from an existing node.
    if ('item' in p) {
      const j = p.item % c.plan.length
      if (c.ranks[j]! < c.ranks[i]!) return { parent_ref: `r${j}` }
      return { parent: nodes[p.item % nodes.length]! }
    }
    return { parent: nodes[p.node % nodes.length]! }
  }
  const before = new Map(nodes.map((id) => [id, childrenOf(g, id)]))
  const items: CreateItem[] = c.plan.map((_, i) => ({ ref: `r${i}`, summary: `Step ${i}`, ...parentOf(i) }))
  const made = createNodes(agent, items, { mode: 'force', ordered: true })
  if (!made.ok) throw new Error(made.message)
  const id = (i: number) => made.refs[`r${i}`]!
  const parentId = (i: number) => {
    const p = parentOf(i)
    return 'parent' in p ? p.parent : id(Number(p.parent_ref.slice(1)))
  }
  // A second plan in the same millisecond, under the parents of the first plan's first items.
  const more: CreateItem[] = Array.from({ length: Math.min(c.second, c.plan.length) }, (_, i) => ({
    ref: `s${i}`,
    summary: `Later ${i}`,
    parent: parentId(i),
  }))
  const again = createNodes(agent, more, { mode: 'force', ordered: true })
  const later = again.ok ? again.refs : {}
  if (more.length && !again.ok) throw new Error(again.message)

  // What each parent should draw: what it had, then the first plan's children, then the second's.
  const want = new Map<string, string[]>()
  for (const [p, kids] of before) want.set(p, [...kids])
  c.plan.forEach((_, i) => want.set(id(i), []))
  c.plan.forEach((_, i) => want.get(parentId(i))!.push(id(i)))
  more.forEach((m, i) => want.get(m.parent!)!.push(later[`s${i}`]!))

  const peer = new Y.Doc()
  Y.applyUpdate(peer, Y.encodeStateAsUpdate(doc))
  const other = openGraph(peer, { actor: 'bob', now: clock.now, newId: () => 'unused' })
  for (const [p, kids] of want) {
    expect(childrenOf(g, p), `under ${p}`).toEqual(kids)
    expect(childrenOf(other, p), `under ${p}, on a peer`).toEqual(kids)
  }

  // A person's later drop wins: the last new child of the first item's parent dragged to the top.
  const top = parentId(0)
  const kids = want.get(top)!
  const last = kids.at(-1)!
  clock.tick()
  expect(setTreePlaces(g, [{ id: last, order: keyOf(kids[0]!) - 1 }]).ok).toBe(true)
  expect(childrenOf(g, top)).toEqual(kids.length > 1 ? [last, ...kids.slice(0, -1)] : kids)
}

// Named cases: each failed on the build before newChildPlaces (graph_plan stamped nothing apart, and
// ordered stamps followed parents-first order and ignored keys past the moment).
const CASES: Array<[string, Case]> = [
  [
    'eight steps under the root in one call',
    {
      existing: [],
      sameMs: false,
      plan: Array.from({ length: 8 }, () => ({ parent: { node: 0 } })),
      ranks: [0, 1, 2, 3, 4, 5, 6, 7],
      second: 0,
      idSeed: 7,
    },
  ],
  [
    'a step written after its own child: its sibling written first is still drawn first',
    {
      existing: [],
      sameMs: false,
      // Item 0 hangs from item 2; items 1 and 2 are siblings under the root, 1 written first.
      plan: [{ parent: { item: 2 } }, { parent: { node: 0 } }, { parent: { node: 0 } }],
      ranks: [2, 0, 1],
      second: 0,
      idSeed: 11,
    },
  ],
  [
    'a sibling a drop put past the moment, and one made this same millisecond',
    {
      existing: [
        { parent: 0, key: { type: 'ahead', ms: 3 } },
        { parent: 0, key: { type: 'none' } },
      ],
      sameMs: true,
      plan: [{ parent: { node: 0 } }, { parent: { node: 0 } }, { parent: { node: 0 } }],
      ranks: [0, 1, 2],
      second: 2,
      idSeed: 3,
    },
  ],
  [
    // Seed 272027's counterexample on that build: the second plan tied with the first, drawn by id.
    'a second plan in the same millisecond goes after the first',
    {
      existing: [],
      sameMs: false,
      second: 1,
      idSeed: 341045064,
      ranks: [0],
      plan: [{ parent: { node: 0 } }],
    },
  ],
]

describe('a batch of new children is drawn in the order written, after the children their parent had', () => {
  it.each(CASES)('%s', (_, c) => run(c))

  it(`generated graphs and plans (seed ${SEED}, ${RUNS} runs)`, () => {
    const r = fc.check(
      fc.property(gen, (c) => run(c)),
      { seed: SEED, numRuns: RUNS },
    )
    if (r.failed)
      throw new Error(
        `seed ${SEED} (FC_SEED=${SEED}), counterexample ${JSON.stringify(r.counterexample)}: ${String((r as { errorInstance?: unknown }).errorInstance)}`,
      )
  })
})
