import type { GraphView } from '@plexus/model'
import type { Rect, XY } from './geometry.ts'
import type { PlacedIndex } from './placed-index.ts'
import { siblingKey } from '../layout/sibling-order.ts'
import {
  dropAt,
  dropWrites,
  sideOf,
  type DropPlan,
  type DropScene,
  type DropWrite,
  type Side,
} from './tree-drop.ts'

/** What a branch drag reads of the flow model. */
export interface TreeDragHost {
  index: GraphView
  root: string | null
  /** Where a node is drawn now (its rectangle), or undefined when it is not. */
  rectOf(id: string): Rect | undefined
  /** Every drawn node's rectangle (placement-state.ts), kept current as nodes move. */
  placed(): PlacedIndex
  /** Whether a node is drawn (not folded away or hidden). */
  shown(id: string): boolean
  /** Whether a node sits where the tree puts it (no stored position). */
  derived(id: string): boolean
}

/**
 * One branch dragged in a mind map or tree: the map as it was drawn when the drag began (the branch's
 * own places kept, so a drop onto its own child is seen and refused), the nodes the drag carries, and
 * the drop the pointer points at now (tree-drop.ts). Local to this canvas: the document is written once,
 * at the drop, in one undo step.
 */
export class TreeDrag {
  /** Where each node of the branch was drawn when the drag began. */
  private readonly was = new Map<string, Rect>()
  /** The nodes that move with the pointer: the dragged node and its derived descendants. */
  readonly carried: string[] = []
  plan: DropPlan = { type: 'none' }
  private readonly scene: DropScene

  constructor(
    private readonly host: TreeDragHost,
    readonly id: string,
  ) {
    const s = host.index.struct()
    const stack = [id]
    while (stack.length) {
      const cur = stack.pop()!
      const r = host.rectOf(cur)
      if (r) this.was.set(cur, r)
      // A descendant with a place of its own stays there (its own children are laid out from it).
      if (cur === id || host.derived(cur)) this.carried.push(cur)
      for (const c of s.children.get(cur) ?? []) if (host.index.live(c)) stack.push(c)
    }
    const childrenDrawn = (parent: string, side?: Side): string[] => {
      const kids = (s.children.get(parent) ?? []).filter(
        (c) => host.index.live(c) && host.derived(c) && this.rectOf(c),
      )
      const on = side === undefined ? kids : kids.filter((c) => sideOf(this.scene, c) === side)
      return on.sort((a, b) => this.rectOf(a)!.y - this.rectOf(b)!.y || (a < b ? -1 : 1))
    }
    this.scene = {
      root: host.root,
      dragged: id,
      parentOf: (n) => s.parent.get(n) ?? null,
      inBranch: (n) => this.was.has(n),
      rectOf: (n) => this.rectOf(n),
      near: (r) => this.near(r),
      childrenDrawn,
    }
  }

  /** Where a node of the branch was drawn when the drag began. */
  startOf(id: string): XY | undefined {
    const r = this.was.get(id)
    return r ? { x: r.x, y: r.y } : undefined
  }

  private rectOf(id: string): Rect | undefined {
    return this.was.get(id) ?? this.host.rectOf(id)
  }

  private near(r: Rect): string[] {
    const out = this.host
      .placed()
      .search(r)
      .filter((n) => !this.was.has(n) && this.host.shown(n))
    for (const [n, w] of this.was)
      if (w.x <= r.x + r.width && r.x <= w.x + w.width && w.y <= r.y + r.height && r.y <= w.y + w.height)
        out.push(n)
    return out
  }

  /** Where a drop at `p` would go. Returns whether that changed since the last call. */
  over(p: XY): boolean {
    const next = dropAt(this.scene, p)
    const same = JSON.stringify(next) === JSON.stringify(this.plan)
    this.plan = next
    return !same
  }

  /** What dropping here writes (null: nothing, the branch goes back). */
  writes(): DropWrite | null {
    const plan = this.plan
    if (plan.type !== 'place') return null
    const ix = this.host.index
    const root = this.host.root
    const rootBranches = root
      ? this.scene.childrenDrawn(root).map((b) => ({
          id: b,
          side: sideOf(this.scene, b),
          chosen: ix.nodes.get(b)?.side !== undefined,
        }))
      : []
    return dropWrites(plan, this.id, {
      root,
      parentOf: this.scene.parentOf,
      siblingsDrawn: this.scene.childrenDrawn(plan.parent, plan.side).filter((c) => c !== this.id),
      key: (n) => siblingKey(ix.nodes.get(n)!),
      rootBranches,
    })
  }
}
