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
import { provider, synced, testServer, waitFor, type TestServer } from '@plexus/sync/test-server'
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
