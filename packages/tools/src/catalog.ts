/**
 * The tool catalogue as the protocol sees it, built once per process: JSON schemas for tools/list
 * (one list for writers, one for readers), argument validation with errors an agent can act on, and
 * the call itself, which never throws: every failure is an `isError` result and the server stays up.
 * Every such result carries its failure code (a string of the one union, packages/model's failures.ts)
 * in `structuredContent: {reason, message}` for a program, beside the same words in `content` for
 * the model: the same over HTTP and stdio, which both answer through here.
 *
 * Built once because a stateless endpoint makes a fresh server per request: converting eighteen zod
 * schemas each time would cost more than the tool call itself.
 */
import type { CallToolResult, Tool as ToolDefinition } from '@modelcontextprotocol/sdk/types.js'
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js'
import type { z } from 'zod'
import { ToolError, canWrite, type CallContext } from './context.ts'
import type { Tool } from './tool.ts'
import { nearestName, type FailureCode } from '@plexus/model'
import { clip, clipMiddle, echo } from './shape.ts'
import { SEED_NAMES, SURFACES, servedAt, type Surface } from './surfaces.ts'

const byName = (surface: Surface) => catalog(surface).byName

function definition(t: Tool): ToolDefinition {
  const input = slim(
    toJsonSchemaCompat(t.input as never, { strictUnions: true, pipeStrategy: 'input' }),
  ) as Record<string, unknown>
  // Only "an object". Each tool has a full output schema (`t.output`, checked on every call below),
  // but sent here even its key names would put the work surface's tools/list at 12.7 KB and the
  // engine's at 8.7 KB, past the 12 KB and 8 KB every client pays on each listing. The keys are in
  // the descriptions where an agent needs them, and in the README's generated tool table.
  return {
    name: t.name,
    description: t.description,
    inputSchema: input as ToolDefinition['inputSchema'],
    outputSchema: { type: 'object' },
    annotations: annotations(t.annotations),
  }
}

/**
 * Hints as the spec reads them, stating only what differs from its defaults (readOnly false,
 * destructive true, idempotent false, openWorld true); destructive and idempotent mean nothing for a
 * read-only tool.
 */
function annotations(a: Tool['annotations']): ToolDefinition['annotations'] {
  if (a.readOnly) return { readOnlyHint: true, openWorldHint: false }
  return {
    ...(a.destructive ? {} : { destructiveHint: false }),
    ...(a.idempotent ? { idempotentHint: true } : {}),
    openWorldHint: false,
  }
}

/**
 * What an agent needs from a schema, without the bulk that costs every client context tokens on each
 * tools/list: no $schema, no additionalProperties, no bounds. The server still validates with the
 * full zod schema (unknown fields and oversized batches are refused with a message).
 */
const DROP = new Set([
  '$schema',
  'additionalProperties',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'minLength',
  'maxLength',
])

function slim(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(slim)
  if (!v || typeof v !== 'object') return v
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(v)) {
    if (DROP.has(k)) continue
    out[k] =
      k === 'properties'
        ? Object.fromEntries(Object.entries(x as object).map(([p, s]) => [p, slim(s)]))
        : slim(x)
  }
  return out
}

interface Catalog {
  byName: Map<string, Tool>
  write: ToolDefinition[]
  read: ToolDefinition[]
}

const catalogs = new Map<Surface, Catalog>()

function catalog(surface: Surface): Catalog {
  let c = catalogs.get(surface)
  if (!c) {
    const tools = SURFACES[surface]
    const all = tools.map((t) => [t, definition(t)] as const)
    c = {
      byName: new Map(tools.map((t) => [t.name, t])),
      write: all.map(([, d]) => d),
      read: all.filter(([t]) => t.access !== 'write').map(([, d]) => d),
    }
    catalogs.set(surface, c)
  }
  return c
}

/** tools/list of one surface: write tools are left out for read-only callers. */
export function toolDefinitions(writer: boolean, surface: Surface = 'work'): ToolDefinition[] {
  const c = catalog(surface)
  return writer ? c.write : c.read
}

export async function callTool(
  ctx: CallContext,
  name: string,
  args: unknown,
  surface: Surface = 'work',
): Promise<CallToolResult> {
  const t = byName(surface).get(name)
  if (!t || (t.access === 'write' && !canWrite(ctx))) {
    const hidden = t !== undefined
    return hidden
      ? failure(
          'forbidden',
          `${name} changes the graph and "${ctx.actor}" has a read-only token; use a token with the write role`,
        )
      : failure(
          'invalid_argument',
          `no tool named ${name.length > 64 ? echo(name) : name}${nearestTool(name, surface)}; call tools/list for the catalogue`,
        )
  }
  const parsed = t.input.safeParse(args ?? {})
  if (!parsed.success) return failure('invalid_argument', explain(t, parsed.error))
  try {
    const args = parsed.data as Record<string, unknown>
    const base = t.access === 'write' ? { ...ctx, writing: true } : ctx
    const data = await t.run({ ...base, nodeArgs: { tool: t.name, args } }, args)
    const checked = t.output.safeParse(data)
    if (!checked.success) return failure('internal', unlike(t, checked.error))
    return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data }
  } catch (error) {
    if (error instanceof ToolError) return failure(error.reason, error.message)
    if (error instanceof Error && error.name === 'PersistError') {
      return failure(
        'storage_unavailable',
        `${name} was not saved: ${error.message}. Nothing of this call was kept; GET /healthz shows ` +
          'whether storage works again, then retry.',
      )
    }
    console.error(`plexus mcp: ${name} failed:`, error)
    const why = error instanceof Error ? error.message : String(error)
    return failure(
      'internal',
      `${name} failed inside the server (${why}); this is a bug, please report it. Nothing was half-applied: model operations are atomic.`,
    )
  }
}

