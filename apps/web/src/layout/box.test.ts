import { claim, createNodes, initGraph, openGraph, updateNodes } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { NODE_MAX_W, NODE_MIN_W } from '../canvas/geometry.ts'
import { layoutBox } from './box.ts'

function nodes() {
  let n = 0
  const g = openGraph(new Y.Doc(), { actor: 'ada', now: () => 1000 + n, newId: () => `n${n++}` })
  const init = initGraph(g, { id: 'box', title: 'Box' })
  if (!init.ok) throw new Error(init.message)
  const make = (summary: string, more: Record<string, unknown> = {}) => {
    const r = createNodes(g, [{ summary, parent: init.root, ...more }], { mode: 'force' })
    if (!r.ok) throw new Error(r.message)
    return r.created[0]!.id
  }
  return { g, root: init.root, make, view: (id: string) => g.index.nodes.get(id)! }
}

describe('layoutBox', () => {
  it('grows a box down a line at a time as its name lengthens, within the widths the canvas draws', () => {
    const { make, view } = nodes()
    let last = 0
    for (const words of [1, 4, 8, 16, 32]) {
      const box = layoutBox(view(make(Array.from({ length: words }, (_, i) => `word${i}`).join(' '))))
      expect(box.width).toBeGreaterThanOrEqual(NODE_MIN_W)
      expect(box.width).toBeLessThanOrEqual(NODE_MAX_W)
      expect(box.height).toBeGreaterThanOrEqual(last)
      last = box.height
    }
    expect(last).toBeGreaterThan(layoutBox(view(make('One'))).height + 3 * 19)
  })

  it('keeps the chips line for a kind, notes or a claim on open work, and a diamond’s least size', () => {
    const { g, make, view } = nodes()
    const plain = layoutBox(view(make('Plain')))
    expect(layoutBox(view(make('Typed', { kind: 'task' }))).height).toBeGreaterThan(plain.height)
    const held = make('Held')
    const c = claim(g, held, { claimTtlMs: 60_000 })
    if (!c.ok) throw new Error(c.message)
    expect(layoutBox(view(held)).height).toBeGreaterThan(plain.height)
    const d = make('Decide')
    const r = updateNodes(g, [{ id: d, shape: 'diamond' }])
    if (!r.ok) throw new Error(r.message)
    expect(layoutBox(view(d))).toEqual({ width: 190, height: 84 })
  })

  it('is the root’s larger type for the root', () => {
    const { root, view } = nodes()
    expect(layoutBox(view(root), true).height).toBeGreaterThan(layoutBox(view(root)).height)
  })
})
