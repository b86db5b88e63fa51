/**
 * The one vocabulary of failure (failures.ts): every code has words beside it and an answer at every
 * edge, and the answers agree with each other (a final close is a 4xx, a server's trouble is never final).
 */
import { describe, expect, it } from 'vitest'
import { CLOSE_CODES, FAILURE_CODES, FAILURE_MESSAGES, edgeOf, isFailureCode } from './failures.ts'

const closes = new Set<number>(Object.values(CLOSE_CODES))
const final = (close: number) => close >= 4400 && close < 4500

describe('the failure vocabulary', () => {
  it('maps every code to an HTTP status, a JSON-RPC code and a close code of the one table', () => {
    expect(FAILURE_CODES.length).toBeGreaterThan(40)
    for (const code of FAILURE_CODES) {
      const a = edgeOf(code)
      expect([code, a.status >= 400 && a.status < 600]).toEqual([code, true])
      expect([code, a.rpc <= -32000 && a.rpc >= -32700]).toEqual([code, true])
      expect([code, closes.has(a.close)]).toEqual([code, true])
      expect([code, FAILURE_MESSAGES[code].length > 10]).toEqual([code, true])
      // A close that tells the client to stop is a client's error; the server's trouble is retried.
      if (final(a.close)) expect([code, a.status < 500]).toEqual([code, true])
      if (a.status >= 500) expect([code, final(a.close)]).toEqual([code, false])
    }
  })

  it('answers a code the union does not hold by throwing, and tells codes from other strings', () => {
    expect(() => edgeOf('no_such_code' as never)).toThrow(/no_such_code has no answer at the edges/)
    expect(isFailureCode('forbidden')).toBe(true)
    expect(isFailureCode('toString')).toBe(false)
    expect(isFailureCode(4401)).toBe(false)
  })

  it('keeps the statuses REST answered before the vocabulary (404, 409, 413, 422)', () => {
    expect(edgeOf('node_not_found').status).toBe(404)
    expect(edgeOf('conflict').status).toBe(409)
    expect(edgeOf('too_large').status).toBe(413)
    expect(edgeOf('cycle_detected').status).toBe(422)
    expect(edgeOf('unauthorized')).toEqual({ status: 401, rpc: -32001, close: 4401 })
  })
})
