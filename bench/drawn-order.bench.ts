/**
 * What reading siblings in drawn order costs (issue 27): the MCP tools sort at the read
 * (drawn-order.ts) instead of keeping `struct()`'s children in that order, so `struct()` and its
 * incremental upkeep cost what they did. Measured on 1k and 10k nodes in two shapes, a random tree
 * (branches of the root 12) and a star (every node a child of the root, the worst case for one sort),
 * with a third of the nodes given an `order` as drops write it: the whole walk in drawn order
 * (kg_read, the concepts list) beside the same walk in struct()'s id order, one sibling list sorted
 * (graph_context, graph_onboard, per parent listed), and the board's `edgesAt` over a node whose
 * children all hang from it by `parent_of` (sorted by the drawn order of the other end).
 * Writes bench/reports/drawn-order.md. Figures only: nothing here passes or fails on time.
 *
 *   npx tsx bench/drawn-order.bench.ts      (PLEXUS_BENCH_SIZES=1000 to choose sizes)
 */
import {
  createNodes,
  createTypedEdge,
  drawnTree,
  edgesAt,
  inDrawnOrder,
  inDrawnOrderBy,
  initGraph,
  openGraph,
  setTreePlaces,
  type Graph,
} from '@plexus/model'
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import * as Y from 'yjs'
import { rng } from '../packages/model/src/test/harness.ts'

const sizes = (process.env.PLEXUS_BENCH_SIZES ?? '1000,10000').split(',').map(Number)
const REPEAT = 15

/** Median of `REPEAT` timed runs of `fn`, in ms. */
function time(fn: () => unknown): number {
  const xs: number[] = []
  fn() // warm-up, not counted
  for (let i = 0; i < REPEAT; i++) {
    const t = performance.now()
    fn()
    xs.push(performance.now() - t)
  }
  xs.sort((a, b) => a - b)
  return xs[Math.floor(xs.length / 2)]!
}

function build(n: number, shape: 'tree' | 'star'): { g: Graph; root: string; ids: string[] } {
  const r = rng(n + (shape === 'star' ? 1 : 0))
  let k = 0
  const g = openGraph(new Y.Doc(), {
    actor: 'bench',
    now: () => 1_700_000_000_000 + Math.floor(k / 50),
    // Ids whose text order is not the creation order.
    newId: () => `n${Math.floor(r() * 1e12).toString(36)}${(k++).toString(36)}`,
  })
  const init = initGraph(g, { id: `drawn-${shape}-${n}`, title: 'Plan' })
  if (!init.ok) throw new Error(init.message)
  const ids: string[] = []
  for (let from = 0; from < n; from += 2000) {
    const items = []
    for (let i = from; i < Math.min(n, from + 2000); i++) {
      const parent = shape === 'star' || i < 12 ? -1 : Math.floor(r() * i)
      const made = parent < 0 ? init.root : ids[parent]
      items.push({
        ref: `r${i}`,
        summary: `Topic ${i}`,
        ...(made ? { parent: made } : { parent_ref: `r${parent}` }),
      })
    }
    const made = createNodes(g, items, { mode: 'force' })
    if (!made.ok) throw new Error(made.message)
    for (const c of made.created) ids[Number(c.ref!.slice(1))] = c.id
  }
  // A third dropped somewhere among their siblings.
  const places = ids.filter(() => r() < 1 / 3).map((id) => ({ id, order: 1_700_000_000_000 + r() * n }))
  for (let i = 0; i < places.length; i += 2000) {
    const p = setTreePlaces(g, places.slice(i, i + 2000))
    if (!p.ok) throw new Error(p.message)
  }
  return { g, root: init.root, ids }
}

/** Every live node depth first in struct()'s id order: what the listings walked before. */
function idWalk(g: Graph, root: string): number {
  const s = g.index.struct()
  const stack = [root, ...s.roots.filter((x) => x !== root)].reverse()
  let c = 0
  while (stack.length) {
    const id = stack.pop()!
    c++
    const kids = s.children.get(id) ?? []
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!)
  }
  return c
}

const rows: string[] = []
const loadBefore = loadavg()[0]!
for (const n of sizes) {
  for (const shape of ['tree', 'star'] as const) {
    const { g, root } = build(n, shape)
    const s = g.index.struct()
    // The widest sibling list: the root's in a star, the biggest in a tree.
    let widest = root
    for (const [p, kids] of s.children) if (kids.length > (s.children.get(widest)?.length ?? 0)) widest = p
    const wide = s.children.get(widest) ?? []
    if (shape === 'star')
      for (const c of wide) {
        const e = createTypedEdge(g, { from: root, to: c, type: 'parent_of' })
        if (!e.ok) throw new Error(e.message)
      }
    const byId = time(() => idWalk(g, root))
    const drawn = time(() => [...drawnTree(g.index, root).all()].length)
    const first20 = time(() => {
      let c = 0
      for (const _ of drawnTree(g.index, root).all()) if (++c >= 20) break
    })
    const one = time(() => inDrawnOrder(g.index, wide))
    const board = shape === 'star' ? time(() => edgesAt(g, root, 'outgoing', 'parent_of')) : NaN
    const listed = edgesAt(g, root, 'outgoing', 'parent_of')
    const edgeSort = shape === 'star' ? time(() => inDrawnOrderBy(g.index, listed, (e) => e.other)) : NaN
    // The first version's sort: the comparison read both keys from the index on every call.
    const naive = time(() =>
      [...wide].sort((a, b) => {
        const va = g.index.nodes.get(a)!
        const vb = g.index.nodes.get(b)!
        return (va.order ?? va.created_at) - (vb.order ?? vb.created_at) || (a < b ? -1 : a > b ? 1 : 0)
      }),
    )
    rows.push(
      `| ${n.toLocaleString('en')} | ${shape} | ${wide.length.toLocaleString('en')} | ${byId.toFixed(2)} ms | ${drawn.toFixed(2)} ms | ${first20.toFixed(2)} ms | ${one.toFixed(2)} ms | ${naive.toFixed(2)} ms | ${Number.isNaN(board) ? '–' : `${board.toFixed(2)} ms`} | ${Number.isNaN(edgeSort) ? '–' : `${edgeSort.toFixed(2)} ms`} |`,
    )
    console.log(rows.at(-1))
  }
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim()
const report = [
  '# Siblings in drawn order: the cost at the read',
  '',
  `Build ${commit}, Node ${process.version}, ${new Date().toISOString()}; load average ${loadBefore.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end, on 2 cores (shared with other work). Medians of ${REPEAT} runs after one not counted.`,
  '',
  "The MCP listings sort siblings when they read them (drawn-order.ts); `struct()` keeps its id-sorted children and its incremental upkeep, so neither costs more than before. A third of the nodes carry an `order` (a drop's). Whole walk: every live node depth first (kg_read, the concepts list); by id: the same walk over struct()'s lists, as before. First 20: a listing with a limit (the concepts list's default) stops there. Widest list: one `inDrawnOrder` of the largest sibling list (graph_context and graph_onboard sort each list they show, at most 500 nodes in all). Keys read per comparison: the first version of the sort, kept here to show what reading each key once saves. Board: `edgesAt` over the root of the star, every child hung from it by `parent_of` (get_project_tasks, traverse), and the drawn sort inside it.",
  '',
  '| nodes | shape | widest sibling list | whole walk by id | whole walk drawn | drawn, first 20 | widest list sorted | the same, keys read per comparison | board edgesAt | of which the drawn sort |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
].join('\n')
writeFileSync(fileURLToPath(new URL('./reports/drawn-order.md', import.meta.url)), report)
console.log(report)
