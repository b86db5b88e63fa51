import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createNodes } from './create.ts'
import { connect, disconnect } from './edges.ts'
import { changesSince, historyCursor, nodeHistory, onHistory } from './history.ts'
import { claim, release } from './readiness.ts'
import { restructure } from './restructure.ts'
import { updateNodes } from './update.ts'
import {
  Clock,
  addNodes,
  failure,
  joinGraph,
  makeGraph,
  ok,
  rng,
  sync,
  type TestGraph,
} from './test/harness.ts'
import type { HistoryEvent } from './types.ts'

const since = (t: TestGraph, cursor: string | undefined): HistoryEvent[] =>
  ok(changesSince(t.g, cursor)).events

describe('history events', () => {
  it('records one event per node and action, with who, when and before/after', () => {
    const t = makeGraph()
    const { g, clock } = t
    addNodes(g, [['A', undefined, { summary: 'Alpha', kind: 'task' }], ['B'], ['C']])
    expect(since(t, undefined).find((e) => e.node === 'A')).toMatchObject({
      action: 'create',
      actor: 'alice',
      changes: [
        { field: 'summary', before: null, after: 'Alpha' },
        { field: 'parent', before: null, after: t.root },
        { field: 'kind', before: null, after: 'task' },
      ],
    })
    const at = (f: () => unknown): HistoryEvent[] => {
      const c = historyCursor(g)
      clock.tick(1)
      f()
      return since(t, c)
    }
    const shape = (es: HistoryEvent[]) => es.map((e) => [e.node, e.action, e.changes])
    expect(shape(at(() => ok(updateNodes(g, [{ id: 'A', summary: 'Alpha 2', resolved: true }]))))).toEqual([
      [
        'A',
        'update',
        [
          { field: 'summary', before: 'Alpha', after: 'Alpha 2' },
          { field: 'resolved', before: false, after: true },
        ],
      ],
    ])
    const ev = at(() => ok(updateNodes(g, [{ id: 'B', add_evidence: [{ type: 'test', ref: 'green' }] }])))
    expect(ev[0]).toMatchObject({ ts: clock.t, actor: 'alice', action: 'evidence' })
    expect(shape(at(() => ok(connect(g, [{ from: 'B', to: 'C', type: 'depends_on' }]))))).toEqual([
      ['B', 'connect', [{ field: 'edge:depends_on', before: null, after: 'C' }]],
    ])
    expect(
      shape(
        at(() => ok(connect(g, [{ from: 'B', to: 'C', type: 'depends_on', properties: { why: 'api' } }]))),
      ),
    ).toEqual([['B', 'connect', [{ field: 'edge:depends_on:properties.why', before: null, after: 'api' }]]])
    expect(shape(at(() => ok(disconnect(g, [{ from: 'B', to: 'C', type: 'depends_on' }]))))).toEqual([
      ['B', 'disconnect', [{ field: 'edge:depends_on', before: 'C', after: null }]],
    ])
    expect(shape(at(() => ok(restructure(g, [{ type: 'move', node: 'C', parent: 'B' }]))))).toEqual([
      ['C', 'move', [{ field: 'parent', before: t.root, after: 'B' }]],
    ])
    expect(at(() => ok(claim(g, 'C'))).map((e) => [e.node, e.action])).toEqual([['C', 'claim']])
    expect(at(() => ok(release(g, 'C'))).map((e) => [e.node, e.action])).toEqual([['C', 'release']])
    const forget = at(() => ok(restructure(g, [{ type: 'forget', node: 'C' }])))
    expect(forget.map((e) => [e.node, e.action])).toEqual([['C', 'forget']])
    expect(at(() => ok(restructure(g, [{ type: 'restore', node: 'C' }])))[0]!.action).toBe('restore')
    const merge = at(() => ok(restructure(g, [{ type: 'merge', node: 'C', into: 'B' }])))
    expect(merge.map((e) => [e.node, e.action]).sort()).toEqual([
      ['B', 'merge'],
      ['C', 'merge'],
    ])
    expect(merge.find((e) => e.node === 'C')!.changes).toEqual([
      { field: 'merged_into', before: null, after: 'B' },
    ])
  })

  it('records a node created with its dependencies as one event; a dependency added to a match, as connect', () => {
    const t = makeGraph()
    const { g } = t
    addNodes(g, [['Existing', t.root]])
    const c = historyCursor(g)
    const r = ok(
      createNodes(
        g,
        [
          { ref: 'a', summary: 'Alpha', parent: t.root },
          { ref: 'b', summary: 'Beta', parent: t.root, depends_on: ['a', 'Existing'] },
          { summary: 'Existing', parent: t.root, depends_on: ['a'] },
        ],
        { mode: 'auto' },
      ),
    )
    const b = r.refs.b!
    const a = r.refs.a!
    expect(since(t, c).map((e) => [e.node, e.action, e.changes.map((x) => `${x.field}=${x.after}`)])).toEqual(
      [
        [a, 'create', ['summary=Alpha', `parent=${t.root}`]],
        [
          b,
          'create',
          ['summary=Beta', `parent=${t.root}`, `edge:depends_on=${a}`, 'edge:depends_on=Existing'],
        ],
        ['Existing', 'connect', [`edge:depends_on=${a}`]],
      ],
    )
  })

  it('clips long values so history stays small', () => {
    const t = makeGraph()
    addNodes(t.g, [['A']])
    ok(updateNodes(t.g, [{ id: 'A', notes: 'x'.repeat(10_000) }]))
    const c = ok(nodeHistory(t.g, 'A')).events[0]!.changes[0]!
    expect(typeof c.after === 'string' && c.after.length).toBeLessThan(300)
  })
})

