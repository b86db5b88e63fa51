import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { createNodes } from './create.ts'
import { meta, setMeta } from './graph.ts'
import { updateNodes } from './update.ts'
import { readNode } from './views.ts'
import { failure, makeGraph, ok } from './test/harness.ts'

describe('appearance: shape, colour, size and the graph direction', () => {
  it('a node created with a shape, colour and size reads them back, on this peer and another', () => {
    const { g, root } = makeGraph()
    const r = ok(
      createNodes(g, [
        {
          ref: 'a',
          summary: 'Decide',
          parent: root,
          shape: 'diamond',
          color: '#ff8800',
          width: 320,
          height: 90,
        },
        { ref: 'b', summary: 'Plain', parent: root },
      ]),
    )
    const a = g.index.nodes.get(r.refs.a!)!
    expect([a.shape, a.color, a.width, a.height]).toEqual(['diamond', '#ff8800', 320, 90])
    const b = g.index.nodes.get(r.refs.b!)!
    expect('shape' in b || 'color' in b || 'width' in b).toBe(false)
    const copy = new Y.Doc()
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(g.doc))
    const read = readNode(r.refs.a!, copy.getMap('nodes').get(r.refs.a!) as Y.Map<unknown>)
    expect([read.shape, read.color, read.width, read.height]).toEqual(['diamond', '#ff8800', 320, 90])
  })

  it('refuses a colour, shape or size it cannot draw, naming the field, and writes nothing', () => {
    const { g, root } = makeGraph()
    const before = g.index.nodes.size
    expect(failure(createNodes(g, [{ summary: 'x', parent: root, color: 'red' }])).message).toMatch(
      /items\[0\]\.color: colour "red" is not a CSS hex colour/,
    )
    expect(failure(createNodes(g, [{ summary: 'x', parent: root, shape: 'Big Box' }])).message).toMatch(
      /items\[0\]\.shape/,
    )
    expect(failure(createNodes(g, [{ summary: 'x', parent: root, width: -4 }])).message).toMatch(
      /items\[0\]\.width: expected a number of canvas pixels/,
    )
    expect(g.index.nodes.size).toBe(before)
  })

  it('an update sets and clears them; a canvas preset colour is kept as given', () => {
    const { g, root } = makeGraph()
    const id = ok(createNodes(g, [{ ref: 'a', summary: 'Card', parent: root }])).refs.a!
    ok(updateNodes(g, [{ id, color: '4', shape: 'round', width: 200, height: 60 }]))
    expect(g.index.nodes.get(id)).toMatchObject({ color: '4', shape: 'round', width: 200, height: 60 })
    ok(updateNodes(g, [{ id, color: null, width: null }]))
    const n = g.index.nodes.get(id)!
    expect([n.color, n.width, n.shape, n.height]).toEqual([undefined, undefined, 'round', 60])
    expect(failure(updateNodes(g, [{ id, color: '7' }])).message).toMatch(/preset "1" to "6"/)
  })

  it('the graph records a layout direction in meta', () => {
    const { g } = makeGraph()
    expect(meta(g).direction).toBeUndefined()
    ok(setMeta(g, { direction: 'LR' }))
    expect(meta(g).direction).toBe('LR')
    expect(failure(setMeta(g, { direction: 'XY' as 'LR' })).message).toMatch(/not one of TB, TD, BT, LR, RL/)
  })
})
