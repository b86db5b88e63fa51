/**
 * Builds that run at the same moment on one graph give the graph the same builds give one after
 * another (issue 23, the builds' own gap): a REST import, `graph_import`, `graph_add_facts` and the
 * engine's `add_facts` of overlapping names, sent together, end with the same nodes and relations
 * as the same calls made in turn (in some order), and no name twice. Built in the worker each one
 * used to start from a copy of the graph taken before any of them applied, so none saw the others'
 * nodes and every shared name came out twice.
 *
 * Generated batches (fast-check, seeded; `PLEXUS_SEED=N` replays one), a real server with its real
 * worker thread and SQLite store. Its inline threshold is lowered so small generated builds take the
 * worker's path, and the shortest still run on the request thread, meeting builds in the worker.
 */
import fc from 'fast-check'
import { mcpCall } from '../test/mcp-call.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '../test/server-harness.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129
const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
const NAMES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliet']
const RELS = ['depends_on', 'uses']

type Fact = { from: string; rel: string; to: string }
type Via = 'rest' | 'graph_import' | 'graph_add_facts' | 'add_facts'
interface Build {
  via: Via
  facts: Fact[]
}

let server: TestServer
beforeAll(async () => {
  // Builds of 60 characters or more go to the worker; a fact is about 20.
  server = await testServer({ buildInlineChars: 60 })
})
afterAll(async () => server?.dispose())
const call = (path: string, name: string, args: Record<string, unknown>) =>
  mcpCall(server.url, path, name, args)

const dsl = (facts: Fact[]) => facts.map((f) => `${f.from} ${f.rel} ${f.to}`).join('\n') + '\n'

async function run(graph: string, b: Build): Promise<unknown> {
  switch (b.via) {
    case 'rest': {
      const r = await fetch(`${server.url}/api/graphs/${graph}/import?format=dsl`, {
        method: 'POST',
        body: dsl(b.facts),
      })
      const body = await r.text()
      if (r.status !== 200) throw new Error(`REST import failed: ${r.status} ${body}`)
      return
    }
    case 'graph_import':
      return call('/mcp', 'graph_import', { project: graph, format: 'dsl', text: dsl(b.facts) })
    case 'graph_add_facts':
      return call('/mcp', 'graph_add_facts', { project: graph, text: dsl(b.facts) })
    case 'add_facts':
      return call('/mcp/engine', 'add_facts', { graph, facts: b.facts })
  }
}

/** The graph as a user reads it: each live node's name (a sorted list, so a name twice shows) and each relation by names. */
async function shape(graph: string): Promise<{ names: string[]; relations: string[] }> {
  const r = await fetch(`${server.url}/api/graphs/${graph}/export?format=json`)
  expect(r.status).toBe(200)
  const g = (await r.json()) as {
    nodes: Array<{ id: string; summary: string; deleted_at?: number | null }>
    edges: Array<{ from: string; to: string; type: string }>
  }
  const live = g.nodes.filter((n) => !n.deleted_at)
  const name = new Map(live.map((n) => [n.id, n.summary]))
  return {
    names: live.map((n) => n.summary).sort(),
    relations: g.edges
      .filter((e) => name.has(e.from) && name.has(e.to))
      .map((e) => `${name.get(e.from)} -${e.type}-> ${name.get(e.to)}`)
      .sort(),
  }
}

function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs]
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]))
}

let n = 0
async function fresh(): Promise<string> {
  const graph = `b${n++}`
  await call('/mcp', 'graph_open', { project: graph, goal: 'Goal' })
  return graph
}

async function sameAsInTurn(
  batch: Build[],
  atOnce: (graph: string) => Promise<unknown> = (graph) => Promise.all(batch.map((b) => run(graph, b))),
): Promise<void> {
  const together = await fresh()
  await atOnce(together)
  const got = await shape(together)
  const seen: string[] = []
  for (const order of permutations(batch)) {
    const inTurn = await fresh()
    for (const b of order) await run(inTurn, b)
    const want = await shape(inTurn)
    if (JSON.stringify(want) === JSON.stringify(got)) return
    seen.push(JSON.stringify(want.names))
  }
  const twice = got.names.filter((x, i) => got.names[i - 1] === x)
  throw new Error(
    `${batch.length} builds at once gave names ${JSON.stringify(got.names)} (twice: ${JSON.stringify(twice)}); ` +
      `one after another they give ${seen.slice(0, 2).join(' or ')}`,
  )
}

