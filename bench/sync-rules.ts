/**
 * What the server's document-rule check (apps/sync writes.ts) costs per update, in this process and on
 * CPU time alone: the same updates go through `DocRoom.receive` (parse, dependency check, rule check,
 * apply, group commit with storage left out) with the check on and off, alternately, and the medians
 * are compared. Two writes: a node moved on the canvas (one field) and a model edit (a summary and its
 * history event), on a 1,000-node graph.
 */
import { performance } from 'node:perf_hooks'
import { SCHEMA_VERSION, createNodes, initGraph, openGraph, updateNodes } from '@plexus/model'
import { DocRoom } from '@plexus/sync'
import * as Y from 'yjs'
import { ySyncMessage } from './clients.ts'

export interface RuleCost {
  write: string
  /** Median µs per update through `receive`, check off and on. */
  off: number
  on: number
}

const NODES = 1000
const REPS = 5

function frames(write: 'move' | 'edit', count: number): { base: Uint8Array; frames: Uint8Array[] } {
  const doc = new Y.Doc()
  let n = 0
  const g = openGraph(doc, { actor: 'ada', now: () => 1_700_000_000_000 + n, newId: () => `n_${n++}` })
  initGraph(g, { id: 'bench' })
  createNodes(
    g,
    Array.from({ length: NODES }, (_, i) => ({ summary: `node ${i}` })),
    { mode: 'force' },
  )
  const base = Y.encodeStateAsUpdate(doc)
  const out: Uint8Array[] = []
  doc.on('update', (u: Uint8Array) => out.push(ySyncMessage(u)))
  const ids = [...doc.getMap('nodes').keys()]
  for (let i = 0; i < count; i++) {
    const id = ids[i % ids.length]!
    if (write === 'move') (doc.getMap('nodes').get(id) as Y.Map<unknown>).set('x', i)
    else updateNodes(g, [{ id, summary: `edited ${i}` }])
  }
  return { base, frames: out }
}

function perUpdate(rules: boolean, base: Uint8Array, input: Uint8Array[]): number {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, base)
  const room = new DocRoom(
    doc,
    { send() {}, persist() {}, close() {}, defer: (fn) => fn() },
    { maxDocumentBytes: 1 << 30, maxAwarenessClients: 8, storedBytes: 0, rules },
  )
  room.join({ id: 1, canWrite: true, identity: 'ada', actor: 'ada', schema: SCHEMA_VERSION })
  const t = performance.now()
  for (const frame of input) {
    const r = room.receive(1, frame)
    if (!r.ok) throw new Error(`bench: the room refused an update: ${r.reason}`)
  }
  const us = ((performance.now() - t) * 1000) / input.length
  room.destroy()
  return us
}

export function ruleCheckCost(count: number): RuleCost[] {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  return (['move', 'edit'] as const).map((write) => {
    const { base, frames: input } = frames(write, count)
    const off: number[] = []
    const on: number[] = []
    for (let rep = 0; rep < REPS; rep++) {
      off.push(perUpdate(false, base, input))
      on.push(perUpdate(true, base, input))
    }
    return {
      write: write === 'move' ? 'node moved (one field)' : 'model edit (summary + history event)',
      off: median(off),
      on: median(on),
    }
  })
}
