/**
 * How a tool is declared: name, a short description an agent can act on, a zod input shape, a zod
 * shape of its result (the output schema: every call's result is checked against it), honest
 * annotations, who may see it, and `run`.
 *
 * `access`: `read` tools change nothing; `write` tools are hidden from read-only callers; `mixed`
 * tools read for everyone and refuse their writing arguments (claim, create, checkpoint) to readers.
 */
import { z } from 'zod'
import type { CallContext } from './context.ts'
import type { Json } from '@plexus/model'

export type Access = 'read' | 'write' | 'mixed'

/** For people, not agents: the README's tool table is generated from it (`pnpm docs:tools`). */
export interface ToolDocs {
  /** What the tool does and answers, in more words than the description every client pays for. */
  does: string
  /** Arguments of a typical call; a test checks them against the input schema. */
  example: Record<string, unknown>
}

export interface ToolSpec<S extends z.ZodRawShape, O extends z.ZodRawShape> {
  name: string
  docs?: ToolDocs
  description: string
  input: S
  /** The structured result, key by key; a key may be left out when empty. */
  output: O
  access: Access
  annotations: { readOnly: boolean; destructive?: boolean; idempotent?: boolean }
  run(ctx: CallContext, args: z.output<z.ZodObject<S>>): Promise<Record<string, unknown>>
}

export interface Tool {
  name: string
  docs?: ToolDocs
  description: string
  input: z.ZodObject<z.ZodRawShape, 'strict'>
  output: z.ZodObject<z.ZodRawShape, 'strict'>
  access: Access
  annotations: ToolSpec<z.ZodRawShape, z.ZodRawShape>['annotations']
  run(ctx: CallContext, args: Record<string, unknown>): Promise<Record<string, unknown>>
}

export function tool<S extends z.ZodRawShape, O extends z.ZodRawShape>(spec: ToolSpec<S, O>): Tool {
  const input: z.ZodObject<S, 'strict'> = z.object(spec.input).strict()
  return {
    ...spec,
    input,
    // `resolved`: the labels taken for node ids (context.ts), on any tool that names nodes.
    output: z
      .object({ ...spec.output, resolved: out.list(z.unknown()) })
      .partial()
      .strict(),
    // The catalogue parses arguments with `input` before it calls `run`.
    run: spec.run as Tool['run'],
  }
}

// Argument pieces shared by several tools: described once, kept short (they are in every tools/list).
export const project = z.string()
export const verbose = z.boolean().optional()
/** A read of the past (docs/time-travel.md): the graph as it was at that moment, read-only. */
export const asOf = z.string().max(200).optional().describe('ISO 8601 or checkpoint: the graph then')
export const limit = (max: number, _default: number) => z.number().int().min(1).max(max).optional()
/**
 * A JSON value. What arrives over MCP was parsed from JSON; the model's checks refuse what cannot be
 * stored (too deep, too large, `__proto__`), naming the field. Typed as the model's Json, so the
 * tools hand values on to the model without a cast.
 */
export const json = z.custom<Json>((v) => v !== undefined)
export const props = z.record(json)

/** Pieces of results, for output schemas. */
export const out = {
  string: z.string(),
  integer: z.number().int(),
  number: z.number(),
  boolean: z.boolean(),
  /** An object whose keys are data (counts by kind, columns by status) or a Node of seed 000. */
  record: z.record(z.unknown()),
  list: <T extends z.ZodTypeAny>(item: T) => z.array(item),
  /** A result item: the fields named are checked, and it may carry more (verbose forms). */
  item: <T extends z.ZodRawShape>(shape: T) => z.object(shape).passthrough(),
}

/** What a read `as_of` adds to its answer: the moment it is of, and the checkpoint that named it. */
export const asOfOut = { as_of: out.string, as_of_checkpoint: out.string }

/** `{id, summary}`: a node named in a list, where the agent only needs to know which it is. */
export const brief = out.item({ id: out.string, summary: out.string })

/** Evidence as seed 000 writes it. */
export const evidenceOut = out.item({
  type: out.string,
  ref: out.string,
  agent: out.string,
  timestamp: out.string,
})

/**
 * How many newly actionable nodes a write lists: the rest are counted in `more_actionable`, and
 * graph_next or graph_query `{filter: {is_actionable: true}}` lists them all.
 */
export const NEWLY_ACTIONABLE = 100
