import { describe, expect, it } from 'vitest'
import { OUTLINE_MAX_LINES, formatOutline, parseOutline } from './outline.ts'

describe('outlines', () => {
  it('reads indentation as the tree and drops list markers', () => {
    expect(parseOutline('Trip\n  - Trains\n\t1. Book seats\n  Ferries\n* Food')).toEqual([
      { summary: 'Trip', parent: null },
      { summary: 'Trains', parent: 0 },
      { summary: 'Book seats', parent: 1 },
      { summary: 'Ferries', parent: 0 },
      { summary: 'Food', parent: null },
    ])
  })

  it('is not an outline when empty or longer than a person pastes', () => {
    expect(parseOutline('  \n\n')).toBeNull()
    expect(parseOutline('a\n'.repeat(OUTLINE_MAX_LINES + 1))).toBeNull()
    expect(parseOutline('a\n'.repeat(OUTLINE_MAX_LINES))).toHaveLength(OUTLINE_MAX_LINES)
  })

  it('writes two spaces a level, and survives a parent chain that loops', () => {
    const items = parseOutline('A\n  B\n    C\nD')!
    expect(formatOutline(items)).toBe('A\n  B\n    C\nD')
    expect(
      formatOutline([
        { summary: 'x', parent: 1 },
        { summary: 'y', parent: 0 },
        { summary: 'top', parent: null },
      ]),
    ).toBe('top')
  })
})
