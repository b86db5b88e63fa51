/**
 * Agents read children in the order people see them (issue 27): every MCP listing of siblings
 * (test/listings.ts) follows the order the map draws them in, `order` first (what a drop writes), then
 * creation time, then id; and a person's drag that reorders siblings shows in the agent's next read.
 * Over a real server with the official SDK client on each surface, and a person's tab (a stock
 * y-websocket client with the model on its copy, as the web app runs) writing the drops.
 */
import {
  createNodes,
  createTypedEdge,
  inDrawnOrder,
  openGraph,
  setTreePlaces,
  updateNodes,
  type Graph,
  type NodeView,
} from '@plexus/model'
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  destroyProvider,
  provider,
  synced,
  testServer,
  waitFor,
  type TestServer,
} from '@plexus/sync/test-server'
import { httpAgent, ok, type Agent } from './test/clients.ts'
import { listings, type Surfaces } from './test/listings.ts'
import { projectGraphId } from './memory/levels.ts'

// Fixed unless FC_SEED names another; printed so a failure can be replayed.
const SEED = Number(process.env.FC_SEED ?? 270_527)
console.log(`drawn-order.test (tools): FC_SEED=${SEED}`)

let server: TestServer | undefined
const agents: Agent[] = []
afterEach(async () => {
  for (const a of agents.splice(0)) await a.close()
  await server?.dispose()
  server = undefined
})

export async function surfaces(srv: TestServer): Promise<Surfaces> {
  const on = async (path: string) => {
    const a = await httpAgent(srv.url, { path })
    agents.push(a)
    return a.client
  }
  return {
    work: await on('/mcp'),
    memory: await on('/mcp/memory'),
    board: await on('/mcp/board'),
    concepts: await on('/mcp/concepts'),
  }
}

/**
 * Writes `marker` on the graph's root from the tab and waits until the server's answer has it: the
 * tab's updates reach the server in the order written, so everything it wrote before is there too.
 */
export async function settled(work: Surfaces['work'], person: Graph, root: string, marker: string) {
  expect(updateNodes(person, [{ id: root, notes: marker }]).ok).toBe(true)
  for (let i = 0; i < 2000; i++) {
    const r = await ok(work, 'graph_context', { node_id: root, depth: 0 })
    if (r.node.notes === marker) return
  }
  throw new Error(`the server never had the tab's ${marker}`)
}

/** A sibling's key as the map sorts by it (drawn-order.ts). */
const key = (n: NodeView): number => n.order ?? n.created_at

describe('siblings over MCP are listed in the order the map draws them', () => {
  it('children made one at a time, then dragged to the top twice: each read follows the map', async () => {
    server = await testServer()
    const s = await surfaces(server)
    const cwd = '/work/drawn-order-venues'
    const project = projectGraphId(cwd)
    const o = await ok(s.work, 'graph_open', { project, goal: 'Plan the offsite' })
    const root = o.root.id as string
    // The venues to choose from hang from the root, so the onboarding outline lists them too. Made one
    // call at a time: the map draws them in this order, whatever their random ids.
    const venue = root
    const kids: string[] = []
    for (const summary of ['Hall', 'Garden', 'Barn', 'Boat']) {
      const r = await ok(s.work, 'graph_plan', { project, nodes: [{ summary, parent_ref: venue }] })
      kids.push(r.created[0].id as string)
      // The board hangs each option from the venue, as its agents do.
      await ok(s.board, 'create_edge', { from_node_id: venue, to_node_id: kids.at(-1), type: 'parent_of' })
    }
    const tab = provider(server, project)
    await synced(tab)
    const person = openGraph(tab.doc, {
      actor: 'person:ada',
      now: Date.now,
      newId: () => `tab${Math.random()}`,
    })
    await waitFor(() => kids.every((k) => person.index.live(k)), 'the agent’s children in the tab')

    const check = async (what: string) => {
      for (const l of await listings(s, person, { project, cwd, parent: venue }))
        expect.soft(l.got, `${l.name}, ${what}`).toEqual(l.want)
    }
    await check('as made')

    // The person drags a child to the top, as the canvas's drop writes it (tree-drop.ts dropWrites:
    // before the first sibling, one below its key). Which child: one that puts the list out of id
    // order, so a listing by id cannot pass by chance.
    const drag = (when: string) => {
      const drawn = [...kids].sort((a, b) => {
        const na = person.index.nodes.get(a)!
        const nb = person.index.nodes.get(b)!
        return key(na) - key(nb) || (a < b ? -1 : 1)
      })
      const byId = [...kids].sort()
      const c = drawn.slice(1).find((x) => [x, ...drawn.filter((y) => y !== x)].join() !== byId.join())!
      expect(setTreePlaces(person, [{ id: c, order: key(person.index.nodes.get(drawn[0]!)!) - 1 }]).ok).toBe(
        true,
      )
      return `after ${when} drag of ${person.index.nodes.get(c)!.summary}`
    }
    let what = drag('a first')
    await settled(s.work, person, root, 'drop 1')
    await check(what)
    what = drag('a second')
    await settled(s.work, person, root, 'drop 2')
    await check(what)
  })
})

