/**
 * Generated edit sequences for the model's property tests (time.test.ts, restore.test.ts): creates,
 * plans (several siblings in one call, stamped apart in the order written as graph_plan, imports and
 * paste stamp them), summary and property edits, resolves, moves, connects and disconnects, claims and releases, links,
 * evidence, drops, forgets and restores, merges, each by one of two actors. `apply` runs one op through
 * the model's own operations; a refusal (a cycle, a claim the other actor holds) is part of the story.
 */
import fc from 'fast-check'
import { claim, release } from '../readiness.ts'
import { createNodes } from '../create.ts'
import { connect, disconnect } from '../edges.ts'
import type { Graph } from '../graph.ts'
import { restructure } from '../restructure.ts'
import { inDrawnOrder } from '../drawn-order.ts'
import { setTreePlaces, updateNodes } from '../update.ts'

export type Op =
  | { t: 'create'; who: number; parent: number; summary: string; dep: number | null }
  | { t: 'plan'; who: number; parent: number; summaries: string[] }
  | { t: 'summary'; who: number; node: number; summary: string }
  | { t: 'resolve'; who: number; node: number; resolved: boolean }
  | { t: 'prop'; who: number; node: number; key: string; value: number | null }
  | { t: 'move'; who: number; node: number; parent: number }
  | { t: 'connect'; who: number; from: number; to: number; type: string }
  | { t: 'disconnect'; who: number; from: number; to: number; type: string }
  | { t: 'claim'; who: number; node: number }
  | { t: 'release'; who: number; node: number }
  | { t: 'link'; who: number; node: number; link: string; remove: boolean }
  | { t: 'evidence'; who: number; node: number }
  | { t: 'drop'; who: number; node: number }
  | { t: 'forget'; who: number; node: number }
  | { t: 'restore'; who: number; node: number }
  | { t: 'merge'; who: number; node: number; into: number }
  | { t: 'reorder'; who: number; node: number; before: number }

const who = fc.integer({ min: 0, max: 1 })
const idx = fc.nat({ max: 40 })
// Some summaries are longer than what history clips other values to (240 characters).
const summary = fc.oneof(
  fc.constantFrom('Plan', 'Build the API', 'Write docs', 'Ship'),
  fc.string({ minLength: 1, maxLength: 30 }).map((s) => s.replace(/[\n\r]/g, ' ').trim() || 'x'),
  fc.nat({ max: 9 }).map((n) => `Long ${n} `.repeat(40).trim()),
)
const type = fc.constantFrom('depends_on', 'relates_to')
export const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant('create' as const),
      who,
      parent: idx,
      summary,
      dep: fc.option(idx),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('plan' as const),
      who,
      parent: idx,
      summaries: fc.array(summary, { minLength: 2, maxLength: 4 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('summary' as const), who, node: idx, summary }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('resolve' as const), who, node: idx, resolved: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('prop' as const),
      who,
      node: idx,
      key: fc.constantFrom('priority', 'owner'),
      value: fc.option(fc.integer({ min: 0, max: 9 })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('move' as const), who, node: idx, parent: idx }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('connect' as const), who, from: idx, to: idx, type }) },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('disconnect' as const), who, from: idx, to: idx, type }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('claim' as const), who, node: idx }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('release' as const), who, node: idx }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('link' as const),
      who,
      node: idx,
      link: fc.constantFrom('https://a.example', 'src/x.ts'),
      remove: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('evidence' as const), who, node: idx }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('drop' as const), who, node: idx }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('forget' as const), who, node: idx }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('restore' as const), who, node: idx }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('merge' as const), who, node: idx, into: idx }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('reorder' as const), who, node: idx, before: idx }),
  },
)

/** Applies one op; refusals (a cycle, a claim held by the other actor) are part of the story. */
export function apply(gs: Graph[], ids: string[], o: Op): void {
  const g = gs[o.who]!
  const at = (i: number) => ids[i % ids.length]!
  switch (o.t) {
    case 'create': {
      const r = createNodes(
        g,
        [
          {
            summary: o.summary,
            parent: at(o.parent),
            ...(o.dep === null ? {} : { depends_on: [at(o.dep)] }),
          },
        ],
        { mode: 'force' },
      )
      if (r.ok) for (const c of r.created) ids.push(c.id)
      return
    }
    case 'plan': {
      const r = createNodes(
        g,
        o.summaries.map((summary) => ({ summary, parent: at(o.parent) })),
        { mode: 'force', ordered: true },
      )
      if (r.ok) for (const c of r.created) ids.push(c.id)
      return
    }
    case 'summary':
      return void updateNodes(g, [{ id: at(o.node), summary: o.summary }])
    case 'resolve':
      return void updateNodes(g, [{ id: at(o.node), resolved: o.resolved }])
    case 'prop':
      return void updateNodes(g, [{ id: at(o.node), properties: { [o.key]: o.value } }])
    case 'move':
      return void restructure(g, [{ type: 'move', node: at(o.node), parent: at(o.parent) }])
    case 'connect':
      return void connect(g, [{ from: at(o.from), to: at(o.to), type: o.type }])
    case 'disconnect':
      return void disconnect(g, [{ from: at(o.from), to: at(o.to), type: o.type }])
    case 'claim':
      return void claim(g, at(o.node))
    case 'release':
      return void release(g, at(o.node))
    case 'link':
      return void updateNodes(g, [
        { id: at(o.node), ...(o.remove ? { remove_links: [o.link] } : { add_links: [o.link] }) },
      ])
    case 'evidence':
      return void updateNodes(g, [{ id: at(o.node), add_evidence: [{ type: 'note', ref: 'seen' }] }])
    case 'drop':
      return void restructure(g, [{ type: 'drop', node: at(o.node), reason: 'not needed' }])
    case 'forget':
      return void restructure(g, [{ type: 'forget', node: at(o.node) }])
    case 'restore':
      return void restructure(g, [{ type: 'restore', node: at(o.node) }])
    case 'merge':
      return void restructure(g, [{ type: 'merge', node: at(o.node), into: at(o.into) }])
    case 'reorder':
      return void reorder(g, at(o.node), at(o.before))
  }
}

/**
 * What a person's drop between siblings writes (web canvas tree-drop): `node` put right before
 * `before` when they are siblings (its `order` the midpoint of `before`'s and the sibling drawn ahead
 * of it), else first among its siblings.
 */
export function reorder(g: Graph, node: string, before: string): void {
  const ix = g.index
  const parent = ix.nodes.get(node)?.parent
  if (!parent || !ix.live(node)) return
  const sibs = inDrawnOrder(
    ix,
    (ix.struct().children.get(parent) ?? []).filter((id) => id !== node),
  )
  if (sibs.length === 0) return
  const key = (id: string) => {
    const v = ix.nodes.get(id)!
    return v.order ?? v.created_at
  }
  const at = Math.max(0, sibs.indexOf(before))
  const order = at === 0 ? key(sibs[0]!) - 1 : (key(sibs[at - 1]!) + key(sibs[at]!)) / 2
  setTreePlaces(g, [{ id: node, order }])
}