describe('onHistory', () => {
  it('tells each transaction the events it added, with its origin, including those from another peer', () => {
    const t = makeGraph()
    addNodes(t.g, [['A', undefined, { kind: 'task' }]])
    const seen: Array<[string[], unknown]> = []
    const stop = onHistory(t.doc, (events, origin) =>
      seen.push([events.map((e) => `${e.actor} ${e.action}`), origin]),
    )
    ok(claim(t.g, 'A'))
    ok(release(t.g, 'A'))
    const bob = joinGraph(t, 'bob')
    expect(seen).toEqual([
      [['alice claim'], t.g.origin],
      [['alice release'], t.g.origin],
    ])
    seen.length = 0
    ok(claim(bob.g, 'A'))
    Y.applyUpdate(t.doc, Y.encodeStateAsUpdate(bob.doc, Y.encodeStateVector(t.doc)), 'from-bob')
    expect(seen).toEqual([[['bob claim'], 'from-bob']])
    stop()
    ok(claim(t.g, 'A', { force: true }))
    expect(seen).toHaveLength(1)
  })
})

describe('nodeHistory', () => {
  it('lists a node’s events newest first, with a total, a limit and paging back by time', () => {
    const t = makeGraph()
    const { g, clock } = t
    addNodes(g, [['A']])
    for (let i = 1; i <= 5; i++) {
      clock.tick(10)
      ok(updateNodes(g, [{ id: 'A', summary: `v${i}` }]))
    }
    const all = ok(nodeHistory(g, 'A'))
    expect(all.total).toBe(6)
    expect(all.events.map((e) => e.action)).toEqual([
      'update',
      'update',
      'update',
      'update',
      'update',
      'create',
    ])
    expect(all.events.map((e) => e.changes[0]!.after)).toEqual(['v5', 'v4', 'v3', 'v2', 'v1', 'A'])
    const two = ok(nodeHistory(g, 'A', { limit: 2 })).events
    expect(two.map((e) => e.changes[0]!.after)).toEqual(['v5', 'v4'])
    const older = ok(nodeHistory(g, 'A', { limit: 2, before: two[1]!.ts })).events
    expect(older.map((e) => e.changes[0]!.after)).toEqual(['v3', 'v2'])
    // By count, as graph_history's cursor pages: events with the same time are neither lost nor repeated.
    const skipped = ok(nodeHistory(g, 'A', { limit: 3, offset: 2 })).events
    expect(skipped.map((e) => e.changes[0]!.after)).toEqual(['v3', 'v2', 'v1'])
  })

  it('keeps the history of forgotten nodes and fails for unknown ones', () => {
    const t = makeGraph()
    addNodes(t.g, [['A']])
    ok(restructure(t.g, [{ type: 'forget', node: 'A' }]))
    expect(ok(nodeHistory(t.g, 'A')).events[0]!.action).toBe('forget')
    expect(failure(nodeHistory(t.g, 'Q')).reason).toBe('node_not_found')
  })

  it('orders events from two peers by time once synced, the same on both', () => {
    const clock = new Clock()
    const a = makeGraph('alice', { clock, clientID: 1 })
    addNodes(a.g, [['A']])
    const b = joinGraph(a, 'bob', 2)
    clock.tick(10)
    ok(updateNodes(b.g, [{ id: 'A', kind: 'task' }]))
    clock.tick(10)
    ok(updateNodes(a.g, [{ id: 'A', summary: 'later' }]))
    sync(a.doc, b.doc)
    const ea = ok(nodeHistory(a.g, 'A')).events
    expect(ea.map((e) => e.actor)).toEqual(['alice', 'bob', 'alice'])
    expect(ok(nodeHistory(b.g, 'A')).events).toEqual(ea)
  })
})

