/**
 * Whether an update can be integrated now, in full and in a well-formed way, decided before Yjs
 * sees it. Yjs has no rollback and trusts its input: given a struct whose dependencies are missing
 * it keeps the struct "pending" inside the document and sends it on to every peer that syncs; given
 * a struct that points at itself or at a later change of its own client it throws halfway through;
 * given a map entry wired into a list, two neighbours in different places, a map entry longer than
 * one value or with a right neighbour, the rest of a struct it partly has whose own place differs
 * from where that rest would go, or neighbours out of order or that no writer can have seen side by
 * side, it integrates it differently on different peers (or differently again after a reload). A client of this server never sends
 * any of these, so each is refused whole.
 *
 * The check replays Yjs's integration order on the structs' ids alone: a client's structs go in
 * clock order, each once everything it points at (origin, right origin, parent item) is in the
 * document or already replayed; a struct of one client may wait for another client's structs of
 * the same update. What can never be replayed is missing. Deleted ranges must then be known.
 */
import { structHolding } from './structs.ts'
import * as Y from 'yjs'
import type { DecodedUpdate } from './protocol.ts'

interface Id {
  client: number
  clock: number
}

/** Where an item sits: its parent (a type, a root name, or an item id) and map key. */
interface Place {
  parent: unknown
  sub: string | null
}

/** Null when `decoded` can be applied to `doc` in full; otherwise what is wrong, as a sentence. */
export function missingDependency(doc: Y.Doc, decoded: DecodedUpdate): string | null {
  const store = doc.store
  const docState = new Map<number, number>()
  const stateInDoc = (client: number): number => {
    let state = docState.get(client)
    if (state === undefined) docState.set(client, (state = Y.getState(store, client)))
    return state
  }
  // Each client's structs of this update, in clock order (as encoded).
  const queues = new Map<number, Array<Y.Item | Y.GC>>()
  for (const struct of decoded.structs) {
    if (struct instanceof Y.Skip) continue
    let queue = queues.get(struct.id.client)
    if (!queue) queues.set(struct.id.client, (queue = []))
    queue.push(struct)
  }
  const replayed = new Map<number, number>()
  const known = (client: number) => replayed.get(client) ?? stateInDoc(client)
  const inUpdate = new Map<number, Array<Y.Item | Y.GC>>()
  // Everything replayed, in the order Yjs would integrate it: what an item points at comes first.
  const order: Array<Y.Item | Y.GC> = []

  let blocked: string | null = null
  for (let progress = true; progress;) {
    progress = false
    blocked = null
    for (const [client, queue] of queues) {
      while (queue.length > 0) {
        const struct = queue[0]!
        const { clock } = struct.id
        const state = known(client)
        if (clock > state) {
          blocked = `client ${client} jumps from clock ${state} to ${clock}`
          break
        }
        // Also for a struct the document already holds: Yjs looks up what it points at before it
        // notices it has it, and parks it (and the rest of its client's structs) when that is unknown.
        if (struct instanceof Y.Item) {
          const bad = malformed(struct)
          if (bad) return bad
          const waiting = firstUnknown(struct, known)
          if (waiting) {
            blocked = `${at(struct)} ${waiting}, which is unknown here`
            break
          }
        }
        queue.shift()
        if (clock + struct.length > state) {
          replayed.set(client, clock + struct.length)
          let list = inUpdate.get(client)
          if (!list) inUpdate.set(client, (list = []))
          list.push(struct)
          order.push(struct)
        }
        progress = true
      }
    }
  }
  if (blocked) return blocked
  for (const [client, ranges] of decoded.ds.clients) {
    const state = known(client)
    for (const { clock, len } of ranges) {
      if (clock + len > state)
        return `it deletes client ${client} clock ${clock}-${clock + len - 1}, beyond ${state}`
    }
  }
  return misplaced(doc, stateInDoc, inUpdate, order, decoded.ds)
}

/** What an item alone gets wrong, whatever the document holds. */
function malformed(item: Y.Item): string | null {
  const own = (id: Id | null) => id !== null && id.client === item.id.client && id.clock >= item.id.clock
  if (own(item.origin)) return `${at(item)} follows itself or a later change of its own`
  if (own(item.rightOrigin)) return `${at(item)} precedes itself or a later change of its own`
  const parent = item.parent as unknown
  if (isId(parent) && own(parent)) return `${at(item)} is inside itself or a later change of its own`
  if (item.parentSub !== null && item.rightOrigin !== null)
    return `${at(item)} is a map entry with a right neighbour`
  return null
}

