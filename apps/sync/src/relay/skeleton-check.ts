/**
 * The skeleton's client id is the skeleton's alone (issue 23). `initGraph` applies a graph's skeleton
 * (packages/model/src/skeleton.ts): one Yjs update every peer makes byte for byte the same, under the
 * client id `skeletonClient(graph)`. Yjs takes an item it already holds by its id and never looks at
 * the content again, so whoever first writes under that id decides what every peer's skeleton holds
 * on the server. A writer that forged one (another root, other content, more clocks) for a graph id
 * nobody made yet would leave every peer that made the graph apart refused for good and holding other
 * content under the same ids: they never converge.
 *
 * So an update's structs under that client must be the skeleton's own, struct by struct: the same
 * id and length, parent and key, neighbours at insertion (origin, rightOrigin) and content, and none
 * past the skeleton's last clock. One a peer has deleted since may arrive with its content dropped
 * (Yjs garbage collection), or whole and named in the update's delete set: either way it is a delete of
 * the skeleton's item, which the ordinary rules judge (writes.ts), as they would had the server held the
 * skeleton first; a struct collected whole (GC) is taken only inside a skeleton item the update
 * deletes too. Deletes that name skeleton items (a delete set) are ordinary deletes, checked as ever.
 */
import { skeleton, skeletonClient } from '@plexus/model'
import * as Y from 'yjs'
import type { DecodedUpdate } from './protocol.ts'
import { structHolding } from './structs.ts'

type Struct = Y.Item | Y.GC | Y.Skip

interface Skeleton {
  client: number
  /** The skeleton's structs, clock order (all under `client`). */
  structs: Array<Y.Item | Y.GC>
  /** Its next clock: nothing under `client` may go past it. */
  length: number
}

/** Decoded once per graph id; a server holds many graphs, so only the latest few are kept. */
const cache = new Map<string, Skeleton>()
const CACHE_SIZE = 64

function skeletonOf(graph: string): Skeleton {
  let s = cache.get(graph)
  if (s) {
    cache.delete(graph)
  } else {
    const structs = Y.decodeUpdate(skeleton(graph)).structs.filter(
      (x): x is Y.Item | Y.GC => !(x instanceof Y.Skip),
    )
    const last = structs[structs.length - 1]
    s = { client: skeletonClient(graph), structs, length: last ? last.id.clock + last.length : 0 }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
  }
  cache.set(graph, s)
  return s
}

/** What the rules check of an update's skeleton structs. */
export interface SkeletonStructs {
  /** Why the update is refused, or null. */
  refused: string | null
  /** Skeleton items the update carries deleted (content dropped): deletes for the ordinary rules. */
  deleted: Array<{ item: Y.Item; held: Y.Item['content'] }>
}

const NONE: SkeletonStructs = { refused: null, deleted: [] }

/**
 * Checks the structs `decoded` carries under the skeleton client of `graph`. `deletedInDoc`: whether
 * the document already holds the item at this id deleted (a struct collected inside it is then fine).
 */
export function skeletonStructs(
  graph: string,
  decoded: DecodedUpdate,
  deletedInDoc: (id: Y.ID) => boolean,
): SkeletonStructs {
  const client = skeletonClient(graph)
  const mine: Struct[] = []
  for (const s of decoded.structs) if (s.id.client === client) mine.push(s)
  if (mine.length === 0) return NONE
  const sk = skeletonOf(graph)
  const name = `graph ${graph}'s skeleton (client id ${client})`
  const refuse = (why: string): SkeletonStructs => ({
    refused: `update refused: ${why}; only the skeleton initGraph writes may use ${name}`,
    deleted: [],
  })
  const deleted: SkeletonStructs['deleted'] = []
  /** Clocks of skeleton items the update carries deleted, or collected whole. */
  const gone = new Set<number>()
  const collected: Y.GC[] = []
  for (const s of mine) {
    const end = s.id.clock + s.length
    if (end > sk.length)
      return refuse(`it writes clock ${end - 1} under ${name}, which ends at clock ${sk.length - 1}`)
    if (s instanceof Y.Skip) continue
    if (s instanceof Y.GC) {
      collected.push(s)
      for (let c = s.id.clock; c < end; c++) gone.add(c)
      continue
    }
    const own = structHolding(sk.structs, s.id.clock)
    const at = `clock ${s.id.clock} under ${name}`
    if (!(own instanceof Y.Item) || own.id.clock !== s.id.clock || own.length !== s.length)
      return refuse(`its item at ${at} is not the skeleton's item there`)
    if (!samePlace(own, s)) return refuse(`its item at ${at} sits elsewhere than the skeleton's`)
    if (s.content instanceof Y.ContentDeleted && !(own.content instanceof Y.ContentDeleted)) {
      deleted.push({ item: s, held: own.content })
      gone.add(s.id.clock)
    } else if (!sameContent(own.content, s.content))
      return refuse(`its item at ${at} holds other content than the skeleton's`)
    else if (inRanges(decoded.ds.clients.get(client), s.id.clock)) {
      // Kept whole (a peer without garbage collection) but deleted by the same update: a delete too.
      deleted.push({ item: s, held: own.content })
      gone.add(s.id.clock)
    }
  }
  // A struct collected whole lost its parent: fine only inside a skeleton type that is deleted too.
  for (const s of collected) {
    for (let c = s.id.clock; c < s.id.clock + s.length; c++) {
      const own = structHolding(sk.structs, c)
      const parent = own instanceof Y.Item ? (own.parent as unknown) : null
      const inside = parent instanceof Y.ID && parent.client === client
      if (!inside || !(gone.has(parent.clock) || deletedInDoc(parent)))
        return refuse(
          `it drops the skeleton's item at clock ${c} under ${name} without deleting what holds it`,
        )
    }
  }
  return { refused: null, deleted }
}

function inRanges(ranges: Array<{ clock: number; len: number }> | undefined, clock: number): boolean {
  for (const r of ranges ?? []) if (clock >= r.clock && clock < r.clock + r.len) return true
  return false
}

function sameId(a: Y.ID | null, b: Y.ID | null): boolean {
  return a === b || (a !== null && b !== null && a.client === b.client && a.clock === b.clock)
}

/** Decoded items name their parent by type name or by id (or not at all, when they have neighbours). */
function sameParent(a: unknown, b: unknown): boolean {
  if (a instanceof Y.ID || b instanceof Y.ID) return a instanceof Y.ID && b instanceof Y.ID && sameId(a, b)
  return a === b
}

function samePlace(a: Y.Item, b: Y.Item): boolean {
  return (
    sameId(a.origin, b.origin) &&
    sameId(a.rightOrigin, b.rightOrigin) &&
    sameParent(a.parent, b.parent) &&
    a.parentSub === b.parentSub
  )
}

function sameContent(a: Y.Item['content'], b: Y.Item['content']): boolean {
  if (a.constructor !== b.constructor || a.getRef() !== b.getRef() || a.getLength() !== b.getLength())
    return false
  const ea = new Y.UpdateEncoderV1()
  const eb = new Y.UpdateEncoderV1()
  a.write(ea, 0)
  b.write(eb, 0)
  const x = ea.toUint8Array()
  const y = eb.toUint8Array()
  return x.length === y.length && x.every((v, i) => v === y[i])
}
