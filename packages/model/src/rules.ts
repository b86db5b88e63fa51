import { CLAIMED_BY, CLAIM_KEYS, CLAIM_KEYS_MESSAGE } from './claims.ts'
import { fail } from './graph.ts'
import {
  EDGE,
  META,
  NODE,
  SCHEMA_MARK,
  checkSchemaMark,
  json,
  name,
  number,
  type Rule,
  type Writer,
} from './rules-fields.ts'
import type { Json } from './types.ts'
import { LIMITS, checkJson, checkString, typeName, type Check } from './validate.ts'

/**
 * The document's rules for a write that did not come through this package's operations: an update
 * a peer sends over WebSocket. The sync server decodes each value an update inserts, works out where
 * it lands (the path of the shared type it goes into and its key) and asks `checkWrite`; each delete
 * of something the document holds goes to `checkDelete`. The checks are this package's own
 * (`checkString`, `checkKind`, `checkJson`, `LIMITS`), the ones its operations run before they write.
 *
 * Paths name shared types from a top-level one: `['nodes', id]` is a node's map, `['nodes', id,
 * 'properties']` its properties. A list element or a run of text has no key (null).
 */

/** What an update puts at a place: a JSON-like value, a new shared type, text, or something else Yjs carries. */
export type Written =
  | { type: 'value'; value: unknown }
  | { type: 'map' | 'array' | 'text' }
  | { type: 'chars'; text: string }
  | { type: 'other'; what: string }

export type { Writer }

/**
 * What an update deletes from the shared type at a path: the entry at `key` (null: a list element or
 * a run of text), what that entry held, and whether the same update puts a new value at that key.
 */
export interface Deleted {
  key: string | null
  held: Written['type'] | 'chars'
  replaced: boolean
}

/** A history event's size on the wire: before/after values are clipped, but `whole` ones (restore) are not. */
const MAX_EVENT_BYTES = 1024 * 1024
/** A checkpoint or a working set: ids and summaries of up to 50 nodes. */
const MAX_CHECKPOINT_BYTES = 1024 * 1024

const LINE = { line: true } as const
const ROOTS: Record<string, 'map' | 'array'> = {
  meta: 'map',
  nodes: 'map',
  edges: 'map',
  history: 'array',
  checkpoints: 'map',
}

const EDGE_TYPES: Record<string, Written['type']> = { properties: 'map' }
const NODE_TYPES: Record<string, Written['type']> = {
  notes: 'text',
  properties: 'map',
  links: 'map',
  evidence: 'array',
}

const JSON_VALUE = json(LIMITS.value)
const CHECKPOINT = json(MAX_CHECKPOINT_BYTES)
const LINK: Rule = (v, w) => (v === true ? null : refuse(`${w}: a link maps to true`))
const EVENT: Rule = (v, w, writer) => checkEvent(v, w, writer)
/**
 * Fields that name who wrote something (authorship): written only as the connection's own name. Per
 * root: a node's, an edge's and the graph's own (meta) fields.
 */
const STAMPS: Record<string, ReadonlySet<string>> = {
  nodes: new Set(['created_by', 'updated_by', 'deleted_by']),
  edges: new Set(['created_by']),
  meta: new Set(['created_by']),
}

/**
 * Null when the write keeps the document's rules; otherwise what is wrong, for a close reason.
 * `live`: whether the value outlives the update. A value the same update overwrites is never read
 * (an undo restores an older stamp and stamps over it in one step), so it is held to the format of
 * its place, not to name the writer.
 */
export function checkWrite(
  path: readonly string[],
  key: string | null,
  written: Written,
  writer: Writer,
  live = true,
): Check {
  const bad = checkPlace(path, key, written, writer)
  if (bad || !live || writer.actor === null || key === null || written.type !== 'value') return bad
  const root = path[0]!
  const own = path.length === (root === 'meta' ? 1 : 2)
  if (own && STAMPS[root]?.has(key) && written.value !== null && written.value !== writer.actor)
    return refuse(
      `${path.join('.')}.${key}: names ${JSON.stringify(written.value)}, but this connection writes as "${writer.actor}"; who wrote what is the server's word`,
    )
  return null
}

