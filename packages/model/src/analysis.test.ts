import { describe, expect, it } from 'vitest'
import {
  allPaths,
  components,
  degreeCentrality,
  findCycles,
  hubs,
  orphans,
  pageRank,
  shortestPath,
  subgraph,
  transitiveReduction,
} from './analysis.ts'
import { ask } from './analysis-ask.ts'
import { writeEdge } from './edges.ts'
import { meta, write, type Graph } from './graph.ts'
import { restructure } from './restructure.ts'
import { namedGraph, ok } from './test/harness.ts'

/** A graph whose node ids are the given names (summary = the name upper-cased), all under the root. */
function graph(names: string[], edges: Array<[string, string, string?]> = []) {
  const { g, root } = namedGraph({ title: 'Root' })
  write(g, (w) => {
    for (const n of names) w.newNode(n, { summary: n.toUpperCase(), parent: root })
    for (const [from, to, type] of edges) writeEdge(w, { from, to, type: type ?? 'depends_on' })
  })
  return { g, root }
}

const forget = (g: Graph, node: string): void => void ok(restructure(g, [{ type: 'forget', node }]))

describe('shortestPath', () => {
  it('takes the fewest hops and names the edges it used', () => {
    const { g } = graph(
      ['a', 'b', 'c', 'd'],
      [
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'd'],
        ['a', 'c', 'relates_to'],
      ],
    )
    const r = ok(shortestPath(g, 'a', 'd'))
    expect(r.path).toEqual(['a', 'c', 'd'])
    expect(r.hops.map((h) => `${h.from}-${h.type}-${h.to}`)).toEqual(['a-relates_to-c', 'c-depends_on-d'])
    expect(ok(shortestPath(g, 'a', 'd', { types: ['depends_on'] })).path).toEqual(['a', 'b', 'c', 'd'])
  })

  it('follows direction: in walks the arrows backwards, out refuses to', () => {
    const { g } = graph(
      ['a', 'b', 'c'],
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
    )
    expect(ok(shortestPath(g, 'c', 'a')).found).toBe(false)
    const back = ok(shortestPath(g, 'c', 'a', { direction: 'in' }))
    expect(back.path).toEqual(['c', 'b', 'a'])
    expect(back.hops[0]).toMatchObject({ from: 'b', to: 'c' })
    expect(ok(shortestPath(g, 'a', 'a')).path).toEqual(['a'])
  })

  it('ignores forgotten nodes and dangling edges', () => {
    const { g } = graph(
      ['a', 'x', 'b', 'd'],
      [
        ['a', 'x'],
        ['x', 'd'],
        ['a', 'b'],
        ['b', 'ghost'],
      ],
    )
    write(g, (w) => writeEdge(w, { from: 'ghost', to: 'd' }))
    forget(g, 'x')
    expect(ok(shortestPath(g, 'a', 'd')).found).toBe(false)
  })

  it('fails for an unknown id, suggesting a near one', () => {
    const { g } = graph(['alpha', 'beta'])
    const r = shortestPath(g, 'alpah', 'beta')
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.reason).toBe('node_not_found')
      expect(r.message).toContain("did you mean alpha 'ALPHA'")
    }
  })
})

describe('allPaths', () => {
  const diamond = (): Graph =>
    graph(
      ['a', 'b', 'c', 'd'],
      [
        ['a', 'b'],
        ['a', 'c'],
        ['b', 'd'],
        ['c', 'd'],
        ['a', 'd'],
      ],
    ).g

  it('lists simple paths shortest first', () => {
    expect(ok(allPaths(diamond(), 'a', 'd')).paths).toEqual([
      ['a', 'd'],
      ['a', 'b', 'd'],
      ['a', 'c', 'd'],
    ])
  })

  it('respects maxDepth and limit, and says when it stopped early', () => {
    const g = diamond()
    expect(ok(allPaths(g, 'a', 'd', { maxDepth: 1 })).paths).toEqual([['a', 'd']])
    const two = ok(allPaths(g, 'a', 'd', { limit: 2 }))
    expect(two.paths).toHaveLength(2)
    expect(two.truncated).toBe(true)
    expect(ok(allPaths(g, 'a', 'd', { limit: 3 })).truncated).toBe(false)
  })

  it('stays bounded on a graph with exponentially many paths', () => {
    // 12 layers of 4 fully connected: 4^11 paths from the first layer to the last.
    const layers = Array.from({ length: 12 }, (_, l) => Array.from({ length: 4 }, (_, k) => `l${l}k${k}`))
    const edges: Array<[string, string]> = []
    for (let l = 0; l + 1 < layers.length; l++)
      for (const a of layers[l]!) for (const b of layers[l + 1]!) edges.push([a, b])
    const { g } = graph(layers.flat(), edges)
    const r = ok(allPaths(g, 'l0k0', 'l11k0', { maxDepth: 12, limit: 500 }))
    expect(r.paths).toHaveLength(500)
    expect(r.truncated).toBe(true)
    expect(ok(allPaths(g, 'l0k0', 'l11k0')).paths).toEqual([]) // default maxDepth 8 < 11 hops
  })
})

