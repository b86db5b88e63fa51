/**
 * The acknowledgement probe costs nothing per document (issue 23, bench/reports/stall.md case e):
 * a connection answered in full once is answered a later sync step 1 with the empty update when its
 * state vector covers the document's, instead of `Y.encodeStateAsUpdate` and its walk of every
 * struct for the delete set (relay.ts `answer` states why that is sound). Held to it here:
 * - a synced writer's probe is answered with nothing; one that lacks structs gets the full answer;
 * - a client back with the same document, which missed deletions while away, has a state vector
 *   that covers the document's and still gets those deletions (a new connection: a full answer);
 * - over generated runs (fast-check, seeded) of several clients behaving as the stock y-websocket
 *   client does (y-protocols' sync handlers), editing maps, arrays and text with deletes, probing
 *   between edits, joining late, going away and coming back with offline edits, with server writes
 *   and a synchronous or asynchronous store: every document ends equal to the room's, deletions
 *   included (Yjs snapshots: state vector and delete set).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { parseMessage } from './protocol.ts'
import { Network, type FakeClient } from '../test/room-harness.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129
const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)

/** The sync step 2 answers the room sent `client`, decoded. */
function answers(net: Network, client: FakeClient) {
  const out: Array<{ structs: number; deletions: number }> = []
  for (const s of net.sent) {
    if (s.to !== client.id || s.kind !== 'sync') continue
    const parsed = parseMessage(s.frame)
    if (!parsed.ok || parsed.message.type !== 'sync-step2') continue
    const d = parsed.message.decoded
    out.push({ structs: d.structs.length, deletions: d.ds.clients.size })
  }
  return out
}

function sameDoc(a: Y.Doc, b: Y.Doc): boolean {
  return (
    Y.equalSnapshots(Y.snapshot(a), Y.snapshot(b)) &&
    // Keys in order: a map's own order follows the order its entries arrived in.
    JSON.stringify(Object.entries(a.getMap('m').toJSON()).sort()) ===
      JSON.stringify(Object.entries(b.getMap('m').toJSON()).sort()) &&
    JSON.stringify(a.getArray('a').toJSON()) === JSON.stringify(b.getArray('a').toJSON()) &&
    a.getText('t').toString() === b.getText('t').toString()
  )
}

describe('probe answers', () => {
  it("a synced writer's probe is answered with nothing; a peer lacking structs in full", () => {
    const net = new Network()
    const ada = net.connect()
    const bob = net.connect()
    net.flush()
    const arr = ada.doc.getArray<number>('a')
    arr.insert(0, [1, 2, 3, 4])
    net.flush()
    arr.delete(1, 2)
    net.flush()
    ada.probe()
    net.flush()
    // Its first answer (on connecting) was full; this one carries nothing: no structs, no deletions.
    expect(answers(net, ada).at(-1)).toEqual({ structs: 0, deletions: 0 })
    expect(sameDoc(ada.doc, net.doc)).toBe(true)

    // bob probes with a state vector that lacks ada's next write (its frame still on the way).
    arr.insert(0, [9])
    net.flushQueuedFrames()
    bob.probe()
    net.flush()
    expect(answers(net, bob).at(-1)!.structs).toBeGreaterThan(0)
    expect(sameDoc(bob.doc, net.doc)).toBe(true)
  })

  it('a client back with the same document gets the deletions it missed, though its state vector covers', () => {
    const net = new Network()
    const ada = net.connect()
    const bob = net.connect()
    ada.doc.getArray<number>('a').insert(0, [1, 2, 3])
    net.flush()
    expect(sameDoc(bob.doc, net.doc)).toBe(true)
    // bob goes away; ada deletes (a deletion adds no struct: bob's state vector still covers).
    net.disconnect(bob)
    ada.doc.getArray<number>('a').delete(0, 2)
    net.flush()
    expect(Y.encodeStateVector(bob.doc)).toEqual(Y.encodeStateVector(net.doc))
    const back = net.connect({ doc: bob.doc })
    net.flush()
    back.probe()
    net.flush()
    expect(back.doc.getArray('a').toJSON()).toEqual([3])
    expect(sameDoc(back.doc, net.doc)).toBe(true)
  })
})

