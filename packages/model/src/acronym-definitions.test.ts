// Acronyms the graph's own labels define ("Android Package (APK) builds"), read both ways when a label
// names a node (issue 24 §6). Properties over generated vocabularies, seeded (PLEXUS_SEED, printed on
// failure); the regression cases are misses of held-out sets 1-5 and failed on the build before.
import fc from 'fast-check'
import { checkSeeded } from './test/property.ts'
import { describe, expect, it } from 'vitest'
import { definitionsIn } from './acronym-definitions.ts'
import { write } from './graph.ts'
import { createNodes } from './create.ts'
import { BatchLabels, bestMatch } from './resolve.ts'
import { graphOf, taken } from './test/labels.ts'

// A fixed default (session 14): a random one failed this file's property in 2 of about 45 runs on
// the defect named below, and a suite must be green every time; PLEXUS_SEED explores others.
const seed = Number(process.env.PLEXUS_SEED ?? 1)
function check<T>(arb: fc.Arbitrary<T>, property: (t: T) => void): void {
  checkSeeded(arb, property, { seed, numRuns: 60 })
}

describe('definitionsIn (Schwartz & Hearst)', () => {
  it('finds the shortest run of words before the parenthesis that spells the acronym', () => {
    const d = (s: string): Array<[string, string]> => definitionsIn(s).map((x) => [x.short, x.long])
    expect(d('Amazon Simple Storage Service (S3) buckets')).toEqual([['S3', 'Simple Storage Service']])
    expect(d('WebAssembly (Wasm) builds: WebGL2 and WebGPU rendering')).toEqual([['Wasm', 'WebAssembly']])
    expect(d('GL Transmission Format (glTF) scenes and animations')).toEqual([
      ['glTF', 'GL Transmission Format'],
    ])
    expect(d('Metadata database (DB) migrations when upgrading Airflow (AF)')).toEqual([
      ['DB', 'database'],
      ['AF', 'Airflow'],
    ])
    expect(d('Copy-on-Write (CoW)')).toEqual([['CoW', 'Copy-on-Write']])
    // Parentheses that define nothing.
    expect(d('iOS fails to build (again)')).toEqual([])
    expect(d('Add on-demand WAL download in CreateReplicationSlot (v14)')).toEqual([])
    expect(d('Customizable list filters for ModelAdmins (revised)')).toEqual([])
  })
})

describe('resolution through the definitions', () => {
  it('names a label by the acronym or by its words, whichever the label writes (missed before)', () => {
    const g = graphOf([
      'Android Package (APK) builds with Gradle',
      'Android App Bundle (AAB) builds',
      'Flutter build apk failed',
      'Flutter build bundle doesn\u2019t build aab',
      'Amazon Simple Storage Service (S3) buckets',
      'Switch to S3 state locking for the backend',
      'Switch to DynamoDB state locking for the backend',
    ])
    expect(taken(g, 'Flutter build Android Package failed')).toBe('n2')
    expect(taken(g, "Flutter build bundle doesn't build Android App Bundle")).toBe('n3')
    expect(taken(g, 'Switch to Simple Storage Service state locking for the backend')).toBe('n5')
    // The other acronym's words are another thing.
    expect(taken(g, 'Flutter build Android App Bundle failed')).not.toBe('n2')
  })

  it('follows a renamed label: a definition it no longer writes no longer reads', () => {
    const g = graphOf(['WebAssembly (Wasm) builds', 'Wasm rendering broken in Firefox'])
    expect(taken(g, 'WebAssembly rendering broken in Firefox')).toBe('n1')
    write(g, (w) => w.set('n0', 'summary', 'Browser builds'))
    expect(taken(g, 'WebAssembly rendering broken in Firefox')).toBeNull()
  })

  it('a number written as a word pairs with its digits (0.81 before; taken by the margin rule)', () => {
    const g = graphOf([
      'extension host terminated unexpectedly 3 times within the last 5 minutes.',
      'Extension host crashes on startup',
      'Terminal exits after five seconds',
    ])
    expect(
      taken(g, 'Extension hosts terminating unexpectedly three times within the last five minutes'),
    ).toBe('n0')
  })
})

