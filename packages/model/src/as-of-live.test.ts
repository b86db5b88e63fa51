/**
 * The invariant of time travel (docs/time-travel.md): a read as of a moment T at or after a write shows
 * every field of every node as a live read showed it right after the last write up to T. So the graph
 * read as of now is the graph read live, field for field, whatever history it has: edits by two
 * actors (test/edits.ts), drops among siblings, and JSON imports of graphs exported elsewhere, whose
 * nodes bring their own stamps (created_at, updated_at, rev) and, with `history`, their own history.
 * Over generated sequences, each view frozen after each step is compared whole (NodeView) with the
 * view read as of that step's moment, after a reload (a restart and a compaction).
 * Seeded (FC_SEED or PLEXUS_SEED); the seed is printed, failing seeds kept below by name.
 */
import fc from 'fast-check'
import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { exportJSON, importJSON } from './formats/json.ts'
import { openGraph, type Graph } from './graph.ts'
import { counterIds } from './ids.ts'
import { apply, op, type Op } from './test/edits.ts'
import { Clock, makeGraph } from './test/harness.ts'
import { docAsOf } from './time.ts'
import type { NodeView } from './types.ts'

const SEED = Number(process.env.PLEXUS_SEED ?? process.env.FC_SEED ?? 30_2731)
const RUNS = Number(process.env.PLEXUS_RUNS ?? 60)
console.log(`as-of-live.test: FC_SEED=${SEED}`)

/** A graph made elsewhere (its own clock, a year before, another actor) by `ops`, exported and imported. */
type Step = Op | { t: 'import'; ops: Op[]; history: boolean }

const importStep = fc.record({
  t: fc.constant('import' as const),
  ops: fc.array(op, { maxLength: 8 }),
  history: fc.boolean(),
})
const step: fc.Arbitrary<Step> = fc.oneof({ weight: 6, arbitrary: op }, { weight: 1, arbitrary: importStep })

/** Every node as a reader sees it, sorted by id. */
const nodesOf = (g: Graph): NodeView[] =>
  [...g.index.nodes.values()].map((n) => structuredClone(n)).sort((a, b) => (a.id < b.id ? -1 : 1))

function elsewhere(ops: Op[], history: boolean, prefix: string): unknown {
  const clock = new Clock(1_670_000_000_000)
  const base = makeGraph('erin', { clock, id: prefix })
  const g = openGraph(base.doc, { actor: 'erin', now: clock.now, newId: counterIds(`${prefix}_`) })
  const other = openGraph(base.doc, { actor: 'fred', now: clock.now, newId: counterIds(`${prefix}f_`) })
  const ids = [base.root]
  for (const o of ops) {
    clock.tick(1 + (ops.length % 3))
    apply([g, other], ids, o)
  }
  return exportJSON(g, { history })
}

function run(steps: Step[], gaps: number[]): void {
  const clock = new Clock()
  const base = makeGraph('alice', { clock })
  const bob = openGraph(base.doc, { actor: 'bob', now: clock.now, newId: counterIds('b_') })
  const gs = [base.g, bob]
  const ids = [base.root]
  const frozen = new Map<number, NodeView[]>([[clock.t, nodesOf(base.g)]])
  steps.forEach((s, i) => {
    clock.tick(1 + gaps[i % gaps.length]!)
    if (s.t === 'import') {
      const r = importJSON(gs[i % 2]!, elsewhere(s.ops, s.history, `x${i}`), { history: s.history })
      if (!r.ok) throw new Error(r.message)
      for (const id of base.g.index.nodes.keys()) if (!ids.includes(id)) ids.push(id)
    } else apply(gs, ids, s)
    frozen.set(clock.t, nodesOf(base.g))
  })
  const later = new Y.Doc()
  Y.applyUpdate(later, Y.encodeStateAsUpdate(base.doc))
  const g = openGraph(later, { actor: 'reader', now: clock.now, newId: () => 'unused' })
  expect(nodesOf(openGraph(docAsOf(g, clock.t), { actor: 'r', now: clock.now, newId: () => 'u' }))).toEqual(
    nodesOf(g),
  )
  for (const [t, want] of frozen) {
    const past = openGraph(docAsOf(g, t), { actor: 'reader', now: () => t, newId: () => 'unused' })
    expect(nodesOf(past), `as of ${t}`).toEqual(want)
  }
}

const story = fc.record({
  steps: fc.array(step, { minLength: 1, maxLength: 20 }),
  gaps: fc.array(fc.nat(2), { minLength: 1, maxLength: 20 }),
})

// Named cases: each failed on the build before imports recorded the stamps they brought.
const CASES: Array<[string, Step[]]> = [
  [
    'a node imported with its own updated_at and rev, then edited',
    [
      {
        t: 'import',
        history: false,
        ops: [
          { t: 'create', who: 0, parent: 0, summary: 'Plan', dep: null },
          { t: 'summary', who: 1, node: 1, summary: 'Ship' },
        ],
      },
      { t: 'summary', who: 0, node: 2, summary: 'Write docs' },
    ],
  ],
  [
    'a node imported with the history of the graph it came from, then edited',
    [
      {
        t: 'import',
        history: true,
        ops: [
          { t: 'create', who: 0, parent: 0, summary: 'Plan', dep: null },
          { t: 'resolve', who: 1, node: 1, resolved: true },
        ],
      },
      { t: 'prop', who: 1, node: 2, key: 'owner', value: 3 },
    ],
  ],
]

describe('read as of a moment after the last write, every node is as the live read showed it', () => {
  it.each(CASES)('%s', (_, steps) => run(steps, [0]))

  it(`over edits, drops and imports (seed ${SEED}, ${RUNS} runs)`, () => {
    const r = fc.check(
      fc.property(story, ({ steps, gaps }) => run(steps, gaps)),
      { seed: SEED, numRuns: RUNS },
    )
    if (r.failed)
      throw new Error(
        `seed ${SEED} (FC_SEED=${SEED}), counterexample ${JSON.stringify(r.counterexample)}: ${String((r as { errorInstance?: unknown }).errorInstance)}`,
      )
  })
})
