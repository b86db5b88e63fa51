/**
 * Mind-map drag benchmark: what one pointer move costs while a branch is dragged in the tree (the
 * flow model carrying the branch, and tree-drop.ts saying where a drop would go), and what starting
 * the drag costs, on derived mind maps of 1k, 3k and 10k nodes (a random tree, branches of the root
 * 12). Runs the real FlowModel on a real document in Node, no browser: the browser's own frame is in
 * web.bench.ts. Writes bench/reports/tree-drop.md. Figures only: nothing here passes or fails on time.
 *
 *   npx tsx bench/tree-drop.bench.ts      (PLEXUS_BENCH_SIZES=1000,3000 to choose sizes)
 */
import { createNodes, initGraph, openGraph, undoManager } from '@plexus/model'
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import * as Y from 'yjs'
import { rng } from '../packages/model/src/test/harness.ts'
import { FlowModel } from '../apps/web/src/canvas/flow-model.ts'
import type { GraphSession } from '../apps/web/src/sync/session.ts'

const sizes = (process.env.PLEXUS_BENCH_SIZES ?? '1000,3000,10000').split(',').map(Number)
const MOVES = 2000

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!
}

async function run(n: number): Promise<string> {
  const r = rng(n)
  let k = 0
  const g = openGraph(new Y.Doc(), {
    actor: 'bench',
    now: () => 1_700_000_000_000 + k,
    newId: () => `n${k++}`,
  })
  const init = initGraph(g, { id: `tree-drop-${n}`, title: 'Plan' })
  if (!init.ok) throw new Error(init.message)
  const ids = [init.root]
  // In batches of at most 2,000 (the model's limit), each naming the parents made before by id.
  for (let from = 1; from < n; from += 2000) {
    const items = []
    for (let i = from; i < Math.min(n, from + 2000); i++) {
      const parent = i <= 12 ? 0 : Math.floor(r() * i)
      const made = ids[parent]
      items.push({ ref: `r${i}`, summary: `Topic ${i}`, parent_ref: made ?? `r${parent}` })
    }
    const made = createNodes(g, items, { mode: 'force' })
    if (!made.ok) throw new Error(made.message)
    for (const c of made.created) ids[Number(c.ref!.slice(1))] = c.id
  }
  const session = {
    id: 'bench',
    g,
    sys: g,
    undo: undoManager(g),
    setPresence: () => {},
  } as unknown as GraphSession
  const model = new FlowModel(session)
  model.attach()
  for (let i = 0; i < 4; i++) await Promise.resolve()
  // The branch of the root's first child: a big one, carried on every move.
  const dragged = ids[1]!
  let bounds = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity }
  for (const id of ids) {
    const p = model.positionOf(id)
    if (!p) continue
    bounds = {
      x0: Math.min(bounds.x0, p.x),
      y0: Math.min(bounds.y0, p.y),
      x1: Math.max(bounds.x1, p.x),
      y1: Math.max(bounds.y1, p.y),
    }
  }
  const t0 = performance.now()
  model.beginTreeDrag(dragged)
  const start = performance.now() - t0
  const moves: number[] = []
  const looks: number[] = []
  const kinds = new Map<string, number>()
  for (let i = 0; i < MOVES; i++) {
    const p = { x: bounds.x0 + r() * (bounds.x1 - bounds.x0), y: bounds.y0 + r() * (bounds.y1 - bounds.y0) }
    const t = performance.now()
    model.onNodesChange([
      { type: 'position', id: dragged, position: { x: p.x - 70, y: p.y - 20 }, dragging: true },
    ])
    const t1 = performance.now()
    model.treeDragOver(p)
    const t2 = performance.now()
    moves.push(t2 - t)
    looks.push(t2 - t1)
    const plan = model.dropPlan()!
    const kind = plan.type === 'place' ? plan.marker.kind : plan.type
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
  }
  model.endDrag()
  const s = g.index.struct()
  let carried = 0
  for (const stack = [dragged]; stack.length; carried++) stack.push(...(s.children.get(stack.pop()!) ?? []))
  return `| ${n.toLocaleString('en')} | ${carried} nodes | ${start.toFixed(1)} ms | ${pct(moves, 50).toFixed(2)} ms | ${pct(moves, 95).toFixed(2)} ms | ${pct(moves, 100).toFixed(2)} ms | ${pct(looks, 50).toFixed(2)} / ${pct(looks, 95).toFixed(2)} ms | ${[...kinds].map(([a, b]) => `${a} ${b}`).join(', ')} |`
}

const loadBefore = loadavg()[0]!
const rows: string[] = []
for (const n of sizes) {
  const row = await run(n)
  console.log(row)
  rows.push(row)
}
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim()
const report = [
  '# Mind-map drag: cost of a pointer move',
  '',
  `Build ${commit}, Node ${process.version}, ${new Date().toISOString()}; load average ${loadBefore.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end, on 2 cores (shared with other work).`,
  '',
  `A branch of the root dragged across a derived mind map: ${MOVES} pointer moves to random points of the map, each one React Flow position change (the branch carried) and one drop look-up (tree-drop.ts). Start: the first beginTreeDrag (builds the placement R-tree on a canvas that never placed).`,
  '',
  '| nodes | branch | drag start | move p50 | move p95 | move max | of which the drop look-up p50 / p95 | where the moves pointed |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
].join('\n')
writeFileSync(fileURLToPath(new URL('./reports/tree-drop.md', import.meta.url)), report)
console.log(report)
