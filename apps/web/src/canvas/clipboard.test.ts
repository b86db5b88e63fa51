import { copyBranches, createNodes, initGraph, openGraph } from '@plexus/model'
import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { fromOutline, parsePayload, toOutline, type ClipPayload } from './clipboard.ts'

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
