/**
 * ask(): every impact phrasing it accepts answers with everything that depends on the node, directly
 * or through others (issue 24: "what breaks if X goes down" = everything that depends on X,
 * transitively). Graphs and phrasings are generated (fast-check, seeded; the seed is printed on
 * failure); the expected set is a breadth-first walk over the generated edges, not ask's own.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ask } from './analysis-ask.ts'
import { importGraph } from './formats/index.ts'
import { namedGraph } from './test/harness.ts'

const SEED = Number(process.env.FC_SEED ?? 24_2411)
const NAMES = ['Postgres', 'Connection Pool', 'Gateway', 'Worker', 'Billing', 'Ledger', 'Mailer', 'Scheduler']
const TYPES = ['depends_on', 'uses', 'calls', 'reads_from']
const IMPACT = [
  'what breaks if {x} goes down',
  'What would be affected if {x} went down?',
  'what fails when {x} is unavailable',
  'what depends on {x} transitively',
  'which services rely on {x}, directly or indirectly',
  'everything that depends on {x}',
  'all that relies on {x}',
  'impact of {x}',
  'blast radius of {x}',
  'what happens if {x} goes down',
  'If {x} goes down, what breaks?',
  'when {x} fails, which services are affected',
]

const graphs = fc
  .uniqueArray(
    fc.record({
      from: fc.nat(NAMES.length - 1),
      to: fc.nat(NAMES.length - 1),
      type: fc.constantFrom(...TYPES),
    }),
    { minLength: 1, maxLength: 14, selector: (e) => `${e.from} ${e.to}` },
  )
  .map((es) => es.filter((e) => e.from !== e.to))

describe('ask: impact questions', () => {
  it('every accepted phrasing answers with all that depends on the node, directly or through others', () => {
    const r = fc.check(
      fc.property(
        graphs.filter((es) => es.length > 0),
        fc.nat(),
        fc.constantFrom(...IMPACT),
        fc.boolean(),
        (edges, pick, phrasing, article) => {
          const { g } = namedGraph()
          const dsl = edges.map((e) => `"${NAMES[e.from]}" ${e.type} "${NAMES[e.to]}"`).join('\n')
          const imported = importGraph(g, 'dsl', dsl, {})
          expect(imported.ok, dsl).toBe(true)
          const present = [...new Set(edges.flatMap((e) => [e.from, e.to]))]
          const x = present[pick % present.length]!
          // Everything with a path of uses-like edges into x.
          const want = new Set<number>()
          const queue = [x]
          while (queue.length) {
            const at = queue.shift()!
            for (const e of edges)
              if (e.to === at && e.from !== x && !want.has(e.from)) {
                want.add(e.from)
                queue.push(e.from)
              }
          }
          const q = phrasing.replace('{x}', `${article ? 'the ' : ''}${NAMES[x]}`)
          const a = ask(g, q)
          expect(a.ok, `${q}: ${a.ok ? '' : a.message}`).toBe(true)
          if (!a.ok) return
          if (a.intent !== 'impact') return expect.fail(`${q}: answered as ${a.intent}`)
          expect((a.nodes ?? []).map((n) => n.summary).sort(), `${q}\n${dsl}`).toEqual(
            [...want].map((i) => NAMES[i]).sort(),
          )
        },
      ),
      { seed: SEED, numRuns: 300 },
    )
    if (r.failed)
      throw new Error(
        `seed ${SEED} (FC_SEED=${SEED}), counterexample ${JSON.stringify(r.counterexample)}: ${String((r as { errorInstance?: unknown }).errorInstance)}`,
      )
  })
})
