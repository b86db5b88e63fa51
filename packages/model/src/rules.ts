import { fail } from './graph.ts'
import { GRAPH_ID } from './schema.ts'
import { LIMITS, checkJson, checkKind, checkString, typeName, type Check } from './validate.ts'

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

/** Who writes: `actor` is the name every history event must carry, or null when any name goes. */
export interface Writer {
  actor: string | null
}

/** A history event's size on the wire: before/after values are clipped, but `whole` ones (restore) are not. */
const MAX_EVENT_BYTES = 1024 * 1024
/** A checkpoint or a working set: ids and summaries of up to 50 nodes. */
const MAX_CHECKPOINT_BYTES = 1024 * 1024
/** Node ids, edge ids, checkpoint names and actor names. */
const MAX_NAME = 2 * LIMITS.link

const LINE = { line: true } as const
const LINE_OR_EMPTY = { line: true, empty: true } as const
const ROOTS: Record<string, 'map' | 'array'> = {
  meta: 'map',
  nodes: 'map',
  edges: 'map',
  history: 'array',
  checkpoints: 'map',
}

type Rule = (value: unknown, where: string, writer?: Writer) => Check

const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v)
const number: Rule = (v, w) =>
  isNumber(v) ? null : fail('invalid_argument', `${w}: expected a finite number, got ${typeName(v)}`)
const numberOrNull: Rule = (v, w) => (v === null ? null : number(v, w))
const boolean: Rule = (v, w) =>
  typeof v === 'boolean' ? null : fail('invalid_argument', `${w}: expected true or false, got ${typeName(v)}`)
const name: Rule = (v, w) => checkString(v, w, MAX_NAME, LINE)
const nameOrNull: Rule = (v, w) => (v === null ? null : name(v, w))
const json =
  (max: number): Rule =>
  (v, w) =>
    checkJson(v, w, max)

/** Plain fields of a node; `notes`, `properties`, `links` and `evidence` are shared types. */
const NODE: Record<string, Rule> = {
  summary: (v, w) => checkString(v, w, LIMITS.summary, LINE_OR_EMPTY),
  kind: checkKind,
  parent: nameOrNull,
  resolved: boolean,
  state: json(LIMITS.value),
  x: numberOrNull,
  y: numberOrNull,
  created_at: number,
  updated_at: number,
  rev: number,
  created_by: name,
  updated_by: name,
  deleted_at: numberOrNull,
  deleted_by: nameOrNull,
  merged_into: nameOrNull,
}
const EDGE_TYPES: Record<string, Written['type']> = { properties: 'map' }
const NODE_TYPES: Record<string, Written['type']> = {
  notes: 'text',
  properties: 'map',
  links: 'map',
  evidence: 'array',
}

const EDGE: Record<string, Rule> = {
  from: name,
  to: name,
  type: checkKind,
  label: (v, w) => checkString(v, w, 200, LINE_OR_EMPTY),
  created_at: number,
  created_by: name,
}

const META: Record<string, Rule> = {
  schema: number,
  id: (v, w) =>
    typeof v === 'string' && GRAPH_ID.test(v) ? null : fail('invalid_argument', `${w}: expected a graph id`),
  title: (v, w) => checkString(v, w, LIMITS.summary, LINE_OR_EMPTY),
  goal: (v, w) => checkString(v, w, LIMITS.notes, { empty: true }),
  root: nameOrNull,
  kind: (v, w) =>
    v === 'project' || v === 'user' ? null : fail('invalid_argument', `${w}: expected project or user`),
  created_at: number,
  created_by: name,
}

const JSON_VALUE = json(LIMITS.value)
const CHECKPOINT = json(MAX_CHECKPOINT_BYTES)
const LINK: Rule = (v, w) => (v === true ? null : refuse(`${w}: a link maps to true`))
const EVENT: Rule = (v, w, writer) => checkEvent(v, w, writer ?? { actor: null })

/** Null when the write keeps the document's rules; otherwise what is wrong, for a close reason. */
export function checkWrite(
  path: readonly string[],
  key: string | null,
  written: Written,
  writer: Writer,
): Check {
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

/** Whether what a place holds may be deleted. History is append-only; everything else is soft-deleted by the model or overwritten. */
export function checkDelete(path: readonly string[]): Check {
  if (path[0] === 'history' && path.length === 1)
    return refuse('history is append-only: its events cannot be deleted or rewritten')
  return null
}

function checkEvent(v: unknown, where: string, writer: Writer): Check {
  if (!isObject(v)) return refuse(`${where}: a history event is an object, got ${typeName(v)}`)
  const bad =
    checkJson(v, where, MAX_EVENT_BYTES) ??
    name(v.id, `${where}.id`) ??
    number(v.ts, `${where}.ts`) ??
    name(v.actor, `${where}.actor`) ??
    name(v.node, `${where}.node`) ??
    name(v.action, `${where}.action`)
  if (bad) return bad
  if (!Array.isArray(v.changes) || !v.changes.every((c) => isObject(c) && typeof c.field === 'string'))
    return refuse(`${where}.changes: expected a list of {field, before, after}`)
  if (writer.actor !== null && v.actor !== writer.actor)
    return refuse(
      `${where}.actor: history records "${String(v.actor)}", but this connection writes as "${writer.actor}"`,
    )
  return null
}

function checkEvidence(v: unknown, where: string): Check {
  if (!isObject(v))
    return refuse(`${where}: evidence is an object {type, ref, agent, timestamp}, got ${typeName(v)}`)
  return (
    checkJson(v, where, 2 * LIMITS.value) ??
    name(v.type, `${where}.type`) ??
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
