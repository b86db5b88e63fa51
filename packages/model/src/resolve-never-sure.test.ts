// Pairs of labels that are never a sure match (issue 24, held-out set 7's wrong merges), each stated as
// an invariant over generated label pairs (fast-check, seeded: PLEXUS_SEED, default below, printed on
// failure), with the set's pair as a named case that failed on the build before:
//   - two content terms swapped, the rest in place ("... with HTTP ... (grpc works)" / "... with GRPC
//     ... (http works)", 0.92 before): the same words saying the opposite;
//   - a query with a content word the label lacks, scored by the fuzzy rules ("Alerting: Add API support
//     for inhibition rules" for "Alerting: Add support for inhibition rules", 0.9 before): a narrower
//     piece of work, or another one; a candidate, not a merge. (A shorter name may still name its label.)
import fc from 'fast-check'
import { checkSeeded } from './test/property.ts'
import { describe, expect, it } from 'vitest'
import { createNodes } from './create.ts'
import { MATCH_CONFIDENCE, bestMatch, confidence, labelOf } from './resolve.ts'
import { graphOf, taken } from './test/labels.ts'

const DEFAULT_SEED = 2411
const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
function check<T>(arb: fc.Arbitrary<T>, property: (t: T) => void): void {
  checkSeeded(arb, property, { seed, numRuns: 80 })
}

const conf = (a: string, b: string): number => confidence(labelOf(a), labelOf(b))

const TERMS = ['HTTP', 'gRPC', 'Kafka', 'Redis', 'Postgres', 'MySQL', 'S3', 'GCS', 'Docker', 'Podman']
const VERBS = ['Quickstart fails', 'Exporter crashes', 'Agent hangs', 'Collector drops spans']
const JOINS = ['with', 'over', 'behind', 'after switching from']
const TAILS = ['(connection refused)', 'on startup', 'under load', 'after upgrade to the new release']
const EXTRA = ['API', 'webhook', 'tenant', 'bulk', 'audit', 'dashboard', 'template', 'remote']
const HEADS = ['Alerting: Add', 'Dashboards: Support', 'Loki: Document', 'Tempo: Expose']
const OBJECTS = ['support for inhibition rules', 'silences for recording rules', 'limits on label values']

describe('set 7 wrong merges (named cases, merged before)', () => {
  it('two terms swapped: "... with HTTP ... (grpc works)" is not "... with GRPC ... (http works)"', () => {
    const a = "Quickstart doesn't work with HTTP (connection refused) (grpc works)"
    const b = "Quickstart doesn't work with GRPC (connection refused) (http works)"
    expect(conf(a, b)).toBeLessThan(MATCH_CONFIDENCE)
    const g = graphOf([b, 'Quickstart works with HTTP and gRPC'])
    expect(taken(g, a)).toBeNull()
    expect(bestMatch(g, a)).toBeUndefined()
  })
  it('a word added: "Alerting: Add API support for inhibition rules" is not "Alerting: Add support ..."', () => {
    const a = 'Alerting: Add API support for inhibition rules'
    const b = 'Alerting: Add support for inhibition rules'
    expect(conf(a, b)).toBeLessThan(MATCH_CONFIDENCE)
    const g = graphOf([b, 'Alerting: Remove legacy notification channels'])
    expect(taken(g, a)).toBeNull()
    expect(bestMatch(g, a)).toBeUndefined()
  })
})

describe('invariants (seeded)', () => {
  it('a label and the label with two content terms swapped are never a sure match', () => {
    check(
      fc.record({
        terms: fc.uniqueArray(fc.constantFrom(...TERMS), { minLength: 2, maxLength: 2 }),
        verb: fc.constantFrom(...VERBS),
        join: fc.constantFrom(...JOINS),
        tail: fc.constantFrom(...TAILS),
      }),
      ({ terms: [x, y], verb, join, tail }) => {
        const a = `${verb} ${join} ${x} ${tail} (${y!.toLowerCase()} works)`
        const b = `${verb} ${join} ${y} ${tail} (${x!.toLowerCase()} works)`
        expect(conf(a, b)).toBeLessThan(MATCH_CONFIDENCE)
        const g = graphOf([b])
        expect(taken(g, a)).toBeNull()
        expect(bestMatch(g, a)).toBeUndefined()
        // The same label still names itself.
        expect(taken(g, b)).toBe('n0')
      },
    )
  })
  it('a query adding a content word to a label never surely names it', () => {
    check(
      fc
        .record({
          head: fc.constantFrom(...HEADS),
          extra: fc.constantFrom(...EXTRA),
          object: fc.constantFrom(...OBJECTS),
        })
        // A word the label has already is a repeat, not a word added.
        .filter(
          ({ head, extra, object }) => !`${head} ${object}`.toLowerCase().includes(extra.toLowerCase()),
        ),
      ({ head, extra, object }) => {
        const short = `${head} ${object}`
        const long = `${head} ${extra} ${object}`
        expect(conf(long, short)).toBeLessThan(MATCH_CONFIDENCE)
        const g = graphOf([short])
        expect(taken(g, long)).toBeNull()
        expect(bestMatch(g, long)).toBeUndefined()
        // Deduplication: the longer item planned beside the shorter one is created, not merged.
        const r = createNodes(g, [{ summary: long, parent: g.index.live('n0')!.parent }], { mode: 'auto' })
        if (!r.ok) throw new Error(r.message)
        expect(r.matched).toEqual([])
        // A small word added is the same label ("the", "a"): still a match.
        expect(bestMatch(g, `${head} the ${object}`)?.id).toBe('n0')
      },
    )
  })
})

describe('a code name written in one label names that label, not one that has its words', () => {
  // Set 7: "merge_peft_adapter" was taken by the group label "Parameter-Efficient Fine-Tuning (PEFT)
  // with Low-Rank Adaptation (LoRA) adapters: merging and unloading" at 0.878, where "Lora weights are
  // not merged properly in merge_peft_adapter" writes it.
  const LABELS = [
    'Parameter-Efficient Fine-Tuning (PEFT) with Low-Rank Adaptation (LoRA) adapters: merging and unloading',
    'model merge and unload feature for AdaLora',
    'Docs / LoRA: Add more information on `merge_and_unload` docs',
    'Lora weights are not merged properly in merge_peft_adapter',
  ]
  it('"merge_peft_adapter" takes the label that writes it (the group label before)', () => {
    const g = graphOf(LABELS)
    expect(taken(g, 'merge_peft_adapter')).toBe('n3')
    expect(bestMatch(g, 'merge_peft_adapter')?.id).not.toBe('n0')
  })
  it('any snake_case name: the one label writing it, over a label holding its words', () => {
    check(
      fc.record({
        parts: fc.uniqueArray(fc.constantFrom('merge', 'load', 'peft', 'adapter', 'weights', 'cache'), {
          minLength: 2,
          maxLength: 3,
        }),
      }),
      ({ parts }) => {
        const name = parts.join('_')
        const words = parts.map((p) => p[0]!.toUpperCase() + p.slice(1)).join(' ')
        const g = graphOf([`${words}: overview and notes`, `Wrong results from ${name} on GPU`])
        expect(taken(g, name)).toBe('n1')
        expect(bestMatch(g, name)?.id).not.toBe('n0')
      },
    )
  })
})
