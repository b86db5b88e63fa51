/**
 * A graph made on a real server by importing a Plexus JSON file, through the work surface's
 * `graph_import` (a build, made apart on a scratch copy) and the REST import, while a tab makes the
 * same id offline (initGraph) and connects after: one top once they meet (session 17's review of
 * issue 23). Stock y-websocket clients; every wait is on what a client receives.
 */
import { createNodes, exportJSON, initGraph, meta, openGraph, type Graph } from '@plexus/model'
import { afterAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { mcpTry } from '../test/mcp-call.ts'
import { provider, synced, testServer, waitFor, type TestServer } from '../test/server-harness.ts'

const TOKEN = 't-ada-0123456789'
let server: TestServer | undefined
afterAll(async () => {
  await server?.dispose()
})

let clock = 1_700_000_000_000
const peer = (actor: string, doc = new Y.Doc()): Graph =>
  openGraph(doc, { actor, now: () => clock++, newId: () => `${actor}_${clock++}` })

/** An export of another graph: a root and two children. */
function file(): string {
  const g = peer('cy')
  const r = initGraph(g, { id: 'plan', title: 'Plan' })
  if (!r.ok) throw new Error(r.message)
  const made = createNodes(g, [
    { summary: 'Write the spec', parent: r.root },
    { summary: 'Build it', parent: r.root },
  ])
  if (!made.ok) throw new Error(made.message)
  return JSON.stringify(exportJSON(g))
}

/** A tab that made `graph` offline with one child, connected once the server holds the import. */
async function tabMeets(s: TestServer, graph: string): Promise<Graph> {
  const tab = peer('ada')
  const r = initGraph(tab, { id: graph, title: 'Launch' })
  if (!r.ok) throw new Error(r.message)
  expect(createNodes(tab, [{ summary: 'Pricing page', parent: r.root }]).ok).toBe(true)
  provider(s, graph, { doc: tab.doc, token: TOKEN })
  const reader = peer('reader')
  await synced(provider(s, graph, { doc: reader.doc, token: TOKEN }))
  const holds = () =>
    ['Pricing page', 'Write the spec'].every((t) =>
      [...reader.index.nodes.values()].some((n) => n.summary === t && reader.index.live(n.id)),
    )
  await waitFor(holds, `a reader of ${graph} to hold the import and the tab's node`)
  return reader
}

function oneTop(g: Graph): void {
  const root = meta(g).root
  expect(g.index.struct().roots).toEqual([root])
  const live = [...g.index.nodes.values()].filter((n) => g.index.live(n.id) && n.id !== root)
  expect(live.map((n) => n.summary).sort()).toEqual(['Build it', 'Pricing page', 'Write the spec'])
  for (const n of live) expect(g.index.struct().parent.get(n.id), n.summary).toBe(root)
}

describe('a graph a JSON import made on the server, and a tab that made it offline', () => {
  it('has one top, by graph_import and by the REST import', async () => {
    server = await testServer({ tokens: [{ name: 'ada', role: 'write', token: TOKEN }] })
    const text = file()
    const auth = { authorization: `Bearer ${TOKEN}` }
    const imported = await mcpTry(
      server.url,
      '/mcp',
      'graph_import',
      { project: 'launch', format: 'json', text },
      auth,
    )
    expect(imported.isError, imported.text).toBe(false)
    oneTop(await tabMeets(server, 'launch'))

    const rest = await fetch(`${server.url}/api/graphs/launch-rest/import?format=json`, {
      method: 'POST',
      headers: auth,
      body: text,
    })
    expect(rest.status, await rest.text()).toBeLessThan(300)
    oneTop(await tabMeets(server, 'launch-rest'))
  })
})