/** A tree under the graph's root, made by a person's tab in creation batches, then dropped about. */
interface Plan {
  /** parents[i]: the parent of node i, an earlier node, or -1 for the graph's root. */
  parents: number[]
  /** Where a new createNodes call starts (nodes of one call share their created_at). */
  cuts: boolean[]
  /** Where the tab's ids start: they come from a sequence whose text order is not the creation order. */
  idSeed: number
  /** Per node: no order, a small integer (ties, and ahead of every creation time), or the midpoint of two siblings' keys (Ctrl+D, a drop between two). */
  orders: Array<{ type: 'none' } | { type: 'int'; v: number } | { type: 'mid'; a: number; b: number }>
}

const plan: fc.Arbitrary<Plan> = fc.integer({ min: 1, max: 16 }).chain((n) =>
  fc.record({
    parents: fc.tuple(...Array.from({ length: n }, (_, i) => fc.integer({ min: -1, max: i - 1 }))),
    cuts: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    idSeed: fc.nat(2 ** 31 - 1),
    orders: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constant({ type: 'none' as const }) },
        {
          weight: 2,
          arbitrary: fc.integer({ min: 995, max: 1002 }).map((v) => ({ type: 'int' as const, v })),
        },
        {
          weight: 2,
          arbitrary: fc.tuple(fc.nat(20), fc.nat(20)).map(([a, b]) => ({ type: 'mid' as const, a, b })),
        },
      ),
      { minLength: n, maxLength: n },
    ),
  }),
)

let runs = 0

/** Makes the plan's tree from a tab (and the board's parent_of edges mirroring it), then its drops. */
async function grow(srv: TestServer, s: Surfaces, p: Plan) {
  const run = runs++
  const cwd = `/work/drawn-order-${process.pid}-${run}`
  const project = projectGraphId(cwd)
  const root = (await ok(s.work, 'graph_open', { project, goal: 'Order' })).root.id as string
  const tab = provider(srv, project)
  await synced(tab)
  const t0 = Date.now()
  let clock = t0
  // A full-period generator modulo 2^31: no id twice, in no particular text order.
  let x = p.idSeed
  const newId = () => {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff
    return `n_${run.toString(36).padStart(4, '0')}${x.toString(36).padStart(8, '0')}`
  }
  const person = openGraph(tab.doc, { actor: 'person:ada', now: () => clock, newId })
  const ids: string[] = []
  await waitFor(() => person.index.live(root) !== undefined, 'the graph in the tab')
  let batch: Parameters<typeof createNodes>[1] = []
  const flush = () => {
    if (!batch.length) return
    const r = createNodes(person, batch, { mode: 'force' })
    if (!r.ok) throw new Error(r.message)
    for (const it of batch) ids.push(r.refs[it.ref!]!)
    batch = []
    clock++
  }
  p.parents.forEach((up, i) => {
    if (p.cuts[i]) flush()
    // A parent made in an earlier call is named by id, one in this call by its ref.
    const parent = up < 0 ? root : ids[up]
    batch.push({
      ref: `t${i}`,
      summary: `Topic ${i}`,
      ...(parent !== undefined ? { parent } : { parent_ref: `t${up}` }),
    })
  })
  flush()
  const st = () => person.index.struct()
  for (const id of [root, ...ids])
    for (const c of st().children.get(id) ?? [])
      expect(createTypedEdge(person, { from: id, to: c, type: 'parent_of' }).ok).toBe(true)
  const keyOf = (x: string) => key(person.index.nodes.get(x)!)
  p.orders.forEach((o, i) => {
    if (o.type === 'none') return
    const id = ids[i]!
    const sibs = inDrawnOrder(person.index, st().children.get(st().parent.get(id)!) ?? [])
    const order =
      o.type === 'int' ? o.v : (keyOf(sibs[o.a % sibs.length]!) + keyOf(sibs[o.b % sibs.length]!)) / 2
    expect(setTreePlaces(person, [{ id, order }]).ok).toBe(true)
  })
  await settled(s.work, person, root, `run ${run}`)
  return { person, project, cwd, root }
}

// Kept as examples: each failed on the build before the tools read the drawn order.
const REGRESSIONS: Plan[] = [
  // Seed 270527 before the fix: two branches of the root made in one call, the second dropped first
  // (graph_context, graph_onboard, kg_read and the concepts list gave them by id or as loaded).
  {
    parents: [-1, -1],
    cuts: [false, false],
    idSeed: 0,
    orders: [{ type: 'none' }, { type: 'int', v: 995 }],
  },
]

