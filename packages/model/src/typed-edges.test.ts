/**
 * Typed edges for agent coordination (seed 002). The properties are generated (fast-check, seeded; the
 * seed is printed on failure, FC_SEED replays it).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addNodes, failure, joinGraph, makeGraph, ok, sync } from './test/harness.ts'
import {
  createTypedEdge,
  deleteEdge,
  edgesAt,
  projectTasks,
  resetStaleTasks,
  walkEdges,
  updateEdgeProperties,
  type TraverseStep,
} from './typed-edges.ts'

const SEED = Number(process.env.FC_SEED ?? 26_0002)

function setup(ids: string[] = ['P', 'T1', 'T2', 'T3', 'F']) {
  const t = makeGraph()
  addNodes(
    t.g,
    ids.map((id) => [id]),
  )
  return t
}

const nodesOf = (steps: TraverseStep[]): string[] => steps.map((s) => s.node).sort()

function check<T>(name: string, prop: fc.IProperty<T>, numRuns = 200) {
  const r = fc.check(prop, { seed: SEED, numRuns })
  if (r.failed)
    throw new Error(
      `${name}: seed ${SEED} (FC_SEED=${SEED}), counterexample ${JSON.stringify(r.counterexample)}: ${String((r as { errorInstance?: unknown }).errorInstance)}`,
    )
}

describe('createTypedEdge', () => {
  it('answers the edge with its id, both ends and properties', () => {
    const { g } = setup()
    const r = ok(
      createTypedEdge(g, { from: 'P', to: 'T1', type: 'parent_of', properties: { status: 'todo' } }),
    )
    expect(r.created).toBe(true)
    expect(r.edge).toMatchObject({ id: 'P>parent_of>T1', from: 'P', to: 'T1', type: 'parent_of' })
    expect(r.edge.properties).toEqual({ status: 'todo' })
  })

  it('refuses a type outside the seed six and names the six', () => {
    const { g } = setup()
    const f = failure(createTypedEdge(g, { from: 'P', to: 'T1', type: 'blocks' }))
    expect(f.reason).toBe('invalid_argument')
    expect(f.message).toContain('parent_of, child_of, references, created_by, related_to, depends_on')
  })

  it('refuses a missing end in the seed words', () => {
    const { g } = setup()
    expect(failure(createTypedEdge(g, { from: 'nope', to: 'T1', type: 'references' })).message).toMatch(
      /^Source node not found: nope/,
    )
    expect(failure(createTypedEdge(g, { from: 'P', to: 'gone', type: 'references' })).message).toMatch(
      /^Target node not found: gone/,
    )
    expect(g.index.edges.size).toBe(0)
  })

  it('refuses a depends_on that closes a cycle and names the circle', () => {
    const { g } = setup(['A', 'B', 'C'])
    ok(createTypedEdge(g, { from: 'A', to: 'B', type: 'depends_on' }))
    ok(createTypedEdge(g, { from: 'B', to: 'C', type: 'depends_on' }))
    const f = failure(createTypedEdge(g, { from: 'C', to: 'A', type: 'depends_on' }))
    expect(f.reason).toBe('cycle_detected')
    expect(f.message).toBe('Circular dependency: C → A → B → C')
  })

  it('no sequence of create_edge makes a depends_on cycle', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f']
    check(
      'acyclic',
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...ids)), { maxLength: 40 }),
        (pairs) => {
          const { g } = setup(ids)
          for (const [a, b] of pairs) {
            const r = createTypedEdge(g, { from: a, to: b, type: 'depends_on' })
            if (!r.ok) expect(['cycle_detected', 'self_loop']).toContain(r.reason)
          }
          // A topological order exists: repeatedly remove nodes with no remaining dependencies.
          const left = new Set(ids)
          let moved = true
          while (moved) {
            moved = false
            for (const n of left)
              if (g.index.dependencies(n).every((d) => !left.has(d))) {
                left.delete(n)
                moved = true
              }
          }
          expect([...left]).toEqual([])
        },
      ),
    )
  })
})

describe('the hierarchy read from either end', () => {
  it("finds a task's project the way the seed's agent does: traverse(task, child_of, incoming)", () => {
    const { g } = setup()
    ok(createTypedEdge(g, { from: 'P', to: 'T1', type: 'parent_of', properties: { status: 'todo' } }))
    expect(nodesOf(walkEdges(g, 'T1', 'child_of', 'incoming', 1))).toEqual(['P'])
    const mine = edgesAt(g, 'T1', 'incoming', 'child_of')
    expect(mine.map((e) => e.edge.id)).toEqual(['P>parent_of>T1'])
  })

  it('a stored child_of is the same link as parent_of from the other end', () => {
    const { g } = setup()
    ok(createTypedEdge(g, { from: 'T2', to: 'P', type: 'child_of' }))
    expect(nodesOf(walkEdges(g, 'P', 'parent_of', 'outgoing', 1))).toEqual(['T2'])
    expect(nodesOf(walkEdges(g, 'T2', 'child_of', 'incoming', 1))).toEqual(['P'])
  })

  it('a child_of written where the parent_of is (or the other way) is that edge, with one status', () => {
    const { g } = setup()
    const first = ok(
      createTypedEdge(g, { from: 'P', to: 'T1', type: 'parent_of', properties: { status: 'todo' } }),
    )
    const again = ok(
      createTypedEdge(g, { from: 'T1', to: 'P', type: 'child_of', properties: { status: 'doing' } }),
    )
    expect(again.created).toBe(false)
    expect(again.edge.id).toBe(first.edge.id)
    expect(edgesAt(g, 'T1', 'incoming', 'child_of').map((e) => e.edge.properties.status)).toEqual(['doing'])
    expect(projectTasks(g, 'P').doing.map((t) => t.node)).toEqual(['T1'])
    // Stored as child_of first: a later parent_of merges into it.
    const up = ok(
      createTypedEdge(g, { from: 'T2', to: 'P', type: 'child_of', properties: { status: 'todo' } }),
    )
    const down = ok(
      createTypedEdge(g, { from: 'P', to: 'T2', type: 'parent_of', properties: { status: 'done' } }),
    )
    expect(down).toMatchObject({ created: false, edge: { id: up.edge.id } })
    expect(projectTasks(g, 'P').done.map((t) => t.node)).toEqual(['T2'])
    expect([...g.index.edges.keys()].sort()).toEqual(['P>parent_of>T1', 'T2>child_of>P'])
  })

  it('traverse(child_of, incoming) and traverse(parent_of, outgoing) read the same pairs', () => {
    const ids = ['a', 'b', 'c', 'd', 'e']
    check(
      'inverse',
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(...ids),
            fc.constantFrom('parent_of', 'child_of'),
            fc.constantFrom(...ids),
          ),
          { maxLength: 20 },
        ),
        (edges) => {
          const { g } = setup(ids)
          for (const [a, type, b] of edges) createTypedEdge(g, { from: a, to: b, type })
          const up = new Set<string>()
          const down = new Set<string>()
          for (const x of ids) {
            for (const p of walkEdges(g, x, 'child_of', 'incoming', 1)) up.add(`${p.node}>${x}`)
            for (const c of walkEdges(g, x, 'parent_of', 'outgoing', 1)) down.add(`${x}>${c.node}`)
          }
          expect([...up].sort()).toEqual([...down].sort())
          // And every stored link is among them, read parent first, one stored edge per pair.
          const pairs: string[] = []
          for (const e of g.index.edges.values()) {
            const pair = e.type === 'parent_of' ? `${e.from}>${e.to}` : `${e.to}>${e.from}`
            expect(down.has(pair)).toBe(true)
            pairs.push(pair)
          }
          expect(pairs.length).toBe(new Set(pairs).size)
        },
      ),
    )
  })
})

describe('traverse', () => {
  it('stops at depth 5 however deep the chain', () => {
    const ids = Array.from({ length: 9 }, (_, i) => `c${i}`)
    const { g } = setup(ids)
    for (let i = 0; i + 1 < ids.length; i++)
      ok(createTypedEdge(g, { from: ids[i], to: ids[i + 1], type: 'parent_of' }))
    let steps = walkEdges(g, 'c0', 'parent_of', 'outgoing', 10)
    let depth = 0
    while (steps.length) {
      depth++
      steps = steps[0]!.children
    }
    expect(depth).toBe(5)
  })

  it('goes project → tasks → findings for created_by, keeping only tasks with findings', () => {
    const { g } = setup()
    ok(createTypedEdge(g, { from: 'P', to: 'T1', type: 'parent_of' }))
    ok(createTypedEdge(g, { from: 'P', to: 'T2', type: 'parent_of' }))
    ok(createTypedEdge(g, { from: 'T1', to: 'F', type: 'created_by' }))
    const tree = walkEdges(g, 'P', 'created_by', 'outgoing', 2)
    expect(nodesOf(tree)).toEqual(['T1'])
    expect(nodesOf(tree[0]!.children)).toEqual(['F'])
    expect(tree[0]!.children[0]!.edge.type).toBe('created_by')
    expect(walkEdges(g, 'P', 'created_by', 'outgoing', 1)).toEqual([])
  })

  it('ends on a cycle of links instead of walking it forever', () => {
    const { g } = setup(['A', 'B'])
    ok(createTypedEdge(g, { from: 'A', to: 'B', type: 'related_to' }))
    ok(createTypedEdge(g, { from: 'B', to: 'A', type: 'related_to' }))
    const tree = walkEdges(g, 'A', 'related_to', 'outgoing', 5)
    expect(nodesOf(tree)).toEqual(['B'])
    expect(tree[0]!.children).toEqual([])
  })
})

describe('update, delete and the board', () => {
  it('merges properties, keeps what was there before and moves the version on', () => {
    const { g, clock } = setup()
    const e = ok(
      createTypedEdge(g, {
        from: 'P',
        to: 'T1',
        type: 'parent_of',
        properties: { status: 'todo', priority: 'high' },
      }),
    ).edge
    clock.tick(10)
    const r = ok(updateEdgeProperties(g, e.id, { status: 'doing', owner: null }))
    expect(r.previous).toEqual({ status: 'todo', priority: 'high' })
    expect(r.edge.properties).toEqual({ status: 'doing', priority: 'high' })
    expect(r.edge.updated_at).toBe(clock.t)
  })

  it('detects an update made since the version the caller read, instead of losing it', () => {
    const { g } = setup()
    const e = ok(
      createTypedEdge(g, { from: 'P', to: 'T1', type: 'parent_of', properties: { status: 'todo' } }),
    ).edge
    const seen = e.updated_at ?? e.created_at
    // Two agents read the same version; the first writes; the second is told, not silently overwritten.
    ok(updateEdgeProperties(g, e.id, { status: 'doing', agent: 'a1' }, { expected_updated_at: seen }))
    const f = failure(
      updateEdgeProperties(g, e.id, { status: 'doing', agent: 'a2' }, { expected_updated_at: seen }),
    )
    expect(f.reason).toBe('conflict')
    expect(f.message).toContain('"agent":"a1"')
    expect(g.index.edges.get(e.id)!.properties.agent).toBe('a1')
  })

  it('keeps both peers’ updates to different keys of one edge made apart', () => {
    const base = setup()
    const e = ok(
      createTypedEdge(base.g, { from: 'P', to: 'T1', type: 'parent_of', properties: { status: 'todo' } }),
    ).edge
    const bob = joinGraph(base, 'bob')
    ok(updateEdgeProperties(base.g, e.id, { status: 'doing' }))
    ok(updateEdgeProperties(bob.g, e.id, { priority: 'low' }))
    sync(base.doc, bob.doc)
    expect(base.g.index.edges.get(e.id)!.properties).toEqual({ status: 'doing', priority: 'low' })
    expect(bob.g.index.edges.get(e.id)!.properties).toEqual({ status: 'doing', priority: 'low' })
  })

  it('deletes an edge by id and says when there is none', () => {
    const { g } = setup()
    const e = ok(createTypedEdge(g, { from: 'P', to: 'T1', type: 'references' })).edge
    expect(ok(deleteEdge(g, e.id)).edge.id).toBe(e.id)
    expect(failure(deleteEdge(g, e.id)).reason).toBe('not_found')
  })

  it('groups a project’s tasks by the status on their edge, no status reading todo', () => {
    const { g } = setup()
    ok(createTypedEdge(g, { from: 'P', to: 'T1', type: 'parent_of', properties: { status: 'done' } }))
    ok(createTypedEdge(g, { from: 'P', to: 'T2', type: 'parent_of', properties: { status: 'doing' } }))
    ok(createTypedEdge(g, { from: 'T3', to: 'P', type: 'child_of' }))
    ok(createTypedEdge(g, { from: 'P', to: 'F', type: 'references', properties: { status: 'done' } }))
    const b = projectTasks(g, 'P')
    expect(b.todo.map((t) => t.node)).toEqual(['T3'])
    expect(b.doing.map((t) => t.node)).toEqual(['T2'])
    expect(b.done.map((t) => t.node)).toEqual(['T1'])
  })

  it('puts a doing task whose agent went quiet back to todo, on the clock it is given', () => {
    const { g, clock } = setup()
    const hour = 3_600_000
    const started = new Date(clock.t).toISOString()
    ok(
      createTypedEdge(g, {
        from: 'P',
        to: 'T1',
        type: 'parent_of',
        properties: { status: 'doing', started_at: started },
      }),
    )
    ok(
      createTypedEdge(g, {
        from: 'P',
        to: 'T2',
        type: 'parent_of',
        properties: { status: 'done', started_at: started },
      }),
    )
    expect(ok(resetStaleTasks(g, { now: clock.t + hour, timeout_ms: hour })).reset).toEqual([])
    const r = ok(resetStaleTasks(g, { now: clock.t + hour + 1, timeout_ms: hour }))
    expect(r.reset.map((e) => e.id)).toEqual(['P>parent_of>T1'])
    expect(g.index.edges.get('P>parent_of>T1')!.properties).toMatchObject({
      status: 'todo',
      reset_reason: 'agent_timeout',
    })
    expect(projectTasks(g, 'P').todo.map((t) => t.node)).toEqual(['T1'])
  })
})
