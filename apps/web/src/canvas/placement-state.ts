import type { GraphView, NodeView } from '@plexus/model'
import type { Rect } from './geometry.ts'
import { PlacedIndex } from './placed-index.ts'

const live = (n: NodeView | undefined): n is NodeView =>
  !!n && n.deleted_at === null && n.merged_into === null

/**
 * What placement starts from, kept node by node: the rectangles of the placed nodes (an R-tree) and the
 * ids of the live nodes still without a place. The flow model tells it of every node whose object it
 * rebuilds, so placing an agent's node looks around its parent instead of walking a 10k-node graph.
 * Built from every node on first use: a canvas that never places pays nothing.
 */
export class PlacementState {
  private space: PlacedIndex | null = null
  private readonly waiting = new Set<string>()

  /** `rectOf`: where a node is for placement, null when it has no place (or is not live). */
  constructor(
    private readonly index: () => GraphView,
    private readonly rectOf: (id: string, v: NodeView | undefined) => Rect | null,
  ) {}

  /** One node may have moved, grown, gone or got a place. */
  track(id: string, v: NodeView | undefined): void {
    const space = this.space
    if (!space) return
    const r = this.rectOf(id, v)
    if (r) {
      space.set(id, r)
      this.waiting.delete(id)
    } else {
      space.delete(id)
      if (live(v)) this.waiting.add(id)
      else this.waiting.delete(id)
    }
  }

  /** The placed nodes' index and the unplaced ids, built from every node the first time. */
  current(): { placed: PlacedIndex; unplaced: ReadonlySet<string> } {
    if (!this.space) {
      const rects: Array<[string, Rect]> = []
      this.waiting.clear()
      for (const [id, v] of this.index().nodes) {
        const r = this.rectOf(id, v)
        if (r) rects.push([id, r])
        else if (live(v)) this.waiting.add(id)
      }
      this.space = new PlacedIndex()
      this.space.load(rects)
    }
    return { placed: this.space, unplaced: this.waiting }
  }

  /**
   * Where what is kept differs from what a build from scratch would give now (empty when current, or
   * not built yet): for tests, which drive the flow model through random edits and compare.
   */
  drift(): string[] {
    const space = this.space
    if (!space) return []
    const out: string[] = []
    const ix = this.index()
    for (const [id, v] of ix.nodes) {
      const want = this.rectOf(id, v)
      const have = space.rect(id)
      if (JSON.stringify(want ?? null) !== JSON.stringify(have ?? null))
        out.push(`${id}: kept ${JSON.stringify(have)}, now ${JSON.stringify(want)}`)
      if (!want && live(v) !== this.waiting.has(id)) out.push(`${id}: unplaced ${this.waiting.has(id)}`)
    }
    for (const [id] of space.entries()) if (!ix.nodes.has(id)) out.push(`${id}: kept, not in the index`)
    for (const id of this.waiting) if (!ix.nodes.has(id)) out.push(`${id}: unplaced, not in the index`)
    return out
  }
}