/** A person's tab on `project` with the model on its copy, as the web app runs; `ids` there once synced. */
async function tabOn(srv: TestServer, project: string, ids: string[]) {
  const tab = provider(srv, project)
  await synced(tab)
  const person = openGraph(tab.doc, {
    actor: 'person:ada',
    now: Date.now,
    newId: () => `tab${Math.random()}`,
  })
  await waitFor(() => ids.every((k) => person.index.live(k)), 'the agent’s nodes in the tab')
  return { tab, person }
}

/** The children the person's map draws under `parent` (the canvas sorts siblings with inDrawnOrder). */
const drawnUnder = (person: Graph, parent: string): string[] =>
  inDrawnOrder(person.index, person.index.struct().children.get(parent) ?? [])

/** What every surface lists under `parent`, beside the map, that differs from it. */
async function wrongListings(
  s: Surfaces,
  person: Graph,
  o: { project: string; cwd: string; parent: string },
) {
  return (await listings(s, person, o))
    .filter((l) => JSON.stringify(l.got) !== JSON.stringify(l.want))
    .map((l) => ({ name: l.name, got: l.got, want: l.want }))
}

/** graph_context's children, by id, as listed. */
const childIds = (ctx: { children?: Array<{ id?: string; node?: { id?: string } }> }): string[] =>
  (ctx.children ?? []).map((c) => String(c.id ?? c.node?.id))

/** The board mirrors the tree with parent_of edges (as its agents hang tasks): its listings follow them. */
function mirror(person: Graph, from: string): void {
  for (const c of person.index.struct().children.get(from) ?? []) {
    if (
      ![...person.index.edges.values()].some((e) => e.from === from && e.to === c && e.type === 'parent_of')
    )
      expect(createTypedEdge(person, { from, to: c, type: 'parent_of' }).ok).toBe(true)
    mirror(person, c)
  }
}

describe('a plan is drawn and listed in the order the agent wrote it (issue 27)', () => {
  it('graph_plan with eight steps in one call, under a root with two children: the map and every listing give the two, then the eight as written; a drag wins', async () => {
    server = await testServer()
    const s = await surfaces(server)
    const cwd = '/work/drawn-order-plan'
    const project = projectGraphId(cwd)
    const root = (await ok(s.work, 'graph_open', { project, goal: 'Launch the beta' })).root.id as string
    const had: string[] = []
    for (const summary of ['Brief', 'Budget'])
      had.push(
        (await ok(s.work, 'graph_plan', { project, nodes: [{ summary, parent_ref: root }] })).created[0].id,
      )
    // One call, one millisecond: without places apart the map draws them by their random ids.
    const steps = ['Scope', 'Design', 'Build', 'Test', 'Docs', 'Launch', 'Measure', 'Retro']
    const plan = await ok(s.work, 'graph_plan', {
      project,
      nodes: steps.map((summary, i) => ({ ref: `s${i}`, summary, parent_ref: root })),
    })
    const ids = (plan.created as Array<{ ref: string; id: string }>).map((c) => c.id)
    expect((plan.created as Array<{ ref: string }>).map((c) => c.ref)).toEqual(steps.map((_, i) => `s${i}`))
    const { tab, person } = await tabOn(server, project, ids)
    expect(drawnUnder(person, root)).toEqual([...had, ...ids])
    const ctx = await ok(s.work, 'graph_context', { project, node_id: root, depth: 1, limit: 50 })
    expect(childIds(ctx)).toEqual([...had, ...ids])
    mirror(person, root)
    await settled(s.work, person, root, 'edges')
    expect(await wrongListings(s, person, { project, cwd, parent: root })).toEqual([])

    // The person drags the last step to the top, as the canvas's drop writes it: the next read follows.
    expect(
      setTreePlaces(person, [{ id: ids[7]!, order: key(person.index.nodes.get(had[0]!)!) - 1 }]).ok,
    ).toBe(true)
    await settled(s.work, person, root, 'dragged')
    const after = await ok(s.work, 'graph_context', { project, node_id: root, depth: 1, limit: 50 })
    expect(childIds(after)).toEqual([ids[7], ...had, ...ids.slice(0, 7)])
    destroyProvider(tab)
  })
})

/** One graph_plan call over a graph made before it: where each item hangs, and which existing nodes there are. */
interface AgentPlan {
  /** Per existing node (one graph_plan call each): its parent, an earlier existing node or -1 for the root. */
  existing: number[]
  /** Per item: an existing node (`node`, -1 the root) or another item (`item`), named by ref. */
  items: Array<{ node: number } | { item: number }>
  /** A random permutation's ranks: an item hangs from an item of lower rank only (no loops), written before or after it. */
  ranks: number[]
}

