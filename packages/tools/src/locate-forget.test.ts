/**
 * The node locator forgets what the graphs no longer hold (issue 23, review): a deleted node's id and
 * aliases leave the index, so a long-lived server (one locator for all its graphs) holds what the
 * graphs hold, not every id and memory name ever written, and a memory id deleted from one project
 * and written in another names the other alone instead of "names nodes in both".
 *
 * Seeded (fast-check): any sequence of memory puts and deletes over three graphs leaves the index with
 * exactly the documents' node ids and the live nodes' aliases; a graph deleted, or loaded anew, leaves
 * nothing of its old document behind.
 */
import fc from 'fast-check'
import { deleteMemoryNode, openGraph, putMemoryNode, type Graph } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { NodeLocator } from './locate.ts'

const SEED = Number(process.env.LOCATE_SEED ?? 20261128)

function graphs(locator: NodeLocator, names: readonly string[]): Map<string, Graph> {
  const out = new Map<string, Graph>()
  let n = 0
  for (const name of names) {
    const doc = new Y.Doc()
    out.set(name, openGraph(doc, { actor: 'test', now: () => 1, newId: () => `${name}-id-${n++}` }))
    locator.note(name, doc)
  }
  return out
}

describe('the node locator forgets deleted nodes', () => {
  it('a memory id deleted in one graph and written in another names the other alone', () => {
    const locator = new NodeLocator()
    const g = graphs(locator, ['a', 'b'])
    expect(putMemoryNode(g.get('a')!, { id: 'auth', gist: 'Auth' }).ok).toBe(true)
    expect(locator.holders('kg:auth')).toEqual(['a'])
    expect(deleteMemoryNode(g.get('a')!, 'auth').ok).toBe(true)
    expect(locator.holders('kg:auth')).toEqual([])
    expect(putMemoryNode(g.get('b')!, { id: 'auth', gist: 'Auth' }).ok).toBe(true)
    expect(locator.holders('kg:auth')).toEqual(['b'])
    expect(locator.holders('auth')).toEqual(['b'])
  })

  it('a graph deleted or loaded anew leaves nothing of its old document', () => {
    const locator = new NodeLocator()
    const g = graphs(locator, ['a', 'b'])
    for (let i = 0; i < 20; i++) putMemoryNode(g.get('a')!, { id: `n${i}`, gist: 'Note' })
    putMemoryNode(g.get('b')!, { id: 'kept', gist: 'Kept' })
    expect(locator.size()).toEqual({ ids: 21, aliases: 42 })
    // Loaded anew from a document that holds one node.
    const fresh = new Y.Doc()
    putMemoryNode(openGraph(fresh, { actor: 'test', now: () => 1, newId: () => 'only' }), {
      id: 'one',
      gist: 'One',
    })
    locator.note('a', fresh)
    expect(locator.size()).toEqual({ ids: 2, aliases: 4 })
    expect(locator.holders('n3')).toEqual([])
    // The old document's later changes are not the graph's any more.
    putMemoryNode(g.get('a')!, { id: 'late', gist: 'Late' })
    expect(locator.holders('late')).toEqual([])
    locator.forget('a')
    expect(locator.size()).toEqual({ ids: 1, aliases: 2 })
    expect(locator.holders('kg:kept')).toEqual(['b'])
  })

  it(`holds the live nodes' ids and aliases only, whatever was written and deleted (seed ${SEED})`, () => {
    console.log(`locate-forget seed ${SEED}`)
    const op = fc.record({
      graph: fc.constantFrom('a', 'b', 'c'),
      id: fc.integer({ min: 0, max: 40 }).map((i) => `m${i}`),
      del: fc.boolean(),
    })
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 300 }), (ops) => {
        const locator = new NodeLocator()
        const g = graphs(locator, ['a', 'b', 'c'])
        for (const o of ops) {
          const graph = g.get(o.graph)!
          if (o.del) deleteMemoryNode(graph, o.id)
          else putMemoryNode(graph, { id: o.id, gist: `Gist ${o.id}` })
        }
        let live = 0
        const aliases = new Set<string>()
        for (const graph of g.values())
          for (const n of graph.index.nodes.values()) {
            live++
            if (n.deleted_at !== null || n.merged_into !== null) continue
            for (const a of n.aliases ?? []) aliases.add(a).add(a.replace(/^kg:/, ''))
          }
        expect(locator.size()).toEqual({ ids: live, aliases: aliases.size })
      }),
      { seed: SEED, numRuns: 60 },
    )
  })
})
