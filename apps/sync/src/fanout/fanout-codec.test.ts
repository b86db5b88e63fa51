/**
 * The fan-out message between servers: a stored batch travels as the list of its updates and is
 * read back exactly; anything garbled, cut short or of another version is ignored, not half read.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { FANOUT_VERSION, decodeFanout, encodeFanout, type FanoutMessage } from './fanout-codec.ts'
import { DocRoom, REMOTE } from '../relay/relay.ts'

function batch(n: number): Uint8Array[] {
  const doc = new Y.Doc()
  const updates: Uint8Array[] = []
  doc.on('update', (u: Uint8Array) => updates.push(u))
  for (let i = 0; i < n; i++) doc.getMap('nodes').set(`k${i}`, i)
  return updates
}

const message = (updates: Uint8Array[]): FanoutMessage => ({
  from: '3f0c2f2e-1b7e-4c55-9d55-7d2a7c1f0a11',
  n: 7,
  seq: 1234,
  updates,
})

describe('fan-out message', () => {
  it('carries a batch of updates, in order, and reads back what was sent', () => {
    const updates = batch(5)
    const back = decodeFanout(encodeFanout(message(updates)))
    expect(back).not.toBeNull()
    expect(back!.from).toBe(message([]).from)
    expect([back!.n, back!.seq]).toEqual([7, 1234])
    expect(back!.updates.map((u) => [...u])).toEqual(updates.map((u) => [...u]))
  })

  it('carries an empty list (the read-again request) and seq -1', () => {
    const back = decodeFanout(encodeFanout({ ...message([]), seq: -1 }))
    expect(back).toMatchObject({ seq: -1, updates: [] })
  })

  it('hands out copies: reusing the received buffer changes no update', () => {
    const bytes = encodeFanout(message(batch(2)))
    const back = decodeFanout(bytes)!
    const before = back.updates.map((u) => [...u])
    bytes.fill(0)
    expect(back.updates.map((u) => [...u])).toEqual(before)
  })

  it('ignores a message cut short, with bytes left over, or of another version', () => {
    const bytes = encodeFanout(message(batch(3)))
    for (let cut = 0; cut < bytes.length; cut++) expect(decodeFanout(bytes.subarray(0, cut))).toBeNull()
    expect(decodeFanout(Buffer.concat([bytes, Buffer.from([0])]))).toBeNull()
    const other = Buffer.from(bytes)
    other.writeUInt8(FANOUT_VERSION + 1, 0)
    expect(decodeFanout(other)).toBeNull()
  })
})

describe('a batch from another server', () => {
  it('is applied whole and relayed to the peers as one update', () => {
    const doc = new Y.Doc()
    const sent: Uint8Array[] = []
    const room = new DocRoom(
      doc,
      { send: (_peer, frame) => sent.push(frame), persist: () => {}, close: () => {} },
      { maxDocumentBytes: 1 << 20, maxAwarenessClients: 100, storedBytes: 0 },
    )
    room.join({ id: 1, canWrite: true, identity: 'reader' })
    sent.length = 0
    const origins: unknown[] = []
    doc.on('update', (_u: Uint8Array, origin: unknown) => origins.push(origin))
    room.applyRemote(decodeFanout(encodeFanout(message(batch(4))))!.updates)
    expect(doc.getMap('nodes').toJSON()).toEqual({ k0: 0, k1: 1, k2: 2, k3: 3 })
    expect(origins).toEqual([REMOTE])
    expect(sent).toHaveLength(1)
  })
})
