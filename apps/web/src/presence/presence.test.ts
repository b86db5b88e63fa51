import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nodePresence, readPeers } from './presence.ts'

// Another peer's awareness says which nodes it has selected: ids it chose. Built as `next[id] ??= …`,
// a selection naming "constructor" found Object and threw in every other tab's awareness handler, and
// "__proto__" did the same (session 15's audit of `obj[word]` reads); an id named "toString" read a
// function as that node's presence. Each id is a key of a Map now.
const MEMBERS = Object.getOwnPropertyNames(Object.prototype)
const SEED = Number(process.env.FC_SEED ?? 291202)

const state = (name: string, selection: string[], extra: object = {}) => ({
  user: { name, color: '#123456', kind: 'person' },
  selection,
  ...extra,
})

describe('who is at each node, from other peers awareness', () => {
  it('a selection naming Object.prototype members is presence at nodes of those ids', () => {
    const peers = readPeers(
      new Map([[7, state('Mallory', ['constructor', '__proto__', 'toString', 'n1'])]]),
      1,
    )
    const at = nodePresence(peers, new Map())
    for (const id of ['constructor', '__proto__', 'toString', 'n1'])
      expect(at.get(id)?.selectedBy.map((p) => p.name)).toEqual(['Mallory'])
    expect(at.get('valueOf')).toBeUndefined()
  })

  it(`every node lists exactly the peers that select it, and an unchanged entry keeps its object (seed ${SEED})`, () => {
    const id = fc.oneof(fc.constantFrom(...MEMBERS), fc.constantFrom('n1', 'n2', 'n3'))
    const peer = fc.record({
      name: fc.constantFrom('Ann', 'Bob', 'Cy'),
      selection: fc.array(id, { maxLength: 5 }),
      agent: fc.boolean(),
      node: fc.option(id, { nil: undefined }),
    })
    fc.assert(
      fc.property(fc.array(peer, { maxLength: 4 }), (ps) => {
        const states = new Map<number, unknown>(
          ps.map((p, i) => [
            i + 2,
            {
              user: { name: p.name, color: '#abcdef', kind: p.agent ? 'agent' : 'person' },
              selection: p.selection,
              ...(p.node !== undefined ? { node: p.node } : {}),
            },
          ]),
        )
        const peers = readPeers(states, 1)
        const at = nodePresence(peers, new Map())
        const ids = new Set(ps.flatMap((p) => [...p.selection, ...(p.agent && p.node ? [p.node] : [])]))
        expect(new Set(at.keys())).toEqual(ids)
        for (const n of ids) {
          const want = ps.flatMap((p, i) => p.selection.filter((s) => s === n).map(() => i + 2))
          expect(at.get(n)!.selectedBy.map((r) => r.clientId)).toEqual(want)
          const agents = ps.flatMap((p, i) => (p.agent && p.node === n ? [i + 2] : []))
          expect(at.get(n)!.agents.map((r) => r.clientId)).toEqual(agents)
        }
        const again = nodePresence(readPeers(states, 1), at)
        for (const [k, v] of again) expect(v).toBe(at.get(k))
      }),
      { seed: SEED, numRuns: 200 },
    )
  })
})