const fact = fc.record({
  from: fc.constantFrom(...NAMES),
  rel: fc.constantFrom(...RELS),
  to: fc.constantFrom(...NAMES),
})
const build = fc.record({
  via: fc.constantFrom<Via>('rest', 'graph_import', 'graph_add_facts', 'add_facts'),
  facts: fc
    .uniqueArray(fact, { minLength: 1, maxLength: 8, selector: (f) => `${f.from}|${f.to}` })
    .map((fs) => fs.filter((f) => f.from !== f.to))
    .filter((fs) => fs.length > 0),
})

describe('builds at the same moment on one graph (seeded)', () => {
  // The second build is sent once the first has reached the worker, which has then read the graph
  // without it: the moment two builds at once met before builds took turns.
  async function second(first: Build, then: Build) {
    const begun = new Promise<void>((resolve) => {
      const off = server.offload.onStart(() => {
        off()
        resolve()
      })
    })
    return sameAsInTurn([first, then], async (graph) => {
      const a = run(graph, first)
      await begun
      await Promise.all([a, run(graph, then)])
    })
  }
  const alphaTo = (...to: string[]): Fact[] => to.map((t) => ({ from: 'Alpha', rel: 'depends_on', to: t }))

  it('a large build, and another of the same names while the first is in the worker', () =>
    second(
      { via: 'graph_add_facts', facts: alphaTo('Juliet', 'Echo', 'Golf') },
      { via: 'rest', facts: alphaTo('Bravo', 'Echo', 'Golf') },
    ))

  // Seed 591198281 shrank to this: the small one ran on the request thread under the large one's stale copy.
  it('a large build, and a small one of a name it adds while the first is in the worker', () =>
    second(
      { via: 'rest', facts: alphaTo('Juliet', 'Echo', 'Golf') },
      { via: 'rest', facts: alphaTo('Bravo') },
    ))

  it('seed 591198281', () => property(591198281, 4))

  // graph_import into a graph that does not exist yet makes it: two at once both take that path.
  it('two graph_imports at once into a new graph: each name once, one root', async () => {
    const a = alphaTo('Juliet', 'Echo', 'Golf')
    const b = alphaTo('Bravo', 'Echo')
    const imp = (graph: string, facts: Fact[]) =>
      call('/mcp', 'graph_import', { project: graph, format: 'dsl', text: dsl(facts) })
    const together = `new${n++}`
    await Promise.all([imp(together, a), imp(together, b)])
    const inTurn = `new${n++}`
    await imp(inTurn, a)
    await imp(inTurn, b)
    // The root a new graph is made with is named after the graph.
    const root = (graph: string, x: { names: string[]; relations: string[] }) =>
      JSON.parse(JSON.stringify(x).replaceAll(graph, '(root)')) as typeof x
    const got = root(together, await shape(together))
    expect(got).toEqual(root(inTurn, await shape(inTurn)))
    expect(new Set(got.names).size).toBe(got.names.length)
  })

  it('any batch at once gives what it gives one after another', () => property(seed, 12), 120_000)
})

async function property(seed: number, numRuns: number) {
  console.log(`builds-concurrent seed ${seed} (PLEXUS_SEED=${seed} replays it)`)
  try {
    await fc.assert(
      fc.asyncProperty(fc.array(build, { minLength: 2, maxLength: 3 }), (batch) => sameAsInTurn(batch)),
      { seed, numRuns, verbose: 1 },
    )
  } catch (error) {
    console.error(`builds-concurrent failed with seed ${seed} (PLEXUS_SEED=${seed} replays it)`)
    throw error
  }
}
