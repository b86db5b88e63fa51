/**
 * Schema versions over real sockets: the stock y-websocket client as builds of different versions,
 * against the real server and its SQLite store (docs/versions.md).
 */
import {
  SCHEMA_VERSION,
  createNodes,
  initGraph,
  migrate,
  openGraph,
  readMeta,
  type Graph,
} from '@plexus/model'
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  destroyProvider,
  nextClose,
  provider,
  rawClient,
  synced,
  testServer,
  waitFor,
  type TestServer,
} from '../test/server-harness.ts'
import { call, fails, httpAgent, ok } from '@plexus/tools/test/clients'
import { SCHEMA_TOO_OLD } from './schema-versions.ts'
import { writeOlderGraph } from '../test/older-build.ts'

let server: TestServer
afterEach(async () => server?.dispose())

let ids = 0
const env = (actor: string) => ({ actor, now: () => 1_000, newId: () => `${actor}-${++ids}` })
const summaries = (doc: Y.Doc) =>
  [...doc.getMap<Y.Map<unknown>>('nodes').values()].map((n) => n.get('summary')).sort()

/** What a fresh client of the current build reads from the server. */
async function stored(graph: string): Promise<Y.Doc> {
  const reader = provider(server, graph)
  await synced(reader)
  const doc = reader.doc
  destroyProvider(reader)
  return doc
}

/** Polls what the server holds until `check` passes; fails naming `what`. */
async function storedUntil(graph: string, check: (doc: Y.Doc) => boolean, what: string): Promise<Y.Doc> {
  for (let i = 0; i < 100; i++) {
    const doc = await stored(graph)
    if (check(doc)) return doc
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`timed out waiting for: ${what}`)
}

function add(g: Graph, summary: string): void {
  const r = createNodes(g, [{ summary, parent: readMeta(g.doc).root }], { mode: 'force' })
  expect(r.ok).toBe(true)
}

/**
 * A graph as a build of schema 1 (before versions) made it, through a client that says nothing: the
 * version alone, without the marks of later upgrades, and no shared skeleton (test/older-build.ts).
 */
async function schemaOneGraph(graph: string) {
  const old = provider(server, graph, { schema: null })
  await synced(old)
  const g = openGraph(old.doc, env('old'))
  writeOlderGraph(old.doc, { graph, title: 'Kept', version: 1, env: env('old'), origin: g.origin })
  add(g, 'written by the old build')
  await waitFor(() => summaries(old.doc).length === 2, 'the old build’s graph')
  return { old, g }
}

