/**
 * The "broken rules" inputs must each carry the rule-breaking change they name: fed to the server's
 * own room, every one is refused with 4422. Nodes with and without a properties map (one made by the
 * model, one by plain Yjs) cover both ways the generator builds its edit.
 */
import { connect, createNodes, initGraph, openGraph, SCHEMA_VERSION } from '@plexus/model'
import { CloseCode, DocRoom, type Receipt } from '@plexus/sync'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { Rng } from './suite.ts'
import { newIdFrom } from './ws-frames.ts'
import { brokenRules } from './ws-rules.ts'

function seededState(): Uint8Array {
  const doc = new Y.Doc()
  const g = openGraph(doc, { actor: 'canary', now: () => 1_700_000_000_000, newId: newIdFrom(new Rng(7)) })
  initGraph(g, { id: 'rules', goal: 'Keep the rules' })
  const made = createNodes(g, [
    { summary: 'one', kind: 'task' },
    { summary: 'two', kind: 'task' },
  ])
  if (!made.ok) throw new Error(made.message)
  connect(g, [{ from: made.created[1]!.id, to: made.created[0]!.id, type: 'depends_on' }])
  // A node as a plain Yjs peer may leave it: no properties map, no evidence list.
  const bare = new Y.Map<unknown>()
  doc.getMap('nodes').set('n_bare', bare)
  bare.set('summary', 'bare')
  return Y.encodeStateAsUpdate(doc)
}

function receive(state: Uint8Array, frame: Uint8Array): Receipt {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, state)
  const room = new DocRoom(
    doc,
    { send: () => {}, close: () => {}, persist: () => {}, defer: (fn) => fn() },
    { maxDocumentBytes: 1 << 30, maxAwarenessClients: 8, storedBytes: state.length },
  )
  room.join({ id: 1, canWrite: true, identity: 'mallory', actor: 'mallory', schema: SCHEMA_VERSION })
  return room.receive(1, frame)
}

describe('broken-rules inputs', () => {
  it('each carries what it names, so the server refuses every one with 4422', () => {
    const state = seededState()
    const seed = Number(process.env.PLEXUS_SEED ?? 20261124)
    const rng = new Rng(seed)
    const accepted: string[] = []
    for (let i = 0; i < 600; i++) {
      const input = brokenRules(
        rng,
        {
          graph: 'rules',
          state,
          canary: { clientID: 1, clock: 0, state: null },
          maxMessageBytes: 8 << 20,
          burst: 1000,
          maxAwarenessIds: 8,
        },
        i,
      )
      const frame = input.frames![0]!.data as Uint8Array
      const receipt = receive(state, frame)
      if (receipt.ok || receipt.code !== CloseCode.brokenRule) accepted.push(`#${i} ${input.what}`)
    }
    expect(accepted, `seed ${seed}: inputs not refused with 4422`).toEqual([])
  })
})
