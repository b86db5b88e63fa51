/**
 * What the relay's fan-out relies on, over generated interleavings (fast-check, seeded) of writers
 * sending bursts, readers joining and leaving, bursts ending and, with an asynchronous store, writes
 * completing:
 * - an update is relayed only once it is stored, in the order it was stored;
 * - every peer in the room when it was stored receives it exactly once (its writer never), and no
 *   one else does;
 * - it is encoded once per room: every peer gets the same frame object, marked shared (so the
 *   transport frames it once, shared-frames.ts), with the same bytes;
 * - a reader that joined at any point ends with the room's document (sync answer plus updates).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { encodeSyncStep1, encodeUpdate, parseMessage } from './protocol.ts'
import { DocRoom, type FrameKind } from './relay.ts'

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129
const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)

type Op =
  | { op: 'join' }
  | { op: 'leave'; pick: number }
  | { op: 'write'; pick: number; count: number }
  | { op: 'endBurst' }
  | { op: 'complete' }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Op>({ op: 'join' }) },
  { weight: 1, arbitrary: fc.nat(20).map<Op>((pick) => ({ op: 'leave', pick })) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.nat(20), fc.integer({ min: 1, max: 3 }))
      .map<Op>(([pick, count]) => ({ op: 'write', pick, count })),
  },
  { weight: 2, arbitrary: fc.constant<Op>({ op: 'endBurst' }) },
  { weight: 2, arbitrary: fc.constant<Op>({ op: 'complete' }) },
)

interface Delivery {
  frame: Uint8Array
  kind: FrameKind
  shared: boolean
}

async function run(ops: Op[], asyncStore: boolean): Promise<void> {
  const doc = new Y.Doc()
  const received = new Map<number, Delivery[]>()
  const deferred: Array<() => void> = []
  const writes: Array<{ updates: Uint8Array[]; resolve: () => void }> = []
  /** Stored updates in storage order, each with the peers in the room when it was stored. */
  const stored: Array<{ update: Uint8Array; origin: number | null; members: Set<number> }> = []
  const members = new Set<number>()
  const originOf = new Map<number, number>() // Yjs client id → peer id
  const violations: string[] = []
  const storedKeys = new Set<string>()

  const store = (updates: Uint8Array[]) => {
    for (const update of updates) {
      storedKeys.add(b64(update))
      const client = Y.decodeUpdate(update).structs[0]?.id.client
      stored.push({
        update,
        origin: client === undefined ? null : (originOf.get(client) ?? null),
        members: new Set(members),
      })
    }
  }
  const room = new DocRoom(
    doc,
    {
      send: (peerId, frame, kind, shared) => {
        if (!members.has(peerId)) violations.push(`frame sent to peer ${peerId}, not in the room`)
        if (kind === 'update') {
          const parsed = parseMessage(frame)
          const key = parsed.ok && parsed.message.type === 'update' ? b64(parsed.message.update) : ''
          if (!storedKeys.has(key)) violations.push(`update relayed to peer ${peerId} before it was stored`)
        }
        received.get(peerId)!.push({ frame, kind, shared: shared === true })
      },
      persist: (updates) => {
        if (!asyncStore) return store(updates)
        return new Promise<void>((resolve) => {
          writes.push({
            updates,
            resolve: () => {
              store(updates)
              resolve()
            },
          })
        })
      },
      close: (peerId, code, reason) => violations.push(`peer ${peerId} closed: ${code} ${reason}`),
      defer: (fn) => deferred.push(fn),
    },
    { maxDocumentBytes: 1 << 30, maxAwarenessClients: 8, rules: false, storedBytes: 0 },
  )

  let nextPeer = 1
  const writers: Array<{ peer: number; doc: Y.Doc; n: number }> = []
  const addWriter = () => {
    const peer = nextPeer++
    const wdoc = new Y.Doc()
    originOf.set(wdoc.clientID, peer)
    members.add(peer)
    received.set(peer, [])
    room.join({ id: peer, canWrite: true, identity: 'w' })
    writers.push({ peer, doc: wdoc, n: 0 })
  }
  const readers: Array<{ peer: number; doc: Y.Doc }> = []
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }
  addWriter()
  addWriter()

  for (const step of ops) {
    if (step.op === 'join') {
      const peer = nextPeer++
      members.add(peer)
      received.set(peer, [])
      room.join({ id: peer, canWrite: false, identity: 'r' })
      const rdoc = new Y.Doc()
      readers.push({ peer, doc: rdoc })
      const receipt = room.receive(peer, encodeSyncStep1(rdoc))
      if (!receipt.ok) violations.push(`sync step 1 refused: ${receipt.reason}`)
    } else if (step.op === 'leave') {
      if (readers.length === 0) continue
      const [reader] = readers.splice(step.pick % readers.length, 1)
      members.delete(reader!.peer)
      room.leave(reader!.peer)
    } else if (step.op === 'write') {
      const w = writers[step.pick % writers.length]!
      for (let i = 0; i < step.count; i++) {
        let update: Uint8Array | null = null
        const capture = (u: Uint8Array) => (update = u)
        w.doc.on('update', capture)
        w.doc.getMap('nodes').set(`w${w.peer}`, ++w.n)
        w.doc.off('update', capture)
        const receipt = room.receive(w.peer, encodeUpdate(update!))
        if (!receipt.ok) violations.push(`update refused: ${receipt.reason}`)
      }
    } else if (step.op === 'endBurst') {
      for (const fn of deferred.splice(0)) fn()
      await settle()
    } else if (step.op === 'complete') {
      writes.shift()?.resolve()
      await settle()
    }
  }
  // Drain: every burst ends, every write completes.
  for (let guard = 0; deferred.length > 0 || writes.length > 0; guard++) {
    if (guard > 1000) throw new Error('the room never settled')
    for (const fn of deferred.splice(0)) fn()
    writes.shift()?.resolve()
    await settle()
  }

  expect(violations).toEqual([])
  expect(room.idle).toBe(true)
  // Stored in order: what storage holds, replayed, is the room's document.
  const replay = new Y.Doc()
  for (const s of stored) Y.applyUpdate(replay, s.update)
  expect(replay.getMap('nodes').toJSON()).toEqual(doc.getMap('nodes').toJSON())

  // Per peer: its update frames are exactly the stored updates of its membership, not its own, in order.
  const framesOf = new Map<Uint8Array, Uint8Array>() // stored update → the one frame relayed for it
  for (const [peer, deliveries] of received) {
    const updates = deliveries.filter((d) => d.kind === 'update')
    const expected = stored.filter((s) => s.members.has(peer) && s.origin !== peer)
    expect(updates.length, `peer ${peer}: update frames`).toBe(expected.length)
    updates.forEach((d, i) => {
      const s = expected[i]!
      expect(d.shared, 'a relayed update is marked shared').toBe(true)
      const parsed = parseMessage(d.frame)
      if (!parsed.ok || parsed.message.type !== 'update') throw new Error('not an update frame')
      expect(Buffer.compare(Buffer.from(parsed.message.update), Buffer.from(s.update))).toBe(0)
      // One frame object per stored update, the same for every peer: encoded once per room.
      const first = framesOf.get(s.update)
      if (first) expect(d.frame).toBe(first)
      else framesOf.set(s.update, d.frame)
    })
  }
  // Every reader still in the room holds the room's document.
  for (const r of readers) {
    for (const d of received.get(r.peer)!) {
      const parsed = parseMessage(d.frame)
      if (parsed.ok && (parsed.message.type === 'update' || parsed.message.type === 'sync-step2'))
        Y.applyUpdate(r.doc, parsed.message.update)
    }
    expect(r.doc.getMap('nodes').toJSON(), `reader ${r.peer}`).toEqual(doc.getMap('nodes').toJSON())
  }
  room.destroy()
}

