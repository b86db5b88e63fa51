import { describe, expect, it } from 'vitest'
import { foldEdges } from './folded-edges.ts'

// The rule alone, on a hand-made picture: F is folded and holds a, b, c, d, e; X and Y are visible;
// Z is an archived node hidden outright.
const shownAs = (id: string): string | null =>
  id === 'Z' ? null : ['a', 'b', 'c', 'd', 'e'].includes(id) ? 'F' : id
const nameOf = (id: string) => `Node ${id}`

describe('foldEdges', () => {
  it('gathers edges into a folded branch into one line per shown ends and type, naming at most three', () => {
    const to = (t: string, kind = 'depends_on') => ({ id: `X-${t}-${kind}`, source: 'X', target: t, kind })
    const { hidden, lines } = foldEdges(
      [to('a'), to('b'), to('c'), to('d'), to('e'), to('a', 'relates_to'), to('Y')],
      shownAs,
      nameOf,
    )
    expect([...hidden].sort()).toEqual(
      [
        'X-a-depends_on',
        'X-b-depends_on',
        'X-c-depends_on',
        'X-d-depends_on',
        'X-e-depends_on',
        'X-a-relates_to',
      ].sort(),
    )
    expect([...lines.values()].map((l) => [l.source, l.target, l.kind, l.stands.length, l.text])).toEqual([
      ['X', 'F', 'depends_on', 5, 'depends on Node a, Node b, Node c and 2 more'],
      ['X', 'F', 'relates_to', 1, 'relates to Node a'],
    ])
  })

  it('hides tree edges and edges inside the branch or to a hidden node without drawing a line for them', () => {
    const { hidden, lines } = foldEdges(
      [
        { id: 't:a', source: 'F', target: 'a', kind: 'tree' },
        { id: 'ab', source: 'a', target: 'b', kind: 'depends_on' },
        { id: 'Fa', source: 'F', target: 'a', kind: 'depends_on' },
        { id: 'XZ', source: 'X', target: 'Z', kind: 'depends_on' },
        { id: 'aZ', source: 'a', target: 'Z', kind: 'depends_on' },
      ],
      shownAs,
      nameOf,
    )
    expect([...hidden].sort()).toEqual(['Fa', 'XZ', 'aZ', 'ab', 't:a'])
    expect(lines.size).toBe(0)
  })

  it('says which node inside the branch an edge leaves from', () => {
    const { lines } = foldEdges(
      [
        { id: '1', source: 'a', target: 'X', kind: 'depends_on' },
        { id: '2', source: 'b', target: 'X', kind: 'depends_on' },
      ],
      shownAs,
      nameOf,
    )
    expect([...lines.values()].map((l) => l.text)).toEqual([
      'Node a depends on Node X; Node b depends on Node X',
    ])
  })
})
