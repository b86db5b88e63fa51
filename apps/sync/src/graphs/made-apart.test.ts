/**
 * Issue 23 on real servers: a graph two peers made apart, each on its own server (two stores, tokens,
 * the relay's rules on every update), shows one top once a client brings one server's state to the
 * other, and after a restart; a store that holds two copies made apart shows one top when loaded.
 * Stock y-websocket clients; every wait is on what a client receives.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createNodes, initGraph, meta, openGraph, type Graph } from '@plexus/model'
import { afterAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { SqliteStore } from '../storage/sqlite-store.ts'
import { provider, synced, testServer, waitFor, type TestServer } from '../test/server-harness.ts'

const tokens = [
  { name: 'ada', role: 'write' as const, token: 'ada-token-123' },
  { name: 'bob', role: 'write' as const, token: 'bob-token-123' },
]
const servers: TestServer[] = []
const dirs: string[] = []
afterAll(async () => {
  for (const s of servers) await s.dispose()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

let clock = 1_700_000_000_000
const peer = (actor: string, doc = new Y.Doc()): Graph =>
  openGraph(doc, { actor, now: () => clock++, newId: () => `${actor}_${clock++}` })

/** Makes graph `launch` on `g` with a goal and children under its root. */
function make(g: Graph, goal: string, kids: string[]): string[] {
  const r = initGraph(g, { id: 'launch', title: `Launch (${g.env.actor})`, goal })
  if (!r.ok) throw new Error(r.message)
  const made = createNodes(
    g,
    kids.map((summary) => ({ summary, parent: r.root })),
    { mode: 'force' },
  )
  if (!made.ok) throw new Error(made.message)
  return made.created.map((c) => c.id)
}

/** What a reader of the graph must see: one top, meta's root, every child under it, one maker's goal. */
function oneTop(g: Graph, kids: string[], goals: string[]): void {
  const root = meta(g).root
  expect(g.index.struct().roots).toEqual([root])
  for (const id of kids) expect(g.index.live(id)?.parent, id).toBe(root)
  expect(goals).toContain(meta(g).goal)
}

const holds = (g: Graph, kids: string[]): boolean => kids.every((id) => g.index.live(id))

/** A reader on `server` until it holds `kids`. */
async function reader(server: TestServer, kids: string[], what: string): Promise<Graph> {
  const g = peer('reader')
  await synced(provider(server, 'launch', { doc: g.doc, token: 'ada-token-123' }))
  await waitFor(() => holds(g, kids), what)
  return g
}

describe('a graph made apart on two servers', () => {
  it('shows one top where a client brings the other state, stored and relayed', async () => {
    const s1 = await testServer({ tokens })
    const s2 = await testServer({ tokens })
    servers.push(s1, s2)
    // ada makes the graph while connected (her init travels as a live update, through the rules);
    // bob makes his offline and connects after.
    const a = peer('ada')
    await synced(provider(s1, 'launch', { doc: a.doc, token: 'ada-token-123' }))
    const aKids = make(a, 'ship the web app by March', ['Pricing page'])
    const b = peer('bob')
    const bKids = make(b, 'ship iOS first', ['App Store listing', 'TestFlight'])
    provider(s2, 'launch', { doc: b.doc, token: 'bob-token-123' })
    await reader(s1, aKids, "s1's reader to get ada's graph")
    const r2 = await reader(s2, bKids, "s2's reader to get bob's graph")
    expect(meta(r2).root).toBe(meta(a).root)

    // bob, holding s2's graph, connects to s1.
    const carrier = peer('bob')
    Y.applyUpdate(carrier.doc, Y.encodeStateAsUpdate(b.doc))
    provider(s1, 'launch', { doc: carrier.doc, token: 'bob-token-123' })
    const kids = [...aKids, ...bKids]
    const goals = ['ship the web app by March', 'ship iOS first']
    const r1 = await reader(s1, kids, "s1's reader to get both makers' children")
    oneTop(r1, kids, goals)
    await waitFor(() => holds(a, kids), 'ada to receive bob’s children')
    oneTop(a, kids, goals)
    // Stored: a reader after a restart reads the same.
    const again = await s1.restart()
    servers[0] = again
    oneTop(await reader(again, kids, 'a reader after the restart'), kids, goals)
  })

  it('shows one top from a store that holds two copies made apart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexus-apart-'))
    dirs.push(dir)
    const a = peer('ada')
    const b = peer('bob')
    const aKids = make(a, 'ship the web app by March', ['Pricing page'])
    const bKids = make(b, 'ship iOS first', ['TestFlight'])
    const store = new SqliteStore(join(dir, 'plexus.db'))
    store.append('launch', Y.encodeStateAsUpdate(a.doc))
    store.append('launch', Y.encodeStateAsUpdate(b.doc))
    const s = await testServer({ store, tokens })
    servers.push(s)
    const kids = [...aKids, ...bKids]
    oneTop(await reader(s, kids, 'a reader to get both copies'), kids, [
      'ship the web app by March',
      'ship iOS first',
    ])
  })
})