const agentPlan: fc.Arbitrary<AgentPlan> = fc
  .record({ e: fc.integer({ min: 0, max: 4 }), n: fc.integer({ min: 1, max: 10 }) })
  .chain(({ e, n }) =>
    fc.record({
      existing: fc.tuple(...Array.from({ length: e }, (_, i) => fc.integer({ min: -1, max: i - 1 }))),
      items: fc.array(
        fc.oneof(
          fc.record({ node: fc.integer({ min: -1, max: e - 1 }) }),
          fc.record({ item: fc.nat(n - 1) }),
        ),
        { minLength: n, maxLength: n },
      ),
      ranks: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
    }),
  )

// Kept as examples: each failed on the build before graph_plan placed its nodes (f775b09), and on
// faca989's stamps in parents-first order (the first step hangs from the third, so the third was made,
// and drawn, before the second).
const PLAN_REGRESSIONS: AgentPlan[] = [
  { existing: [-1], items: [{ item: 2 }, { node: -1 }, { node: -1 }, { node: 0 }], ranks: [2, 0, 1, 3] },
]

describe("property: graph_plan draws every parent's new children as written, after the ones it had", () => {
  let srv: TestServer
  let s: Surfaces
  beforeAll(async () => {
    srv = await testServer()
    s = await surfaces(srv)
  })
  afterAll(async () => {
    for (const a of agents.splice(0)) await a.close()
    await srv.dispose()
  })

  it(`random plans over random trees, read on a person's tab and over every surface (FC_SEED ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(agentPlan, async (p) => {
        const run = runs++
        const cwd = `/work/plan-order-${process.pid}-${run}`
        const project = projectGraphId(cwd)
        const root = (await ok(s.work, 'graph_open', { project, goal: 'Order' })).root.id as string
        const old: string[] = []
        for (const [i, up] of p.existing.entries()) {
          const parent_ref = up < 0 ? root : old[up]!
          old.push(
            (await ok(s.work, 'graph_plan', { project, nodes: [{ summary: `Old ${i}`, parent_ref }] }))
              .created[0].id,
          )
        }
        const parentOf = (i: number): string => {
          const at = p.items[i]!
          if ('item' in at && p.ranks[at.item]! < p.ranks[i]!) return `r${at.item}`
          const e = 'node' in at ? at.node : -1
          return e < 0 ? root : old[e]!
        }
        const { tab, person } = await tabOn(srv, project, old)
        const before = new Map([root, ...old].map((id) => [id, drawnUnder(person, id)]))
        const plan = await ok(s.work, 'graph_plan', {
          project,
          nodes: p.items.map((_, i) => ({ ref: `r${i}`, summary: `Step ${i}`, parent_ref: parentOf(i) })),
        })
        const made = new Map((plan.created as Array<{ ref: string; id: string }>).map((c) => [c.ref, c.id]))
        const ids = p.items.map((_, i) => made.get(`r${i}`)!)
        await waitFor(() => ids.every((k) => person.index.live(k)), 'the plan in the tab')
        const want = new Map(before)
        for (const id of ids) want.set(id, [])
        p.items.forEach((_, i) => {
          const up = parentOf(i)
          want.get(made.get(up) ?? up)!.push(ids[i]!)
        })
        for (const [parent, kids] of want) expect(drawnUnder(person, parent), `under ${parent}`).toEqual(kids)
        mirror(person, root)
        await settled(s.work, person, root, `run ${run}`)
        expect(await wrongListings(s, person, { project, cwd, parent: root })).toEqual([])
        destroyProvider(tab)
      }),
      { seed: SEED, numRuns: 12, examples: PLAN_REGRESSIONS.map((r) => [r] as [AgentPlan]) },
    )
  })
})

describe('property: every listing of siblings equals the drawn order', () => {
  let srv: TestServer
  let s: Surfaces
  beforeAll(async () => {
    srv = await testServer()
    s = await surfaces(srv)
  })
  afterAll(async () => {
    for (const a of agents.splice(0)) await a.close()
    await srv.dispose()
  })

  it('random trees, creation batches, order values with ties and midpoints', async () => {
    await fc.assert(
      fc.asyncProperty(plan, async (p) => {
        const { person, project, cwd, root } = await grow(srv, s, p)
        const wrong = (await listings(s, person, { project, cwd, parent: root })).filter(
          (l) => JSON.stringify(l.got) !== JSON.stringify(l.want),
        )
        expect(wrong).toEqual([])
      }),
      { seed: SEED, numRuns: 25, examples: REGRESSIONS.map((r) => [r] as [Plan]) },
    )
  })
})