describe('schema versions on /sync/:graph', () => {
  it('lets a client that says nothing read a newer graph, and refuses its change with a reason', async () => {
    server = await testServer()
    const current = provider(server, 'v2')
    await synced(current)
    const g = openGraph(current.doc, env('new'))
    expect(initGraph(g, { id: 'v2', title: 'Newer' }).ok).toBe(true)
    add(g, 'written by the current build')
    await waitFor(() => summaries(current.doc).length === 2, 'the new graph')

    const old = provider(server, 'v2', { schema: null })
    await synced(old)
    await waitFor(() => summaries(old.doc).length === 2, 'the old build to read the graph')
    expect(readMeta(old.doc).schema).toBe(SCHEMA_VERSION)
    const closed = nextClose(old)
    old.doc.getMap<Y.Map<unknown>>('nodes').get(readMeta(old.doc).root!)!.set('summary', 'renamed by old')
    const close = await closed
    expect(close.code).toBe(SCHEMA_TOO_OLD)
    expect(close.reason).toMatch(/^update Plexus to edit this graph: it uses schema 2, your client writes 1/)
    // The stock client stops on a 4400s code instead of resending in a loop; its change stays local.
    expect(old.shouldConnect || old.wsconnecting).toBe(false)
    expect(summaries(old.doc)).toContain('renamed by old')
    expect(summaries(await stored('v2'))).toEqual(['Newer', 'written by the current build'])
    // The current build still writes.
    add(g, 'still editable')
    await storedUntil('v2', (d) => summaries(d).length === 3, 'the current build’s write')
  })

  it('keeps a graph of schema 1 writable by clients that say nothing', async () => {
    server = await testServer()
    const { old } = await schemaOneGraph('v1')
    const other = provider(server, 'v1', { schema: null })
    await synced(other)
    await waitFor(() => summaries(other.doc).length === 2, 'a second old client to read it')
    expect(summaries(await stored('v1'))).toEqual(['Kept', 'written by the old build'])
    expect(old.wsconnected).toBe(true)
  })

  it('refuses an offline old tab’s queued edits after a newer peer upgraded the graph, and keeps them in the tab', async () => {
    server = await testServer()
    const { old, g: oldGraph } = await schemaOneGraph('offline')
    old.disconnect()
    add(oldGraph, 'queued while offline')
    old.doc.getMap<Y.Map<unknown>>('nodes').get(readMeta(old.doc).root!)!.set('summary', 'renamed offline')

    // Meanwhile a peer of the current build opens the graph and upgrades it once.
    const current = provider(server, 'offline')
    await synced(current)
    await waitFor(() => summaries(current.doc).length === 2, 'the current build to load the graph')
    expect(migrate(current.doc)).toEqual({ ok: true, from: 1, to: SCHEMA_VERSION })
    add(openGraph(current.doc, env('new')), 'written after the upgrade')
    await storedUntil('offline', (d) => summaries(d).length === 3, 'the upgrade and write stored')

    const closed = nextClose(old)
    old.connect()
    const close = await closed
    expect(close.code).toBe(SCHEMA_TOO_OLD)
    expect(close.reason).toMatch(/^update Plexus to edit this graph/)
    // Nothing of the old tab reached the graph; the tab still holds all it wrote.
    const after = await stored('offline')
    expect(summaries(after)).toEqual(['Kept', 'written after the upgrade', 'written by the old build'])
    expect(readMeta(after).schema).toBe(SCHEMA_VERSION)
    expect(summaries(old.doc)).toEqual(expect.arrayContaining(['queued while offline', 'renamed offline']))
    // The graph still syncs between current peers.
    const late = provider(server, 'offline')
    await synced(late)
    await waitFor(() => summaries(late.doc).length === 3, 'a late current peer to get the graph')
  })

  it('refuses a schema parameter that is not a whole number, saying what to send', async () => {
    server = await testServer()
    const client = await rawClient(server, 'v2?schema=two')
    const close = await client.closed
    expect(close.code).toBe(4400)
    expect(close.reason).toMatch(/invalid schema parameter: .*\?schema=2/)
  })

  it('lets an agent read a graph newer than the server, refuses its writes, and upgrades an older one first', async () => {
    server = await testServer()
    const agent = await httpAgent(server.url)
    try {
      await ok(agent.client, 'graph_open', { project: 'ahead', goal: 'Ship it' })
      // A graph a newer server wrote (its data directory then served by this older build): no client
      // can raise the version past the server's own over WebSocket (rule 5), so it is set in place.
      server.docs
        .peek('ahead')!
        .getMap('meta')
        .set('schema', SCHEMA_VERSION + 1)
      await storedUntil('ahead', (d) => readMeta(d).schema === SCHEMA_VERSION + 1, 'the newer schema stored')

      expect((await call(agent.client, 'graph_query', { project: 'ahead' })).isError).toBe(false)
      const refused = await fails(agent.client, 'graph_plan', {
        project: 'ahead',
        nodes: [{ ref: 't', summary: 'Task' }],
      })
      expect(refused).toMatch(/^update Plexus to edit this graph: it uses schema 3/)
      expect(summaries(await stored('ahead'))).toEqual(['Ship it'])

      await schemaOneGraph('behind')
      await ok(agent.client, 'graph_plan', {
        project: 'behind',
        nodes: [{ ref: 'p', summary: 'Planned by an agent' }],
      })
      const after = await storedUntil('behind', (d) => summaries(d).length === 3, 'the agent’s write')
      expect(readMeta(after).schema).toBe(SCHEMA_VERSION)
    } finally {
      await agent.close()
    }
  })
})