function firstUnknown(item: Y.Item, known: (client: number) => number): string | null {
  const unknown = (id: Id | null) => id !== null && id.clock >= known(id.client)
  if (unknown(item.origin)) return `follows ${name(item.origin!)}`
  if (unknown(item.rightOrigin)) return `precedes ${name(item.rightOrigin!)}`
  const parent = item.parent as unknown
  if (isId(parent) && unknown(parent)) return `is inside ${name(parent)}`
  return null
}

/**
 * Neighbours must live where the item lives: an item placed between an origin and a right origin
 * in different lists or maps, or given a parent that its neighbours are not in, is wired into two
 * structures at once, and peers integrate it differently.
 */
function misplaced(
  doc: Y.Doc,
  stateInDoc: (client: number) => number,
  inUpdate: Map<number, Array<Y.Item | Y.GC>>,
  order: ReadonlyArray<Y.Item | Y.GC>,
  ds: DecodedUpdate['ds'],
): string | null {
  const places = new Places(doc, stateInDoc, inUpdate)
  // In integration order, so the place of whatever an item points at is known when it is asked.
  for (const struct of order) {
    if (!(struct instanceof Y.Item)) continue
    const bad = places.placement(struct, ds) ?? places.wrongKind(struct) ?? places.neighbours(struct)
    if (bad) return bad
  }
  return null
}

/**
 * Where the items of one update go, against the document they are applied to: each answer worked out
 * once (memos), since an item's place is asked by every item that points at it.
 */
class Places {
  private readonly store: Y.Doc['store']
  private readonly memo = new Map<Y.Item, Place | null>()
  private readonly leftMemo = new Map<Y.Item, Anchor>()
  private readonly rightMemo = new Map<Y.Item, Anchor>()

  constructor(
    private readonly doc: Y.Doc,
    private readonly stateInDoc: (client: number) => number,
    private readonly inUpdate: Map<number, Array<Y.Item | Y.GC>>,
  ) {
    this.store = doc.store
  }

  /**
   * The item continues, or is a map entry, where it cannot be. Part of a struct may be here already:
   * Yjs integrates the rest after the client's last struct here, keeping the place it worked out from
   * the struct's own origin or parent. Both must agree, or the rest is wired into two places (a client
   * id taken from another peer does this).
   */
  placement(struct: Y.Item, ds: DecodedUpdate['ds']): string | null {
    const place = this.placeOf(struct, 0)
    if (place === null || place === 'unknown') return null
    const known = this.stateInDoc(struct.id.client)
    if (struct.id.clock < known) {
      const before = this.placeOfId({ client: struct.id.client, clock: known - 1 }, 0)
      if (before === null || before === 'unknown' || !samePlace(before, place))
        return `${at(struct)} continues client ${struct.id.client} clock ${known - 1}, which is elsewhere`
    }
    if (place.sub === null) return null
    // Yjs only ever appends to a key's values: its map entries have no right origin. One given
    // one (by pointing it at a value of the key) lands mid-history, where a reload of the same
    // document may place it differently from the document it was applied to.
    if (struct.rightOrigin !== null) return `${at(struct)} is a map entry with a right neighbour`
    return overlong(struct, known, ds)
  }

  /** A list element inside a map, or a map entry inside a list or text. */
  wrongKind(struct: Y.Item): string | null {
    if (struct.parent === null) return null
    const type = this.typeOf(struct.parent)
    if (type instanceof Y.Map && struct.parentSub === null)
      return `${at(struct)} is a list element inside a map`
    if (
      (type instanceof Y.Array || (type instanceof Y.Text && !(type instanceof Y.XmlText))) &&
      struct.parentSub !== null
    )
      return `${at(struct)} is a map entry inside a list or text`
    return null
  }

  /** Its left and right neighbours are in one place, in order, and side by side as a writer saw them. */
  neighbours(struct: Y.Item): string | null {
    if (!struct.rightOrigin) return null
    if (struct.origin) {
      const left = this.placeOfId(struct.origin, 0)
      const right = this.placeOfId(struct.rightOrigin, 0)
      if (left === null || right === null || left === 'unknown' || right === 'unknown') return null
      if (!samePlace(left, right)) return `${at(struct)} sits between neighbours in different places`
    }
    // Its left neighbour must come before its right one. Yjs assumes so and does not check: an item
    // placed after its right neighbour lands where the order items arrive in decides, so the
    // document it was applied to and a reload of the same document read differently.
    const left = this.leftAnchor(struct)
    const right = this.rightAnchor(struct)
    if (left && right && !before(left.item, left.clock, right.item, right.clock))
      return `${at(struct)} has its left neighbour after its right one`
    const direct = (id: Id | null) => id === null || id.clock < this.stateInDoc(id.client)
    if (direct(struct.origin) && direct(struct.rightOrigin)) {
      const bad = this.notAdjacent(struct.origin ? this.inDoc(struct.origin) : null, right)
      if (bad) return `${at(struct)} ${bad}`
    }
    return null
  }

