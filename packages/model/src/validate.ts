import type { Graph } from './graph.ts'
import { fail } from './graph.ts'
import { LIMITS } from './limits.ts'
import { editDistance, nearest } from './nearest.ts'
import type { Failure, Json, NodeView } from './types.ts'

export { LIMITS, editDistance }

// A lone surrogate cannot be encoded as UTF-8: Yjs would write U+FFFD on the wire while the writer keeps
// the original, and peers would diverge. Control characters (C0, DEL and C1) have no place in a one-line
// summary; text keeps tab and line breaks.
/* eslint-disable no-control-regex */
const BAD_LINE =
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const BAD_TEXT =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
/* eslint-enable no-control-regex */
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
// Marks included: many scripts cannot write a word without them (Hindi कार्य, decomposed tâche).
const KIND = /^[\p{L}\p{N}_-][\p{L}\p{M}\p{N}_-]*$/u

export type Check = Failure | null

const where = (path: string): string => (path ? `${path}: ` : '')

export function checkString(
  v: unknown,
  path: string,
  max: number,
  opts: { line?: boolean; empty?: boolean } = {},
): Check {
  if (typeof v !== 'string')
    return fail('invalid_argument', `${where(path)}expected a string, got ${typeName(v)}`)
  if (!opts.empty && v.trim() === '') return fail('invalid_argument', `${where(path)}must not be empty`)
  if (v.length > max) {
    return fail(
      'too_large',
      `${where(path)}is ${v.length} characters; the limit is ${max}. Shorten it or put the body in notes.`,
    )
  }
  const bad = (opts.line ? BAD_LINE : BAD_TEXT).exec(v)
  if (bad) {
    const code = bad[0].codePointAt(0)!.toString(16).padStart(4, '0')
    return fail(
      'invalid_argument',
      `${where(path)}contains U+${code} at ${bad.index}, which cannot be stored: remove control characters and unpaired surrogates`,
    )
  }
  return null
}

export function checkKind(v: unknown, path: string): Check {
  const c = checkString(v, path, LIMITS.kind, { line: true })
  if (c) return c
  if (!KIND.test(v as string)) {
    return fail(
      'invalid_argument',
      `${where(path)}kind ${JSON.stringify(v)} must be one word of letters, digits, '_' or '-' (e.g. task, concept, question)`,
    )
  }
  return null
}

