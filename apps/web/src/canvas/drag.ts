import { setPositions } from '@plexus/model'
import type { Workspace } from './workspace.ts'

/** At most this many position writes per second while dragging. */
export const DRAG_WRITES_PER_SECOND = 20

/**
 * Writes the positions of dragged nodes to the document at a bounded rate, so peers see a drag live
 * without a transaction per mouse move. The canvas itself follows the pointer every frame from the
 * model's local drag positions. One drag is one undo step, however long it lasts.
 */
export class DragWriter {
  private last = 0
  private timer: ReturnType<typeof setTimeout> | null = null
  private active = false
  private savedTimeout = 0
  private readonly interval = 1000 / DRAG_WRITES_PER_SECOND

  constructor(private readonly ws: Workspace) {}

  start(): void {
    if (this.active) return
    this.active = true
    const um = this.ws.session.undo
    um.stopCapturing()
    this.savedTimeout = um.captureTimeout
    um.captureTimeout = Number.POSITIVE_INFINITY
  }

  moved(): void {
    if (!this.active) this.start()
    const now = performance.now()
    if (now - this.last >= this.interval) this.write()
    else this.timer ??= setTimeout(() => this.write(), this.interval - (now - this.last))
  }

  private write(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.last = performance.now()
    const items = this.ws.model.draggingPositions()
    if (items.length) setPositions(this.ws.session.g, items)
  }

  stop(): void {
    if (!this.active) return
    this.write()
    this.active = false
    this.ws.model.endDrag()
    const um = this.ws.session.undo
    um.captureTimeout = this.savedTimeout
    um.stopCapturing()
  }
}
