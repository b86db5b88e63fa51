import type { GraphView } from './graph-index.ts'
import { meta, type Graph } from './graph.ts'
import type { NodeView } from './types.ts'

// Which nodes are work. A graph holds both work (tasks, goals, questions to answer) and knowledge (the
// concepts, notes and facts the work is about); only work is offered as the next thing to do, by
// `next` and so by every caller of it (graph_next, graph_onboard, graph_suggest, the web's queue).

/** Kinds that are never work: what the work is about. */
export const KNOWLEDGE_KINDS: ReadonlySet<string> = new Set([
  'concept',
  'note',
  'fact',
  'reference',
  'definition',
  'term',
  'source',
  'quote',
  'insight',
  'observation',
  'person',
  'topic',
  'evidence',
])

/** Kinds that say "this is work": a graph holding one of them types its work. */
export const WORK_KINDS: ReadonlySet<string> = new Set([
  'task',
  'goal',
  'action',
  'question',
  'bug',
  'feature',
  'story',
  'epic',
  'milestone',
  'step',
  'chore',
  'issue',
])

/**
 * Whether `n` is work that may be offered to do. `concept` is also the kind a node has when none was given,
 * and plans written for seed 000 never give one: in a graph that holds no node of a WORK_KINDS kind (other
 * than its root, which is always a goal), an
 * untyped node (a concept) is work. Once a graph types some of its work, its concepts are knowledge. Other
 * knowledge kinds are never work; custom kinds always are.
 */
export function isWork(g: Graph, n: NodeView): boolean {
  return workFilter(g)(n)
}

/** isWork for many nodes of one graph at its current state: reads whether the graph types its work once. */
export function workFilter(g: Graph): (n: NodeView) => boolean {
  const concepts = !typesWork(g)
  return (n) => (n.kind === 'concept' ? concepts : !KNOWLEDGE_KINDS.has(n.kind))
}

/** Live nodes of a work kind per graph, kept current through the index's change events. */
class WorkCount {
  count = 0
  private readonly work = new Set<string>()

  constructor(
    readonly gi: GraphView,
    readonly root: string | null,
  ) {
    for (const id of gi.nodes.keys()) this.update(id)
    gi.onChange((nodes) => {
      for (const id of nodes) this.update(id)
    })
  }

  private update(id: string): void {
    const n = this.gi.live(id)
    // The graph's root is a goal in every graph: it says nothing about how the graph types its work.
    const is = !!n && id !== this.root && WORK_KINDS.has(n.kind)
    if (is === this.work.has(id)) return
    if (is) this.work.add(id)
    else this.work.delete(id)
    this.count += is ? 1 : -1
  }
}

const counts = new WeakMap<GraphView, WorkCount>()

/** Whether the graph holds a live node of a WORK_KINDS kind other than its root (the goal). */
export function typesWork(g: Graph): boolean {
  const root = meta(g).root ?? null
  let c = counts.get(g.index)
  if (!c || c.root !== root) counts.set(g.index, (c = new WorkCount(g.index, root)))
  return c.count > 0
}