  // Each client's replayed structs are in clock order without overlap (structs.ts).
  private findInUpdate(id: Id): Y.Item | Y.GC | undefined {
    return structHolding(this.inUpdate.get(id.client), id.clock)
  }

  /** The place of the struct holding `id`; null when it is garbage collected (Yjs then drops the item). */
  private placeOfId(id: Id, depth: number): Place | null | 'unknown' {
    if (id.clock < this.stateInDoc(id.client)) {
      const struct = Y.getItem(this.store, Y.createID(id.client, id.clock)) as Y.Item | Y.GC
      return struct instanceof Y.Item ? { parent: struct.parent, sub: struct.parentSub } : null
    }
    const struct = this.findInUpdate(id)
    if (!(struct instanceof Y.Item)) return null
    return this.placeOf(struct, depth + 1)
  }

  private placeOf(item: Y.Item, depth: number): Place | null | 'unknown' {
    if (this.memo.has(item)) return this.memo.get(item)!
    if (depth > 64) return 'unknown'
    let place: Place | null | 'unknown'
    if (item.parent !== null) {
      const parent = item.parent as unknown
      place = { parent: isId(parent) ? `${parent.client}:${parent.clock}` : parent, sub: item.parentSub }
    } else if (item.origin) place = this.placeOfId(item.origin, depth)
    else if (item.rightOrigin) place = this.placeOfId(item.rightOrigin, depth)
    else place = null
    if (place !== 'unknown') this.memo.set(item, place)
    return place
  }

  /**
   * The type an explicit parent names, when it can be known: a root the server has opened with its
   * kind, a type in the document, or a type this update creates.
   */
  private typeOf(parent: unknown): unknown {
    if (typeof parent === 'string') return this.doc.share.get(parent) ?? null
    if (!isId(parent)) return null
    const holder =
      parent.clock < this.stateInDoc(parent.client)
        ? (Y.getItem(this.store, Y.createID(parent.client, parent.clock)) as Y.Item | Y.GC)
        : this.findInUpdate(parent)
    return holder instanceof Y.Item && holder.content instanceof Y.ContentType ? holder.content.type : null
  }

  /**
   * A writer puts an item between two neighbours it sees side by side. It knew what each of them
   * was itself put next to, so what the right one follows cannot be after the left one, and what
   * the left one precedes cannot be before the right one; in any copy of the document, since no
   * copy reorders items it shares. Anything else claims a view nobody had, and Yjs integrates it
   * in an order that depends on what arrived when (a reload reads differently).
   */
  private notAdjacent(left: Anchor, right: Anchor): string | null {
    if (right) {
      const follows: Id | null =
        right.clock > right.item.id.clock
          ? { client: right.item.id.client, clock: right.clock - 1 }
          : right.item.origin
      if (follows !== null) {
        const f = this.inDoc(follows)
        if (f && (!left || !(sameSpot(f, left) || before(f.item, f.clock, left.item, left.clock))))
          return 'claims a right neighbour that follows something after its left one'
      }
    }
    if (left && left.item.rightOrigin !== null) {
      const p = this.inDoc(left.item.rightOrigin)
      if (p && (!right || !(sameSpot(p, right) || before(right.item, right.clock, p.item, p.clock))))
        return 'claims a left neighbour that precedes something before its right one'
    }
    return null
  }

  /**
   * Where an item of this update goes, as the document's items on either side: its origin, or the
   * origin of the new item it follows, and so on (the rest of a struct partly here goes after the
   * client's last struct here); likewise to the right. Null: the start or end of the list, or not
   * an item (garbage collected), where there is nothing to compare.
   */
  private leftAnchor(item: Y.Item): Anchor {
    return this.anchor(item, this.leftMemo, (cur) => {
      const known = this.stateInDoc(cur.id.client)
      return cur.id.clock < known ? { client: cur.id.client, clock: known - 1 } : cur.origin
    })
  }

