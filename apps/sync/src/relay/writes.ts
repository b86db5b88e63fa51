/**
 * Whether an update keeps the document's rules, decided before Yjs sees it, on the decoded structs
 * alone (Yjs has no rollback, so there is no applying and undoing). Each value the update inserts is
 * placed the way Yjs will place it (its parent and key, or those of the neighbour it follows) and
 * given to the model's `checkWrite` with the path of the shared type it goes into; each delete of
 * something the document holds goes to `checkDelete` (only the outermost: a node deleted whole takes
 * its fields along). Then the totals on a whole node the update grows, as the document would hold
 * them: how many properties, how long the notes (`checkTotal`). Then authorship, per node the update
 * touches (`checkNodeWrite`): the history events it appends on that node, and the claim keys it
 * writes or deletes. The rules themselves are the model's
 * (packages/model/src/rules.ts): the same limits and checks its own operations apply.
 *
 * Run after `missingDependency`: everything an item points at is then in the document or in the
 * update, and no item is wired into two places.
 */
import {
  CLAIMED_BY,
  CLAIM_KEYS,
  checkDelete,
  checkNodeWrite,
  checkTotal,
  checkWrite,
  countsAsProperty,
  readMeta,
  settleClaimsIn,
  type NodeWrite,
  type Writer,
  type Written,
} from '@plexus/model'
import { skeletonStructs, type SkeletonStructs } from './skeleton-check.ts'
import { structHolding } from './structs.ts'
import * as Y from 'yjs'
import type { DecodedUpdate } from './protocol.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Yjs types its own parents this way
type Type = Y.AbstractType<any>

interface Id {
  client: number
  clock: number
}

/** Where a value goes: a top-level type by name, a type in the document, or one this update creates. */
type Parent = { root: string } | { type: Type } | { item: Y.Item }
interface Place {
  parent: Parent
  sub: string | null
}
/** Null: Yjs turns the item into garbage (its neighbour was collected), so nothing lands. */
type Found = Place | null

const MAX_DEPTH = 64

/** A shared type that grows: what the update adds to a node's properties or notes. */
interface Growth {
  path: string[]
  keys: Set<string>
  chars: number
}

/**
 * Null when every insert and delete of `decoded` keeps the rules; otherwise why not, as a sentence.
 * `writer`: the connection's name for history and the schema it declared. `graph`: the graph's id,
 * whose skeleton alone may write under the skeleton's client id (skeleton-check.ts).
 */
export function brokenRule(
  doc: Y.Doc,
  decoded: DecodedUpdate,
  writer: Omit<Writer, 'documentSchema'>,
  graph?: string,
): string | null {
  let skeletal: SkeletonStructs['deleted'] = []
  if (graph !== undefined) {
    const found = skeletonStructs(graph, decoded, (id) => {
      const s = id.clock < Y.getState(doc.store, id.client) ? Y.getItem(doc.store, id) : null
      return s !== null && s.deleted
    })
    if (found.refused !== null) return found.refused
    skeletal = found.deleted
  }
  try {
    // The document's schema is read only when a rule asks (a write to meta.schema): most updates never do.
    const full: Writer = {
      ...writer,
      get documentSchema() {
        return readMeta(doc).schema
      },
    }
    return new Check(doc, decoded).run(full, skeletal)
  } catch (error) {
    if (error instanceof RuleError) return `update refused: ${error.message}`
    throw error
  }
}

// A class, not closures: the server runs under tsx, which wraps every function it creates in a
// naming helper, and a dozen closures per update cost more than the check itself.
class Check {
  /** Per node the update touches: what it writes there (authorship, checkNodeWrite). */
  private readonly nodes = new Map<string, NodeWrite>()
  /** Per node, the actions of the history events the update appends on it. */
  private readonly actions = new Map<string, Set<string>>()
  private readonly store: Y.Doc['store']
  private readonly state = new Map<number, number>()
  private readonly byClient = new Map<number, Y.Item[]>()
  private readonly roots = new Map<Type, string>()
  private readonly places = new Map<Y.Item, Found>()
  private readonly share: Y.Doc['share']