function checkPlace(path: readonly string[], key: string | null, written: Written, writer: Writer): Check {
  // No closures here: this runs for every value every peer writes.
  const where = key === null ? path.join('.') : `${path.join('.')}.${key}`
  const root = path[0]
  const id = path[1]
  const field = path[2]
  if (root === undefined || !Object.hasOwn(ROOTS, root))
    return refuse(`${where}: not part of a Plexus document`)
  if (path.length > 3) return refuse(`${where}: too deep; nothing in a Plexus document is there`)
  switch (root) {
    case 'meta':
      if (id !== undefined || key === null) break
      if (SCHEMA_MARK.test(key))
        return written.type === 'value'
          ? checkSchemaMark(key, written.value, where, writer)
          : refuse(`${where}: expected a plain value, got ${describe(written)}`)
      // Fields nobody writes yet (a later version may add them): a plain JSON value only.
      return plain(written, Object.hasOwn(META, key) ? META[key]! : JSON_VALUE, where, writer)
    case 'checkpoints':
      if (id !== undefined || key === null) break
      return name(key, `${where} (name)`, writer) ?? plain(written, CHECKPOINT, where, writer)
    case 'history':
      if (id !== undefined || key !== null) break
      return plain(written, EVENT, where, writer)
    case 'nodes':
    case 'edges': {
      const fields = root === 'nodes' ? NODE : EDGE
      const types = root === 'nodes' ? NODE_TYPES : EDGE_TYPES
      if (id === undefined)
        return key === null
          ? refuse(`${where}: a list element in a map`)
          : (name(key, `${where} (id)`, writer) ?? shared(written, 'map', where))
      if (field === undefined) {
        if (key === null) break
        if (Object.hasOwn(types, key)) return shared(written, types[key]!, where)
        return plain(written, Object.hasOwn(fields, key) ? fields[key]! : JSON_VALUE, where, writer)
      }
      if (field === 'properties' && key !== null) {
        return (
          checkString(key, `${where} (key)`, LIMITS.propertyKey, LINE) ??
          plain(written, JSON_VALUE, where, writer)
        )
      }
      if (root === 'nodes' && field === 'links' && key !== null) {
        return checkString(key, `${where} (link)`, LIMITS.link, LINE) ?? plain(written, LINK, where, writer)
      }
      if (root === 'nodes' && field === 'evidence' && key === null)
        return plain(written, checkEvidence, where, writer)
      if (root === 'nodes' && field === 'notes' && key === null) {
        if (written.type !== 'chars')
          return refuse(`${where}: notes hold plain text, not ${describe(written)}`)
        return checkString(written.text, where, LIMITS.notes, { empty: true })
      }
      break
    }
  }
  return refuse(`${where}: ${describe(written)} has no place here in a Plexus document`)
}

function shared(written: Written, type: Written['type'], where: string): Check {
  return written.type === type
    ? null
    : refuse(`${where}: expected ${article(type)}, got ${describe(written)}`)
}

function plain(written: Written, rule: Rule, where: string, writer: Writer): Check {
  return written.type === 'value'
    ? rule(written.value, where, writer)
    : refuse(`${where}: expected a plain value, got ${describe(written)}`)
}

/**
 * Whether an update may delete what a place holds. History and evidence are append-only: an event or
 * an evidence entry, or a node's whole evidence list, cannot be deleted or replaced (a node deleted
 * whole takes its evidence along; the server asks only about the outermost thing an update deletes).
 * The schema version cannot be removed, only overwritten (checkWrite checks the new value).
 * Everything else is soft-deleted by the model or overwritten.
 */
export function checkDelete(path: readonly string[], deleted: Deleted): Check {
  const root = path[0]
  if (root === 'history' && path.length === 1)
    return refuse('history is append-only: its events cannot be deleted or rewritten')
  if (root === 'nodes' && path.length === 3 && path[2] === 'evidence')
    return refuse(
      `nodes.${path[1]}.evidence: evidence is append-only: entries cannot be deleted or rewritten`,
    )
  if (root === 'nodes' && path.length === 2 && deleted.key === 'evidence' && deleted.held === 'array')
    return refuse(
      `nodes.${path[1]}.evidence: evidence is append-only: the list cannot be replaced or removed`,
    )
  if (root === 'meta' && path.length === 1 && deleted.key !== null && !deleted.replaced) {
    if (deleted.key === 'schema' || SCHEMA_MARK.test(deleted.key))
      return refuse(`meta.${deleted.key} cannot be removed: a graph's schema only goes up`)
  }
  return null
}