describe('probe answers while another server’s update waits in the document', () => {
  it('a deletion parked by a remote update and applied in a peer’s own transaction reaches that peer at its next probe (review, session 13)', () => {
    const net = new Network()
    const ada = net.connect()
    net.flush()
    ada.probe()
    net.flush()
    // A client of another server writes X, then deletes it; this server hears the deletion first (it
    // missed the fan-out message with X), so the deletion waits in the document.
    const c = new Y.Doc()
    const updates: Uint8Array[] = []
    c.on('update', (u: Uint8Array) => updates.push(u))
    c.getArray<number>('a').insert(0, [7])
    c.getArray<number>('a').delete(0, 1)
    net.room.applyRemote([updates[1]!])
    // ada holds X (from elsewhere) and sends it: the waiting deletion is applied in ada's transaction.
    Y.applyUpdate(ada.doc, updates[0]!)
    net.flush()
    expect(net.doc.getArray('a').toJSON()).toEqual([])
    ada.probe()
    net.flush()
    expect(ada.doc.getArray('a').toJSON()).toEqual([])
    expect(sameDoc(ada.doc, net.doc)).toBe(true)
  })
})

type Edit =
  | { op: 'set'; key: number; value: number }
  | { op: 'unset'; key: number }
  | { op: 'push'; at: number; values: number[] }
  | { op: 'cut'; at: number; count: number }
  | { op: 'type'; at: number; text: string }
  | { op: 'erase'; at: number; count: number }

type Op =
  | { op: 'join'; edits: Edit[] }
  | { op: 'edit'; pick: number; edit: Edit }
  | { op: 'server'; edit: Edit }
  | { op: 'probe'; pick: number }
  | { op: 'deliver' }
  | { op: 'commit' }
  | { op: 'complete' }
  | { op: 'away'; pick: number }
  | { op: 'back'; pick: number }
  | { op: 'missDeletes'; pick: number; edits: Edit[] }

const deleteArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('unset' as const), key: fc.nat(6) }),
  fc.record({ op: fc.constant('cut' as const), at: fc.nat(20), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ op: fc.constant('erase' as const), at: fc.nat(20), count: fc.integer({ min: 1, max: 4 }) }),
)

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), key: fc.nat(6), value: fc.nat(100) }),
  fc.record({ op: fc.constant('unset' as const), key: fc.nat(6) }),
  fc.record({
    op: fc.constant('push' as const),
    at: fc.nat(20),
    values: fc.array(fc.nat(9), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ op: fc.constant('cut' as const), at: fc.nat(20), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({
    op: fc.constant('type' as const),
    at: fc.nat(20),
    text: fc.string({ minLength: 1, maxLength: 4 }),
  }),
  fc.record({ op: fc.constant('erase' as const), at: fc.nat(20), count: fc.integer({ min: 1, max: 4 }) }),
)

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.array(editArb, { maxLength: 3 }).map<Op>((edits) => ({ op: 'join', edits })) },
  { weight: 8, arbitrary: fc.record({ op: fc.constant('edit' as const), pick: fc.nat(20), edit: editArb }) },
  { weight: 2, arbitrary: editArb.map<Op>((edit) => ({ op: 'server', edit })) },
  // Deletions alone add no struct: a client away for them comes back with a covering state vector.
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('edit' as const), pick: fc.nat(20), edit: deleteArb }),
  },
  { weight: 5, arbitrary: fc.nat(20).map<Op>((pick) => ({ op: 'probe', pick })) },
  { weight: 3, arbitrary: fc.constant<Op>({ op: 'deliver' }) },
  { weight: 3, arbitrary: fc.constant<Op>({ op: 'commit' }) },
  { weight: 2, arbitrary: fc.constant<Op>({ op: 'complete' }) },
  { weight: 1, arbitrary: fc.nat(20).map<Op>((pick) => ({ op: 'away', pick })) },
  { weight: 1, arbitrary: fc.nat(20).map<Op>((pick) => ({ op: 'back', pick })) },
  // Away while the server deletes, back at once: a state vector that covers, deletions missed.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(20), fc.array(deleteArb, { minLength: 1, maxLength: 3 }))
      .map<Op>(([pick, edits]) => ({ op: 'missDeletes', pick, edits })),
  },
)

