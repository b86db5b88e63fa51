import { describe, expect, it } from 'vitest'
import { fromOutline, parsePayload, toOutline } from './clipboard.ts'

describe('clipboard text', () => {
  it('reads an indented outline as a tree, and writes one back', () => {
    const p = fromOutline('Trip\n  - Trains\n    1. Book seats\n  Ferries\nFood')!
    const parentOf = Object.fromEntries(
      p.nodes.map((n) => [n.summary, p.nodes.find((m) => m.ref === n.parent_ref)?.summary ?? null]),
    )
    expect(parentOf).toEqual({
      Trip: null,
      Trains: 'Trip',
      'Book seats': 'Trains',
      Ferries: 'Trip',
      Food: null,
    })
    expect(toOutline(p)).toBe('Trip\n  Trains\n    Book seats\n  Ferries\nFood')
  })

  it('accepts only its own JSON as a structured payload', () => {
    expect(parsePayload('{"plexus":1,"nodes":[],"edges":[]}')).not.toBeNull()
    expect(parsePayload('{"nodes":[]}')).toBeNull()
    expect(parsePayload('not json')).toBeNull()
  })
})
