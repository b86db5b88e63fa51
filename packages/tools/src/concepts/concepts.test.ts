/**
 * Seed 001's `graph` tool and its resources (`/mcp/concepts`, `plexus mcp --tools concepts`) with the
 * official SDK client over HTTP and stdio: the seed's actions with its argument names, mutation
 * answers with the working set, nearby and potential duplicates, `suggest` by type, the resources
 * under the seed's URIs, and the working set following the agent to its next connection.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { fails, httpAgent, ok, stdioAgent, type Agent } from '../test/clients.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any

/** PLEXUS_SEED=N replays the generated labels (fast-check prints the seed of a failing run). */
const SEED = Number(process.env.PLEXUS_SEED ?? 20261129)
/** Words that share nothing with the distributed-systems concepts below, not even a near spelling. */
const UNRELATED = [
  'Banana',
  'Giraffe',
  'Saxophone',
  'Marmalade',
  'Tulip',
  'Kayak',
  'Origami',
  'Lantern',
  'Walrus',
  'Cinnamon',
  'Trombone',
  'Meadow',
  'Pelican',
  'Velvet',
  'Glacier',
  'Harbor',
  'Pancake',
  'Orchid',
]

function conceptsSuite(label: string, connect: (server: TestServer, name: string) => Promise<Agent>): void {
  describe(`seed 001's graph tool over ${label}`, () => {
    let server: TestServer
    let agent: Agent
    let a: Client
    let n = 0
    const fresh = () => `concepts-${label.toLowerCase()}-${n++}`
    beforeAll(async () => {
      server = await testServer()
      agent = await connect(server, 'mind-mapper')
      a = agent.client
    })
    afterAll(async () => {
      await agent?.close()
      await server?.dispose()
    })

    it('lists one tool, graph, under 8 KB', async () => {
      const { tools } = await a.listTools()
      expect(tools.map((t) => t.name)).toEqual(['graph'])
      const size = Buffer.byteLength(JSON.stringify({ tools }))
      console.log(`/mcp/concepts tools/list: ${size} B`)
      expect(size).toBeLessThan(8 * 1024)
    })

    it('creates and connects by label, answering the working set, nearby and duplicates', async () => {
      const graph = fresh()
      const cap = await ok(a, 'graph', { graph, action: 'create', entity: 'concept', label: 'CAP Theorem' })
      expect(cap.created.label).toBe('CAP Theorem')
      expect(cap.working_set.hot.map((c: Any) => c.label)).toContain('CAP Theorem')
      await ok(a, 'graph', { graph, action: 'create', label: 'Partition Tolerance' })
      const edge = await ok(a, 'graph', {
        graph,
        action: 'connect',
        from_label: 'cap theorem',
        to_label: 'Partition Tolerance',
        relationship: 'REQUIRES',
      })
      expect(edge.edge).toMatchObject({
        from: { label: 'CAP Theorem' },
        to: { label: 'Partition Tolerance' },
        type: 'requires',
      })
      expect(edge.uncertain).toBeUndefined()
      expect(edge.resolved.map((r: Any) => r.confidence)).toEqual(['100%', '100%'])
      // A concept one hop from the hot set is nearby.
      await ok(a, 'graph', { graph, action: 'create', label: 'Network Partitions' })
      await ok(a, 'graph', {
        graph,
        action: 'create',
        entity: 'edge',
        from_label: 'Network Partitions',
        to_label: 'Partition Tolerance',
      })
      for (let i = 0; i < 10; i++)
        await ok(a, 'graph', { graph, action: 'create', label: `Filler ${i} topic` })
      const later = await ok(a, 'graph', { graph, action: 'create', label: 'Quorum Reads' })
      expect(later.working_set.hot).toHaveLength(10)
      expect(later.working_set.warm.map((c: Any) => c.label)).toContain('CAP Theorem')
      const touch = await ok(a, 'graph', {
        graph,
        action: 'edit',
        label: 'Partition Tolerance',
        notes: 'P in CAP',
      })
      expect(touch.nearby.map((c: Any) => c.label)).toContain('Network Partitions')
      await ok(a, 'graph', {
        graph,
        action: 'delete',
        entity: 'edge',
        from_label: 'CAP Theorem',
        to_label: 'Partition Tolerance',
        relationship: 'requires',
      })
      // Modes: strict refuses a match, auto takes it, force creates beside it and names the duplicate.
      expect(
        await fails(a, 'graph', { graph, action: 'create', label: 'CAP theorem', mode: 'strict' }),
      ).toMatch(/CAP Theorem/)
      const auto = await ok(a, 'graph', { graph, action: 'create', label: 'CAP theorem' })
      expect(auto.matched).toMatchObject({ label: 'CAP Theorem', similarity: '100%' })
      const forced = await ok(a, 'graph', { graph, action: 'create', label: 'CAP theorem', mode: 'force' })
      expect(forced.created.label).toBe('CAP theorem')
      expect(forced.potential_duplicates).toEqual([
        expect.objectContaining({ label: 'CAP Theorem', similarity: '100%' }),
      ])
      // Now the label names two concepts equally well: taken, and flagged uncertain.
      const tied = await ok(a, 'graph', {
        graph,
        action: 'connect',
        from_label: 'CAP theorem',
        to_label: 'Network Partitions',
      })
      expect(tied.uncertain).toBe(true)
      // The concept is on the canvas: the work surface's graph holds it.
      const work = await ok(a, 'graph', { graph, action: 'list', query: 'Quorum' })
      expect(work.concepts.map((c: Any) => c.label)).toEqual(['Quorum Reads'])
      // Delete a concept.
      const gone = await ok(a, 'graph', { graph, action: 'delete', label: 'Quorum Reads' })
      expect(gone.deleted).toMatchObject({ label: 'Quorum Reads', restorable: true })
      expect(
        await fails(a, 'graph', {
          graph,
          action: 'connect',
          from_label: 'Quorum Reads',
          to_label: 'CAP Theorem',
        }),
      ).toMatch(/no concept named "Quorum Reads"/)
    })

    it("runs the seed's compound operation as written: create_and_connect with connect_to", async () => {
      const graph = fresh()
      const cap = await ok(a, 'graph', { graph, action: 'create', label: 'CAP Theorem' })
      await ok(a, 'graph', { graph, action: 'create', label: 'Consistency Models' })
      // graph action:"create_and_connect" label: "Eventual Consistency" connect_to: "CAP Theorem" relationship: "ENABLES"
      const r = await ok(a, 'graph', {
        graph,
        action: 'create_and_connect',
        label: 'Eventual Consistency',
        connect_to: 'CAP Theorem',
        relationship: 'ENABLES',
      })
      // Returns: created, connected_to (CAP Theorem), edge CAP Theorem -[ENABLES]-> created, working_set_size.
      expect(r.created.label).toBe('Eventual Consistency')
      expect(r.connected_to).toEqual({ id: cap.created.id, label: 'CAP Theorem' })
      expect(r.edge).toMatchObject({
        from: { label: 'CAP Theorem' },
        to: { id: r.created.id, label: 'Eventual Consistency' },
        type: 'enables',
        created: true,
      })
      expect(r.working_set_size).toBe(3)
      // connect_to on a plain create is the same compound; a label naming nothing writes nothing.
      const more = await ok(a, 'graph', {
        graph,
        action: 'create',
        label: 'Read Repair',
        connect_to: 'eventual consistency',
      })
      expect(more.connected_to.label).toBe('Eventual Consistency')
      expect(
        await fails(a, 'graph', { graph, action: 'create_and_connect', label: 'Hinted Handoff' }),
      ).toMatch(/connect_to/)
      expect(
        await fails(a, 'graph', {
          graph,
          action: 'create_and_connect',
          label: 'Hinted Handoff',
          connect_to: 'Nothing Named So',
        }),
      ).toMatch(/no concept named "Nothing Named So"/)
      const list = await ok(a, 'graph', { graph, action: 'list', query: 'Hinted Handoff' })
      expect(list.concepts).toEqual([])
    })

    it("answers the seed's similar_existing on a create: other concepts named alike, with a percentage", async () => {
      const graph = fresh()
      const cap = await ok(a, 'graph', { graph, action: 'create', label: 'CAP Theorem' })
      const models = await ok(a, 'graph', { graph, action: 'create', label: 'Consistency Models' })
      await ok(a, 'graph', { graph, action: 'create', label: 'Vector Clocks' })
      // similar_existing: ["Consistency Models" (78%)]: listed by the model's label similarity (half
      // its words shared, 50 %); neither the concept it connected to nor itself.
      const r = await ok(a, 'graph', {
        graph,
        action: 'create_and_connect',
        label: 'Eventual Consistency',
        connect_to: 'CAP Theorem',
        relationship: 'ENABLES',
      })
      expect(r.similar_existing).toEqual([
        { id: models.created.id, label: 'Consistency Models', similarity: '50%' },
      ])
      // A near-duplicate made anyway is listed (and is a potential duplicate too).
      const twin = await ok(a, 'graph', {
        graph,
        action: 'create',
        label: 'CAP theorem',
        mode: 'force',
        connect_to: 'Vector Clocks',
      })
      expect(twin.similar_existing).toEqual([
        { id: cap.created.id, label: 'CAP Theorem', similarity: '100%' },
      ])
      // Generated labels sharing nothing with the graph: none listed (each forgotten after, so the
      // graph holds the same concepts for every run).
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.constantFrom(...UNRELATED), { minLength: 1, maxLength: 3 }),
          async (words) => {
            const label = words.join(' ')
            const made = await ok(a, 'graph', {
              graph,
              action: 'create_and_connect',
              label,
              connect_to: 'Vector Clocks',
              mode: 'force',
            })
            expect(made.similar_existing, label).toEqual([])
            await ok(a, 'graph', { graph, action: 'delete', id: made.created.id })
          },
        ),
        { seed: SEED, numRuns: 20 },
      )
    })

    it("resolves the seed's from_query / to_query by search, flagged uncertain unless the query names the concept", async () => {
      const graph = fresh()
      await ok(a, 'graph', { graph, action: 'create', label: 'CAP Theorem' })
      const models = await ok(a, 'graph', {
        graph,
        action: 'create',
        label: 'Consistency Models',
        notes: 'linearizable, sequential, causal, eventual: how distributed replicas agree',
      })
      await ok(a, 'graph', { graph, action: 'create', label: 'Vector Clocks' })
      // from_query: "distributed consistency"  # Fuzzy match
      const r = await ok(a, 'graph', {
        graph,
        action: 'connect',
        from_query: 'distributed consistency',
        to_label: 'CAP Theorem',
      })
      expect(r.edge).toMatchObject({ from: { id: models.created.id }, to: { label: 'CAP Theorem' } })
      expect(r.resolved[0]).toMatchObject({ arg: 'from_query', by: 'query', id: models.created.id })
      expect(r.uncertain).toBe(true)
      // A query that names a concept by its label is as sure as the label.
      const exact = await ok(a, 'graph', {
        graph,
        action: 'connect',
        from_label: 'Vector Clocks',
        to_query: 'consistency models',
      })
      expect(exact.edge.to.id).toBe(models.created.id)
      expect(exact.uncertain).toBeUndefined()
      // sure: a guess is refused, naming what it found; a query matching nothing says so.
      expect(
        await fails(a, 'graph', {
          graph,
          action: 'connect',
          from_query: 'distributed consistency',
          to_label: 'Vector Clocks',
          sure: true,
        }),
      ).toMatch(/Consistency Models/)
      expect(
        await fails(a, 'graph', {
          graph,
          action: 'connect',
          from_query: 'zebra xylophone',
          to_label: 'CAP Theorem',
        }),
      ).toMatch(/from_query: nothing matches "zebra xylophone"/)
    })

    it('a create that would connect with a relationship or properties the graph refuses writes nothing', async () => {
      const graph = fresh()
      await ok(a, 'graph', { graph, action: 'create', label: 'CAP Theorem' })
      for (const bad of [{ relationship: 'part of' }, { properties: { '': 1 } }]) {
        const said = await fails(a, 'graph', {
          graph,
          action: 'create',
          label: 'Partition Tolerance',
          from_label: 'CAP Theorem',
          ...bad,
        })
        expect(said).toMatch(/nothing was written/i)
        // Never "failed" for a saved change: the concept was not created either.
        const list = await ok(a, 'graph', { graph, action: 'list' })
        expect(JSON.stringify(list)).not.toContain('Partition Tolerance')
      }
    })

    it('suggests by type, checkpoints and resumes, and serves graph/session, graph/suggestions, graph/checkpoints', async () => {
      await ok(a, 'graph', { action: 'create', label: 'Eventual Consistency' })
      await ok(a, 'graph', { action: 'create', label: 'Vector Clocks' })
      const orphans = await ok(a, 'graph', { action: 'suggest', type: 'orphans' })
      expect(Object.keys(orphans).sort()).toEqual(['action', 'orphans', 'type'])
      expect(orphans.orphans.map((c: Any) => c.label)).toEqual(
        expect.arrayContaining(['Eventual Consistency', 'Vector Clocks']),
      )
      const cp = await ok(a, 'graph', { action: 'checkpoint', name: 'ml-safety-review' })
      expect(cp.checkpoint.name).toBe('ml-safety-review')
      const back = await ok(a, 'graph', { action: 'resume', name: 'ml-safety-review' })
      expect(back.working_set.hot.map((c: Any) => c.label)).toContain('Vector Clocks')
      const { resources } = await a.listResources()
      expect(resources.map((r) => r.uri).sort()).toEqual([
        'graph/checkpoints',
        'graph/session',
        'graph/suggestions',
      ])
      const read = async (uri: string) =>
        JSON.parse(((await a.readResource({ uri })).contents[0] as Any).text)
      expect((await read('graph/session')).working_set.hot.map((c: Any) => c.label)).toContain(
        'Vector Clocks',
      )
      expect((await read('graph/suggestions')).orphans.map((c: Any) => c.label)).toContain(
        'Eventual Consistency',
      )
      expect((await read('graph/checkpoints')).checkpoints.map((c: Any) => c.name)).toEqual([
        'ml-safety-review',
      ])
    })

    it('names its resources for a wrong URI as not found (-32002), and lists the per-graph ones as templates', async () => {
      const err = await a.readResource({ uri: 'graph/sessions' }).then(
        () => null,
        (e: Any) => e,
      )
      expect(err?.code).toBe(-32002)
      expect(err?.message).toContain('graph/session, graph/suggestions, graph/checkpoints')
      const { resourceTemplates } = await a.listResourceTemplates()
      expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
        'graph/checkpoints/{graph}',
        'graph/session/{graph}',
        'graph/suggestions/{graph}',
      ])
      const graph = fresh()
      await ok(a, 'graph', { graph, action: 'create', label: 'Merkle Trees' })
      const read = JSON.parse(
        ((await a.readResource({ uri: `graph/session/${graph}` })).contents[0] as Any).text,
      )
      expect(read.working_set.hot.map((c: Any) => c.label)).toEqual(['Merkle Trees'])
    })

    it("keeps the seed's hot_edges: the 10 edges this session created last, newest first, with ends and type", async () => {
      const graph = fresh()
      await ok(a, 'graph', { graph, action: 'create', label: 'CAP Theorem' })
      await ok(a, 'graph', { graph, action: 'create', label: 'Partition Tolerance' })
      const first = await ok(a, 'graph', {
        graph,
        action: 'connect',
        from_label: 'CAP Theorem',
        to_label: 'Partition Tolerance',
        relationship: 'REQUIRES',
      })
      // Edge: c_abc123 -[REQUIRES]-> c_def456, in the mutation's answer and in the session.
      const shaped = {
        id: first.edge.id,
        from: { id: first.edge.from.id, label: 'CAP Theorem' },
        to: { id: first.edge.to.id, label: 'Partition Tolerance' },
        type: 'requires',
      }
      expect(first.working_set.hot_edges).toEqual([shaped])
      expect((await ok(a, 'graph', { graph, action: 'session' })).working_set.hot_edges).toEqual([shaped])
      // Eleven more, each made by the compound: the hot window keeps the 10 newest, newest first.
      for (let i = 0; i < 11; i++)
        await ok(a, 'graph', {
          graph,
          action: 'create_and_connect',
          label: `Replica ${i} lag`,
          connect_to: 'Partition Tolerance',
          relationship: 'ENABLES',
        })
      const session = await ok(a, 'graph', { graph, action: 'session' })
      const hotEdges = session.working_set.hot_edges
      expect(hotEdges).toHaveLength(10)
      expect(hotEdges.map((e: Any) => e.to.label)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Replica ${10 - i} lag`),
      )
      expect(hotEdges.every((e: Any) => e.type === 'enables' && e.from.label === 'Partition Tolerance')).toBe(
        true,
      )
      // The resource the seed names reads the same.
      const read = JSON.parse(
        ((await a.readResource({ uri: `graph/session/${graph}` })).contents[0] as Any).text,
      )
      expect(read.working_set.hot_edges).toEqual(hotEdges)
      // An edge deleted is no longer hot; connecting an edge that already exists creates nothing new.
      await ok(a, 'graph', {
        graph,
        action: 'delete',
        entity: 'edge',
        from_label: 'Partition Tolerance',
        to_label: 'Replica 10 lag',
        relationship: 'enables',
      })
      const again = await ok(a, 'graph', {
        graph,
        action: 'connect',
        from_label: 'Partition Tolerance',
        to_label: 'Replica 5 lag',
        relationship: 'enables',
      })
      expect(again.edge.created).toBe(false)
      expect(again.working_set.hot_edges.map((e: Any) => e.to.label)).toEqual(
        Array.from({ length: 9 }, (_, i) => `Replica ${9 - i} lag`),
      )
      // An edit of an edge that is not there makes it (as connect does): it is one this session created.
      const edited = await ok(a, 'graph', {
        graph,
        action: 'edit',
        entity: 'edge',
        from_label: 'CAP Theorem',
        to_label: 'Replica 0 lag',
        relationship: 'refines',
        properties: { note: 'made by an edit' },
      })
      expect(edited.working_set.hot_edges[0]).toMatchObject({
        from: { label: 'CAP Theorem' },
        to: { label: 'Replica 0 lag' },
        type: 'refines',
      })
      // Another agent's session has none of them.
      const other = await connect(server, 'someone-else')
      try {
        const s = await ok(other.client, 'graph', { graph, action: 'session' })
        expect(s.working_set.hot_edges).toEqual([])
      } finally {
        await other.close()
      }
    })

    it("keeps an agent's working set for its next connection", async () => {
      const graph = fresh()
      await ok(a, 'graph', { graph, action: 'create', label: 'Gossip Protocol' })
      const again = await connect(server, 'mind-mapper')
      try {
        const s = await ok(again.client, 'graph', { graph, action: 'session' })
        expect(s.working_set.hot.map((c: Any) => c.label)).toEqual(['Gossip Protocol'])
      } finally {
        await again.close()
      }
      const other = await connect(server, 'someone-else')
      try {
        expect((await ok(other.client, 'graph', { graph, action: 'session' })).working_set.hot).toEqual([])
      } finally {
        await other.close()
      }
    })
  })
}

conceptsSuite('HTTP', (server, name) => httpAgent(server.url, { path: '/mcp/concepts', name }))

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})
conceptsSuite('stdio', (server, name) => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-concepts-'))
  dirs.push(cacheDir)
  return stdioAgent({ server: server.url, cacheDir, name, args: ['--tools', 'concepts', '--as', name] })
})
