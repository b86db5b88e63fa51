import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createNodes } from './create.ts'
import { initGraph, openGraph } from './graph.ts'
import { SCHEMA_VERSION, layout, migrate, readMeta, setSchema } from './schema.ts'
import { rng } from './test/harness.ts'

/** A graph as a build of schema 1 wrote it: every edge carries its ends and type. */
function schemaOneDoc(): Y.Doc {
  const doc = new Y.Doc()
  const y = layout(doc)
  doc.transact(() => {
    y.meta.set('schema', 1)
    y.meta.set('id', 'old')
    y.meta.set('title', 'Old graph')
    y.meta.set('root', 'r')
    for (const id of ['r', 'a']) {
      const n = new Y.Map<unknown>()
      y.nodes.set(id, n)
      n.set('summary', id === 'r' ? 'Old graph' : 'Task a')
      n.set('kind', id === 'r' ? 'goal' : 'task')
      n.set('created_at', 1)
      n.set('created_by', 'old')
    }
    const e = new Y.Map<unknown>()
    y.edges.set('a>child_of>r', e)
    e.set('from', 'a')
    e.set('to', 'r')
    e.set('type', 'child_of')
    e.set('properties', new Y.Map())
    e.set('created_at', 1)
    e.set('created_by', 'old')
  })
  return doc
}

function copy(doc: Y.Doc): Y.Doc {
  const d = new Y.Doc()
  Y.applyUpdate(d, Y.encodeStateAsUpdate(doc))
  return d
}

function updatesOf(doc: Y.Doc, fn: () => void): number {
  let n = 0
  const on = () => n++
  doc.on('update', on)
  fn()
  doc.off('update', on)
  return n
}

function env(actor: string) {
  let n = 0
  return { actor, now: () => 1000, newId: () => `${actor}-${++n}` }
}

describe('schema versions', () => {
  it('a new graph is written at the current schema, 2', () => {
    const g = openGraph(new Y.Doc(), env('me'))
    expect(initGraph(g, { id: 'fresh' }).ok).toBe(true)
    expect(SCHEMA_VERSION).toBe(2)
    expect(readMeta(g.doc).schema).toBe(2)
  })

  it('upgrades a schema-1 graph once, in one transaction, and keeps every node and edge', () => {
    const doc = schemaOneDoc()
    const before = { nodes: layout(doc).nodes.toJSON(), edges: layout(doc).edges.toJSON() }
    let result
    expect(updatesOf(doc, () => (result = migrate(doc)))).toBe(1)
    expect(result).toEqual({ ok: true, from: 1, to: 2 })
    expect(readMeta(doc).schema).toBe(2)
    expect({ nodes: layout(doc).nodes.toJSON(), edges: layout(doc).edges.toJSON() }).toEqual(before)
    // Once: a second run writes nothing.
    expect(updatesOf(doc, () => migrate(doc))).toBe(0)
    const g = openGraph(doc, env('me'))
    expect(g.index.edges.get('a>child_of>r')).toMatchObject({ from: 'a', to: 'r', type: 'child_of' })
  })

  it('two peers upgrading the same graph at once converge, with their concurrent edits', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = rng(seed)
      const base = schemaOneDoc()
      const a = copy(base)
      const b = copy(base)
      // Either peer may edit before, or after, its upgrade; the order is drawn from the seed.
      let edits = 0
      const peers = [a, b].map((doc, i) => ({ doc, g: openGraph(doc, env(`p${i}-${seed}`)) }))
      for (const p of peers) {
        const editFirst = random() < 0.5
        const edit = (summary: string) => {
          edits++
          expect(createNodes(p.g, [{ summary, parent: 'r', depends_on: ['a'] }], { mode: 'force' }).ok).toBe(
            true,
          )
        }
        if (editFirst) edit(`before upgrade ${p.g.env.actor}`)
        expect(migrate(p.doc).ok).toBe(true)
        edit(`after upgrade ${p.g.env.actor}`)
      }
      Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)))
      Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)))
      const pictureOf = (d: Y.Doc) => ({
        meta: layout(d).meta.toJSON(),
        nodes: layout(d).nodes.toJSON(),
        edges: layout(d).edges.toJSON(),
      })
      expect(pictureOf(a)).toEqual(pictureOf(b))
      expect(readMeta(a).schema).toBe(2)
      expect(Object.keys(layout(a).nodes.toJSON())).toHaveLength(2 + edits)
      // The merged graph needs no further upgrade on either peer.
      expect(updatesOf(a, () => migrate(a)) + updatesOf(b, () => migrate(b))).toBe(0)
    }
  })

  it('a graph newer than this build is reported, never downgraded or written', () => {
    const doc = schemaOneDoc()
    layout(doc).meta.set('schema', SCHEMA_VERSION + 1)
    let result
    expect(updatesOf(doc, () => (result = migrate(doc)))).toBe(0)
    expect(result).toMatchObject({ ok: false, reason: 'newer_schema', from: 3 })
    expect((result as unknown as { message: string }).message).toMatch(/^update Plexus to edit this graph/)
    const g = openGraph(doc, env('me'))
    expect(initGraph(g, { id: 'old' })).toMatchObject({ ok: false, reason: 'newer_schema' })
    expect(readMeta(doc).schema).toBe(3)
  })

  it('keeps the highest version when peers of different versions upgrade at once, whichever write Yjs keeps', () => {
    const kept = new Set<unknown>()
    for (const [idA, idB] of [
      [1, 2],
      [2, 1],
    ]) {
      const base = schemaOneDoc()
      const a = new Y.Doc()
      const b = new Y.Doc()
      a.clientID = idA!
      b.clientID = idB!
      Y.applyUpdate(a, Y.encodeStateAsUpdate(base))
      Y.applyUpdate(b, Y.encodeStateAsUpdate(base))
      expect(migrate(a).ok).toBe(true) // this build: 1 -> 2
      setSchema(layout(b).meta, 3) // a newer build: 1 -> 3
      Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)))
      Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)))
      kept.add(layout(a).meta.get('schema'))
      expect(readMeta(a).schema).toBe(3)
      expect(readMeta(b).schema).toBe(3)
      expect(migrate(a)).toMatchObject({ ok: false, reason: 'newer_schema' })
    }
    // The plain key alone would have said 2 in one of the two orders.
    expect(kept).toEqual(new Set([2, 3]))
  })
})