describe('relay fan-out invariants (seeded)', () => {
  // Found by the property (seed 579145293): with an asynchronous store, a reader that asked for the
  // document while a write was in flight and left before it was stored was still sent its answer.
  it('seed 579145293: no sync answer to a reader that left while the write it waited for was in flight', () =>
    run([{ op: 'write', pick: 0, count: 1 }, { op: 'join' }, { op: 'leave', pick: 0 }, { op: 'join' }], true))

  for (const asyncStore of [false, true]) {
    it(`stores before relaying, once per peer, one frame per room (${asyncStore ? 'asynchronous' : 'synchronous'} store)`, async () => {
      try {
        await fc.assert(
          fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 60 }), (ops) => run(ops, asyncStore)),
          { seed, numRuns: 150, verbose: 1 },
        )
      } catch (error) {
        console.error(`relay invariants failed with seed ${seed} (PLEXUS_SEED=${seed} replays it)`)
        throw error
      }
    })
  }
})

describe('the schema check a room keeps', () => {
  it('follows the document: a raise by one peer refuses the next update of an older one', () => {
    const doc = new Y.Doc()
    const room = new DocRoom(
      doc,
      { send: () => {}, persist: () => {}, close: () => {}, defer: (fn) => fn() },
      { maxDocumentBytes: 1 << 30, maxAwarenessClients: 8, rules: false, storedBytes: 0 },
    )
    room.join({ id: 1, canWrite: true, identity: 'old', schema: 3 })
    room.join({ id: 2, canWrite: true, identity: 'new', schema: 4 })
    const old = new Y.Doc()
    const raiser = new Y.Doc()
    const write = (from: Y.Doc, peer: number, change: () => void) => {
      let update: Uint8Array | null = null
      const capture = (u: Uint8Array) => (update = u)
      from.on('update', capture)
      change()
      from.off('update', capture)
      return room.receive(peer, encodeUpdate(update!))
    }
    expect(write(old, 1, () => old.getMap('nodes').set('a', 1)).ok).toBe(true)
    expect(write(raiser, 2, () => raiser.getMap('meta').set('schema', 4)).ok).toBe(true)
    const refused = write(old, 1, () => old.getMap('nodes').set('a', 2))
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.breach).toBe('schema_too_old')
    // A mark raises it too (schema.N, as concurrent upgrades write).
    room.join({ id: 3, canWrite: true, identity: 'v4', schema: 4 })
    const v4 = new Y.Doc()
    expect(write(v4, 3, () => v4.getMap('nodes').set('b', 1)).ok).toBe(true)
    expect(write(raiser, 2, () => raiser.getMap('meta').set('schema.5', true)).ok).toBe(true)
    expect(write(v4, 3, () => v4.getMap('nodes').set('b', 2)).ok).toBe(false)
    room.destroy()
  })
})