describe('findCycles', () => {
  it('finds depends_on cycles, each once, from its smallest id', () => {
    const { g } = graph(
      ['a', 'b', 'c', 'd', 'e'],
      [
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
        ['c', 'd'],
        ['b', 'e'],
        ['e', 'b'],
        ['d', 'e', 'relates_to'],
      ],
    )
    const r = ok(findCycles(g, { types: ['depends_on'] }))
    expect(r.cycles.sort()).toEqual(
      [
        ['a', 'b', 'c'],
        ['b', 'e'],
      ].sort(),
    )
    expect(r.components).toEqual([['a', 'b', 'c', 'e']])
    expect(r.truncated).toBe(false)
  })

  it('covers every edge type unless types narrows it', () => {
    const { g } = graph(
      ['a', 'b', 'c'],
      [
        ['a', 'b', 'relates_to'],
        ['b', 'a', 'relates_to'],
        ['b', 'c', 'blocks'],
        ['c', 'b'],
      ],
    )
    expect(ok(findCycles(g)).cycles.sort()).toEqual([
      ['a', 'b'],
      ['b', 'c'],
    ])
    expect(ok(findCycles(g, { types: ['relates_to'] })).cycles).toEqual([['a', 'b']])
    expect(ok(findCycles(g, { types: ['depends_on'] })).cycles).toEqual([])
  })

  it('stops at the limit on a dense graph', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']
    const edges: Array<[string, string]> = []
    for (const x of names) for (const y of names) if (x !== y) edges.push([x, y])
    const { g } = graph(names, edges)
    const r = ok(findCycles(g, { limit: 25 }))
    expect(r.cycles).toHaveLength(25)
    expect(r.truncated).toBe(true)
    expect(r.components[0]).toHaveLength(8)
  })
})

describe('pageRank', () => {
  it('ranks what many depend on first and keeps the total at 1', () => {
    const { g } = graph(
      ['hub', 'a', 'b', 'c', 'd'],
      [
        ['a', 'hub'],
        ['b', 'hub'],
        ['c', 'hub'],
        ['d', 'a'],
      ],
    )
    const r = ok(pageRank(g, { limit: 100 }))
    expect(r.ranks[0]!.id).toBe('hub')
    expect(r.converged).toBe(true)
    expect(r.iterations).toBeLessThanOrEqual(100)
    expect(r.ranks.reduce((s, x) => s + x.score, 0)).toBeCloseTo(1, 6)
    expect(ok(pageRank(g, { limit: 2 })).ranks).toHaveLength(2)
    expect(ok(pageRank(g, { iterations: 1000 })).iterations).toBeLessThanOrEqual(100)
    expect(pageRank(g, { damping: 1.5 }).ok).toBe(false)
  })
})

describe('components', () => {
  it('counts weakly connected parts; the tree joins them when asked', () => {
    const { g } = graph(
      ['a', 'b', 'c', 'd', 'e'],
      [
        ['a', 'b'],
        ['c', 'b', 'relates_to'],
        ['d', 'e'],
      ],
    )
    const r = ok(components(g))
    expect(r.count).toBe(3) // {a,b,c}, {d,e}, {root}
    expect(r.components.map((c) => c.ids)).toEqual([['a', 'b', 'c'], ['d', 'e'], [meta(g).root]])
    expect(ok(components(g, { types: ['depends_on'] })).count).toBe(4)
    expect(ok(components(g, { includeTree: true })).count).toBe(1)
    expect(ok(components(g, { limit: 1, maxIds: 2 })).components).toEqual([{ size: 3, ids: ['a', 'b'] }])
  })
})