const POOL = ['remote', 'cluster', 'storage', 'ledger', 'signal', 'vector', 'packet', 'render', 'kernel']
const TAIL = ['engine', 'gateway', 'service', 'protocol', 'format', 'bridge']
/** A long form of 2-3 words and its initials, in capitals. */
const definition = fc
  .tuple(fc.uniqueArray(fc.constantFrom(...POOL), { minLength: 1, maxLength: 2 }), fc.constantFrom(...TAIL))
  .map(([head, tail]) => {
    const words = [...head, tail]
    return {
      long: words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' '),
      short: words.map((w) => w[0]!.toUpperCase()).join(''),
    }
  })

describe('named regression seeds of the property below', () => {
  it('PLEXUS_SEED=604606411: "Remote Packet Service" is not RP where a label defines RP as "Remote Protocol"', () => {
    // The initials reading (acronyms.ts) wrote "remote packet" as RP and took "Restart RP timeouts" at 0.9.
    const g = graphOf([
      'Remote Protocol (RP) overview',
      'Restart RP timeouts',
      'Remote Packet Service (RPS) notes',
    ])
    expect(taken(g, 'Restart Remote Packet Service timeouts')).toBeNull()
  })
  it('PLEXUS_SEED=7919: "Remote Render Engine (RRE)" defines RRE as all three words', () => {
    const g = graphOf([
      'Remote Render Engine (RRE) overview',
      'Restart RRE timeouts',
      'Remote Engine (RE) notes',
    ])
    expect(taken(g, 'Restart Remote Render Engine timeouts')).toBe('n1')
  })
})

describe('an acronym the graph defines in full is not the plural of a shorter one (issue 24, session 14)', () => {
  // Found by the property below under random seeds: an acronym ending in S was read as a plural, so
  // "RSS" met a label defining "RS" and "Remote Storage Service" no longer named "Restart RSS timeouts".
  it('"Remote Storage Service (RSS)" is not read as the plural of "Remote Service (RS)"', () => {
    const g = graphOf([
      'Remote Storage Service (RSS) overview',
      'Restart RSS timeouts',
      'Remote Service (RS) notes',
    ])
    expect(taken(g, 'Restart Remote Storage Service timeouts')).toBe('n1')
    // The shorter acronym's words still name nothing here.
    expect(taken(g, 'Restart Remote Service timeouts')).not.toBe('n1')
  })
  it('"Remote Packet Service (RPS)" is not read as the plural of "Remote Protocol (RP)"', () => {
    const g = graphOf([
      'Remote Packet Service (RPS) overview',
      'Restart RPS timeouts',
      'Remote Protocol (RP) notes',
    ])
    expect(taken(g, 'Restart Remote Packet Service timeouts')).toBe('n1')
    expect(taken(g, 'Restart Remote Protocol timeouts')).not.toBe('n1')
  })
})

describe("every pair of the property's space where one acronym is the other and an S", () => {
  // The space of `definition` below is small: 486 long forms, 68 ordered pairs of them whose acronyms
  // differ by a final S (RSS/RS, RPS/RP, ...). Enumerated, not sampled: the seeded property met this
  // defect in 2 runs of about 45.
  it("the longer acronym's words name its label, the shorter one's never do", () => {
    const cap = (w: string): string => w[0]!.toUpperCase() + w.slice(1)
    const all: Array<{ long: string; short: string }> = []
    for (const t of TAIL)
      for (const h1 of POOL) {
        all.push({ long: `${cap(h1)} ${cap(t)}`, short: `${h1[0]}${t[0]}`.toUpperCase() })
        for (const h2 of POOL)
          if (h2 !== h1)
            all.push({ long: [h1, h2, t].map(cap).join(' '), short: `${h1[0]}${h2[0]}${t[0]}`.toUpperCase() })
      }
    let pairs = 0
    const wrong: string[] = []
    for (const a of all)
      for (const b of all) {
        if (a.short !== b.short + 'S' && b.short !== a.short + 'S') continue
        pairs++
        const g = graphOf([
          `${a.long} (${a.short}) overview`,
          `Restart ${a.short} timeouts`,
          `${b.long} (${b.short}) notes`,
        ])
        if (taken(g, `Restart ${a.long} timeouts`) !== 'n1') wrong.push(`${a.long}: not n1`)
        if (taken(g, `Restart ${b.long} timeouts`) === 'n1') wrong.push(`${b.long}: n1`)
      }
    expect(pairs).toBe(68)
    expect(wrong).toEqual([])
  })
})

