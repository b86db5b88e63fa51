import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sentence } from './ConnectionPreview.tsx'
import { edgeLabel } from './PlexusEdge.tsx'

// An edge's type is any one word an agent chose (graph_connect), so it can be the name of one of
// Object.prototype's members. The words drawn on the edge and in the connect preview are that word,
// never a function's source or "[object Object]" (found in session 15's audit of `table[word]` reads).
const MEMBERS = Object.getOwnPropertyNames(Object.prototype)
const SEED = Number(process.env.FC_SEED ?? 291201)

describe('the words an edge type is drawn with', () => {
  it('names the two built-in relations as before', () => {
    expect(edgeLabel('depends_on', undefined)).toBe('depends on')
    expect(edgeLabel('relates_to', undefined)).toBe('')
    expect(edgeLabel('blocks', 'is blocked by')).toBe('is blocked by')
    expect(sentence('API', 'depends_on', 'Database')).toBe('API depends on Database')
    expect(sentence('API', 'relates_to', 'Database')).toBe('API relates to Database')
  })

  it(`any type, prototype member names included, is drawn as its words (seed ${SEED})`, () => {
    const type = fc.oneof(fc.constantFrom(...MEMBERS), fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/))
    fc.assert(
      fc.property(type, (t) => {
        const words = t.replace(/_/g, ' ')
        if (t !== 'relates_to') expect(edgeLabel(t, undefined)).toBe(words)
        expect(sentence('A', t, 'B')).toBe(`A ${words} B`)
      }),
      { seed: SEED, numRuns: 200 },
    )
  })
})