describe('degree and hubs', () => {
  it('orders by degree, ties by id, and hubs leave out nodes without edges', () => {
    const { g } = graph(
      ['a', 'b', 'c', 'd'],
      [
        ['a', 'b'],
        ['c', 'b'],
        ['b', 'd', 'relates_to'],
      ],
    )
    const d = ok(degreeCentrality(g)).nodes
    expect(d[0]).toMatchObject({ id: 'b', in: 2, out: 1, degree: 3 })
    expect(d[0]!.centrality).toBeCloseTo(3 / 4)
    expect(
      ok(degreeCentrality(g, { types: ['relates_to'] }))
        .nodes.slice(0, 2)
        .map((x) => x.id),
    ).toEqual(['b', 'd'])
    const h = ok(hubs(g, { limit: 10 })).nodes
    expect(h.map((x) => x.id)).toEqual(['b', 'a', 'c', 'd'])
  })
})

describe('transitiveReduction', () => {
  it('reports the shortcut in a diamond and deletes nothing', () => {
    const { g } = graph(
      ['a', 'b', 'c', 'd'],
      [
        ['a', 'b'],
        ['a', 'c'],
        ['b', 'd'],
        ['c', 'd'],
        ['a', 'd'],
      ],
    )
    const r = ok(transitiveReduction(g))
    expect(r.redundant).toEqual([{ id: 'a>depends_on>d', from: 'a', to: 'd', type: 'depends_on' }])
    expect(g.index.edges.has('a>depends_on>d')).toBe(true)
  })

  it('finds long implied edges and never reports edges inside a cycle', () => {
    const { g } = graph(
      ['a', 'b', 'c', 'd', 'x', 'y'],
      [
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'd'],
        ['a', 'd'],
        ['x', 'y'],
        ['y', 'x'],
        ['x', 'a'],
      ],
    )
    expect(ok(transitiveReduction(g)).redundant.map((e) => e.id)).toEqual(['a>depends_on>d'])
  })
})

describe('subgraph', () => {
  it('grows by depth and keeps only edges among the nodes', () => {
    const { g } = graph(
      ['a', 'b', 'c', 'd'],
      [
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'd'],
      ],
    )
    const zero = ok(subgraph(g, ['a', 'c'], { depth: 0 }))
    expect(zero.nodes.map((n) => n.id)).toEqual(['a', 'c'])
    expect(zero.edges).toEqual([])
    const one = ok(subgraph(g, ['b']))
    expect(one.nodes.map((n) => n.id).sort()).toEqual(['a', 'b', 'c'])
    expect(one.edges.map((e) => e.id).sort()).toEqual(['a>depends_on>b', 'b>depends_on>c'])
    expect(ok(subgraph(g, ['a'], { depth: 5, limit: 2 }))).toMatchObject({ truncated: true })
    expect(subgraph(g, ['a', 'nope']).ok).toBe(false)
  })
})

describe('orphans', () => {
  it('lists top-level nodes with no edges, never the root or a child', () => {
    const { g, root } = graph(['a', 'b'], [['a', 'b']])
    write(g, (w) => {
      w.newNode('lonely', { summary: 'Lonely', parent: null })
      w.newNode('linked', { summary: 'Linked', parent: null })
      w.newNode('kid', { summary: 'Kid', parent: 'lonely' })
      writeEdge(w, { from: 'linked', to: 'a', type: 'relates_to' })
    })
    const r = ok(orphans(g))
    expect(r.nodes.map((n) => n.id)).toEqual(['lonely'])
    expect(r.nodes.some((n) => n.id === root)).toBe(false)
    forget(g, 'a')
    expect(ok(orphans(g)).nodes.map((n) => n.id)).toEqual(['linked', 'lonely'])
  })
})

