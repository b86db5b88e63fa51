import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { SHAPES } from '../appearance.ts'
import { writeEdge } from '../edges.ts'
import { openGraph, write, type Graph } from '../graph.ts'
import { layout } from '../schema.ts'
import type { Json } from '../types.ts'
import { CLASS_DEFS, LINK_STYLE_DEFAULT } from './facts.ts'
import { exportJSON, importJSON } from './json.ts'
import { authoredBy, ok, setup } from './test-helpers.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. FC_SEED=N runs another.
const DEFAULT_SEED = 20261129
// The invariant: a graph with every field set, exported to JSON and imported into a fresh document,
// exports the same JSON (ids kept, every node and edge field, meta, checkpoints, history as a prefix:
// the import records its own events after it). Seeded: FC_SEED=<n> replays a run.
const SEED = Number(process.env.FC_SEED ?? DEFAULT_SEED)

const ch = fc.constantFrom('a', 'Z', ' ', '&', '<', '"', '#', ';', 'é', '日', '🚀', '$', '|', '`', '[')
const line = (min = 0) => fc.string({ unit: ch, minLength: min, maxLength: 12 })
/** What the model's writes take as a name: one line with a letter in it. */
const word = line().map((s) => `w${s}`)
const text = fc.string({ unit: fc.oneof(ch, fc.constant('\n')), maxLength: 30 })
// Values the model's writes take: no `__proto__` key inside (validate.ts refuses it; seed 558972756).
const json: fc.Arbitrary<Json> = fc
  .json({ maxDepth: 2 })
  .filter((s) => !s.includes('"__proto__"'))
  .map((s) => JSON.parse(s) as Json)
const props = fc.dictionary(
  fc.string({ unit: fc.constantFrom('a', 'b', '_', 'x'), minLength: 1, maxLength: 6 }),
  json.filter((v) => v !== null),
  { maxKeys: 3, noNullPrototype: true },
)
const coord = fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((v) => (Object.is(v, -0) ? 0 : v))

const nodeArb = fc.record({
  summary: word,
  notes: text,
  kind: fc.constantFrom('concept', 'task', 'decision', 'risk'),
  parentPick: fc.nat(),
  resolved: fc.boolean(),
  state: json,
  properties: props,
  links: fc.uniqueArray(word, { maxLength: 3 }),
  evidence: fc.array(fc.record({ type: line(), ref: text, agent: line(), timestamp: fc.nat() }), {
    maxLength: 2,
  }),
  x: coord,
  y: coord,
  shape: fc.constantFrom(...SHAPES, 'docs', 'bolt'),
  color: fc.constantFrom('#12ab34', '#e5484d', '1', '2', '3', '4', '5', '6'),
  width: fc.integer({ min: 1, max: 5000 }),
  height: fc.integer({ min: 1, max: 5000 }),
  aliases: fc.uniqueArray(
    line(1).map((s) => `mermaid:${s}`),
    { maxLength: 3 },
  ),
  tier: fc.constantFrom(undefined, 'archived', 'orphaned'),
  read_at: fc.nat(),
  reads: fc.integer({ min: 1, max: 99 }),
  // A drop's place among siblings and half of the map (update.ts setTreePlaces).
  order: fc.option(coord, { nil: undefined }),
  side: fc.constantFrom(undefined, 'left', 'right'),
})
const edgeArb = fc.record({
  from: fc.nat(),
  to: fc.nat(),
  type: fc.constantFrom('relates_to', 'depends_on', 'blocks', 'needs'),
  label: line(),
  properties: props,
})
const graphArb = fc.record({
  nodes: fc.array(nodeArb, { minLength: 1, maxLength: 8 }),
  edges: fc.array(edgeArb, { maxLength: 10 }),
  direction: fc.constantFrom('TB', 'TD', 'BT', 'LR', 'RL'),
  classDefs: fc.dictionary(
    line(1).map((s) => s.replace(/\W/g, 'c')),
    line(),
    { maxKeys: 4, noNullPrototype: true },
  ),
  linkStyle: line(),
  checkpoints: fc.dictionary(word, json, { maxKeys: 2, noNullPrototype: true }),
})
type Spec = typeof graphArb extends fc.Arbitrary<infer T> ? T : never

function build(spec: Spec): Graph {
  const { g, root } = setup('Generated', 'generated')
  const ids = spec.nodes.map((_, i) => `p${i}`)
  write(g, (w) => {
    spec.nodes.forEach((n, i) => {
      const parent = i === 0 ? root : [root, ...ids.slice(0, i)][n.parentPick % (i + 1)]!
      const { parentPick: _p, evidence, tier, read_at, reads, order, side, ...fields } = n
      const m = w.newNode(ids[i]!, { ...fields, parent })
      ;(m.get('evidence') as Y.Array<Json>).push(evidence.map((e) => ({ ...e })))
      if (tier) m.set('tier', tier)
      if (order !== undefined) m.set('order', order)
      if (side) m.set('side', side)
      m.set('read_at', read_at)
      m.set('reads', reads)
    })
    for (const e of spec.edges) {
      const from = ids[e.from % ids.length]!
      const to = ids[e.to % ids.length]!
      if (from !== to) writeEdge(w, { from, to, type: e.type, label: e.label, properties: e.properties })
    }
    const y = layout(g.doc)
    y.meta.set('direction', spec.direction)
    y.meta.set(CLASS_DEFS, spec.classDefs)
    y.meta.set(LINK_STYLE_DEFAULT, spec.linkStyle)
    for (const [k, v] of Object.entries(spec.checkpoints)) y.checkpoints.set(k, v)
  })
  return g
}

const blank = (): Graph => openGraph(new Y.Doc(), { actor: 'bob', now: () => 5, newId: () => 'z' })

describe('JSON round trip over generated graphs', () => {
  it(`every field survives export -> import into a fresh graph (seed ${SEED})`, () => {
    fc.assert(
      fc.property(graphArb, (spec) => {
        const g = build(spec)
        const out = exportJSON(g, { history: true })
        const target = blank()
        ok(importJSON(target, JSON.parse(JSON.stringify(out)), { history: true }))
        const back = exportJSON(target, { history: true })
        expect({ ...back, history: undefined }).toEqual({ ...authoredBy(out, 'bob'), history: undefined })
        expect(back.history!.slice(0, out.history!.length)).toEqual(out.history)
      }),
      { seed: SEED, numRuns: 60 },
    )
  })

  it('regression (seed 557698068): an empty classDefs map and memory fields come back', () => {
    const spec = fc.sample(graphArb, { seed: 557698068, numRuns: 1 })[0]!
    const g = build({ ...spec, classDefs: {} })
    write(g, (w) => w.node('p0').set('tier', 'archived'))
    const out = exportJSON(g)
    const target = blank()
    ok(importJSON(target, JSON.parse(JSON.stringify(out))))
    expect(exportJSON(target)).toEqual(authoredBy(out, 'bob'))
  })
})