  constructor(
    private readonly doc: Y.Doc,
    private readonly decoded: DecodedUpdate,
  ) {
    this.store = doc.store
    this.share = doc.share
    for (const s of decoded.structs) {
      if (!(s instanceof Y.Item)) continue
      let list = this.byClient.get(s.id.client)
      if (!list) this.byClient.set(s.id.client, (list = []))
      list.push(s)
    }
    for (const [name, type] of doc.share) this.roots.set(type, name)
  }

  /** `skeletal`: skeleton items the update carries deleted, new to the document (skeleton-check.ts). */
  run(writer: Writer, skeletal: SkeletonStructs['deleted']): string | null {
    // Keys the update writes per map of the document: overwriting one deletes its old value.
    const written = new Map<Type, Set<string>>()
    const growth = new Map<Type | Y.Item, Growth>()
    for (const list of this.byClient.values()) {
      for (const item of list) {
        const from = Math.max(0, this.stateOf(item.id.client) - item.id.clock)
        if (from >= item.length || item.content instanceof Y.ContentDeleted) continue
        const place = this.placeOf(item, 0)
        if (!place) continue
        const path = this.pathOf(place.parent, 0)
        const live = place.sub === null || !this.deletedHere(item)
        for (const w of contents(item.content, from)) {
          const bad = checkWrite(path, place.sub, w, writer, live)
          if (bad) return `update refused: ${bad.message}`
          if (path.length === 3 && path[0] === 'nodes') this.grows(growth, place, path, w)
          this.noteWrite(path, place.sub, w, live)
        }
        const into =
          'type' in place.parent
            ? place.parent.type
            : 'root' in place.parent
              ? this.share.get(place.parent.root)
              : undefined
        if (place.sub !== null && into) {
          let keys = written.get(into)
          if (!keys) written.set(into, (keys = new Set()))
          keys.add(place.sub)
        }
      }
    }
    const gone = this.deletes(growth)
    // A list's elements and a text's runs all answer alike: one question per list.
    let lists: Set<Type> | null = null
    for (const s of gone.keys()) {
      if (this.insideDeleted(s, gone)) continue
      const parent = s.parent as Type
      const key = s.parentSub
      if (key === null) {
        lists ??= new Set()
        if (lists.has(parent)) continue
        lists.add(parent)
      }
      const deleted = {
        key,
        held: heldBy(s.content),
        replaced: key !== null && !!written.get(parent)?.has(key),
      }
      const path = this.pathOfType(parent, 0)
      const bad = checkDelete(path, deleted)
      if (bad) return `update refused: ${bad.message}`
      this.noteDelete(path, key, deleted.replaced)
    }
    const bad = this.skeletonDeletes(skeletal)
    if (bad) return bad
    for (const [parent, g] of growth) {
      const bad = checkTotal(g.path, totalOf(parent, g, gone))
      if (bad) return `update refused: ${bad.message}`
    }
    for (const [id, write] of this.nodes) {
      const context = {
        actions: this.actions.get(id),
        holderAfter: this.holderAfter(id, write),
        settled: () => settleClaimsIn(this.doc, id).winner?.by ?? null,
        claimedBefore: (actor: string) => claimedIn(this.doc, id, actor),
      }
      const bad = checkNodeWrite(id, write, context, writer)
      if (bad) return `update refused: ${bad.message}`
    }
    return null
  }

  /**
   * Skeleton items an update brings already deleted (a peer that made the graph deleted or replaced
   * one before the server held it): deletes like any other, so the same rules judge them. Only the
   * outermost, as for the delete set.
   */
  private skeletonDeletes(skeletal: SkeletonStructs['deleted']): string | null {
    const clocks = new Set(skeletal.map((d) => d.item.id.clock))
    for (const { item, held } of skeletal) {
      if (item.id.clock < this.stateOf(item.id.client)) continue
      const parent = item.parent as unknown
      if (parent instanceof Y.ID && parent.client === item.id.client && clocks.has(parent.clock)) continue
      const place = this.placeOf(item, 0)
      if (!place) continue
      const path = this.pathOf(place.parent, 0)
      const key = place.sub
      const replaced = key !== null && this.replaces(item, place)
      const bad = checkDelete(path, { key, held: heldBy(held), replaced })
      if (bad) return `update refused: ${bad.message}`
      this.noteDelete(path, key, replaced)
    }
    return null
  }