describe('changesSince', () => {
  it('with no cursor returns all history oldest first; with a fresh cursor, nothing', () => {
    const t = makeGraph()
    addNodes(t.g, [['A'], ['B']])
    const r = ok(changesSince(t.g, undefined))
    expect(r.events.map((e) => e.node)).toEqual([t.root, 'A', 'B'])
    expect(r.more).toBe(false)
    expect(ok(changesSince(t.g, r.cursor)).events).toEqual([])
    expect(ok(changesSince(t.g, historyCursor(t.g))).events).toEqual([])
  })

  it('two peers append apart: after sync each gets exactly what it had not seen', () => {
    const clock = new Clock()
    const a = makeGraph('alice', { clock, clientID: 1 })
    addNodes(a.g, [['A'], ['B']])
    const b = joinGraph(a, 'bob', 2)
    const ca = historyCursor(a.g)
    const cb = historyCursor(b.g)
    expect(cb).toBe(ca)
    const seenA = new Set(since(a, undefined).map((e) => e.id))
    const seenB = new Set(since(b, undefined).map((e) => e.id))
    // Interleaved in time, so clock order and time order disagree across the peers.
    for (let i = 0; i < 4; i++) {
      clock.tick(1)
      ok(updateNodes(a.g, [{ id: 'A', summary: `a${i}` }]))
      clock.tick(1)
      ok(updateNodes(b.g, [{ id: 'B', summary: `b${i}` }]))
    }
    const aOwn = since(a, ca).map((e) => e.id)
    const bOwn = since(b, cb).map((e) => e.id)
    sync(a.doc, b.doc)
    for (const [t, c, seen] of [
      [a, ca, seenA],
      [b, cb, seenB],
    ] as const) {
      const got = since(t, c).map((e) => e.id)
      expect(new Set(got).size).toBe(got.length)
      expect([...got].sort()).toEqual([...aOwn, ...bOwn].sort())
      for (const id of got) expect(seen.has(id)).toBe(false)
    }
    // Oldest first, interleaved as they happened.
    expect(since(a, ca).map((e) => e.changes[0]!.after)).toEqual([
      'a0',
      'b0',
      'a1',
      'b1',
      'a2',
      'b2',
      'a3',
      'b3',
    ])
    const others = ok(changesSince(a.g, ca, { excludeActor: 'alice' })).events
    expect(others.map((e) => e.id).sort()).toEqual([...bOwn].sort())
  })

  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`polling peers see every event exactly once through random edits, syncs and page sizes (seed ${seed})`, () => {
      const rand = rng(seed)
      const clock = new Clock()
      const a = makeGraph('alice', { clock, clientID: 11 })
      addNodes(a.g, [['N0'], ['N1'], ['N2']])
      const peers = [a, joinGraph(a, 'bob', 22), joinGraph(a, 'carol', 33)]
      const cursors = peers.map((p) => historyCursor(p.g))
      const old = new Set(since(a, undefined).map((e) => e.id))
      const seen = peers.map(() => new Map<string, number>())
      const poll = (i: number): void => {
        const limit = 1 + Math.floor(rand() * 4)
        for (let guard = 0; guard < 1000; guard++) {
          const r = ok(changesSince(peers[i]!.g, cursors[i], { limit }))
          for (const e of r.events) seen[i]!.set(e.id, (seen[i]!.get(e.id) ?? 0) + 1)
          cursors[i] = r.cursor
          if (!r.more) return
          expect(r.events.length).toBe(limit)
        }
        throw new Error('paging did not end')
      }
      for (let step = 0; step < 60; step++) {
        const i = Math.floor(rand() * 3)
        const p = peers[i]!
        const x = rand()
        // The clock sometimes steps back, so times and Yjs clocks disagree.
        if (x < 0.5) {
          clock.tick(Math.floor(rand() * 5) - 1)
          ok(updateNodes(p.g, [{ id: `N${Math.floor(rand() * 3)}`, summary: `s${step}` }]))
        } else if (x < 0.7) poll(i)
        else {
          const j = Math.floor(rand() * 3)
          if (j !== i) sync(p.doc, peers[j]!.doc)
        }
      }
      sync(...peers.map((p) => p.doc))
      const want = since(peers[0]!, undefined)
        .map((e) => e.id)
        .filter((id) => !old.has(id))
      expect(want.length).toBeGreaterThan(10)
      for (let i = 0; i < 3; i++) {
        poll(i)
        expect([...seen[i]!.keys()].sort(), `peer ${i}, seed ${seed}`).toEqual([...want].sort())
        expect(
          [...seen[i]!.values()].every((n) => n === 1),
          `duplicates at peer ${i}, seed ${seed}`,
        ).toBe(true)
      }
    })
  }

  it('a limit pages through with `more`, and the returned cursor continues without loss', () => {
    const t = makeGraph()
    addNodes(t.g, [['A']])
    const start = historyCursor(t.g)
    for (let i = 0; i < 10; i++) ok(updateNodes(t.g, [{ id: 'A', summary: `s${i}` }]))
    const got: unknown[] = []
    let cursor = start
    const pages: boolean[] = []
    for (let i = 0; i < 10; i++) {
      const r = ok(changesSince(t.g, cursor, { limit: 3 }))
      got.push(...r.events.map((e) => e.changes[0]!.after))
      pages.push(r.more)
      cursor = r.cursor
      if (!r.more) break
    }
    expect(pages).toEqual([true, true, true, false])
    expect(got).toEqual(Array.from({ length: 10 }, (_, i) => `s${i}`))
  })

  it('a clock that goes backwards neither repeats nor skips events across pages', () => {
    const t = makeGraph()
    const { g, clock } = t
    addNodes(g, [['A']])
    const start = historyCursor(g)
    clock.tick(100)
    ok(updateNodes(g, [{ id: 'A', summary: 'late' }]))
    clock.tick(-50)
    ok(updateNodes(g, [{ id: 'A', summary: 'early' }]))
    ok(updateNodes(g, [{ id: 'A', summary: 'again' }]))
    const got: unknown[] = []
    let cursor = start
    for (let i = 0; i < 10; i++) {
      const r = ok(changesSince(g, cursor, { limit: 1 }))
      got.push(...r.events.map((e) => e.changes[0]!.after))
      cursor = r.cursor
      if (!r.more) break
    }
    expect([...got].sort()).toEqual(['again', 'early', 'late'])
  })

  it('excludeActor leaves out an actor’s own events but moves the cursor past them', () => {
    const clock = new Clock()
    const a = makeGraph('alice', { clock, clientID: 1 })
    addNodes(a.g, [['A']])
    const b = joinGraph(a, 'bob', 2)
    const c = historyCursor(a.g)
    ok(updateNodes(a.g, [{ id: 'A', summary: 'mine' }]))
    ok(updateNodes(b.g, [{ id: 'A', kind: 'task' }]))
    sync(a.doc, b.doc)
    const r = ok(changesSince(a.g, c, { excludeActor: 'alice' }))
    expect(r.events.map((e) => e.actor)).toEqual(['bob'])
    expect(ok(changesSince(a.g, r.cursor)).events).toEqual([])
  })

  it('refuses cursors that are not history cursors', () => {
    const t = makeGraph()
    for (const c of ['nope', 'q1_abc', 'h1_zz', 'h1_a.!']) {
      const f = failure(changesSince(t.g, c))
      expect(f.reason, c).toBe('invalid_cursor')
    }
  })

  it('the incremental history index matches a fresh read through remote appends, inserts and deletes (seeded)', () => {
    // The index takes what each transaction added or deleted from its clocks and delete set instead
    // of Yjs's event.changes; a peer writing plain Yjs may insert into or delete from history.
    const seed = 0x415
    const next = rng(seed)
    const a = makeGraph('alice', { clientID: 1 })
    const b = joinGraph(a, 'bob', 2)
    const watched = joinGraph(a, 'carol', 3)
    since(watched, undefined)
    const ids: string[] = []
    for (let step = 0; step < 120; step++) {
      const t = next() < 0.5 ? a : b
      const roll = next()
      if (roll < 0.5 || ids.length === 0) {
        const id = `n${step}`
        addNodes(t.g, [[id]])
        ids.push(id)
      } else if (roll < 0.75)
        ok(updateNodes(t.g, [{ id: ids[Math.floor(next() * ids.length)]!, summary: `s${step}` }]))
      else {
        const history = t.doc.getArray('history')
        if (roll < 0.85 && history.length > 2) history.delete(Math.floor(next() * (history.length - 2)), 2)
        else
          history.insert(Math.floor(next() * history.length), [
            { id: `x${step}`, ts: step, actor: 'plain', node: ids[0]!, action: 'note', changes: [] },
          ])
      }
      if (next() < 0.4) sync(a.doc, b.doc, watched.doc)
    }
    sync(a.doc, b.doc, watched.doc)
    const fresh = joinGraph(watched, 'dave', 4)
    const key = (t: TestGraph) => since(t, undefined).map((e) => e.id)
    expect(key(watched), `seed ${seed}`).toEqual(key(fresh))
    expect(key(watched).length).toBeGreaterThan(60)
  })

  it('history is part of the document: a peer that was away gets it on sync', () => {
    const a = makeGraph('alice', { clientID: 1 })
    const b = joinGraph(a, 'bob', 2)
    const c = historyCursor(b.g)
    addNodes(a.g, [['A']])
    ok(updateNodes(a.g, [{ id: 'A', summary: 'x' }]))
    Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc, Y.encodeStateVector(b.doc)))
    expect(since(b, c).map((e) => [e.node, e.action])).toEqual([
      ['A', 'create'],
      ['A', 'update'],
    ])
  })
})
