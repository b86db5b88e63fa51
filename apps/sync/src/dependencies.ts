/**
 * Whether an update can be integrated now, in full and in a well-formed way, decided before Yjs
 * sees it. Yjs has no rollback and trusts its input: given a struct whose dependencies are missing
 * it keeps the struct "pending" inside the document and sends it on to every peer that syncs; given
 * a struct that points at itself or at a later change of its own client it throws halfway through;
 * given a map entry wired into a list (or two neighbours in different places) it integrates it
 * differently on different peers. A client of this server never sends any of these, so each is
 * refused whole.
 *
 * The check replays Yjs's integration order on the structs' ids alone: a client's structs go in
 * clock order, each once everything it points at (origin, right origin, parent item) is in the
 * document or already replayed; a struct of one client may wait for another client's structs of
 * the same update. What can never be replayed is missing. Deleted ranges must then be known.
 */
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
        if (struct instanceof Y.Item && clock + struct.length > state) {
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
  return misplaced(doc, stateInDoc, inUpdate)
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
): string | null {
  const store = doc.store
  const memo = new Map<Y.Item, Place | null>()
  // Each client's replayed structs are in clock order without overlap: binary search, not a scan
  // (a sync step 2 after a long offline spell holds thousands of them).
  const findInUpdate = (id: Id): Y.Item | Y.GC | undefined => {
    const list = inUpdate.get(id.client)
    if (!list) return undefined
    let lo = 0
    let hi = list.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const s = list[mid]!
      if (id.clock < s.id.clock) hi = mid - 1
      else if (id.clock >= s.id.clock + s.length) lo = mid + 1
      else return s
    }
    return undefined
  }
  // The place of the struct holding `id`; null when it is garbage collected (Yjs then drops the item).
  const placeOfId = (id: Id, depth: number): Place | null | 'unknown' => {
    if (id.clock < stateInDoc(id.client)) {
      const struct = Y.getItem(store, Y.createID(id.client, id.clock)) as Y.Item | Y.GC
      return struct instanceof Y.Item ? { parent: struct.parent, sub: struct.parentSub } : null
    }
    const struct = findInUpdate(id)
    if (!(struct instanceof Y.Item)) return null
    return placeOf(struct, depth + 1)
  }
  const placeOf = (item: Y.Item, depth: number): Place | null | 'unknown' => {
    if (memo.has(item)) return memo.get(item)!
    if (depth > 64) return 'unknown'
    let place: Place | null | 'unknown'
    if (item.parent !== null) {
      const parent = item.parent as unknown
      place = { parent: isId(parent) ? `${parent.client}:${parent.clock}` : parent, sub: item.parentSub }
    } else if (item.origin) place = placeOfId(item.origin, depth)
    else if (item.rightOrigin) place = placeOfId(item.rightOrigin, depth)
    else place = null
    if (place !== 'unknown') memo.set(item, place)
    return place
  }
  // The type an explicit parent names, when it can be known: a root the server has opened with its
  // kind, a type in the document, or a type this update creates.
  const typeOf = (parent: unknown): unknown => {
    if (typeof parent === 'string') return doc.share.get(parent) ?? null
    if (!isId(parent)) return null
    const holder =
      parent.clock < stateInDoc(parent.client)
        ? (Y.getItem(store, Y.createID(parent.client, parent.clock)) as Y.Item | Y.GC)
        : findInUpdate(parent)
    return holder instanceof Y.Item && holder.content instanceof Y.ContentType ? holder.content.type : null
  }
  for (const list of inUpdate.values()) {
    for (const struct of list) {
      if (!(struct instanceof Y.Item)) continue
      if (struct.parent !== null) {
        const type = typeOf(struct.parent)
        if (type instanceof Y.Map && struct.parentSub === null)
          return `${at(struct)} is a list element inside a map`
        if (
          (type instanceof Y.Array || (type instanceof Y.Text && !(type instanceof Y.XmlText))) &&
          struct.parentSub !== null
        )
          return `${at(struct)} is a map entry inside a list or text`
      }
      if (!struct.origin || !struct.rightOrigin) continue
      const left = placeOfId(struct.origin, 0)
      const right = placeOfId(struct.rightOrigin, 0)
      if (left === null || right === null || left === 'unknown' || right === 'unknown') continue
      if (!samePlace(left, right)) return `${at(struct)} sits between neighbours in different places`
    }
  }
  return null
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
