import { CloseCode, SCHEMA_TOO_OLD } from '@plexus/sync'
import { describe, expect, it } from 'vitest'
import { FAILURE_CODES, FAILURE_MESSAGES, edgeOf } from '@plexus/model'
import { CLOSE_CODES, closeReason, describeClose, type CloseKind } from './close.ts'

describe('close codes', () => {
  it('names every code the server sends, with the same numbers', () => {
    const server = [...Object.values(CloseCode), SCHEMA_TOO_OLD].sort()
    expect(Object.values(CLOSE_CODES).sort()).toEqual(server)
  })

  it('reads 4400-4499 as final and everything else as transient', () => {
    expect(closeReason({ code: 4422, reason: 'history is append-only' })).toEqual({
      kind: 'broken-rule',
      code: 4422,
      reason: 'history is append-only',
      final: true,
    })
    expect(closeReason({ code: 4529, reason: '' })).toMatchObject({ kind: 'rate-limited', final: false })
    expect(closeReason({ code: 1006 })).toMatchObject({ kind: 'network', final: false })
    expect(closeReason({ code: 4499 })).toMatchObject({ kind: 'other', final: true })
  })
})

describe('a close a person can act on', () => {
  it('a peer the server is behind is closed to reconnect, not for good, and told so', () => {
    const close = closeReason({ code: edgeOf('behind').close })
    // Reconnecting resyncs: the close is transient, and the client comes back and sends its changes.
    expect(close.final).toBe(false)
    const words = describeClose(close)
    expect(words).toMatch(/has not received|lacks/)
    expect(words).toMatch(/reconnect/)
  })

  it('every code the server closes with has words that say what happened, not just the number', () => {
    const kinds = [...Object.keys(CLOSE_CODES), 'network'] as CloseKind[]
    for (const kind of kinds) {
      const code = kind === 'network' ? 1006 : CLOSE_CODES[kind as keyof typeof CLOSE_CODES]
      const words = describeClose(closeReason({ code }))
      expect([kind, words]).not.toEqual([kind, `closed with code ${code}`])
      expect([kind, words.length > 15]).toEqual([kind, true])
    }
  })

  it('no failure that retrying cures closes a connection for good', () => {
    // The codes whose own words tell the peer to retry or reconnect.
    const cured = FAILURE_CODES.filter((c) => /\b(retry|reconnect)\b/.test(FAILURE_MESSAGES[c]))
    expect(cured).toEqual(expect.arrayContaining(['behind', 'missing_dependency', 'storage_unavailable']))
    // A conflict is answered per write (REST, MCP), never by closing a socket: Yjs merges what a peer sends.
    for (const code of cured.filter((c) => c !== 'conflict'))
      expect([code, closeReason({ code: edgeOf(code).close }).final]).toEqual([code, false])
  })
})
