import { overlaps, type Rect, type Size, type XY } from './geometry.ts'
import { PlacedIndex } from './placed-index.ts'

// A node that grows pushes others out of its way (placement.ts makeRoom, room.ts clearBranchesBelow);
// when it shrinks again, the nodes it pushed come back by as much as it no longer needs. Without this,
// every growth left a gap behind it: step a node through its shapes, or lengthen a name and shorten it,
// and the map spread further apart each time.
//
// What a growth pushed is remembered here, per node that grew: where each pushed node was before (it
// never comes back past that) and the places these pushes put it. A pushed node that is anywhere else
// was moved since (by the person's hand, by a peer) and stays where it is. The give-back is computed
// here and written to the document like the push was (by the person's handle when their own change
// shrank the node, else the app's), so every peer sees the same map; only this record is local.
//
// The record holds live nodes only: the flow model tells it of every node that is deleted (`forget`),
// as pusher and as pushed. A deleted node keeps its place in the document, so nothing else here would
// ever find it gone, and a session that adds and deletes nodes would otherwise keep every push it made.

interface Pushed {
  /** Where the node was before the pushes: the give-back never goes past it. */
  from: XY
  /** The places these pushes (and give-backs) put it: it is still "as pushed" at any of them. */
  at: XY[]
}

/** How many places a record keeps per node (undo and redo return a node to earlier ones). */
const KEPT = 8

const same = (a: XY, b: XY) => a.x === b.x && a.y === b.y
const shifted = (p: XY, dx: number, dy: number): XY => ({ x: p.x + dx, y: p.y + dy })

export interface GiveBackInput {
  /** The node that shrank (already measured at its new size by `sizeOf`). */
  id: string
  before: Size
  after: Size
  positionOf: (id: string) => XY | null
  sizeOf: (id: string) => Size
  /** The nodes that may overlap `r` where they are (at least every node that does). */
  near: (r: Rect) => Iterable<string>
}

interface Made {
  /** The pusher's size before its first push: back at (or below) it, it needs none of the room. */
  base: Size
  /** Node pushed -> where it was and was put. */
  nodes: Map<string, Pushed>
}

export class Pushes {
  private readonly by = new Map<string, Made>()
  /** Pushed node -> the pushers whose records hold it (so a move or a deletion touches only those). */
  private readonly pushers = new Map<string, Set<string>>()

  /** How many (pusher, pushed node) pairs are remembered: for tests of what the record keeps. */
  get size(): number {
    let n = 0
    for (const { nodes } of this.by.values()) n += nodes.size
    return n
  }

  /**
   * Notes moves `pusher`'s growth or shrinking is about to write (call before writing them, while
   * `positionOf` still gives where the nodes are). A move also carries any other node's record of the
   * moved node along with it: what that node pushed stays pushed by as much, from the new place.
   * `size`: the pusher's size before this change.
   */
  record(
    pusher: string,
    size: Size,
    moves: ReadonlyMap<string, XY>,
    positionOf: (id: string) => XY | null,
  ): void {
    if (!moves.size) return
    let mine = this.by.get(pusher)
    if (!mine) this.by.set(pusher, (mine = { base: size, nodes: new Map() }))
    for (const [n, to] of moves) {
      const was = positionOf(n)
      if (!was) continue
      const dx = to.x - was.x
      const dy = to.y - was.y
      for (const p of this.pushers.get(n) ?? []) {
        const pushed = this.by.get(p)!.nodes
        const e = pushed.get(n)!
        if (!e.at.some((q) => same(q, was))) continue
        if (p === pusher) e.at = [{ ...to }, ...e.at].slice(0, KEPT)
        else pushed.set(n, { from: shifted(e.from, dx, dy), at: [{ ...to }] })
      }
      const e = mine.nodes.get(n)
      // Moved since by something else: the push starts again from where it is now.
      if (!e || !same(e.at[0]!, to)) this.keep(pusher, mine, n, { from: was, at: [{ ...to }] })
    }
  }

