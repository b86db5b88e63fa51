/**
 * A new graph made by importing a Plexus JSON file (the server's import route, graph_import, the CLI)
 * starts from the graph's skeleton, as initGraph makes it (session 17's review of issue 23): the
 * import used to write meta and the file's root on a bare document, so a peer that made the same id
 * apart (initGraph, or the same import) met it with two tops.
 */
import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { initGraph, meta, openGraph, write, type Graph } from '../graph.ts'
import { skeletonRoot } from '../skeleton.ts'
import { sync } from '../test/harness.ts'
import { importGraph } from './index.ts'
import { exportJSON } from './json.ts'
import { ok, setup } from './test-helpers.ts'

let t = 2000
function peer(actor: string, clientID: number): Graph {
  const doc = new Y.Doc()
  doc.clientID = clientID
  let i = 0
  return openGraph(doc, { actor, now: () => t++, newId: () => `${actor}_${i++}` })
}

/** An export of graph `id`: a root with notes and two children, one depending on the other. */
function file(id = 'plan'): { text: string; root: string } {
  const { g, root } = setup('Plan', id)
  write(g, (w) => {
    w.newNode('spec', { summary: 'Write the spec', parent: root, notes: 'one page' })
    w.newNode('build', { summary: 'Build it', parent: root })
    const notes = w.node(root).get('notes') as Y.Text
    notes.insert(0, 'The plan for Q3')
  })
  return { text: JSON.stringify(exportJSON(g)), root }
}

const tops = (g: Graph): readonly string[] => g.index.struct().roots

/** Both peers hold the same, with one top that every node of the file and `kids` hang from. */
function oneTop(a: Graph, b: Graph, kids: string[]): string {
  sync(a.doc, b.doc)
  expect(Y.encodeStateAsUpdate(a.doc)).toEqual(Y.encodeStateAsUpdate(b.doc))
  const root = meta(a).root!
  for (const g of [a, b]) {
    expect(tops(g)).toEqual([root])
    expect(meta(g).id).toBe('launch')
    for (const id of ['spec', 'build', ...kids]) expect(g.index.struct().parent.get(id), id).toBe(root)
  }
  return root
}

describe('a new graph made by importing a JSON file', () => {
  it('meets a peer that made the same id apart at one top', () => {
    const a = peer('ada', 1)
    const b = peer('bob', 2)
    const f = file()
    ok(importGraph(a, 'json', f.text, { make: 'launch' }))
    const rb = initGraph(b, { id: 'launch', title: 'Launch' })
    if (!rb.ok) throw new Error(rb.message)
    write(b, (w) => w.newNode('b_kid', { summary: 'Pricing page', parent: rb.root }))
    const root = oneTop(a, b, ['b_kid'])
    // The file's root, with its summary and notes, is the graph's: the skeleton's stands for it.
    expect(root).toBe(f.root)
    expect(a.index.live(root)).toMatchObject({ summary: 'Plan', notes: 'The plan for Q3' })
    expect(a.index.canonical(skeletonRoot('launch'))).toBe(root)
  })

  it('meets the same file imported apart on another peer at one top, its notes once', () => {
    const a = peer('ada', 1)
    const b = peer('bob', 2)
    const f = file()
    ok(importGraph(a, 'json', f.text, { make: 'launch' }))
    ok(importGraph(b, 'json', f.text, { make: 'launch' }))
    const root = oneTop(a, b, [])
    expect(a.index.live(root)!.notes).toBe('The plan for Q3')
    expect(a.index.live('spec')!.notes).toBe('one page')
  })

  it('restores a backup of the same id onto the skeleton’s root, and meets a peer that made it apart', () => {
    const a = peer('ada', 1)
    const b = peer('bob', 2)
    const f = file('launch')
    expect(f.root).toBe(skeletonRoot('launch'))
    const r = ok(importGraph(a, 'json', f.text, { make: 'launch' }))
    expect(r).toMatchObject({ created: 3, matched: 0 })
    // Alone, the backup comes back whole: its root's summary and notes too.
    expect(a.index.live(f.root)).toMatchObject({ summary: 'Plan', notes: 'The plan for Q3' })
    const rb = initGraph(b, { id: 'launch', title: 'Launch' })
    if (!rb.ok) throw new Error(rb.message)
    expect(oneTop(a, b, [])).toBe(f.root)
  })

  it('is made whole or not at all: a refused file leaves the document empty', () => {
    const a = peer('ada', 1)
    const r = importGraph(a, 'json', JSON.stringify({ format: 'plexus', schema: 1, nodes: [{ id: 1 }] }), {
      make: 'launch',
    })
    expect(r.ok).toBe(false)
    expect(a.doc.getMap('meta').size).toBe(0)
    expect(a.doc.getMap('nodes').size).toBe(0)
  })
})