function apply(doc: Y.Doc, e: Edit): void {
  const m = doc.getMap<number>('m')
  const a = doc.getArray<number>('a')
  const t = doc.getText('t')
  switch (e.op) {
    case 'set':
      m.set(`k${e.key}`, e.value)
      return
    case 'unset':
      return m.delete(`k${e.key}`)
    case 'push':
      return a.insert(Math.min(e.at, a.length), e.values)
    case 'cut': {
      if (a.length === 0) return
      const at = e.at % a.length
      return a.delete(at, Math.min(e.count, a.length - at))
    }
    case 'type':
      return t.insert(Math.min(e.at, t.length), e.text)
    case 'erase': {
      if (t.length === 0) return
      const at = e.at % t.length
      return t.delete(at, Math.min(e.count, t.length - at))
    }
  }
}

async function run(ops: Op[], asyncStore: boolean): Promise<{ empty: number; full: number }> {
  const net = new Network({ asyncStore })
  /** Every client ever connected, by slot; `online` says whether its connection is up. */
  const slots: FakeClient[] = []
  const online = () => slots.filter((c) => c.online)
  const settle = async () => {
    for (let i = 0; i < 1000; i++) {
      net.flush()
      if (net.writes.length === 0) return
      await net.completeWrite()
    }
    throw new Error('the room did not settle')
  }
  for (const o of ops) {
    switch (o.op) {
      case 'join': {
        const doc = new Y.Doc()
        for (const e of o.edits) apply(doc, e)
        slots.push(net.connect({ doc }))
        break
      }
      case 'edit': {
        const c = slots[o.pick % Math.max(1, slots.length)]
        if (c) apply(c.doc, o.edit)
        break
      }
      case 'server':
        // A tool's write on the server's document, stored before (or, async, while) it is relayed.
        apply(net.doc, o.edit)
        break
      case 'probe': {
        const live = online()
        live[o.pick % Math.max(1, live.length)]?.probe()
        break
      }
      case 'deliver':
        net.flushQueuedFrames()
        break
      case 'commit':
        net.flush()
        break
      case 'complete':
        if (net.writes.length > 0) await net.completeWrite()
        break
      case 'away': {
        const live = online()
        const c = live[o.pick % Math.max(1, live.length)]
        if (c) net.disconnect(c)
        break
      }
      case 'missDeletes': {
        const live = online()
        const c = live[o.pick % Math.max(1, live.length)]
        if (!c) break
        await settle()
        net.disconnect(c)
        for (const e of o.edits) apply(net.doc, e)
        await settle()
        slots[slots.indexOf(c)] = net.connect({ doc: c.doc })
        break
      }
      case 'back': {
        const away = slots.filter((c) => !c.online)
        const c = away[o.pick % Math.max(1, away.length)]
        if (c) slots[slots.indexOf(c)] = net.connect({ doc: c.doc })
        break
      }
    }
  }
  // Everyone back, everything delivered and stored, and a last probe each.
  for (const [i, c] of slots.entries()) if (!c.online) slots[i] = net.connect({ doc: c.doc })
  await settle()
  for (const c of slots) c.probe()
  await settle()
  expect(net.broken).toEqual([])
  expect(net.closed).toEqual([])
  for (const c of slots) expect(sameDoc(c.doc, net.doc), `client ${c.id}`).toBe(true)
  let empty = 0
  let full = 0
  for (const c of slots)
    for (const a of answers(net, c)) {
      if (a.structs === 0 && a.deletions === 0) empty++
      else full++
    }
  return { empty, full }
}

describe('probes answered with nothing converge (seeded)', () => {
  for (const asyncStore of [false, true]) {
    it(`random edits, deletes, probes, late joins and returns: every document equal (${asyncStore ? 'async' : 'sync'} store)`, async () => {
      let empty = 0
      try {
        await fc.assert(
          fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 60 }), async (ops) => {
            empty += (await run([{ op: 'join', edits: [] }, ...ops], asyncStore)).empty
          }),
          { seed, numRuns: 150 },
        )
      } catch (error) {
        console.error(`relay probe convergence failed with seed ${seed} (PLEXUS_SEED=${seed} replays it)`)
        throw error
      }
      // The runs did answer probes with nothing (else this would test only the full answer).
      expect(empty).toBeGreaterThan(0)
    })
  }
})
