/**
 * Authorship is the server's (issue 23, finding 5), over real WebSockets with the stock y-websocket
 * client and tokens: `created_by`, `updated_by`, history actors and a claim's `_claimed_*` keys name
 * only the connection's own identity, claims are written only by claiming, and a change to a node's
 * fields arrives with its history event. A forged update is refused whole (4422, nothing stored);
 * the model's own writes, undo included, pass.
 */
import {
  claim,
  createNodes,
  initGraph,
  openGraph,
  release,
  setPositions,
  undoManager,
  updateNodes,
  type HistoryEvent,
} from '@plexus/model'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { CloseCode } from '../access/server-limits.ts'
import { fails, httpAgent, ok } from '@plexus/tools/test/clients'
import {
  destroyProvider,
  nextClose,
  provider,
  synced,
  testServer,
  waitFor,
  type TestServer,
} from '../test/server-harness.ts'

const tokens = [
  { name: 'ada', role: 'write' as const, token: 'ada-token-123' },
  { name: 'bob', role: 'write' as const, token: 'bob-token-123' },
]
let ids = 0
const env = (actor: string) => ({ actor, now: () => Date.now(), newId: () => `id${ids++}` })

let server: TestServer
/** ada's task (claimed by ada) and ada's plain node, both made through the model. */
let held = ''
let plain = ''

beforeAll(async () => {
  server = await testServer({ tokens })
  const ada = provider(server, 'g', { token: 'ada-token-123' })
  await synced(ada)
  const g = openGraph(ada.doc, env('ada'))
  expect(initGraph(g, { id: 'g', title: 'Launch' }).ok).toBe(true)
  const made = createNodes(g, [{ summary: 'Pick a database', kind: 'task' }, { summary: 'Scope' }])
  if (!made.ok) throw new Error(made.message)
  held = made.created[0]!.id
  plain = made.created[1]!.id
  expect(claim(g, held).ok).toBe(true)
  await waitFor(() => holderOnServer(held) === 'ada', 'ada’s claim on the server')
  destroyProvider(ada)
})
afterAll(async () => {
  await server?.dispose()
})

const serverDoc = () => server.docs.peek('g')!
const nodeOnServer = (id: string) => serverDoc().getMap('nodes').get(id) as Y.Map<unknown>
const propsOnServer = (id: string) => nodeOnServer(id)?.get('properties') as Y.Map<unknown> | undefined
const holderOnServer = (id: string) => propsOnServer(id)?.get('_claimed_by')

/**
 * Connects as bob, makes `edit` in one transaction on a synced copy, and returns how the server
 * answered: refused (it closes), or taken (the server's document moves, and bob stays connected).
 */
async function asBob(edit: (doc: Y.Doc) => void) {
  const bob = provider(server, 'g', { token: 'bob-token-123' })
  await synced(bob)
  const before = Y.encodeStateAsUpdate(serverDoc())
  const moved = () => !equal(before, Y.encodeStateAsUpdate(serverDoc()))
  let answer: { code: number; reason: string } | null = null
  const closed = nextClose(bob).then((c) => (answer = c))
  bob.doc.transact(() => edit(bob.doc))
  await waitFor(() => answer !== null || moved(), 'bob’s edit stored or refused')
  void closed
  destroyProvider(bob)
  return { closed: answer as { code: number; reason: string } | null, moved: moved() }
}
const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

const node = (doc: Y.Doc, id: string) => doc.getMap('nodes').get(id) as Y.Map<unknown>
const props = (doc: Y.Doc, id: string) => node(doc, id).get('properties') as Y.Map<unknown>
const event = (actor: string, nodeId: string, action = 'update', field = 'summary'): HistoryEvent => ({
  id: `e${ids++}`,
  ts: Date.now(),
  actor,
  node: nodeId,
  action,
  changes: [{ field, before: null, after: 'x' }],
})

