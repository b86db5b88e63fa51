/**
 * A graph made by importing a Plexus JSON file on the server's import route (importText: REST import,
 * the CLI) while another peer makes the same id apart (a tab's initGraph, or the same file imported on
 * another server), through the relay's rules: one top once they meet (session 17's review of issue 23).
 * The import used to write the file's meta and root on a bare document, beside the skeleton's root.
 */
import { createNodes, exportJSON, initGraph, meta, openGraph, type Graph } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { Network } from '../test/room-harness.ts'
import { importText } from './model-calls.ts'

let clock = 1_700_000_000_000
const peer = (actor: string, doc = new Y.Doc()): Graph =>
  openGraph(doc, { actor, now: () => clock++, newId: () => `${actor}_${clock++}` })

/** An export of another graph: a root and two children. */
function file(): string {
  const g = peer('cy')
  const r = initGraph(g, { id: 'plan', title: 'Plan', goal: 'Ship v1' })
  if (!r.ok) throw new Error(r.message)
  const made = createNodes(g, [
    { summary: 'Write the spec', parent: r.root },
    { summary: 'Build it', parent: r.root },
  ])
  if (!made.ok) throw new Error(made.message)
  return JSON.stringify(exportJSON(g))
}

function expectOneTop(net: Network, ...docs: Y.Doc[]): Graph {
  const why = net.receipts.flatMap((r) => (r.ok ? [] : [r.reason]))
  expect(why).toEqual([])
  for (const doc of docs) expect(Y.encodeStateVector(doc)).toEqual(Y.encodeStateVector(net.doc))
  const server = peer('reader', net.doc)
  const root = meta(server).root
  expect(server.index.struct().roots).toEqual([root])
  for (const n of server.index.nodes.values())
    if (server.index.live(n.id) && n.id !== root) expect(server.index.struct().depth.get(n.id)).toBe(1)
  return server
}

describe('a graph made by a JSON import while another peer makes it apart', () => {
  it('has one top when the importing server and a tab that made it meet', () => {
    const text = file()
    const a = new Y.Doc()
    const imported = importText('launch', a, 'json', text, 'ada')
    if (!imported.ok) throw new Error(imported.message)
    const b = peer('bob')
    const rb = initGraph(b, { id: 'launch', title: 'Launch' })
    if (!rb.ok) throw new Error(rb.message)
    expect(createNodes(b, [{ summary: 'Pricing page', parent: rb.root }]).ok).toBe(true)
    const net = new Network({ rules: true, graph: 'launch' })
    net.connect({ identity: 'ada', actor: 'ada', doc: a })
    net.flush()
    net.connect({ identity: 'bob', actor: 'bob', doc: b.doc })
    net.flush()
    const server = expectOneTop(net, a, b.doc)
    expect(meta(server).id).toBe('launch')
    const summaries = [...server.index.nodes.values()]
      .filter((n) => server.index.live(n.id))
      .map((n) => n.summary)
    expect(summaries.sort()).toEqual(['Build it', 'Plan', 'Pricing page', 'Write the spec'])
  })

  it('has one top when two servers imported the same file apart', () => {
    const text = file()
    const a = new Y.Doc()
    const b = new Y.Doc()
    for (const [doc, who] of [
      [a, 'ada'],
      [b, 'bob'],
    ] as const) {
      const r = importText('launch', doc, 'json', text, who)
      if (!r.ok) throw new Error(r.message)
    }
    const net = new Network({ rules: true, graph: 'launch' })
    net.connect({ identity: 'bob', actor: 'bob', doc: b })
    net.flush()
    net.connect({ identity: 'ada', actor: 'ada', doc: a })
    net.flush()
    const server = expectOneTop(net, a, b)
    expect(meta(server).id).toBe('launch')
    expect(server.index.live(meta(server).root!)!.summary).toBe('Plan')
  })
})
