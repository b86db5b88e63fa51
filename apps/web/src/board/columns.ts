import { holderOf, type GraphView, type NodeView, type Status } from '@plexus/model'

export type Column = Exclude<Status, 'deleted'> | 'claimed'

export const COLUMNS: Array<{ key: Column; title: string; hint: string }> = [
  {
    key: 'actionable',
    title: 'Ready',
    hint: 'Unresolved, nothing in the way. Drop here to reopen or release',
  },
  { key: 'claimed', title: 'In progress', hint: 'Claimed by an agent or a person. Drop here to claim' },
  { key: 'blocked', title: 'Blocked', hint: 'Waiting for a dependency' },
  { key: 'waiting', title: 'Waiting', hint: 'Waiting for its children' },
  { key: 'resolved', title: 'Done', hint: 'Resolved. Drop here to resolve' },
]

/** A claim that still holds: the model's rule (the lease the claimer set; resolved work is nobody's). */
export function activeClaim(n: NodeView, now: number): { by: string; at: number } | null {
  return holderOf(n, now)
}

/** Natural order: "API 1.2" before "API 1.10", case and accents aside. */
export const natural = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/**
 * The board's columns from the model's readiness columns: unresolved work someone holds moves to
 * "In progress", whatever else its readiness; every column in natural order of summary.
 */
export function splitColumns(
  byStatus: Record<Exclude<Status, 'deleted'>, NodeView[]>,
  now: number,
): Record<Column, NodeView[]> {
  const out: Record<Column, NodeView[]> = {
    actionable: [],
    claimed: [],
    blocked: [],
    waiting: [],
    resolved: [],
  }
  for (const [status, list] of Object.entries(byStatus) as Array<[Exclude<Status, 'deleted'>, NodeView[]]>)
    for (const n of list) out[status !== 'resolved' && activeClaim(n, now) ? 'claimed' : status].push(n)
  for (const list of Object.values(out)) list.sort((a, b) => natural.compare(a.summary, b.summary))
  return out
}

/** The branch a card belongs to: its ancestors' summaries below the root, outermost first. */
export function branchPath(ix: GraphView, id: string, root: string | null, max = 3): string[] {
  const s = ix.struct()
  const path: string[] = []
  let p = s.parent.get(id)
  while (p && p !== root && path.length < 50) {
    path.unshift(ix.nodes.get(p)?.summary ?? p)
    p = s.parent.get(p)
  }
  return path.length > max ? ['…', ...path.slice(-max)] : path
}
