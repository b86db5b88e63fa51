/**
 * splitUpdate writes Yjs's update format by hand: applied in order, its parts must leave a document
 * exactly as the whole update does, whatever the update holds (maps in maps, text, arrays, deletes,
 * several clients) and wherever the cuts fall. Generated, seeded (the seed prints on failure).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { applyInSlices, splitUpdate } from './slices.ts'

type Op =
  | { t: 'node'; key: string; text: string }
  | { t: 'drop'; key: string }
  | { t: 'note'; key: string; at: number; text: string }
  | { t: 'cut'; key: string; at: number; len: number }
  | { t: 'push'; value: string }
  | { t: 'unshift'; value: string }
  | { t: 'many'; values: string[] }

const key = fc.constantFrom('a', 'b', 'c', 'd', 'e')
// Any text, surrogate pairs included: a cut between a pair's halves would corrupt it.
const text = (maxLength: number) => fc.string({ unit: 'binary', maxLength })
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('node' as const), key, text: text(40) }),
  fc.record({ t: fc.constant('drop' as const), key }),
  fc.record({ t: fc.constant('note' as const), key, at: fc.nat(50), text: text(300) }),
  fc.record({ t: fc.constant('cut' as const), key, at: fc.nat(50), len: fc.nat(10) }),
  fc.record({ t: fc.constant('push' as const), value: fc.string({ maxLength: 20 }) }),
  fc.record({ t: fc.constant('unshift' as const), value: fc.string({ maxLength: 20 }) }),
  fc.record({ t: fc.constant('many' as const), values: fc.array(text(20), { maxLength: 60 }) }),
)

function play(doc: Y.Doc, ops: Op[]): void {
  const nodes = doc.getMap<Y.Map<unknown>>('nodes')
  const history = doc.getArray<string>('history')
  doc.transact(() => {
    for (const o of ops) {
      if (o.t === 'node') {
        const n = new Y.Map<unknown>()
        n.set('label', o.text)
        n.set('notes', new Y.Text(o.text))
        nodes.set(o.key, n)
      } else if (o.t === 'drop') nodes.delete(o.key)
      else if (o.t === 'push') history.push([o.value])
      else if (o.t === 'unshift') history.unshift([o.value])
      else if (o.t === 'many') history.push(o.values)
      else {
        const notes = nodes.get(o.key)?.get('notes')
        if (!(notes instanceof Y.Text)) continue
        if (o.t === 'note') notes.insert(Math.min(o.at, notes.length), o.text)
        else notes.delete(Math.min(o.at, notes.length), Math.min(o.len, Math.max(0, notes.length - o.at)))
      }
    }
  })
}

describe('splitUpdate', () => {
  it('its parts, applied in order, make the document the whole update makes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { maxLength: 30 }),
        fc.array(op, { maxLength: 30 }),
        fc.array(op, { maxLength: 30 }),
        fc.integer({ min: 1, max: 400 }),
        async (base, concurrent, added, maxBytes) => {
          // A base both sides hold, a write the live copy took meanwhile, and the work done apart.
          const source = new Y.Doc()
          play(source, base)
          const live = new Y.Doc()
          Y.applyUpdate(live, Y.encodeStateAsUpdate(source))
          play(live, concurrent)
          const before = Y.encodeStateVector(source)
          play(source, added)
          const update = Y.encodeStateAsUpdate(source, before)

          const whole = new Y.Doc()
          Y.applyUpdate(whole, Y.encodeStateAsUpdate(live))
          Y.applyUpdate(whole, update)
          const parts = splitUpdate(update, maxBytes)
          await applyInSlices(live, parts, 'test')
          expect(live.store.pendingStructs).toBeNull()
          expect(live.getMap('nodes').toJSON()).toEqual(whole.getMap('nodes').toJSON())
          for (const [k, n] of whole.getMap<Y.Map<unknown>>('nodes'))
            expect(String(live.getMap<Y.Map<unknown>>('nodes').get(k)?.get('notes'))).toBe(
              String(n.get('notes')),
            )
          expect(live.getArray('history').toJSON()).toEqual(whole.getArray('history').toJSON())
          expect(Y.encodeStateVector(live)).toEqual(Y.encodeStateVector(whole))
        },
      ),
      { numRuns: 200, seed: 2323, verbose: 1 },
    )
  })

  it('cuts a large update into many parts, a list pushed in one step (one struct) too', () => {
    const list = new Y.Doc()
    list.getArray('history').push(Array.from({ length: 500 }, (_, i) => ({ event: i })))
    expect(splitUpdate(Y.encodeStateAsUpdate(list), 1000).length).toBeGreaterThan(5)
    const doc = new Y.Doc()
    play(
      doc,
      Array.from({ length: 500 }, (_, i) => ({ t: 'node' as const, key: `n${i}`, text: `card ${i}` })),
    )
    const parts = splitUpdate(Y.encodeStateAsUpdate(doc), 1000)
    expect(parts.length).toBeGreaterThan(5)
  })
})