export function typeName(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'an array'
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`
}

/** Plain JSON only (no undefined, functions, NaN), bounded in size and depth. */
export function checkJson(v: unknown, path: string, max: number = LIMITS.value): Check {
  const bad = notJson(v, 0) ?? unstorableTop(v)
  if (bad) return fail('invalid_argument', `${where(path)}${bad}`)
  const size = JSON.stringify(v)?.length ?? 0
  if (size > max) return fail('too_large', `${where(path)}is ${size} bytes of JSON; the limit is ${max}`)
  return null
}

/**
 * Yjs stores a value by reading `value.constructor` (Object, Array, String…): an object holding its own
 * key "constructor" is refused by Yjs with "Unexpected content type", part way through a write. Deeper
 * down the key is plain data, so only a value's top level is checked.
 */
function unstorableTop(v: unknown): string | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, 'constructor')
    ? 'has a key "constructor" at its top, which cannot be stored there; rename it, or put the object inside another'
    : null
}

// A module-level function, not a closure in checkJson: the server checks every value a peer writes.
function notJson(x: unknown, d: number): string | null {
  if (d > LIMITS.depth) return `is nested deeper than ${LIMITS.depth} levels`
  if (typeof x === 'string')
    return LONE.test(x) ? 'contains an unpaired surrogate, which cannot be stored' : null
  if (x === null || typeof x === 'boolean') return null
  if (typeof x === 'number') return Number.isFinite(x) ? null : 'holds a number that is not finite'
  if (Array.isArray(x)) {
    for (const e of x) {
      const r = notJson(e, d + 1)
      if (r) return r
    }
    return null
  }
  if (typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype) {
    for (const k in x) {
      if (!Object.hasOwn(x, k)) continue
      // Yjs decodes a stored object with `obj[key] = value`: a key named __proto__ would come back
      // as the object's prototype on every peer, the value hidden.
      if (k === '__proto__') return 'has a key "__proto__", which cannot be stored inside a value; rename it'
      const r = LONE.test(k)
        ? 'has a key with an unpaired surrogate'
        : notJson((x as Record<string, unknown>)[k], d + 1)
      if (r) return r
    }
    return null
  }
  return `holds ${typeName(x)}, which is not JSON`
}

export function checkProperties(v: unknown, path: string, allowNull: boolean): Check {
  if (!v || typeof v !== 'object' || Array.isArray(v)) {
    return fail('invalid_argument', `${where(path)}expected an object of key: value, got ${typeName(v)}`)
  }
  const entries = Object.entries(v as Record<string, unknown>)
  if (entries.length > LIMITS.properties) {
    return fail('too_large', `${where(path)}has ${entries.length} keys; the limit is ${LIMITS.properties}`)
  }
  for (const [k, val] of entries) {
    const kc = checkString(k, `${path}.key`, LIMITS.propertyKey, { line: true })
    if (kc) return kc
    if (val === null && !allowNull) continue
    if (val === undefined)
      return fail('invalid_argument', `${path}.${k}: undefined is not a value; use null to delete`)
    const c = checkJson(val, `${path}.${k}`)
    if (c) return c
  }
  return null
}

export function checkLinks(v: unknown, path: string): Check {
  if (!Array.isArray(v))
    return fail('invalid_argument', `${where(path)}expected an array of strings, got ${typeName(v)}`)
  if (v.length > LIMITS.links)
    return fail('too_large', `${where(path)}has ${v.length} links; the limit is ${LIMITS.links}`)
  for (let i = 0; i < v.length; i++) {
    const c = checkString(v[i], `${path}[${i}]`, LIMITS.link, { line: true })
    if (c) return c
  }
  return null
}

export function checkBatch(v: unknown, what: string): Check {
  if (!Array.isArray(v)) return fail('invalid_argument', `${what}: expected an array, got ${typeName(v)}`)
  if (v.length === 0) return fail('empty_batch', `${what}: the batch is empty; pass at least one item`)
  if (v.length > LIMITS.batch) {
    return fail(
      'too_large',
      `${what}: ${v.length} items in one batch; the limit is ${LIMITS.batch}. Split it into several calls.`,
    )
  }
  return null
}

/** A live node, or a failure that names the closest id or summary so the caller can correct itself. */
export function liveNode(g: Graph, id: unknown, path: string): NodeView | Failure {
  if (typeof id !== 'string' || id === '') {
    return fail('invalid_argument', `${where(path)}expected a node id string, got ${typeName(id)}`)
  }
  const n = g.index.nodes.get(id)
  if (n && n.deleted_at === null && n.merged_into === null) return n
  if (n && n.merged_into !== null) {
    const target = g.index.canonical(id)
    return fail(
      'node_merged',
      `${where(path)}node ${id} was merged into ${target ?? n.merged_into}; use that id`,
      {
        suggestion: target ? { id: target, summary: g.index.nodes.get(target)?.summary ?? '' } : undefined,
      },
    )
  }
  if (n)
    return fail('node_deleted', `${where(path)}node ${id} ('${n.summary}') was forgotten; restore it first`)
  const near = closestId(g, id)
  return fail(
    'node_not_found',
    `${where(path)}node ${id} not found` + (near ? `; did you mean ${near.id} '${near.summary}'?` : ''),
    near ? { suggestion: near } : {},
  )
}

export const isFailure = (x: unknown): x is Failure =>
  !!x && typeof x === 'object' && (x as { ok?: unknown }).ok === false

/** The live node whose id is nearest by edit distance, for "did you mean" messages. */
export function closestId(g: Graph, id: string): { id: string; summary: string } | undefined {
  const best = nearest(id, liveNodes(g), (n) => n.id, { scan: 200_000 })
  return best ? { id: best.id, summary: best.summary } : undefined
}

function* liveNodes(g: Graph): Iterable<NodeView> {
  for (const n of g.index.nodes.values()) if (n.deleted_at === null && n.merged_into === null) yield n
}

export type { Json }
