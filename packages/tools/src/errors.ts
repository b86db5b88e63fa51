// A file of its own so that what context.ts imports (locate.ts, node-args.ts) need not import context.ts.
import type { FailureCode } from '@plexus/model'

/**
 * An expected failure at the edge: becomes an `isError` tool result with this message, its `reason`
 * one of the failure codes every edge shares (packages/model's failures.ts).
 */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly reason: FailureCode = 'invalid_argument',
  ) {
    super(message)
    this.name = 'ToolError'
  }
}