describe('an acronym and the acronym with a capital S written as a word are two words (session 16)', () => {
  // The rewrites above read RPS apart from RP where labels define both; a label naming a node directly
  // did not: labelWords reads a final s as a plural, so "Restart RP timeouts" took "Restart RPS timeouts"
  // at 0.97 (the same words) on every path (a node argument, deduplication, a batch). A plural of an
  // acronym is written with a small s ("RPs", "APIs"); a capital S is one of its letters.
  const cap = (w: string): string => w[0]!.toUpperCase() + w.slice(1)
  const all: Array<{ long: string; short: string }> = []
  for (const t of TAIL)
    for (const h1 of POOL) {
      all.push({ long: `${cap(h1)} ${cap(t)}`, short: `${h1[0]}${t[0]}`.toUpperCase() })
      for (const h2 of POOL)
        if (h2 !== h1)
          all.push({ long: [h1, h2, t].map(cap).join(' '), short: `${h1[0]}${h2[0]}${t[0]}`.toUpperCase() })
    }
  it('"Restart RP timeouts" does not name "Restart RPS timeouts", nor the reverse (0.97 before)', () => {
    for (const labels of [
      ['Restart RPS timeouts', 'Remote Packet Service (RPS) overview', 'Remote Protocol (RP) notes'],
      ['Restart RPS timeouts'],
    ]) {
      const g = graphOf(labels)
      expect(taken(g, 'Restart RP timeouts')).toBeNull()
      expect(bestMatch(g, 'Restart RP timeouts')).toBeUndefined()
      const h = graphOf(['Restart RP timeouts', ...labels.slice(1)])
      expect(taken(h, 'Restart RPS timeouts')).toBeNull()
      expect(bestMatch(h, 'Restart RPS timeouts')).toBeUndefined()
    }
    // The acronym still names its own label, in any case.
    expect(taken(graphOf(['Restart RPS timeouts', 'Restart RP timeouts']), 'restart rps timeouts')).toBe('n0')
    expect(taken(graphOf(['Restart RPS timeouts', 'Restart RP timeouts']), 'Restart RP timeout')).toBe('n1')
  })
  it("every pair of the space: the one acronym written never names the other's label, on any path", () => {
    let pairs = 0
    const wrong: string[] = []
    for (const a of all)
      for (const b of all) {
        if (a.short !== b.short + 'S' && b.short !== a.short + 'S') continue
        pairs++
        for (const defined of [true, false]) {
          const labels = [`Restart ${a.short} timeouts`]
          if (defined) labels.push(`${a.long} (${a.short}) overview`, `${b.long} (${b.short}) notes`)
          const g = graphOf(labels)
          const q = `Restart ${b.short} timeouts`
          if (taken(g, q) === 'n0') wrong.push(`${q} took ${labels[0]} (defined: ${defined})`)
          if (bestMatch(g, q)?.id === 'n0') wrong.push(`${q} merged into ${labels[0]} (defined: ${defined})`)
          const r = createNodes(g, [{ summary: q, parent: g.index.live('n0')!.parent }], { mode: 'auto' })
          if (!r.ok || r.matched.length) wrong.push(`${q} planned into ${labels[0]} (defined: ${defined})`)
          const batch = new BatchLabels()
          batch.add(null, labels[0]!, 0)
          if (batch.find(null, q) === 0) wrong.push(`${q} one with ${labels[0]} in a batch`)
        }
      }
    expect(pairs).toBe(68)
    expect(wrong).toEqual([])
  })
})

