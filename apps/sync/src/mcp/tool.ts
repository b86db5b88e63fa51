/**
 * How a tool is declared: name, a short description an agent can act on, a zod input shape, the
 * top-level keys of its result (the output schema), honest annotations, who may see it, and `run`.
 *
 * `access`: `read` tools change nothing; `write` tools are hidden from read-only callers; `mixed`
 * tools read for everyone and refuse their writing arguments (claim, create, checkpoint) to readers.
 */
import { z } from 'zod'
import type { CallContext } from './context.ts'

export type Access = 'read' | 'write' | 'mixed'
export type OutType = 'array' | 'object' | 'string' | 'number' | 'boolean' | 'integer'

/** For people, not agents: the README's tool table is generated from it (`pnpm docs:tools`). */
export interface ToolDocs {
  /** What the tool does and answers, in more words than the description every client pays for. */
  does: string
  /** Arguments of a typical call; a test checks them against the input schema. */
  example: Record<string, unknown>
}

export interface ToolSpec<S extends z.ZodRawShape> {
  name: string
  docs?: ToolDocs
  description: string
  input: S
  /** Top-level keys of the structured result and their JSON types; keys may be left out when empty. */
  output: Record<string, OutType | OutType[]>
  access: Access
  annotations: { readOnly: boolean; destructive?: boolean; idempotent?: boolean }
  run(ctx: CallContext, args: z.output<z.ZodObject<S>>): Promise<Record<string, unknown>>
}

export interface Tool {
  name: string
  docs?: ToolDocs
  description: string
  input: z.ZodObject<z.ZodRawShape>
  output: Record<string, OutType | OutType[]>
  access: Access
  annotations: ToolSpec<z.ZodRawShape>['annotations']
  run(ctx: CallContext, args: Record<string, unknown>): Promise<Record<string, unknown>>
}

export function tool<S extends z.ZodRawShape>(spec: ToolSpec<S>): Tool {
  return {
    ...spec,
    input: z.object(spec.input).strict() as unknown as z.ZodObject<z.ZodRawShape>,
    run: spec.run as Tool['run'],
  }
}

// Argument pieces shared by several tools: described once, kept short (they are in every tools/list).
export const project = z.string()
export const verbose = z.boolean().optional()
export const limit = (max: number, _default: number) => z.number().int().min(1).max(max).optional()
export const props = z.record(z.unknown())
