import { describe, expect, it } from 'vitest'
import type { Change, PEdge, PNode } from './flow-model.ts'
import { FlowWindow, WINDOW_MIN_NODES, type WindowSource } from './flow-window.ts'

const node = (id: string, x: number, y: number, extra: Partial<PNode> = {}): PNode =>
  ({
    id,
    type: 'plexus',
    position: { x, y },
    measured: { width: 140, height: 45 },
    data: {} as PNode['data'],
    ...extra,
  }) as PNode
const edge = (source: string, target: string): PEdge => ({ id: `${source}>${target}`, source, target })

/** A grid of nodes 200 apart, 60 wide: far more than WINDOW_MIN_NODES. */
function grid(): WindowSource & { byId: Map<string, PNode>; replace(n: PNode): void } {
  const nodes: PNode[] = []
  for (let i = 0; i < 60; i++) for (let j = 0; j < 60; j++) nodes.push(node(`n${i}_${j}`, i * 200, j * 200))
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const edges = [edge('n0_0', 'n59_59'), edge('n0_30', 'n59_30'), edge('n20_20', 'n21_20')]
  let change: Change = { seq: 0, nodes: new Set(), edges: new Set(), addedNodes: [], addedEdges: [] }
  const src = {
    nodes,
    edges,
    node: (id: string) => byId.get(id),
    edge: (id: string) => src.edges.find((e) => e.id === id),
    edgesAt: (id: string) => src.edges.filter((e) => e.source === id || e.target === id).map((e) => e.id),
    lastChange: () => change,
    byId,
    /** Publishes a change to one node, as the model does. */
    replace(n: PNode) {
      byId.set(n.id, n)
      src.nodes = src.nodes.map((m) => (m.id === n.id ? n : m))
      change = {
        seq: change.seq + 1,
        nodes: new Set([n.id]),
        edges: new Set(),
        addedNodes: [],
        addedEdges: [],
      }
    },
  }
  return src
}

const view = { x: 4000, y: 4000, width: 1000, height: 600 }

describe('FlowWindow', () => {
  it('gives React Flow the nodes around the view, not the whole graph', () => {
    const src = grid()
    expect(src.nodes.length).toBeGreaterThan(WINDOW_MIN_NODES)
    const w = new FlowWindow(src)
    w.setView(view)
    const ids = new Set(w.nodes.map((n) => n.id))
    expect(ids.has('n20_20')).toBe(true) // in view
    expect(ids.has('n15_20')).toBe(true) // one viewport to the left
    expect(ids.has('n40_40')).toBe(false) // far away
    expect(w.nodes.length).toBeLessThan(src.nodes.length / 10)
  })

  it('keeps every edge that can cross the view, with both of its ends, and none that cannot', () => {
    const src = grid()
    const w = new FlowWindow(src)
    w.setView(view)
    const ids = new Set(w.nodes.map((n) => n.id))
    const edges = new Set(w.edges.map((e) => e.id))
    // A long edge across the whole graph passes through the view: it is drawn, so both ends are known.
    expect(edges.has('n0_0>n59_59')).toBe(true)
    expect(ids.has('n0_0') && ids.has('n59_59')).toBe(true)
    expect(edges.has('n20_20>n21_20')).toBe(true)
    // A long edge along row 30 (y 6000) never comes near the view's window (y 3400 to 5200).
    expect(edges.has('n0_30>n59_30')).toBe(false)
  })

  it('patches a dragged node in place and keeps selected nodes far away', () => {
    const src = grid()
    const w = new FlowWindow(src)
    w.setView(view)
    const before = w.nodes
    const moved = node('n20_20', 4010, 4010, { dragging: true })
    src.replace(moved)
    expect(w.sourceChanged()).toBe(true)
    expect(w.nodes.length).toBe(before.length)
    expect(w.nodes.find((n) => n.id === 'n20_20')).toBe(moved)
    expect(w.nodes.filter((n, i) => n !== before[i])).toEqual([moved])

    const far = node('n50_50', 10000, 10000, { selected: true })
    src.replace(far)
    expect(w.sourceChanged()).toBe(true)
    expect(w.nodes).toContain(far)
  })

  it('cuts again only when the view nears the border of the window', () => {
    const src = grid()
    const w = new FlowWindow(src)
    w.setView(view)
    expect(w.setView({ ...view, x: view.x + 100 })).toBe(false)
    expect(w.setView({ ...view, x: view.x + 900 })).toBe(true)
    expect(new Set(w.nodes.map((n) => n.id)).has('n30_20')).toBe(true)
  })

  it('gives a small graph whole', () => {
    const nodes = [node('a', 0, 0), node('b', 9000, 9000)]
    const edges = [edge('a', 'b')]
    const none = {
      seq: 0,
      nodes: new Set<string>(),
      edges: new Set<string>(),
      addedNodes: [],
      addedEdges: [],
    }
    const w = new FlowWindow({
      nodes,
      edges,
      node: () => undefined,
      edge: () => undefined,
      edgesAt: () => [],
      lastChange: () => none,
    })
    w.setView(view)
    expect(w.nodes).toBe(nodes)
    expect(w.edges).toBe(edges)
  })
})

describe('FlowWindow while the overview is shown', () => {
  it('does not cut as the view moves, and cuts once for the view it comes back to', () => {
    const src = grid()
    const w = new FlowWindow(src)
    w.setView(view)
    expect(w.setPaused(true)).toBe(false)
    const before = w.nodes
    expect(w.setView({ x: 9000, y: 9000, width: 1000, height: 600 })).toBe(false)
    expect(w.nodes).toBe(before)
    expect(w.setPaused(false)).toBe(true)
    expect(new Set(w.nodes.map((n) => n.id)).has('n45_45')).toBe(true)
    expect(new Set(w.nodes.map((n) => n.id)).has('n20_20')).toBe(false)
  })
})

describe('FlowWindow and a frame around a big import', () => {
  /** The grid again, all of it in one imported file's frame: a group node whose box covers every member. */
  function framed() {
    const src = grid()
    const frame = node('frame', -100, -100, {
      measured: { width: 12_200, height: 12_200 },
      data: { view: { shape: 'group' } } as unknown as PNode['data'],
    })
    src.nodes = [frame, ...src.nodes]
    src.byId.set('frame', frame)
    const tree = src.nodes
      .filter((n) => n.id !== 'frame')
      .map((n): PEdge => ({
        id: `t:${n.id}`,
        source: 'frame',
        target: n.id,
        data: { kind: 'tree', label: '' },
      }))
    src.edges = [...src.edges, ...tree]
    return src
  }

  it('does not bring in every member through the tree lines a group never draws', () => {
    const src = framed()
    const w = new FlowWindow(src)
    w.setView(view)
    const ids = new Set(w.nodes.map((n) => n.id))
    expect(ids.has('frame')).toBe(true) // its box is in view: it is drawn
    expect(ids.has('n20_20')).toBe(true)
    expect(ids.has('n40_40')).toBe(false)
    expect(w.nodes.length).toBeLessThan(src.nodes.length / 10)
    expect(w.edges.some((e) => e.source === 'frame')).toBe(false)
  })
})
