/**
 * Issue 23: a graph two peers made apart, each on its own server (two stores), shows one top once a
 * client brings one server's state to the other; and a store that already holds two roots (from
 * before this server settled them) shows one top as soon as the graph is loaded. Real servers, their
 * SQLite stores, stock y-websocket clients; every wait is on what a client receives.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createNodes, initGraph, meta, nodeHistory, openGraph, type Graph } from '@plexus/model'
import { afterAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { SqliteStore } from '../storage/sqlite-store.ts'
import { provider, synced, testServer, waitFor, type TestServer } from '../test/server-harness.ts'
import { SERVER_ACTOR } from './settle-roots.ts'

const servers: TestServer[] = []
const dirs: string[] = []
afterAll(async () => {
  for (const s of servers) await s.dispose()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

let clock = 1_700_000_000_000
const peer = (actor: string, doc = new Y.Doc()): Graph =>
  openGraph(doc, { actor, now: () => clock++, newId: () => `${actor}_${clock++}` })

/** A peer that makes graph `id` on its own, with a goal and children under its root. */
function madeApart(actor: string, goal: string, kids: string[]): { g: Graph; kids: string[] } {
  const g = peer(actor)
  const r = initGraph(g, { id: 'launch', title: `Launch (${actor})`, goal })
  if (!r.ok) throw new Error(r.message)
  const made = createNodes(
    g,
    kids.map((summary) => ({ summary, parent: r.root })),
    { mode: 'force' },
  )
  if (!made.ok) throw new Error(made.message)
  return { g, kids: made.created.map((c) => c.id) }
}

const settleEvents = (g: Graph): number =>
  [...g.index.nodes.keys()].flatMap((id) => {
    const h = nodeHistory(g, id, { limit: 500 })
    return h.ok ? h.events.filter((e) => e.action === 'settle_root') : []
  }).length

/** What a reader of the graph must see: one top, every child, both goals. */
function oneTop(g: Graph, kids: string[], goals: string[]): void {
  expect(g.index.struct().roots).toEqual([meta(g).root])
  for (const id of kids) expect(g.index.live(id), id).toBeTruthy()
  const notes = [...g.index.nodes.values()].filter((n) => g.index.live(n.id)).map((n) => n.notes)
  for (const goal of goals) expect(notes).toContain(goal)
  const h = [...g.index.nodes.keys()].flatMap((id) => {
    const r = nodeHistory(g, id, { limit: 500 })
    return r.ok ? r.events.filter((e) => e.action === 'settle_root') : []
  })
  expect(h.map((e) => e.actor)).toEqual([SERVER_ACTOR])
}

/** A reader on `server` until `done` holds of what it received. */
async function reader(server: TestServer, done: (g: Graph) => boolean, what: string): Promise<Graph> {
  const g = peer('reader')
  const p = provider(server, 'launch', { doc: g.doc })
  await synced(p)
  await waitFor(() => done(g), what)
  return g
}

describe('a graph made apart on two servers', () => {
  it('shows one top on the server a client brings the other state to, stored and relayed', async () => {
    const s1 = await testServer()
    const s2 = await testServer()
    servers.push(s1, s2)
    const a = madeApart('ada', 'ship the web app by March', ['Pricing page'])
    const b = madeApart('bob', 'ship iOS first', ['App Store listing', 'TestFlight'])
    provider(s1, 'launch', { doc: a.g.doc })
    provider(s2, 'launch', { doc: b.g.doc })
    // Each store holds its own graph: a reader of each sees its maker's root.
    const r1 = await reader(s1, (g) => meta(g).root === meta(a.g).root, "s1's reader to get ada's graph")
    await reader(s2, (g) => meta(g).root === meta(b.g).root, "s2's reader to get bob's graph")
    expect(settleEvents(r1)).toBe(0)
    // A client that holds s2's graph connects to s1.
    const carrier = peer('bob', new Y.Doc())
    Y.applyUpdate(carrier.doc, Y.encodeStateAsUpdate(b.g.doc))
    provider(s1, 'launch', { doc: carrier.doc })
    const kids = [...a.kids, ...b.kids]
    const goals = ['ship the web app by March', 'ship iOS first']
    await waitFor(() => settleEvents(r1) > 0, "s1's reader to receive the server's settling")
    oneTop(r1, kids, goals)
    await waitFor(() => settleEvents(carrier) > 0, 'the carrier to receive the settling')
    oneTop(carrier, kids, goals)
    // Stored: a new reader after a restart reads the same.
    const again = await s1.restart()
    servers[0] = again
    const fresh = await reader(again, (g) => settleEvents(g) > 0, 'a reader after the restart')
    oneTop(fresh, kids, goals)
  })

  it('settles a stored graph that holds two roots when it is loaded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexus-settle-'))
    dirs.push(dir)
    const a = madeApart('ada', 'ship the web app by March', ['Pricing page'])
    const b = madeApart('bob', 'ship iOS first', ['TestFlight'])
    const store = new SqliteStore(join(dir, 'plexus.db'))
    store.append('launch', Y.encodeStateAsUpdate(a.g.doc))
    store.append('launch', Y.encodeStateAsUpdate(b.g.doc))
    const s = await testServer({ store })
    servers.push(s)
    const r = await reader(s, (g) => settleEvents(g) > 0, 'a reader to receive the settling done on load')
    oneTop(r, [...a.kids, ...b.kids], ['ship the web app by March', 'ship iOS first'])
  })
})