/**
 * A node's fields a write may change with no history event: where it is drawn (a drag; its order among
 * its siblings and side of the map, chosen by a drop, which the model records as a `move` since issue
 * 30's drops were recorded, but a copy of an older build does not; the drop's change of parent is
 * recorded), the reads memory counts, and the aliases it is known by. Everything else a writer changes on a node is
 * recorded by the model's operations, and must arrive with that record.
 */
export const UNRECORDED: ReadonlySet<string> = new Set([
  'x',
  'y',
  'order',
  'side',
  'read_at',
  'reads',
  'aliases',
])

/**
 * What one update does to one node, as the sync server reads it before applying it (writes.ts).
 * `fields`: the node's fields it writes or deletes (a shared type by its name: `properties`,
 * `notes`, ...); `'*'` for the node itself created, replaced or deleted whole.
 */
export interface NodeWrite {
  fields: Set<string>
  /** Claim keys it writes, with the value each will hold (only values that outlive the update). */
  claims: Map<string, unknown>
  /** Claim keys it deletes without writing a new value. */
  unclaims: Set<string>
  /** Every name it writes as `_claimed_by`, whether or not that value outlives the update. */
  claimants?: Set<string>
}

export interface NodeWriteContext {
  /** Actions of the history events this update appends on the node (the writer's own: checkWrite). */
  actions: ReadonlySet<string> | undefined
  /** Who holds the node's claim once the update is applied (`_claimed_by`), or null. */
  holderAfter: string | null
  /** Who history says holds the node (settleClaims), asked only for a release naming another. */
  settled: () => string | null
  /** Whether `actor` has a claim event of its own on the node in the stored history. */
  claimedBefore?: (actor: string) => boolean
}

/**
 * Authorship on a node: a change to its fields arrives with its history event (the writer's own:
 * checkWrite checks the actor), and a claim's keys are written only by claiming and releasing. A
 * claim names the writer (`claim` event); a release may leave the node naming the holder history
 * settles on (acknowledgeLost); a lease is renewed only by its holder; a claim ends with a
 * `release` (or a `claim` over it).
 */
export function checkNodeWrite(id: string, write: NodeWrite, ctx: NodeWriteContext, writer: Writer): Check {
  const actions = ctx.actions
  const recorded = [...write.fields].filter((f) => !UNRECORDED.has(f))
  if (recorded.length > 0 && !actions?.size)
    return refuse(
      `nodes.${id}: ${recorded.includes('*') ? 'the node' : recorded.join(', ')} changed with no history event; every change to a node arrives with its record (an event {id, ts, actor, node: ${JSON.stringify(id)}, action, changes} appended to history in the same update)`,
    )
  const by = write.claims.get(CLAIMED_BY)
  if (write.claims.has(CLAIMED_BY)) {
    const claiming = actions?.has('claim') && (writer.actor === null || by === writer.actor)
    const settling = actions?.has('release') && typeof by === 'string' && by === ctx.settled()
    if (!claiming && !settling)
      return refuse(
        `nodes.${id}.properties.${CLAIMED_BY}: names ${JSON.stringify(by)}${writer.actor === null ? '' : `; this connection claims only as "${writer.actor}"`}, with a claim event: ${CLAIM_KEYS_MESSAGE}`,
      )
  } else if (write.claims.size > 0) {
    const holder = ctx.holderAfter
    const renewing = holder !== null && (writer.actor === null || holder === writer.actor)
    // A claim made apart (offline) and merged: its `_claimed_by` can lose to another's concurrent
    // claim while its lease keys win, so the lease arrives beside the writer's own claim (its event,
    // and `_claimed_by` written as the writer in the same update) with another named as holder.
    // History settles who holds it. A lease with no claim of the writer's beside it stays refused.
    const claimedHere =
      actions?.has('claim') === true &&
      [...(write.claimants ?? [])].some((c) => writer.actor === null || c === writer.actor)
    // Its holder-writes renew the lease on its own copy (renewLease) until that copy hears who won:
    // a writer who claimed this node before may still write its lease keys (its resolve, made while
    // it thought it held the node, is not thrown away); settlement from history tells it it lost.
    const claimedBefore = writer.actor !== null && ctx.claimedBefore?.(writer.actor) === true
    if (!renewing && !claimedHere && !claimedBefore)
      return refuse(
        `nodes.${id}.properties: a lease (${[...write.claims.keys()].join(', ')}) is renewed only by its holder${holder === null ? '; the node is not claimed' : ` (${JSON.stringify(holder)})`}: ${CLAIM_KEYS_MESSAGE}`,
      )
  }
  if (write.unclaims.size > 0 && !actions?.has('release') && !actions?.has('claim'))
    return refuse(
      `nodes.${id}.properties: a claim (${[...write.unclaims].join(', ')}) is removed only by a release event: ${CLAIM_KEYS_MESSAGE}`,
    )
  return null
}

