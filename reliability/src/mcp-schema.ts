/**
 * Arguments from a tool's JSON schema as tools/list gives it: a schema-valid minimum (the required
 * fields, each with a plausible value), and values of a type the schema does not allow. The suite
 * reads the schemas the server publishes rather than the server's zod code: what an agent sees is
 * what it is held to.
 */
import type { Rng } from './suite.ts'

export interface Schema {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  enum?: unknown[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  additionalProperties?: Schema | boolean
}

export interface ToolInfo {
  name: string
  inputSchema: Schema
}

/** The JSON types a schema allows; empty when it says nothing (any value goes). */
export function typesOf(s: Schema): Set<string> {
  const out = new Set<string>()
  if (s.enum) for (const v of s.enum) out.add(v === null ? 'null' : typeof v)
  if (typeof s.type === 'string') out.add(s.type)
  if (Array.isArray(s.type)) for (const t of s.type) out.add(t)
  for (const sub of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) for (const t of typesOf(sub)) out.add(t)
  if (out.has('integer')) out.add('number')
  return out
}

/** A value the schema accepts, kept minimal: required fields only. */
export function sample(s: Schema, project: string, key = ''): unknown {
  if (s.enum?.length) return s.enum[0]
  const types = typesOf(s)
  if (types.has('object') || s.properties) {
    const out: Record<string, unknown> = {}
    for (const k of s.required ?? []) out[k] = sample(s.properties?.[k] ?? {}, project, k)
    return out
  }
  if (types.has('array')) return [sample(s.items ?? {}, project)]
  if (types.has('string')) return key === 'project' ? project : key === 'query' ? 'task' : `${key || 'x'}-1`
  if (types.has('number')) return 1
  if (types.has('boolean')) return true
  return null
}

/** A tool's arguments with the required fields only, each schema-valid, at graph `project`. */
export function baseArgs(tool: ToolInfo, project: string): Record<string, unknown> {
  return sample(tool.inputSchema, project) as Record<string, unknown>
}

const CANDIDATES: Array<[string, unknown]> = [
  ['string', 'a string'],
  ['number', 42],
  ['boolean', true],
  ['object', { nested: 1 }],
  ['array', ['x']],
  ['null', null],
]

/** A value of a JSON type the schema does not allow, or undefined when it allows every type. */
export function wrongValue(s: Schema, rng: Rng): unknown {
  const types = typesOf(s)
  if (types.size === 0) return undefined
  if (types.has('integer') && !types.has('string') && rng.int(3) === 0) return 1.5
  const wrong = CANDIDATES.filter(([t]) => !types.has(t))
  return wrong.length ? rng.pick(wrong)[1] : undefined
}

/** Property names of a tool that take a value of a known type. */
export function typedProperties(tool: ToolInfo): string[] {
  return Object.entries(tool.inputSchema.properties ?? {})
    .filter(([, s]) => typesOf(s).size > 0)
    .map(([k]) => k)
}