  /** Whether the update writes another live value under the key `item` held (so its delete replaces it). */
  private replaces(item: Y.Item, place: Place): boolean {
    // A top-level type is named by its name or held as a type, depending on how the item was found.
    const of = (p: Parent): Type | Y.Item | string =>
      'root' in p ? (this.share.get(p.root) ?? p.root) : 'type' in p ? p.type : p.item
    const same = (p: Parent, q: Parent): boolean => of(p) === of(q)
    for (const list of this.byClient.values())
      for (const other of list) {
        if (other === item || other.content instanceof Y.ContentDeleted || this.deletedHere(other)) continue
        const at = this.placeOf(other, 0)
        if (at && at.sub === place.sub && same(at.parent, place.parent)) return true
      }
    return false
  }

  private nodeWrite(id: string): NodeWrite {
    let w = this.nodes.get(id)
    if (!w)
      this.nodes.set(
        id,
        (w = { fields: new Set(), claims: new Map(), unclaims: new Set(), claimants: new Set() }),
      )
    return w
  }

  /** Notes what an insert does for authorship: a history event appended, or a node's field written. */
  private noteWrite(path: string[], key: string | null, w: Written, live: boolean): void {
    const root = path[0]
    if (root === 'history') {
      if (w.type !== 'value' || !isRecord(w.value)) return
      const { node, action } = w.value
      if (typeof node !== 'string' || typeof action !== 'string') return
      let set = this.actions.get(node)
      if (!set) this.actions.set(node, (set = new Set()))
      set.add(action)
      return
    }
    if (root !== 'nodes') return
    if (path.length === 1) {
      if (key !== null) this.nodeWrite(key).fields.add('*')
      return
    }
    const write = this.nodeWrite(path[1]!)
    write.fields.add(path.length === 2 ? (key ?? '*') : path[2]!)
    if (path.length === 3 && path[2] === 'properties' && key !== null && CLAIM_KEYS.has(key)) {
      if (live) write.claims.set(key, w.type === 'value' ? w.value : undefined)
      // Every name the update writes as the holder, kept or not (a claim made apart may lose its
      // `_claimed_by` to another's while its lease keys stay): checkNodeWrite reads the writer's own.
      if (key === CLAIMED_BY && w.type === 'value' && typeof w.value === 'string')
        write.claimants?.add(w.value)
    }
  }

  /** Notes what a delete does for authorship: a node, a node's field or a claim's key removed. */
  private noteDelete(path: string[], key: string | null, replaced: boolean): void {
    if (path[0] !== 'nodes') return
    if (path.length === 1) {
      if (key !== null) this.nodeWrite(key).fields.add('*')
      return
    }
    const write = this.nodeWrite(path[1]!)
    write.fields.add(path.length === 2 ? (key ?? '*') : path[2]!)
    if (path.length === 3 && path[2] === 'properties' && key !== null && CLAIM_KEYS.has(key) && !replaced)
      write.unclaims.add(key)
  }

  /** Who holds the node's claim once the update is applied. */
  private holderAfter(id: string, write: NodeWrite): string | null {
    if (write.claims.has(CLAIMED_BY)) {
      const by = write.claims.get(CLAIMED_BY)
      return typeof by === 'string' ? by : null
    }
    if (write.unclaims.has(CLAIMED_BY)) return null
    const node = this.doc.getMap('nodes').get(id)
    const props = node instanceof Y.Map ? node.get('properties') : undefined
    const by = props instanceof Y.Map ? props.get(CLAIMED_BY) : undefined
    return typeof by === 'string' ? by : null
  }

  /** Whether the update itself deletes this item (a value written and overwritten in one step). */
  private deletedHere(item: Y.Item): boolean {
    const ranges = this.decoded.ds.clients.get(item.id.client)
    if (!ranges) return false
    const { clock } = item.id
    for (const r of ranges) if (clock >= r.clock && clock < r.clock + r.len) return true
    return false
  }

