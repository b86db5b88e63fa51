import type { NodeView } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import { colorOf, givenSize, nodeLook, shapeOf } from './node-style.ts'

const view = (extra: Record<string, unknown>) => ({ id: 'n', summary: 'A', ...extra }) as unknown as NodeView

describe('node look from imported fields', () => {
  it('reads JSON Canvas presets and hex colours, and ignores anything else', () => {
    expect(colorOf({ color: '4' })).toBe('#30a46c')
    expect(colorOf({ color: '#AbCdEf' })).toBe('#AbCdEf')
    expect(colorOf({ color: 'red; background: url(x)' })).toBeNull()
    expect(colorOf({ color: 7 })).toBeNull()
  })

  it('knows Mermaid shapes and canvas groups, nothing else', () => {
    expect(shapeOf({ shape: 'stadium' })).toBe('stadium')
    expect(shapeOf({ shape: 'group' })).toBe('group')
    expect(shapeOf({ shape: 'blob' })).toBeNull()
  })

  it('keeps a given size within bounds', () => {
    expect(givenSize({ width: 420, height: 260 })).toEqual({ width: 420, height: 260 })
    expect(givenSize({ width: 1e9, height: 5 })).toEqual({ width: 4000, height: 24 })
    expect(givenSize({ width: 420 })).toBeNull()
  })

  it('turns them into a class and a style, and a plain node into nothing', () => {
    expect(nodeLook(view({}))).toEqual({ className: '', style: {}, color: null, outline: null })
    const l = nodeLook(view({ shape: 'diamond', color: '2', width: 300, height: 120 }))
    expect(l.className).toBe('shape-diamond is-outlined is-tinted')
    expect(l.color).toBe('2')
    expect(l.outline).toEqual([
      [0.5, 0],
      [1, 0.5],
      [0.5, 1],
      [0, 0.5],
    ])
    expect(nodeLook(view({ shape: 'round', color: '#123456' }))).toMatchObject({
      color: '#123456',
      outline: null,
    })
    expect(l.style).toEqual({ '--tint': '#f76b15', width: 300, minHeight: 120, maxWidth: 'none' })
  })
})
