import { describe, expect, it } from 'vitest'
import { editDistance, nearest, nearestName } from './nearest.ts'

describe('nearest: the one "did you mean"', () => {
  it('names the closest name within a third of the length (at least two edits), first of equals', () => {
    expect(nearestName('graph_qeury', ['graph_next', 'graph_query', 'graph_open'])).toBe('graph_query')
    expect(nearestName('plam', ['plan', 'plat'])).toBe('plan')
    expect(nearestName('abc', ['xyz'])).toBeUndefined()
    expect(nearestName('roadmap-2026', ['roadmap-2025', 'roadmap'])).toBe('roadmap-2025')
  })

  it('compares loosely when asked: case and punctuation are not differences', () => {
    expect(nearestName('GRAPH-QUERY', ['graph_query'])).toBeUndefined()
    expect(nearestName('GRAPH-QUERY', ['graph_query'], { loose: true })).toBe('graph_query')
  })

  it('never compares a name whose length alone rules it out', () => {
    let compared = 0
    const huge = 'x'.repeat(1 << 20)
    const best = nearest(huge, ['graph_query', 'graph_next'], (n) => {
      compared++
      return n
    })
    expect(best).toBeUndefined()
    expect(compared).toBe(2)
    // The same guard the other way round: a short word against a megabyte name.
    expect(nearestName('graph', [huge])).toBeUndefined()
  })

  it('looks at no more candidates than it is allowed to', () => {
    const names = ['zzzzzz', 'zzzzzz', 'nodeid']
    expect(nearestName('nodeid', names, { scan: 2 })).toBeUndefined()
    expect(nearestName('nodeid', names, { scan: 3 })).toBe('nodeid')
  })

  it('counts edits, and stops counting at the cap', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('kitten', 'sitting', 2)).toBe(2)
    expect(editDistance('', 'abc')).toBe(3)
  })
})
