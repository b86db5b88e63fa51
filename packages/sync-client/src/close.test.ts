import { CloseCode, SCHEMA_TOO_OLD } from '@plexus/sync'
import { describe, expect, it } from 'vitest'
import { CLOSE_CODES, closeReason } from './close.ts'

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