  private rightAnchor(item: Y.Item): Anchor {
    return this.anchor(item, this.rightMemo, (cur) => cur.rightOrigin)
  }

  /** Follows `next` through this update's items to the document; each item's answer is kept. */
  private anchor(item: Y.Item, memo: Map<Y.Item, Anchor>, next: (cur: Y.Item) => Id | null): Anchor {
    const path = new Set<Y.Item>()
    let cur: Y.Item = item
    let found: Anchor = null
    for (;;) {
      const kept = memo.get(cur)
      if (kept !== undefined) {
        found = kept
        break
      }
      path.add(cur)
      const id = next(cur)
      if (id === null) break
      if (id.clock < this.stateInDoc(id.client)) {
        found = this.inDoc(id)
        break
      }
      const struct = this.findInUpdate(id)
      // Not an item, or a loop (which the replay would have refused): nothing to compare.
      if (!(struct instanceof Y.Item) || path.has(struct)) break
      cur = struct
    }
    for (const p of path) memo.set(p, found)
    return found
  }

  private inDoc(id: Id): Anchor {
    const struct = Y.getItem(this.store, Y.createID(id.client, id.clock)) as Y.Item | Y.GC
    return struct instanceof Y.Item ? { item: struct, clock: id.clock } : null
  }
}

/** A position in the document: a struct and one clock inside it. */
interface Spot {
  item: Y.Item
  clock: number
}
/** A spot, or none (the start or end of a list, or garbage collected). */
type Anchor = Spot | null

const sameSpot = (a: Spot, b: Spot) => a.item === b.item && a.clock === b.clock

/**
 * Whether position `ac` of struct `a` comes before position `bc` of struct `b` in their list:
 * walks out from `a` both ways at once until it meets `b`, so it costs the distance between them.
 */
function before(a: Y.Item, ac: number, b: Y.Item, bc: number): boolean {
  if (a === b) return ac < bc
  let right: Y.Item | null = a.right
  let left: Y.Item | null = a.left
  while (right !== null || left !== null) {
    if (right === b) return true
    if (left === b) return false
    right = right?.right ?? null
    left = left?.left ?? null
  }
  // Not in the same list after all (the place checks above decide those): nothing to compare.
  return true
}

/**
 * A map entry holds one value. Yjs keeps a longer one (a run of characters moved into a map by its
 * origin) as a single entry, but any later split of it (a delete of part of it, a reference into
 * it) makes each piece a value of its own, and each piece replaces the one before: the peer that
 * integrated it whole and the peers that receive it in pieces then hold different values. Refused,
 * unless what is new of it is one long or deleted by the same update (a client that keeps deleted
 * values, for undo, sends overwritten values of a key merged into one struct).
 */
function overlong(item: Y.Item, state: number, ds: DecodedUpdate['ds']): string | null {
  if (item.content instanceof Y.ContentDeleted) return null
  const from = Math.max(item.id.clock, state)
  const to = item.id.clock + item.length
  if (to - from <= 1 || covered(ds.clients.get(item.id.client) ?? [], from, to)) return null
  return `${at(item)} is a map entry ${item.length} long; a map entry holds one value`
}

/** Whether the delete ranges cover clocks [from, to). */
function covered(ranges: ReadonlyArray<{ clock: number; len: number }>, from: number, to: number): boolean {
  const sorted = [...ranges].sort((a, b) => a.clock - b.clock)
  let next = from
  for (const r of sorted) {
    if (r.clock > next) break
    next = Math.max(next, r.clock + r.len)
    if (next >= to) return true
  }
  return next >= to
}

function samePlace(a: Place, b: Place): boolean {
  return a.sub === b.sub && normalize(a.parent) === normalize(b.parent)
}

/** A parent as something comparable: a type is named by the id of the item holding it, a root by its name. */
function normalize(parent: unknown): unknown {
  if (parent instanceof Y.AbstractType) {
    const item = parent._item
    return item ? `${item.id.client}:${item.id.clock}` : rootName(parent)
  }
  return parent
}

function rootName(type: { doc: Y.Doc | null }): string {
  const doc = type.doc
  if (doc) for (const [key, value] of doc.share) if (value === type) return key
  return '?'
}

function isId(value: unknown): value is Id {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Id).client === 'number' &&
    typeof (value as Id).clock === 'number'
  )
}

const name = (id: Id) => `client ${id.client} clock ${id.clock}`
const at = (item: Y.Item) => `client ${item.id.client} clock ${item.id.clock}`