  /** Records what an insert adds to a node's properties (a key) or notes (characters). */
  private grows(growth: Map<Type | Y.Item, Growth>, place: Place, path: string[], w: Written): void {
    const props = path[2] === 'properties' && place.sub !== null
    const notes = path[2] === 'notes' && w.type === 'chars'
    if (!props && !notes) return
    const parent =
      'type' in place.parent ? place.parent.type : 'item' in place.parent ? place.parent.item : null
    if (parent === null) return
    let g = growth.get(parent)
    if (!g) growth.set(parent, (g = { path, keys: new Set(), chars: 0 }))
    if (props) g.keys.add(place.sub!)
    else if (w.type === 'chars') g.chars += w.text.length
  }

  /**
   * Items of the document the update deletes (and the document has not deleted already: a peer's
   * sync step 2 repeats every delete it knows of), mapped to how many characters of each go. The
   * characters are counted only for notes the update also grows (`growth`).
   */
  private deletes(growth: Map<Type | Y.Item, Growth>): Map<Y.Item, number> {
    const gone = new Map<Y.Item, number>()
    for (const [client, ranges] of this.decoded.ds.clients) {
      const known = this.stateOf(client)
      const structs = this.store.clients.get(client)
      if (!structs) continue
      for (const { clock, len } of ranges) {
        if (clock >= known) continue
        const end = Math.min(clock + len, known)
        for (let i = Y.findIndexSS(structs, clock); i < structs.length; i++) {
          const s = structs[i]!
          if (s.id.clock >= end) break
          if (!(s instanceof Y.Item) || s.deleted) continue
          const counted = s.countable && growth.has(s.parent as Type)
          const span = counted ? Math.min(s.id.clock + s.length, end) - Math.max(s.id.clock, clock) : 0
          gone.set(s, (gone.get(s) ?? 0) + span)
        }
      }
    }
    return gone
  }

  /** Whether a type `s` sits in is deleted too: then only that outermost delete is checked. */
  private insideDeleted(s: Y.Item, gone: Map<Y.Item, number>): boolean {
    for (
      let t = s.parent as Type, depth = 0;
      t._item && depth <= MAX_DEPTH;
      t = t._item.parent as Type, depth++
    )
      if (gone.has(t._item)) return true
    return false
  }

  private stateOf(client: number): number {
    let s = this.state.get(client)
    if (s === undefined) this.state.set(client, (s = Y.getState(this.store, client)))
    return s
  }

  private inDoc(id: Id): Y.Item | null {
    if (id.clock >= this.stateOf(id.client)) return null
    const s = Y.getItem(this.store, Y.createID(id.client, id.clock)) as Y.Item | Y.GC
    return s instanceof Y.Item ? s : null
  }

  /** The item of this update holding `id`, if any. */
  private inUpdate(id: Id): Y.Item | null {
    return structHolding(this.byClient.get(id.client), id.clock) ?? null
  }

  private placeOfId(id: Id, depth: number): Found {
    const held = this.inDoc(id)
    if (held) return { parent: { type: held.parent as Type }, sub: held.parentSub }
    const item = id.clock >= this.stateOf(id.client) ? this.inUpdate(id) : null
    return item ? this.placeOf(item, depth + 1) : null
  }

  /** Where Yjs puts an item: its own parent and key, else those of its left, else its right neighbour. */
  private placeOf(item: Y.Item, depth: number): Found {
    const kept = this.places.get(item)
    if (kept !== undefined) return kept
    if (depth > MAX_DEPTH) throw new RuleError('an update nests its changes too deep')
    let found: Found = null
    const parent = item.parent as unknown
    if (typeof parent === 'string') found = { parent: { root: parent }, sub: item.parentSub }
    else if (parent !== null) {
      const id = parent as Id
      const held = this.inDoc(id)
      if (held) {
        if (held.content instanceof Y.ContentType)
          found = { parent: { type: held.content.type as Type }, sub: item.parentSub }
      } else {
        const created = this.inUpdate(id)
        if (created && created.content instanceof Y.ContentType)
          found = { parent: { item: created }, sub: item.parentSub }
      }
    } else if (item.origin) found = this.placeOfId(item.origin, depth)
    else if (item.rightOrigin) found = this.placeOfId(item.rightOrigin, depth)
    this.places.set(item, found)
    return found
  }

