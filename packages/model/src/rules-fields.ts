import { MAX_ALIASES, checkAlias, checkColor, checkShape, checkSize } from './appearance.ts'
import { fail } from './graph.ts'
import { GRAPH_ID, SCHEMA_VERSION } from './schema.ts'
import { LIMITS, checkJson, checkKind, checkString, typeName, type Check } from './validate.ts'

/**
 * The rule for each plain field of the document (rules.ts applies them): what this package's
 * operations write there, and nothing else. A field nobody writes yet takes any JSON value (a later
 * version may add it), within the size of a property value.
 */

/** Who writes: the name on its history events and the schema it may write (rules.ts). */
export interface Writer {
  /** The name every history event must carry, or null when any name goes. */
  actor: string | null
  /** The schema the connection says it writes (`?schema=N`, docs/versions.md). */
  schema: number
  /** The document's schema before the write: meta.schema never goes below it. */
  documentSchema: number
  /** The newest schema the server takes (default SCHEMA_VERSION, this build's). */
  newest?: number
}

export type Rule = (value: unknown, where: string, writer: Writer) => Check

/** Node ids, edge ids, checkpoint names, actor names and aliases. */
export const MAX_NAME = 2 * LIMITS.link
const LINE = { line: true } as const
const LINE_OR_EMPTY = { line: true, empty: true } as const

const refuse = (message: string) => fail('invalid_argument', message)
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
export const number: Rule = (v, w) =>
  isNumber(v) ? null : refuse(`${w}: expected a finite number, got ${typeName(v)}`)
const numberOrNull: Rule = (v, w, writer) => (v === null ? null : number(v, w, writer))
const boolean: Rule = (v, w) =>
  typeof v === 'boolean' ? null : refuse(`${w}: expected true or false, got ${typeName(v)}`)
export const name: Rule = (v, w) => checkString(v, w, MAX_NAME, LINE)
const nameOrNull: Rule = (v, w, writer) => (v === null ? null : name(v, w, writer))
export const json =
  (max: number): Rule =>
  (v, w) =>
    checkJson(v, w, max)

/** Ids a node had in the files it came from, and its memory id: at most MAX_ALIASES one-line names. */
const aliases: Rule = (v, w) => {
  if (!Array.isArray(v))
    return refuse(`${w}: expected a list of at most ${MAX_ALIASES} aliases, got ${typeName(v)}`)
  if (v.length > MAX_ALIASES)
    return fail('too_large', `${w}: has ${v.length} aliases; the limit is ${MAX_ALIASES}`)
  for (let i = 0; i < v.length; i++) {
    const bad = checkAlias(v[i], `${w}[${i}]`)
    if (bad) return bad
  }
  return null
}

/** Memory's tiers (memory.ts): absent while active, so only these two are ever written. */
const tier: Rule = (v, w) =>
  v === 'archived' || v === 'orphaned'
    ? null
    : refuse(`${w}: expected archived or orphaned, got ${JSON.stringify(v) ?? typeName(v)}`)
const time: Rule = (v, w) =>
  isNumber(v) && v >= 0
    ? null
    : refuse(`${w}: expected a time in milliseconds since 1970, got ${typeName(v)}`)
const count: Rule = (v, w) =>
  Number.isSafeInteger(v) && (v as number) >= 1
    ? null
    : refuse(`${w}: expected a whole number of reads from 1 up, got ${isNumber(v) ? v : typeName(v)}`)

/** Plain fields of a node; `notes`, `properties`, `links` and `evidence` are shared types (NODE_TYPES). */
export const NODE: Record<string, Rule> = {
  summary: (v, w) => checkString(v, w, LIMITS.summary, LINE_OR_EMPTY),
  kind: checkKind,
  parent: nameOrNull,
  resolved: boolean,
  state: json(LIMITS.value),
  x: numberOrNull,
  y: numberOrNull,
  order: number,
  side: (v, w) =>
    v === 'left' || v === 'right'
      ? null
      : refuse(`${w}: expected left or right, got ${JSON.stringify(v) ?? typeName(v)}`),
  shape: (v, w) => checkShape(v, w),
  color: (v, w) => checkColor(v, w),
  width: (v, w) => checkSize(v, w),
  height: (v, w) => checkSize(v, w),
  aliases,
  tier,
  read_at: time,
  reads: count,
  created_at: number,
  updated_at: number,
  rev: number,
  created_by: name,
  updated_by: name,
  deleted_at: numberOrNull,
  deleted_by: nameOrNull,
  merged_into: nameOrNull,
}

export const EDGE: Record<string, Rule> = {
  from: name,
  to: name,
  type: checkKind,
  label: (v, w) => checkString(v, w, 200, LINE_OR_EMPTY),
  created_at: number,
  created_by: name,
  /** The version `updateEdgeProperties` checks (typed-edges.ts). */
  updated_at: number,
}

/**
 * The document's schema (docs/versions.md): a whole number no higher than the writer says it writes
 * or this build knows (a higher one would lock every older peer out of the graph), and never lower
 * than the document's (that would let old peers write a layout they misread).
 */
export function checkSchema(v: unknown, where: string, writer: Writer): Check {
  if (!Number.isSafeInteger(v) || (v as number) < 0)
    return refuse(`${where}: expected a whole number, got ${isNumber(v) ? v : typeName(v)}`)
  const version = v as number
  const newest = writer.newest ?? SCHEMA_VERSION
  if (version > newest)
    return refuse(`${where}: ${version} is above the newest schema this server knows (${newest})`)
  if (version > writer.schema)
    return refuse(`${where}: ${version} is above the schema this connection writes (${writer.schema})`)
  if (version < writer.documentSchema)
    return refuse(`${where}: would lower the graph’s schema from ${writer.documentSchema} to ${version}`)
  return null
}

/** A mark `schema.N: true` (schema.ts's setSchema): N follows the rules of meta.schema. */
export const SCHEMA_MARK = /^schema\.(\d{1,6})$/
export function checkSchemaMark(key: string, v: unknown, where: string, writer: Writer): Check {
  if (v !== true) return refuse(`${where}: a schema mark is true, got ${JSON.stringify(v) ?? typeName(v)}`)
  const version = Number(SCHEMA_MARK.exec(key)![1])
  const newest = writer.newest ?? SCHEMA_VERSION
  return version > Math.min(newest, writer.schema) ? checkSchema(version, where, writer) : null
}

export const META: Record<string, Rule> = {
  schema: checkSchema,
  id: (v, w) => (typeof v === 'string' && GRAPH_ID.test(v) ? null : refuse(`${w}: expected a graph id`)),
  title: (v, w) => checkString(v, w, LIMITS.summary, LINE_OR_EMPTY),
  goal: (v, w) => checkString(v, w, LIMITS.notes, { empty: true }),
  root: nameOrNull,
  kind: (v, w) => (v === 'project' || v === 'user' ? null : refuse(`${w}: expected project or user`)),
  created_at: number,
  created_by: name,
}