const FIELDS = ['created_by', 'updated_by', '_claimed_by', '_claimed_at', '_claimed_until', 'actor'] as const
type Target = 'held' | 'plain' | 'new'

/** One forged update by bob, which the server must refuse whole. */
async function forge(
  field: (typeof FIELDS)[number],
  who: string,
  on: Target,
  withEvent: 'none' | 'own' | 'claim',
) {
  const target = on === 'held' ? held : on === 'plain' ? plain : 'new'
  const r = await asBob((doc) => {
    let id = target
    if (target === 'new') {
      // A node of bob's own, with his own create event: only the stamp is forged.
      id = `n_forged${ids++}`
      const m = new Y.Map<unknown>()
      doc.getMap('nodes').set(id, m)
      m.set('summary', 'Mine')
      m.set('properties', new Y.Map())
      m.set('created_by', 'bob')
      doc.getArray('history').push([event('bob', id, 'create')])
    }
    const action = withEvent === 'claim' ? 'claim' : 'update'
    if (field === 'actor') doc.getArray('history').push([event(who, id)])
    else if (field === 'created_by' || field === 'updated_by') node(doc, id).set(field, who)
    else if (field === '_claimed_by') props(doc, id).set(field, who)
    // A lease stamp on a claim that is not bob's (ada's, or nobody's).
    else props(doc, id).set(field, Date.now() + 1_000_000)
    if (withEvent !== 'none' && target !== 'new')
      doc.getArray('history').push([event('bob', id, action, field)])
  })
  expect(r.closed?.code, JSON.stringify(r.closed)).toBe(CloseCode.brokenRule)
  expect(r.moved).toBe(false)
}

describe('finding 5: forged authorship over WebSocket', () => {
  it('refuses a summary changed with no history event (the issue’s first case)', async () => {
    const r = await asBob((doc) => node(doc, plain).set('summary', 'Quietly rewritten'))
    expect(r.closed?.code).toBe(CloseCode.brokenRule)
    expect(r.closed?.reason).toMatch(/no history event|history event/)
    expect(r.moved).toBe(false)
    expect(nodeOnServer(plain).get('summary')).toBe('Scope')
  })

  it('refuses created_by "agent1" and updated_by "root" even with the writer’s own event', async () => {
    const r = await asBob((doc) => {
      node(doc, plain).set('summary', 'Rewritten')
      node(doc, plain).set('created_by', 'agent1')
      node(doc, plain).set('updated_by', 'root')
      doc.getArray('history').push([event('bob', plain)])
    })
    expect(r.closed?.code).toBe(CloseCode.brokenRule)
    expect(r.closed?.reason).toMatch(/created_by|updated_by/)
    expect(r.moved).toBe(false)
  })

  it('refuses _claimed_by "agent1" written as a property', async () => {
    const r = await asBob((doc) => {
      props(doc, plain).set('_claimed_by', 'agent1')
      props(doc, plain).set('_claimed_at', Date.now())
      doc.getArray('history').push([event('bob', plain, 'update', 'properties._claimed_by')])
    })
    expect(r.closed?.code).toBe(CloseCode.brokenRule)
    expect(r.closed?.reason).toMatch(/_claimed_by/)
    expect(r.moved).toBe(false)
    expect(holderOnServer(plain)).toBeUndefined()
  })

  // Seeded; the seed prints on failure (fast-check's report), and failing ones are kept below.
  it('refuses every generated forgery, whatever field and victim, and stores none of it', async () => {
    const victim = fc.oneof(
      fc.constantFrom('ada', 'agent1', 'root', 'local', 'Bob', 'bob '),
      // Names that pass every other rule (one line), so only authorship can refuse them.
      fc
        .string({ minLength: 1, maxLength: 24 })
        .filter((s) => s !== 'bob' && [...s].every((c) => c.charCodeAt(0) >= 0x20)),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIELDS),
        victim,
        fc.constantFrom<Target>('held', 'plain', 'new'),
        fc.constantFrom('none' as const, 'own' as const, 'claim' as const),
        (field, who, target, withEvent) => forge(field, who, target, withEvent),
      ),
      { numRuns: 30, seed: 23_5, verbose: 1 },
    )
  }, 120_000)

  // Counterexamples the property found on the build before the rule (seed 235), kept by name.
  it('seed 235: created_by "!" on ada’s claimed task, with no event', () =>
    forge('created_by', '!', 'held', 'none'))
})