/**
 * A result its output schema does not describe is a bug of this server. The call has run (a write
 * is saved), so the agent is told not to repeat it.
 */
function unlike(t: Tool, error: z.ZodError): string {
  console.error(
    `plexus mcp: ${t.name} answered outside its output schema: ${JSON.stringify(error.issues.slice(0, 4))}`,
  )
  const where = error.issues
    .slice(0, 3)
    .map((i) => `${pathOf(i.path) || 'result'}: ${i.message.toLowerCase()}`)
    .join('; ')
  const saved = t.access === 'read' ? '' : ' Its changes are saved: do not repeat the call.'
  return `${t.name} ran, but its result does not match its output schema (${where}); this is a bug, please report it.${saved}`
}

/** Refusals are read by agents: a few sentences, never the megabyte an argument held. */
const MAX_FAILURE = 2000

/**
 * A tool error as MCP carries it (`isError`, the words in `content`), with its code where a program
 * reads it: `structuredContent` (an object, as every tool's declared output schema allows), the
 * `{reason, message}` of a failure everywhere else in Plexus.
 */
function failure(reason: FailureCode, text: string): CallToolResult {
  const message = clipMiddle(text, MAX_FAILURE)
  return { content: [{ type: 'text', text: message }], structuredContent: { reason, message }, isError: true }
}

/** A zod error as one sentence naming each bad argument and what it should be. */
export function explain(t: Tool, error: z.ZodError): string {
  const parts = error.issues.slice(0, 4).map((i) => {
    const at = pathOf(i.path)
    switch (i.code) {
      case 'unrecognized_keys': {
        const where = at || 'arguments'
        const named = i.keys.slice(0, 3)
        const hints = at ? '' : named.map((k) => nearestKey(t, k)).join('')
        const more = i.keys.length > named.length ? ` and ${i.keys.length - named.length} more` : ''
        return `${where}: unknown field${i.keys.length > 1 ? 's' : ''} ${named.map((k) => `'${clip(k, 64)}'`).join(', ')}${more}${hints}${statusHint(at, i.keys)}`
      }
      case 'invalid_type':
        return i.received === 'undefined'
          ? `${at} is required`
          : `${at || 'arguments'}: expected ${i.expected}, got ${i.received}`
      case 'invalid_enum_value':
        return `${at}: must be one of ${i.options.map(String).join(', ')}`
      case 'too_small':
        return `${at}: ${i.type === 'array' ? `needs at least ${String(i.minimum)} item(s)` : i.message.toLowerCase()}`
      case 'too_big':
        return `${at}: ${i.type === 'array' ? `at most ${String(i.maximum)} items; split the batch` : i.message.toLowerCase()}`
      default:
        return `${at || 'arguments'}: ${i.message.toLowerCase()}`
    }
  })
  const more = error.issues.length > 4 ? ` (and ${error.issues.length - 4} more)` : ''
  return `invalid arguments for ${t.name}: ${parts.join('; ')}${more}. Fix them and call again.`
}

/** Words agents send for readiness, which seed 000 keeps in one field: `resolved`. */
const STATUS_WORDS = new Set(['status', 'done', 'completed', 'complete', 'finished'])

/** Points a `status: "done"` (or a filter on it) at `resolved`, wherever it was sent. */
function statusHint(at: string, keys: string[]): string {
  if (!keys.some((k) => STATUS_WORDS.has(k.toLowerCase()))) return ''
  return /(^|\.)filter$/.test(at)
    ? ' (readiness is filter.resolved: true or false; filter.is_actionable and filter.is_blocked narrow it)'
    : ' (readiness is `resolved`: resolved: true finishes a node, resolved: false reopens it)'
}

function pathOf(path: ReadonlyArray<string | number>): string {
  let s = ''
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s ? `.${p}` : p
  return s
}

function nearestKey(t: Tool, key: string): string {
  const keys = Object.keys(t.input.shape)
  const best = nearestName(key, keys, { loose: true })
  return best ? ` (did you mean '${best}'?)` : ` (fields: ${keys.join(', ')})`
}

function nearestTool(name: string, surface: Surface): string {
  // A tool of another surface: say where it lives, before any near name here (create_edge is not
  // graph_connect's misspelling).
  for (const [other, tools] of Object.entries(SURFACES) as Array<[Surface, readonly Tool[]]>) {
    if (other !== surface && tools.some((t) => t.name === name)) return ` here; ${name} is ${servedAt(other)}`
  }
  // A name a seed gave that no surface serves as such: what does it now, and where.
  const seed = Object.hasOwn(SEED_NAMES, name) ? SEED_NAMES[name] : undefined
  if (seed) {
    const where = seed.surface === surface ? 'here' : servedAt(seed.surface)
    return `; seed ${seed.seed}'s ${name} is ${seed.use} ${where} (${seed.why})`
  }
  const best = nearestName(name, byName(surface).keys(), { loose: true })
  return best ? `; did you mean ${best}?` : ''
}
