/**
 * The relay over an asynchronous store (PostgreSQL answers commits later): nothing is relayed
 * before its write is stored, what arrives while a write is in flight goes in the next one, in
 * order, a sync step 2 carries nothing unstored, and a refused write breaks the room without a
 * byte of it reaching anyone.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { encodeSyncStep1 } from './protocol.ts'
import { Network } from '../test/room-harness.ts'

function pair() {
  const net = new Network({ asyncStore: true })
  const a = net.connect()
  const b = net.connect()
  net.flush()
  return { net, a, b }
}

describe('relay over an asynchronous store', () => {
  it('relays an update only once its write is stored', async () => {
    const { net, a, b } = pair()
    a.doc.getMap('nodes').set('x', 1)
    net.flush()
    expect(net.writes).toHaveLength(1)
    expect(b.nodes).toEqual({})
    await net.completeWrite()
    net.flush()
    expect(b.nodes).toEqual({ x: 1 })
  })

  it('puts what arrives during a write into the next write, in order', async () => {
    const { net, a, b } = pair()
    a.doc.getMap('nodes').set('first', 1)
    net.flush()
    for (let i = 0; i < 5; i++) {
      a.doc.getMap('nodes').set(`k${i}`, i)
      net.flush()
    }
    // One write in flight; the five that came meanwhile wait for it.
    expect(net.writes.map((w) => w.updates.length)).toEqual([1])
    await net.completeWrite()
    expect(net.writes.map((w) => w.updates.length)).toEqual([5])
    net.flush()
    expect(Object.keys(b.nodes)).toEqual(['first'])
    await net.completeWrite()
    net.flush()
    expect(b.nodes).toEqual({ first: 1, k0: 0, k1: 1, k2: 2, k3: 3, k4: 4 })
    const order = net.events.filter((e) => e.startsWith('persist') || e === `send:${b.id}:update`)
    expect(order).toEqual([
      'persist:1',
      `send:${b.id}:update`,
      'persist:5',
      ...Array(5).fill(`send:${b.id}:update`),
    ])
  })

  it('answers a sync step 1 only once what the document holds is stored', async () => {
    const { net, a } = pair()
    a.doc.getMap('nodes').set('pending', 1)
    net.flush()
    const sentBefore = net.sent.length
    const late = net.connect()
    net.send(late.id, encodeSyncStep1(new Y.Doc()))
    const step2Before = net.sent.slice(sentBefore).filter((s) => s.to === late.id && s.kind === 'sync')
    // Only the room's own step 1 went out; the step 2 waits for the write.
    expect(step2Before).toHaveLength(1)
    await net.completeWrite()
    net.flush()
    expect(late.nodes).toEqual({ pending: 1 })
  })

  it('relays nothing of a refused write and breaks the room', async () => {
    const { net, a, b } = pair()
    a.doc.getMap('nodes').set('lost', 1)
    net.flush()
    await net.completeWrite(false)
    net.flush()
    expect(b.nodes).toEqual({})
    expect(net.broken[0]).toMatch(/storage refused the update \(connection to the database lost\)/)
    expect(net.room.broken).not.toBeNull()
  })

  it('lets server code wait until its write is stored, and tells it when it was refused', async () => {
    const { net, b } = pair()
    net.doc.getMap('nodes').set('agent', 1)
    let saved = false
    const settled = net.room.settled().then(() => (saved = true))
    await Promise.resolve()
    expect(saved).toBe(false)
    await net.completeWrite()
    await settled
    net.flush()
    expect(b.nodes).toEqual({ agent: 1 })

    net.doc.getMap('nodes').set('refused', 1)
    const refused = net.room.settled()
    await net.completeWrite(false)
    await expect(refused).rejects.toThrow(/storage refused the update/)
  })
})