describe('finding 5: the model’s own writes over WebSocket still pass', () => {
  it('passes edits, a claim, a release, a drag and undo/redo of another’s node, stamped bob', async () => {
    const bob = provider(server, 'g', { token: 'bob-token-123' })
    await synced(bob)
    const closed = nextClose(bob).then((c) => {
      throw new Error(`bob was closed: ${c.code} ${c.reason}`)
    })
    const g = openGraph(bob.doc, env('bob'))
    const um = undoManager(g)
    const steps: Array<[string, () => unknown, () => boolean]> = [
      [
        'an edit',
        () => updateNodes(g, [{ id: plain, summary: 'Scope, by bob' }]),
        () => nodeOnServer(plain).get('summary') === 'Scope, by bob',
      ],
      ['undo', () => um.undo(), () => nodeOnServer(plain).get('summary') === 'Scope'],
      ['redo', () => um.redo(), () => nodeOnServer(plain).get('summary') === 'Scope, by bob'],
      ['a claim', () => claim(g, plain), () => holderOnServer(plain) === 'bob'],
      ['undo of the claim', () => um.undo(), () => holderOnServer(plain) === undefined],
      ['a claim again', () => claim(g, plain), () => holderOnServer(plain) === 'bob'],
      ['a release', () => release(g, plain), () => holderOnServer(plain) === undefined],
      [
        'a drag',
        () => setPositions(g, [{ id: plain, x: 40, y: 50 }]),
        () => nodeOnServer(plain).get('x') === 40,
      ],
    ]
    for (const [what, step, stored] of steps) {
      um.stopCapturing()
      step()
      await Promise.race([closed, waitFor(stored, `${what} on the server`)])
    }
    expect(bob.wsconnected).toBe(true)
    expect(nodeOnServer(plain).get('updated_by')).toBe('bob')
    const actors = serverDoc()
      .getArray<HistoryEvent>('history')
      .toArray()
      .map((e) => e.actor)
    expect(new Set(actors)).toEqual(new Set(['ada', 'bob']))
    destroyProvider(bob)
  })
})

describe('finding 5: claims over MCP are made by claiming', () => {
  it('graph_update properties with _claimed_* are refused; a JSON import with them leaves them out', async () => {
    const agent = await httpAgent(server.url, { token: 'bob-token-123' })
    try {
      const text = await fails(agent.client, 'graph_update', {
        project: 'g',
        updates: [{ node_id: plain, properties: { _claimed_by: 'agent1' } }],
      })
      expect(text).toMatch(/_claimed_by: a claim is made by claiming/)
      expect(holderOnServer(plain)).toBeUndefined()

      const file = {
        format: 'plexus',
        schema: 2,
        nodes: [
          {
            id: 'n_imported',
            summary: 'Imported',
            created_by: 'agent1',
            properties: { _claimed_by: 'agent1', _claimed_at: 1, _claimed_until: 9e15, keep: 1 },
          },
        ],
      }
      const r = await ok(agent.client, 'graph_import', {
        project: 'g',
        format: 'json',
        text: JSON.stringify(file),
      })
      expect(JSON.stringify(r.skipped)).toMatch(/n_imported: its claim was left out/)
      expect(propsOnServer('n_imported')?.toJSON()).toEqual({ keep: 1 })
      expect(nodeOnServer('n_imported').get('created_by')).toBe('bob')
    } finally {
      await agent.close()
    }
  })
})
