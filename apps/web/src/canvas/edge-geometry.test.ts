import { Position } from '@xyflow/react'
import { describe, expect, it } from 'vitest'
import { facing, flowOf } from './edge-geometry.ts'

const box = (x: number, y: number) => ({ x, y, width: 200, height: 60 })

describe('which sides an edge joins', () => {
  it('in a top-down diagram: bottom to top between ranks, whatever their offset; sideways within a rank', () => {
    // Christmas -> Go shopping, one under the other: a mind map brackets them on the right.
    expect(facing(box(0, 0), box(0, 140), false).map((s) => s.position)).toEqual([
      Position.Right,
      Position.Right,
    ])
    expect(facing(box(0, 0), box(0, 140), false, undefined, 'vertical').map((s) => s.position)).toEqual([
      Position.Bottom,
      Position.Top,
    ])
    expect(facing(box(0, 0), box(500, 140), false, undefined, 'vertical').map((s) => s.position)).toEqual([
      Position.Bottom,
      Position.Top,
    ])
    expect(facing(box(0, 140), box(0, 0), false, undefined, 'vertical').map((s) => s.position)).toEqual([
      Position.Top,
      Position.Bottom,
    ])
    expect(facing(box(0, 0), box(300, 20), false, undefined, 'vertical').map((s) => s.position)).toEqual([
      Position.Right,
      Position.Left,
    ])
  })
  it('left to right: right to left between ranks, top/bottom within one', () => {
    expect(facing(box(0, 0), box(260, 300), false, undefined, 'horizontal').map((s) => s.position)).toEqual([
      Position.Right,
      Position.Left,
    ])
    expect(facing(box(0, 0), box(50, 120), false, undefined, 'horizontal').map((s) => s.position)).toEqual([
      Position.Bottom,
      Position.Top,
    ])
  })
})

describe('flowOf', () => {
  const view = (properties: Record<string, unknown>) => ({ properties })
  const ix = {
    nodes: new Map([
      ['file', view({ mermaid_direction: 'TD' })],
      ['sub', view({})],
      ['lr', view({ mermaid_direction: 'LR' })],
      ['a', view({})],
      ['b', view({})],
      ['free', view({})],
    ]),
    struct: () => ({
      parent: new Map([
        ['sub', 'file'],
        ['a', 'sub'],
        ['lr', 'file'],
        ['b', 'lr'],
      ]),
    }),
  }
  it('is the nearest declared direction above a node, none outside a diagram', () => {
    expect(flowOf(ix, 'a')).toBe('vertical')
    expect(flowOf(ix, 'b')).toBe('horizontal')
    expect(flowOf(ix, 'free')).toBeUndefined()
  })
})
