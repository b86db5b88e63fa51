import { describe, expect, it } from 'vitest'
import type { Rect, Size, XY } from './geometry.ts'
import { Pushes } from './pushes.ts'

// The record of what a growth pushed, on plain positions: the flow model's own tests (own-steps.test.ts)
// drive it through a real document and undo.

const BOX: Size = { width: 160, height: 40 }
const BIG: Size = { width: 160, height: 100 }
const MID: Size = { width: 160, height: 70 }

/** Nodes on a plane: where each is, and a way to write moves. */
function plane(start: Record<string, XY>) {
  const at = new Map(Object.entries(start))
  const sizes = new Map<string, Size>()
  const positionOf = (n: string) => at.get(n) ?? null
  const sizeOf = (n: string) => sizes.get(n) ?? BOX
  const near = (_r: Rect) => [...at.keys()]
  const move = (m: ReadonlyMap<string, XY>) => {
    for (const [n, p] of m) at.set(n, p)
  }
  return { at, sizes, positionOf, sizeOf, near, move }
}

describe('Pushes', () => {
  it('gives back as much as the node shrank, then all of it once it is back to its first size', () => {
    const p = plane({ a: { x: 0, y: 0 }, b: { x: 0, y: 58 } })
    const pushes = new Pushes()
    // A grows from 40 to 100 tall: B goes down 60.
    pushes.record('a', BOX, new Map([['b', { x: 0, y: 118 }]]), p.positionOf)
    p.move(new Map([['b', { x: 0, y: 118 }]]))
    p.sizes.set('a', MID)
    const half = pushes.giveBack({ id: 'a', before: BIG, after: MID, ...p })
    expect(half.get('b')).toEqual({ x: 0, y: 88 })
    pushes.record('a', BIG, half, p.positionOf)
    p.move(half)
    p.sizes.set('a', { width: 160, height: 20 })
    const all = pushes.giveBack({ id: 'a', before: MID, after: { width: 160, height: 20 }, ...p })
    // Smaller than ever: back to where B was, not past it.
    expect(all.get('b')).toEqual({ x: 0, y: 58 })
  })

  it('keeps what another node pushed when the first one gives back', () => {
    const p = plane({ a: { x: 0, y: 0 }, c: { x: 0, y: 58 }, b: { x: 0, y: 116 } })
    const pushes = new Pushes()
    // A grows and pushes C and B down 60; then C grows and pushes B down 30 more.
    const first = new Map([
      ['c', { x: 0, y: 118 }],
      ['b', { x: 0, y: 176 }],
    ])
    pushes.record('a', BOX, first, p.positionOf)
    p.move(first)
    const second = new Map([['b', { x: 0, y: 206 }]])
    pushes.record('c', BOX, second, p.positionOf)
    p.move(second)
    p.sizes.set('c', MID)
    // A shrinks back: C and B come up 60; B keeps the 30 C's growth needs.
    const back = pushes.giveBack({ id: 'a', before: BIG, after: BOX, ...p })
    expect(back.get('c')).toEqual({ x: 0, y: 58 })
    expect(back.get('b')).toEqual({ x: 0, y: 146 })
    pushes.record('a', BIG, back, p.positionOf)
    p.move(back)
    // Then C shrinks: B comes up its 30 too, to where it started.
    p.sizes.set('c', BOX)
    expect(pushes.giveBack({ id: 'c', before: MID, after: BOX, ...p }).get('b')).toEqual({ x: 0, y: 116 })
  })

  it('moves nothing that was moved since by something else', () => {
    const p = plane({ a: { x: 0, y: 0 }, b: { x: 0, y: 58 } })
    const pushes = new Pushes()
    pushes.record('a', BOX, new Map([['b', { x: 0, y: 118 }]]), p.positionOf)
    p.move(new Map([['b', { x: 40, y: 300 }]]))
    expect(pushes.giveBack({ id: 'a', before: BIG, after: BOX, ...p }).size).toBe(0)
  })
})
