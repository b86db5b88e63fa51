import type { NodeChange } from '@xyflow/react'
import type { PNode } from './flow-model.ts'
import { overlaps, snapToGuides, SNAP_PX, type Box, type Guide } from './guides.ts'

/**
 * One free move's alignment (guides.ts) on the canvas: begun when one node is dragged freely (not a
 * branch in the tree, not a frame, which carries its members), it snaps each position React Flow reports
 * before the model takes it, so what is drawn, written while dragging and written at the end is the
 * snapped place (one drag is one undo step: drag.ts). The boxes it snaps to are the other nodes on
 * screen when the drag began, frames left out. Holding Ctrl (⌘) while moving places the node without
 * snapping. A selection of several nodes moves as it is dragged, unsnapped.
 */
export class DragSnap {
  private id: string | null = null
  private size: { width: number; height: number } = { width: 0, height: 0 }
  private others: Box[] = []
  private threshold = 0
  private shown: Guide[] = []
  private readonly listeners = new Set<() => void>()
  /** Ctrl or ⌘ held at the last pointer move: no snapping. */
  off = false

  /** Starts snapping `node` to `onScreen` (the nodes drawn, in canvas coordinates) at `zoom`. */
  begin(node: PNode, all: readonly PNode[], view: Box, zoom: number): void {
    const size = boxOf(node)
    if (!size || node.data.frame) return this.end()
    this.id = node.id
    this.size = { width: size.width, height: size.height }
    this.threshold = SNAP_PX / zoom
    this.others = []
    for (const n of all) {
      // A frame is drawn around its members with a margin (frames.ts): its lines are not a member's.
      if (n.id === node.id || n.hidden || n.data.frame) continue
      const b = boxOf(n)
      if (b && overlaps(b, view)) this.others.push(b)
    }
  }

  /** The changes with the dragged node's position snapped (the same array when nothing is snapped). */
  apply(changes: NodeChange<PNode>[]): NodeChange<PNode>[] {
    if (this.id === null) return changes
    return changes.map((c) => {
      if (c.type !== 'position' || c.id !== this.id || !c.position || !c.dragging) return c
      const s = snapToGuides({ ...c.position, ...this.size }, this.others, this.off ? -1 : this.threshold)
      this.show(s.guides)
      return s.x === c.position.x && s.y === c.position.y ? c : { ...c, position: { x: s.x, y: s.y } }
    })
  }

  end(): void {
    this.id = null
    this.others = []
    this.show([])
  }

  /** The guides to draw now (empty when nothing lines up). */
  guides = (): readonly Guide[] => this.shown

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  private show(guides: Guide[]): void {
    const same =
      guides.length === this.shown.length &&
      guides.every((g, i) => {
        const h = this.shown[i]!
        return g.axis === h.axis && g.at === h.at && g.from === h.from && g.to === h.to
      })
    if (same) return
    this.shown = guides
    for (const fn of this.listeners) fn()
  }
}

/** A node's box as drawn: its position and its measured (else laid-out) size. */
function boxOf(n: PNode): Box | null {
  const width = n.measured?.width ?? n.width ?? n.data.box?.width
  const height = n.measured?.height ?? n.height ?? n.data.box?.height
  if (width === undefined || height === undefined) return null
  return { x: n.position.x, y: n.position.y, width, height }
}
