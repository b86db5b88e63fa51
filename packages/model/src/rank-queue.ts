import type { NodeView } from './types.ts'

const NAMED_PRIORITY: Record<string, number> = {
  critical: 4,
  urgent: 4,
  high: 3,
  medium: 2,
  normal: 2,
  low: 1,
}

/** `properties.priority` as a number: numbers as they are, common words mapped, anything else 0. */
export function priorityOf(n: NodeView): number {
  const p = n.properties.priority
  if (typeof p === 'number' && Number.isFinite(p)) return p
  if (typeof p === 'string')
    return Object.hasOwn(NAMED_PRIORITY, p.toLowerCase())
      ? NAMED_PRIORITY[p.toLowerCase()]!
      : Number.isFinite(Number(p))
        ? Number(p)
        : 0
  return 0
}

export interface Ranked {
  view: NodeView
  depth: number
  priority: number
}

/**
 * The order `next` hands out work: priority (high first), then depth (deepest first: finish details
 * before their parents), then least recently updated, then id.
 */
export function ahead(a: Ranked, b: Ranked): boolean {
  if (a.priority !== b.priority) return a.priority > b.priority
  if (a.depth !== b.depth) return a.depth > b.depth
  if (a.view.updated_at !== b.view.updated_at) return a.view.updated_at < b.view.updated_at
  return a.view.id < b.view.id
}

/**
 * A binary heap of actionable nodes in `ahead` order with lazy deletion: a change pushes a fresh entry
 * and leaves the old one, which is dropped when it surfaces (its view is no longer the node's current
 * view, or the node is no longer actionable). So `next` costs O(count log n) instead of a pass over
 * every actionable node.
 */
export class RankQueue {
  private heap: Ranked[] = []

  get size(): number {
    return this.heap.length
  }

  clear(): void {
    this.heap = []
  }

  push(e: Ranked): void {
    const h = this.heap
    h.push(e)
    let i = h.length - 1
    while (i > 0) {
      const p = (i - 1) >> 1
      if (!ahead(h[i]!, h[p]!)) break
      ;[h[i], h[p]] = [h[p]!, h[i]!]
      i = p
    }
  }

  pop(): Ranked | undefined {
    const h = this.heap
    const top = h[0]
    const last = h.pop()
    if (h.length && last) {
      h[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let best = i
        if (l < h.length && ahead(h[l]!, h[best]!)) best = l
        if (r < h.length && ahead(h[r]!, h[best]!)) best = r
        if (best === i) break
        ;[h[i], h[best]] = [h[best]!, h[i]!]
        i = best
      }
    }
    return top
  }
}