  /** Forgets a node that was deleted: what it pushed, and every record of it as pushed. */
  forget(id: string): void {
    const mine = this.by.get(id)
    if (mine) {
      for (const n of mine.nodes.keys()) this.unkeep(id, n)
      this.by.delete(id)
    }
    for (const p of this.pushers.get(id) ?? []) {
      const made = this.by.get(p)!
      made.nodes.delete(id)
      if (!made.nodes.size) this.by.delete(p)
    }
    this.pushers.delete(id)
  }

  private keep(pusher: string, mine: Made, n: string, e: Pushed): void {
    mine.nodes.set(n, e)
    let ps = this.pushers.get(n)
    if (!ps) this.pushers.set(n, (ps = new Set()))
    ps.add(pusher)
  }

  private unkeep(pusher: string, n: string): void {
    const ps = this.pushers.get(n)
    ps?.delete(pusher)
    if (ps && !ps.size) this.pushers.delete(n)
  }

  /**
   * Where the nodes `id` pushed go now that it is smaller: back towards where they were before, by as
   * much as it shrank on that axis (all the way once it is no larger than before it first pushed: a
   * push can be larger than the growth, when it also opened a gap that was too narrow), never past
   * where they were, and never onto a node they did not overlap already (then by half or a quarter as
   * much, else not at all). Empty when nothing moves.
   */
  giveBack({ id, before, after, positionOf, sizeOf, near }: GiveBackInput): Map<string, XY> {
    const record = this.by.get(id)
    const none = new Map<string, XY>()
    if (!record) return none
    const { base, nodes: pushed } = record
    const sw = after.width <= base.width ? Infinity : Math.max(0, before.width - after.width)
    const sh = after.height <= base.height ? Infinity : Math.max(0, before.height - after.height)
    const back = (d: number, room: number) => (d > 0 ? -Math.min(d, room) : Math.min(-d, room))
    const steps: Array<{ n: string; q: XY; dx: number; dy: number }> = []
    for (const [n, e] of pushed) {
      const q = positionOf(n)
      if (!q) {
        pushed.delete(n)
        this.unkeep(id, n)
        continue
      }
      if (!e.at.some((a) => same(a, q))) continue
      const dx = back(q.x - e.from.x, sw)
      const dy = back(q.y - e.from.y, sh)
      if (dx || dy) steps.push({ n, q, dx, dy })
    }
    if (!steps.length) return none
    for (const t of [1, 0.5, 0.25]) {
      const moves = new Map(
        steps.map(({ n, q, dx, dy }) => [n, { x: Math.round(q.x + dx * t), y: Math.round(q.y + dy * t) }]),
      )
      if (!collides(moves, positionOf, sizeOf, near)) return moves
    }
    return none
  }
}

/** Whether a move puts a node onto one it did not overlap where it was. */
function collides(
  moves: ReadonlyMap<string, XY>,
  positionOf: (id: string) => XY | null,
  sizeOf: (id: string) => Size,
  near: (r: Rect) => Iterable<string>,
): boolean {
  const rect = (n: string, p: XY): Rect => ({ ...p, ...sizeOf(n) })
  // Where the moved nodes go, looked up like the rest (a give-back can move a whole branch).
  const moved = new PlacedIndex()
  moved.load([...moves].map(([n, p]) => [n, rect(n, p)]))
  for (const [n, p] of moves) {
    const r = rect(n, p)
    const was = rect(n, positionOf(n)!)
    for (const o of new Set([...near(r), ...moved.search(r)])) {
      if (o === n) continue
      const oq = positionOf(o)
      const to = moves.get(o) ?? oq
      if (!to || !overlaps(r, rect(o, to))) continue
      if (oq && overlaps(was, rect(o, oq))) continue
      return true
    }
  }
  return false
}