  private pathOfType(type: Type, depth: number): string[] {
    const root = this.roots.get(type)
    if (root !== undefined) return [root]
    const item = type._item
    if (!item || depth > MAX_DEPTH) throw new RuleError('an update writes into a type outside the document')
    return extend(this.pathOfType(item.parent as Type, depth + 1), item.parentSub)
  }

  private pathOf(parent: Parent, depth: number): string[] {
    if (depth > MAX_DEPTH) throw new RuleError('an update nests its changes too deep')
    if ('root' in parent) return [parent.root]
    if ('type' in parent) return this.pathOfType(parent.type, depth)
    const place = this.placeOf(parent.item, depth + 1)
    if (!place) throw new RuleError('an update writes into a type that is not kept')
    return extend(this.pathOf(place.parent, depth + 1), place.sub)
  }
}

class RuleError extends Error {}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** A shared type that is a list element has no name to go by, and nothing in the schema is one. */
function extend(path: string[], sub: string | null): string[] {
  if (sub === null)
    throw new RuleError(`${path.join('.')}: a shared type inside a list has no place in a Plexus document`)
  return [...path, sub]
}

/** What an item's content writes, from element `from` on (the rest the document holds already). */
function contents(content: Y.Item['content'], from: number): Written[] {
  if (content instanceof Y.ContentAny || content instanceof Y.ContentJSON)
    return content
      .getContent()
      .slice(from)
      .map((value) => ({ type: 'value', value }))
  if (content instanceof Y.ContentString) return [{ type: 'chars', text: content.str.slice(from) }]
  if (content instanceof Y.ContentType) {
    const type = content.type
    if (type instanceof Y.XmlText || type instanceof Y.XmlFragment || type instanceof Y.XmlHook)
      return [{ type: 'other', what: 'an XML type' }]
    if (type instanceof Y.Map) return [{ type: 'map' }]
    if (type instanceof Y.Array) return [{ type: 'array' }]
    if (type instanceof Y.Text) return [{ type: 'text' }]
    return [{ type: 'other', what: 'an unknown shared type' }]
  }
  if (content instanceof Y.ContentBinary) return [{ type: 'other', what: 'binary data' }]
  if (content instanceof Y.ContentEmbed) return [{ type: 'other', what: 'an embed' }]
  if (content instanceof Y.ContentFormat) return [{ type: 'other', what: 'text formatting' }]
  if (content instanceof Y.ContentDoc) return [{ type: 'other', what: 'a subdocument' }]
  return [{ type: 'other', what: 'content of an unknown kind' }]
}

/** What a deleted item held, as checkDelete is told. */
function heldBy(content: Y.Item['content']): Written['type'] {
  if (content instanceof Y.ContentType) {
    const type = content.type
    return type instanceof Y.Map
      ? 'map'
      : type instanceof Y.Array
        ? 'array'
        : type instanceof Y.Text
          ? 'text'
          : 'other'
  }
  if (content instanceof Y.ContentString) return 'chars'
  return content instanceof Y.ContentAny || content instanceof Y.ContentJSON ? 'value' : 'other'
}

/**
 * How many properties (countsAsProperty) a map would hold, or how many characters long a text would
 * be, once the update is applied: what it holds, less what the update deletes, plus what it adds.
 */
function totalOf(parent: Type | Y.Item, g: Growth, gone: Map<Y.Item, number>): number {
  const type = parent instanceof Y.Item ? null : parent
  if (g.path[2] === 'notes') {
    let length = type instanceof Y.Text ? type.length : 0
    if (type) for (const [s, chars] of gone) if (s.parent === type) length -= chars
    return length + g.chars
  }
  const keys = new Set<string>()
  if (type) for (const [key, item] of type._map) if (!item.deleted && !gone.has(item)) keys.add(key)
  for (const key of g.keys) keys.add(key)
  let count = 0
  for (const key of keys) if (countsAsProperty(key)) count++
  return count
}

/**
 * Whether `actor` has claimed node `id` in the stored history (a `claim` event of its own): asked only
 * when a lease arrives from someone the node does not name as holder (checkNodeWrite), so the walk
 * over history is rare.
 */
function claimedIn(doc: Y.Doc, id: string, actor: string): boolean {
  for (const e of doc.getArray<unknown>('history')) {
    if (isRecord(e) && e.node === id && e.action === 'claim' && e.actor === actor) return true
  }
  return false
}