/** Whether a property key counts against LIMITS.properties: a claim's keys are the model's own. */
export function countsAsProperty(key: string): boolean {
  return !CLAIM_KEYS.has(key)
}

/** How many properties a node holds after `change` is merged in (the claim's keys are not counted: rules.ts). */
export function propertiesAfter(have: Record<string, Json>, change: Record<string, Json | null>): number {
  const keys = new Set(Object.keys(have))
  for (const [k, v] of Object.entries(change)) {
    if (v === null) keys.delete(k)
    else keys.add(k)
  }
  let count = 0
  for (const k of keys) if (countsAsProperty(k)) count++
  return count
}

/**
 * The limits on a whole node, checked on the state an update leaves: `total` is how many properties
 * `['nodes', id, 'properties']` would hold (countsAsProperty), or how many characters the notes at
 * `['nodes', id, 'notes']` would be long.
 */
export function checkTotal(path: readonly string[], total: number): Check {
  const where = path.join('.')
  if (path[0] !== 'nodes' || path.length !== 3) return null
  if (path[2] === 'properties' && total > LIMITS.properties)
    return fail('too_large', `${where}: would hold ${total} properties; the limit is ${LIMITS.properties}`)
  if (path[2] === 'notes' && total > LIMITS.notes)
    return fail('too_large', `${where}: would be ${total} characters long; the limit is ${LIMITS.notes}`)
  return null
}

function checkEvent(v: unknown, where: string, writer: Writer): Check {
  if (!isObject(v)) return refuse(`${where}: a history event is an object, got ${typeName(v)}`)
  const bad =
    checkJson(v, where, MAX_EVENT_BYTES) ??
    name(v.id, `${where}.id`, writer) ??
    number(v.ts, `${where}.ts`, writer) ??
    name(v.actor, `${where}.actor`, writer) ??
    name(v.node, `${where}.node`, writer) ??
    name(v.action, `${where}.action`, writer)
  if (bad) return bad
  if (!Array.isArray(v.changes) || !v.changes.every((c) => isObject(c) && typeof c.field === 'string'))
    return refuse(`${where}.changes: expected a list of {field, before, after}`)
  if (writer.actor !== null && v.actor !== writer.actor)
    return refuse(
      `${where}.actor: history records "${String(v.actor)}", but this connection writes as "${writer.actor}"`,
    )
  return null
}

function checkEvidence(v: unknown, where: string, writer: Writer): Check {
  if (!isObject(v))
    return refuse(`${where}: evidence is an object {type, ref, agent, timestamp}, got ${typeName(v)}`)
  return (
    checkJson(v, where, 2 * LIMITS.value) ??
    name(v.type, `${where}.type`, writer) ??
    checkString(v.ref, `${where}.ref`, LIMITS.value, { empty: true })
  )
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function refuse(message: string) {
  return fail('invalid_argument', message)
}

function article(type: Written['type']): string {
  return type === 'map'
    ? 'a shared map'
    : type === 'array'
      ? 'a shared list'
      : type === 'text'
        ? 'a shared text'
        : 'a value'
}

function describe(w: Written): string {
  if (w.type === 'value') return typeName(w.value)
  if (w.type === 'chars') return 'text'
  if (w.type === 'other') return w.what
  return article(w.type)
}
