import { createNodes, initGraph, openGraph, setPositions, type Graph } from '@plexus/model'
import * as Y from 'yjs'
import type { GraphSession } from '../sync/session.ts'
import { WINDOW_MIN_NODES } from '../canvas/flow-window.ts'

/** Lets the model's queued flushes run (a few microtask turns). */
export const settle = async (): Promise<void> => {
  for (let i = 0; i < 4; i++) await Promise.resolve()
}

/**
 * The graph the flow window's seeded tests edit: a random tree of just over WINDOW_MIN_NODES nodes
 * (`r` picks each parent), laid out on a grid 8,000 px wide and 60 px a row, written by a person (`g`)
 * beside the app's own handle (`sys`). Ids and clocks count up per seed, so a seed replays exactly.
 * `pick` and `spot` draw from the same `r`: a live node, and a place in or near the tests' window
 * (x 1,500-5,000, y 300-2,100) or anywhere on the grid.
 */
export function bigGraph(
  seed: number,
  r: () => number,
  prefix: string,
): {
  g: Graph
  sys: Graph
  root: string
  ids: string[]
  session: GraphSession
  live: () => string[]
  pick: () => string
  spot: () => { x: number; y: number }
} {
  let n = 0
  const env = (actor: string) => ({
    actor,
    now: () => 1000 + n,
    newId: () => `${actor[0]}${seed}_${n++}`,
  })
  const doc = new Y.Doc()
  const g = openGraph(doc, env('person'))
  const sys = openGraph(doc, env('app'))
  const init = initGraph(g, { id: `${prefix}-${seed}`, title: prefix })
  if (!init.ok) throw new Error(init.message)
  const root = init.root
  const ids = [root]
  while (ids.length <= WINDOW_MIN_NODES + 100) {
    const items = Array.from({ length: 400 }, (_, i) => ({
      summary: `Node ${ids.length + i}`,
      parent: ids[Math.floor(r() * ids.length)]!,
    }))
    const res = createNodes(g, items, { mode: 'force' })
    if (!res.ok) throw new Error(res.message)
    ids.push(...res.created.map((c) => c.id))
  }
  setPositions(
    g,
    ids.map((id, i) => ({ id, x: (i % 40) * 200, y: Math.floor(i / 40) * 60 })),
  )
  const session = { g, sys, setPresence: () => {} } as unknown as GraphSession
  const live = () => [...g.index.nodes.values()].filter((v) => g.index.live(v.id)).map((v) => v.id)
  const pick = () => {
    const all = live()
    return all[Math.floor(r() * all.length)] ?? root
  }
  const spot = () =>
    r() < 0.6
      ? { x: 1500 + Math.round(r() * 3500), y: 300 + Math.round(r() * 1800) }
      : { x: Math.round(r() * 8000), y: Math.round(r() * 2400) }
  return { g, sys, root, ids, session, live, pick, spot }
}
