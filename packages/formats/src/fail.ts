import type { Failure, FailureReason } from '@plexus/model'

/** A typed failure, as the model words its own (the model keeps its `fail` internal). */
export const fail = (reason: FailureReason, message: string): Failure => ({ ok: false, reason, message })
