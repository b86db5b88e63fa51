// How a failure is answered over REST: the status from the one mapping every edge uses (packages/model's
// failures.ts, `edgeOf`, an exhaustive switch over every code), so a reason the model adds cannot reach
// a client unconsidered. A refusal that retrying cures (503, 429) says when to retry.
import { edgeOf, type FailureCode } from '@plexus/model'

export type FailureStatus = ReturnType<typeof edgeOf>['status']

export function httpStatusOf(reason: FailureCode): FailureStatus {
  return edgeOf(reason).status
}

/** Seconds a client waits before retrying a refusal that retrying cures, when nothing better is known. */
export const RETRY_AFTER_S = 1

/**
 * The REST answer to a failure: `{error: code, message}` with the code's status, and a Retry-After
 * on a 503 or 429 (storage failed, the server is busy, slow down).
 */
export function refusal(reason: FailureCode, message: string, retryAfterS = RETRY_AFTER_S): Response {
  const status = httpStatusOf(reason)
  const headers: Record<string, string> = {}
  if (status === 503 || status === 429) headers['Retry-After'] = String(Math.max(1, Math.ceil(retryAfterS)))
  return Response.json({ error: reason, message }, { status, headers })
}