describe('ask', () => {
  const setup = () =>
    graph(
      ['auth', 'repo', 'db', 'ui', 'island'],
      [
        ['auth', 'repo'],
        ['repo', 'db'],
        ['ui', 'auth'],
        ['ui', 'repo', 'relates_to'],
      ],
    )

  it('answers who depends on what, by summary or id', () => {
    const { g } = setup()
    const a = ok(ask(g, 'What depends on AUTH?'))
    expect(a.intent).toBe('dependents')
    if (a.intent === 'dependents') expect(a.nodes.map((n) => n.id)).toEqual(['ui'])
    expect(a.text).toContain("'UI' (ui)")
    const b = ok(ask(g, 'what does "repo" depend on'))
    if (b.intent !== 'dependencies') throw new Error(b.intent)
    expect(b.nodes.map((n) => n.id)).toEqual(['db'])
  })

  it('finds paths, cycles, orphans and hubs', () => {
    const { g } = setup()
    const p = ok(ask(g, 'path from ui to db'))
    if (p.intent !== 'path') throw new Error(p.intent)
    expect(p.path.map((r) => r.id)).toEqual(['ui', 'repo', 'db'])
    expect(ok(ask(g, 'any cycles?')).text).toBe('No cycles, along any edge type.')
    expect(ok(ask(g, 'orphans')).intent).toBe('orphans')
    const h = ok(ask(g, 'which nodes are most connected'))
    if (h.intent !== 'hubs') throw new Error(h.intent)
    expect(h.nodes[0]!.id).toBe('repo')
  })

  it('follows edge direction for paths, and says so', () => {
    const { g } = setup()
    const p = ok(ask(g, 'path from ui to db'))
    expect(p.text).toContain('along edge direction')
    // db depends on nothing: there is no path from it to ui, only the other way round.
    const back = ok(ask(g, 'path from db to ui'))
    if (back.intent !== 'path') throw new Error(back.intent)
    expect(back.found).toBe(false)
    expect(back.path).toEqual([])
    expect(back.text).toBe(
      "No path from 'DB' to 'UI' along edge direction; the edges run the other way: 'UI' → 'REPO' → 'DB'.",
    )
  })

  it('finds cycles of any edge type', () => {
    const { g } = setup()
    write(g, (w) => writeEdge(w, { from: 'db', to: 'ui', type: 'relates_to' }))
    const c = ok(ask(g, 'are there cycles'))
    if (c.intent !== 'cycles') throw new Error(c.intent)
    // db relates_to ui closes two loops: through auth (depends_on all the way) and through the relates_to.
    expect(c.cycles.map((x) => x.map((r) => r.id)).sort()).toEqual([
      ['auth', 'repo', 'db', 'ui'],
      ['db', 'ui', 'repo'],
    ])
  })

  it('names the node it took for a near match', () => {
    const { g } = graph(['svc'])
    write(g, (w) => w.newNode('pool', { summary: 'Database Connection Pool' }))
    write(g, (w) => writeEdge(w, { from: 'svc', to: 'pool' }))
    const r = ok(ask(g, 'what depends on DB connection pool'))
    expect(r.took).toEqual([
      { label: 'DB connection pool', id: 'pool', summary: 'Database Connection Pool', confidence: 0.91 },
    ])
    expect(r.text).toMatch(
      /^Taking 'Database Connection Pool' \(pool\) for "DB connection pool" \(confidence 0\.91\)\. /,
    )
    // The exact summary or the id takes nothing on trust.
    expect(ok(ask(g, 'what depends on database connection pool')).took).toBeUndefined()
  })

  it('resolves a partial label and fails helpfully otherwise', () => {
    const { g } = graph(['svc'])
    write(g, (w) => w.newNode('long', { summary: 'The payment gateway adapter' }))
    write(g, (w) => writeEdge(w, { from: 'svc', to: 'long' }))
    const r = ok(ask(g, 'what depends on payment gateway'))
    if (r.intent !== 'dependents') throw new Error(r.intent)
    expect(r.node.id).toBe('long')
    const miss = ask(g, 'what depends on zebra')
    expect(miss.ok === false && miss.reason).toBe('node_not_found')
    const huh = ask(g, 'tell me a joke')
    expect(huh.ok === false && huh.message).toContain('what depends on X')
  })
})