describe("an acronym's words written in another word form (held-out set 2, session 16)", () => {
  // Missed before (0.846): the graph defines WAL as "Write-Ahead Logging", the query writes "write-ahead
  // log", and the long form was looked for only as written (and plural).
  const LABELS = [
    'Enable SQLite Write-Ahead Logging (WAL) mode to prevent database locking errors',
    'WAL segment lost due to replication slot not reserving segments on creation',
    'Replication slot lost after failover',
  ]
  it('"Write-ahead log segment lost ..." names "WAL segment lost ..."', () => {
    const g = graphOf(LABELS)
    expect(
      taken(g, 'Write-ahead log segment lost due to replication slot not reserving segments on creation'),
    ).toBe('n1')
  })
  it('the words in another form still name only where the rest agrees', () => {
    const g = graphOf(LABELS)
    expect(taken(g, 'Write-ahead log segment kept after replication slot creation')).toBeNull()
  })
})

describe("a label's bracket defining an acronym beside it need not be repeated (held-out set 2, session 16)", () => {
  it('"... IVF Flat vector index ... PG Vector" names "... IVFFlat (Inverted File with Flat Compression) ..." (0.64 before)', () => {
    const g = graphOf([
      'Add support for IVFFlat (Inverted File with Flat Compression) vector index for ANN search in PGVector',
      'Add support for HNSW index for ANN search in PGVector',
    ])
    expect(taken(g, 'Add support for IVF Flat vector index for ANN search in PG Vector')).toBe('n0')
    expect(bestMatch(g, 'Add support for IVFFlat vector index for ANN search in PGVector')?.id).toBe('n0')
  })
  it('any acronym and its words in brackets: the label without them names it, another acronym never does', () => {
    check(
      fc.record({ a: definition, b: definition, noun: fc.constantFrom('timeouts', 'metrics', 'quotas') }),
      ({ a, b, noun }) => {
        fc.pre(a.short !== b.short && a.long !== b.long)
        const g = graphOf([
          `Restart ${a.short} (${a.long}) ${noun}`,
          `Restart ${b.short} (${b.long}) ${noun}`,
        ])
        expect(taken(g, `Restart ${a.short} ${noun}`)).toBe('n0')
        expect(bestMatch(g, `Restart ${a.short} ${noun}`)?.id).toBe('n0')
        expect(taken(g, `Restart ${b.short} ${noun}`)).toBe('n1')
        // The long form beside its acronym in brackets, as labels write it too.
        const h = graphOf([
          `Restart ${a.long} (${a.short}) ${noun}`,
          `Restart ${b.long} (${b.short}) ${noun}`,
        ])
        expect(taken(h, `Restart ${a.long} ${noun}`)).toBe('n0')
      },
    )
  })
})

describe('properties (seeded)', () => {
  it("an acronym's words name the label that writes the acronym; another acronym's words never do", () => {
    check(
      fc.record({
        a: definition,
        b: definition,
        verb: fc.constantFrom('Restart', 'Profile', 'Document', 'Upgrade'),
        noun: fc.constantFrom('timeouts', 'metrics', 'quotas', 'logs'),
      }),
      ({ a, b, verb, noun }) => {
        const labels = [`${a.long} (${a.short}) overview`, `${verb} ${a.short} ${noun}`]
        if (b.short !== a.short) labels.push(`${b.long} (${b.short}) notes`)
        const g = graphOf(labels)
        expect(taken(g, `${verb} ${a.long} ${noun}`)).toBe('n1')
        expect(taken(g, `${verb} ${a.long.toLowerCase()} ${noun}`)).toBe('n1')
        if (b.short !== a.short && b.long !== a.long)
          expect(taken(g, `${verb} ${b.long} ${noun}`)).not.toBe('n1')
        // Deduplication reads the same thing written another way too, never another number.
        expect(bestMatch(g, `${verb} ${a.long} ${noun} 2`)?.id).not.toBe('n1')
      },
    )
  })
})
