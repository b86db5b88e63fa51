import type { NodeView } from '@plexus/model'
import type * as Y from 'yjs'

// One person action is one undo step that restores everything it changed. A shape or a summary the
// person set can make a node larger, and the room it then needs (siblings and branches below moved
// down, placement.ts / room.ts) is written a frame later, once the browser has measured the node. Those
// moves belong to the person's step: Ctrl+Z puts back the shape and the nodes it pushed together. So
// does the room given back when their change makes the node smaller again (pushes.ts). Growth or
// shrinking that no change of this person's caused (a peer's edit, an agent's) is written by the app's
// own handle, and no one's Ctrl+Z moves it back. (Room made while the person types a name has no step
// to join yet: the flow model holds it until the rename writes it, `FlowModel.writeHeld`.)

interface Pending {
  /** The undo step the person's change made. */
  step: Y.UndoManager['undoStack'][number]
  /** The node right after it, all but where it is: a later change by anyone else differs. */
  look: string
}

// Every field, not only the text and the shape: an agent's claim, kind or resolve also redraws the node
// (and can grow it), and that growth is not the person's. Not the position: a push moves the node, and
// a node pushed by another target of the same change still grows from that change.
const lookOf = (v: NodeView | undefined): string => {
  if (!v) return ''
  const { x: _x, y: _y, ...rest } = v
  return JSON.stringify(rest)
}

export class OwnSteps {
  private readonly pending = new Map<string, Pending>()

  constructor(
    private readonly undo: Y.UndoManager,
    private readonly view: (id: string) => NodeView | undefined,
  ) {}

  /** Notes that the person's last undo step changed how these nodes look (call right after the write). */
  changed(ids: readonly string[]): void {
    const step = this.undo.undoStack[this.undo.undoStack.length - 1]
    if (!step) return
    // An entry of an older step can never join it (join wants the last step): a change that did not
    // resize its node is never measured, so nothing else would take its entry out.
    for (const [id, p] of this.pending) if (p.step !== step) this.pending.delete(id)
    for (const id of ids) this.pending.set(id, { step, look: lookOf(this.view(id)) })
  }

  /** How many nodes wait to be measured (for tests). */
  get size(): number {
    return this.pending.size
  }

  /**
   * Runs `write` (a write through the person's handle) as part of the step that changed `id`, when that
   * step is still the person's last and nothing changed the node since. Returns false, having written
   * nothing, otherwise (the caller writes through the app's handle).
   */
  join(id: string, write: () => void): boolean {
    const p = this.pending.get(id)
    this.pending.delete(id)
    const u = this.undo
    if (!p || u.undoStack[u.undoStack.length - 1] !== p.step || lookOf(this.view(id)) !== p.look) return false
    // Y.UndoManager appends a transaction to its last step when it comes within `captureTimeout` of the
    // last change: make "now" the last change, write, and close the step again.
    u.lastChange = Date.now()
    write()
    u.stopCapturing()
    return true
  }

  /** Forgets a node's pending step (it was measured and did not grow). */
  settled(id: string): void {
    this.pending.delete(id)
  }
}
