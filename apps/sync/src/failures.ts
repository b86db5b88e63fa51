// How a model failure is answered over HTTP. The switch names every FailureReason, so a reason the model
// adds cannot reach a client as an unconsidered 422: the typecheck stops here until it is placed.
import type { FailureReason } from '@plexus/model'

export type FailureStatus = 404 | 409 | 413 | 422

export function httpStatusOf(reason: FailureReason): FailureStatus {
  switch (reason) {
    case 'node_not_found':
    case 'not_found':
      return 404
    case 'too_large':
      return 413
    case 'newer_schema':
    case 'conflict':
    case 'claimed':
    case 'resolved':
    case 'duplicate':
      return 409
    case 'invalid_argument':
    case 'empty_batch':
    case 'parse_error':
    case 'unsupported_schema':
    case 'invalid_graph_id':
    case 'invalid_cursor':
    case 'node_deleted':
    case 'node_merged':
    case 'not_deleted':
    case 'duplicate_ref':
    case 'unknown_ref':
    case 'cycle_detected':
    case 'self_loop':
    case 'not_understood':
      return 422
    default:
      return unplaced(reason)
  }
}

function unplaced(reason: never): never {
  throw new Error(`failure reason ${String(reason)} has no HTTP status`)
}
