/**
 * The node locator keeps what it learnt of a graph (its ids and aliases), never the graph's document
 * after it is destroyed (unloaded): it held the last one of every graph ever opened, about 1 GiB for
 * a 100,000-node graph, until the graph was opened again or deleted (issue 29, found by s16big).
 * Checked with the collector itself: a destroyed document the locator noted, and read, is collected.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { openGraph, putMemoryNode } from '@plexus/model'
import { expect, it } from 'vitest'
import * as Y from 'yjs'
import { NodeLocator } from './locate.ts'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function noted(locator: NodeLocator, graph: string, read: boolean): WeakRef<Y.Doc> {
  const doc = new Y.Doc()
  let n = 0
  const g = openGraph(doc, { actor: 'ada', now: () => 1, newId: () => `${graph}_${n++}` })
  putMemoryNode(g, { id: 'm1', gist: 'A memory' })
  locator.note(graph, doc)
  if (read) expect(locator.holders('kg:m1')).toContain(graph)
  doc.destroy()
  return new WeakRef(doc)
}

async function collected(ref: WeakRef<Y.Doc>): Promise<boolean> {
  for (let i = 0; i < 20 && ref.deref(); i++) {
    await new Promise((resolve) => setImmediate(resolve))
    gc()
  }
  return ref.deref() === undefined
}

it('a destroyed document is not kept, whether it was read before or as it was destroyed', async () => {
  const locator = new NodeLocator()
  const read = noted(locator, 'ga', true)
  const unread = noted(locator, 'gb', false)
  expect(await collected(read)).toBe(true)
  expect(await collected(unread)).toBe(true)
  // What it learnt stays: the memory id is still found in both graphs.
  expect(locator.holders('kg:m1').sort()).toEqual(['ga', 'gb'])
})
