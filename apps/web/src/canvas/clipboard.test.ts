import { copyBranches, createNodes, inDrawnOrder, initGraph, openGraph, setTreePlaces } from '@plexus/model'
import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { fromOutline, parsePayload, placesAfter, toOutline, type ClipPayload } from './clipboard.ts'

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

describe('a copied branch on the clipboard', () => {
  it('reads in other apps as an outline indented by depth, in drawn order, and pastes back as the same tree', () => {
    let t = 1000
    let i = 0
    const g = openGraph(new Y.Doc(), { actor: 'ann', now: () => t++, newId: () => `n${i++}` })
    const root = initGraph(g, { id: 'x', title: 'Trip' })
    if (!root.ok) throw new Error(root.message)
    const add = (summary: string, parent: string) => {
      const r = createNodes(g, [{ summary, parent }], { mode: 'force' })
      if (!r.ok) throw new Error(r.message)
      return r.created[0]!.id
    }
    const trains = add('Trains', root.root)
    add('Book seats', add('Tickets', trains))
    add('Timetable', trains)
    add('Ferries', root.root)
    const copy = copyBranches(g, [trains])
    const p: ClipPayload = { plexus: 1, nodes: copy.nodes.map((n) => ({ ...n, dx: 0, dy: 0 })), edges: [] }
    expect(toOutline(p)).toBe('Trains\n  Tickets\n    Book seats\n  Timetable')
    const back = fromOutline(toOutline(p))!
    expect(
      back.nodes.map((n) => [n.summary, back.nodes.find((m) => m.ref === n.parent_ref)?.summary]),
    ).toEqual([
      ['Trains', undefined],
      ['Tickets', 'Trains'],
      ['Book seats', 'Tickets'],
      ['Timetable', 'Trains'],
    ])
  })
})

describe('a copy placed right after its original (Ctrl+D: placesAfter)', () => {
  const key = (g: ReturnType<typeof openGraph>) => (id: string) => {
    const v = g.index.nodes.get(id)!
    return v.order ?? v.created_at
  }
  const kidsOf = (g: ReturnType<typeof openGraph>, parent: string) =>
    inDrawnOrder(g.index, g.index.struct().children.get(parent) ?? [])

  it('between two steps of one plan, which share a key: the row is numbered again', () => {
    let i = 0
    const g = openGraph(new Y.Doc(), { actor: 'ann', now: () => 5000, newId: () => `n${i++}` })
    const root = initGraph(g, { id: 'x', title: 'Trip' })
    if (!root.ok) throw new Error(root.message)
    const plan = createNodes(
      g,
      ['Book', 'Pack', 'Go'].map((summary) => ({ summary, parent: root.root })),
      { mode: 'force', ordered: true },
    )
    if (!plan.ok) throw new Error(plan.message)
    const [book, pack, go] = plan.created.map((c) => c.id)
    expect(key(g)(book!)).toBe(key(g)(pack!)) // one write, one key
    const made = createNodes(g, [{ summary: 'Book (copy)', parent: root.root }], { mode: 'force' })
    if (!made.ok) throw new Error(made.message)
    const copy = made.created[0]!.id
    const kids = kidsOf(g, root.root).filter((id) => id !== copy)
    const r = setTreePlaces(g, placesAfter(kids, kids.indexOf(book!), copy, key(g)))
    expect(r.ok).toBe(true)
    expect(kidsOf(g, root.root)).toEqual([book, copy, pack, go])
  })

  it('between two siblings with room between their keys: halfway, nothing else written', () => {
    const places = placesAfter(['a', 'b'], 0, 'c', (id) => (id === 'a' ? 10 : 20), 'left')
    expect(places).toEqual([{ id: 'c', order: 15, side: 'left' }])
  })
})
