/**
 * The document's rules on every write over WebSocket, on a real server with tokens and the stock
 * client: a writer's model-made edits pass; forged or erased history, values past the model's limits,
 * a multi-line summary, a bad kind and non-JSON values are refused with a close reason, reach no one,
 * and leave the graph exportable.
 */
import {
  claim,
  connect,
  createNodes,
  initGraph,
  migrate,
  openGraph,
  readMeta,
  SCHEMA_VERSION,
  restructure,
  saveCheckpoint,
  undoManager,
  updateNodes,
  type HistoryEvent,
} from '@plexus/model'
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { CloseCode } from '../access/server-limits.ts'
import { Network } from '../test/room-harness.ts'
import { nextClose, provider, synced, testServer, waitFor, type TestServer } from '../test/server-harness.ts'

let server: TestServer
afterEach(async () => {
  await server?.dispose()
})

const tokens = [
  { name: 'ada', role: 'write' as const, token: 'ada-token-123' },
  { name: 'bob', role: 'write' as const, token: 'bob-token-123' },
]
let ids = 0
const env = (actor: string) => ({ actor, now: () => 1_700_000_000_000, newId: () => `id${ids++}` })

/** A graph made by ada through the model over the stock client; returns the id of one task in it. */
async function seeded(): Promise<string> {
  server = await testServer({ tokens })
  const ada = provider(server, 'g', { token: 'ada-token-123' })
  await synced(ada)
  const g = openGraph(ada.doc, env('ada'))
  expect(initGraph(g, { id: 'g', title: 'Launch' }).ok).toBe(true)
  const made = createNodes(g, [{ summary: 'Pick a database', kind: 'task', properties: { priority: 2 } }])
  if (!made.ok) throw new Error(made.message)
  const id = made.created[0]!.id
  await waitFor(() => serverDoc().getMap('nodes').has(id), 'the server to store ada’s node')
  return id
}

const serverDoc = () => server.docs.peek('g')!
const serverHistory = () => serverDoc().getArray<HistoryEvent>('history').toArray()

/** Connects as `token`, makes one raw edit on a synced copy, and returns how the server closed it. */
async function attempt(token: string, edit: (doc: Y.Doc) => void) {
  const p = provider(server, 'g', { token })
  await synced(p)
  const closed = nextClose(p)
  edit(p.doc)
  // A server that takes the edit keeps the connection open: once the server's copy holds what this
  // one does (inserts and deletes), report "not closed". An event, not a 3 s timer as before, which
  // a slow refusal at load 15 could outlast.
  const mine = Y.snapshot(p.doc)
  let answered = false
  const taken = (async () => {
    while (!answered && !Y.equalSnapshots(Y.snapshot(serverDoc()), mine))
      await new Promise((resolve) => setTimeout(resolve, 5))
    return { code: 0, reason: 'not closed' }
  })()
  const first = await Promise.race([closed, taken])
  answered = true
  return first
}

async function exports(): Promise<number> {
  const res = await fetch(`${server.url}/api/graphs/g/export?format=json`, {
    headers: { authorization: 'Bearer ada-token-123' },
  })
  return res.status
}

describe('history over WebSocket', () => {
  it('keeps the writer’s own history and refuses an event naming someone else', async () => {
    const id = await seeded()
    expect(serverHistory().map((e) => e.actor)).toEqual(['ada', 'ada'])
    const before = serverHistory().length
    const forged = { id: 'f1', ts: 1, actor: 'a', node: id, action: 'update', changes: [] }
    const closed = await attempt('ada-token-123', (doc) => doc.getArray('history').push([forged]))
    expect(closed.code).toBe(CloseCode.brokenRule)
    expect(closed.reason).toMatch(/actor: history records "a", but this connection writes as "ada"/)
    expect(serverHistory()).toHaveLength(before)
    expect(serverHistory().some((e) => e.actor === 'a')).toBe(false)
  })

  it('refuses a delete of history from a write token, and keeps every event', async () => {
    await seeded()
    const before = serverHistory()
    const closed = await attempt('bob-token-123', (doc) => {
      const history = doc.getArray('history')
      history.delete(0, history.length)
    })
    expect(closed.code).toBe(CloseCode.brokenRule)
    expect(closed.reason).toMatch(/history is append-only/)
    expect(serverHistory()).toEqual(before)
  })

  it('accepts the model’s writes from a second writer, stamped with its own name', async () => {
    const id = await seeded()
    const bob = provider(server, 'g', { token: 'bob-token-123' })
    await synced(bob)
    const g = openGraph(bob.doc, env('bob'))
    expect(createNodes(g, [{ summary: 'Write the API', parent: id }]).ok).toBe(true)
    await waitFor(() => serverHistory().some((e) => e.actor === 'bob'), 'bob’s event on the server')
    expect(bob.wsconnected).toBe(true)
  })
})

describe('the identity a client writes as', () => {
  it('tells a token its name for history; without tokens any name goes', async () => {
    server = await testServer({ tokens })
    const ask = (token?: string) =>
      fetch(`${server.url}/api/identity`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
    expect(await (await ask('bob-token-123')).json()).toEqual({ name: 'bob', role: 'write', actor: 'bob' })
    expect((await ask()).status).toBe(401)
    await server.dispose()
    server = await testServer()
    expect(await (await ask()).json()).toEqual({ name: 'local', role: 'admin', actor: null })
  })
})

describe('the model’s limits over WebSocket', () => {
  const field = (key: string, value: unknown) => (id: string) => (doc: Y.Doc) =>
    (doc.getMap('nodes').get(id) as Y.Map<unknown>).set(key, value)
  const cases: Array<[string, (id: string) => (doc: Y.Doc) => void, RegExp]> = [
    [
      'a summary of 3 MiB',
      field('summary', 'x'.repeat(3 * 1024 * 1024)),
      /summary: is 3145728 characters; the limit is 2000/,
    ],
    ['a multi-line summary', field('summary', 'line one\nline two'), /summary: contains U\+000a/],
    [
      'a kind with spaces and HTML',
      field('kind', 'bad kind <b>x</b>'),
      /kind "bad kind <b>x<\/b>" must be one word/,
    ],
    ['a resolved flag that is a string', field('resolved', 'yes'), /resolved: expected true or false/],
    [
      'a BigInt property',
      (id) => (doc) =>
        ((doc.getMap('nodes').get(id) as Y.Map<unknown>).get('properties') as Y.Map<unknown>).set('n', 10n),
      /properties\.n: holds a bigint, which is not JSON/,
    ],
    [
      'binary data in a property',
      (id) => (doc) =>
        ((doc.getMap('nodes').get(id) as Y.Map<unknown>).get('properties') as Y.Map<unknown>).set(
          'b',
          new Uint8Array([1]),
        ),
      /properties\.b: binary data has no place here|expected a plain value, got binary data/,
    ],
    [
      'a node that is not a map',
      () => (doc) => doc.getMap('nodes').set('n_str', 'just text'),
      /nodes\.n_str: expected a shared map/,
    ],
    [
      'a top-level name outside the schema',
      () => (doc) => doc.getMap('m').set('v', 1),
      /m\.v: not part of a Plexus document/,
    ],
  ]
  for (const [what, edit, reason] of cases) {
    it(`refuses ${what}, and the graph still exports`, async () => {
      const id = await seeded()
      const before = Y.encodeStateVector(serverDoc())
      const closed = await attempt('ada-token-123', edit(id))
      expect(closed.code).toBe(CloseCode.brokenRule)
      expect(closed.reason).toMatch(reason)
      expect(Y.encodeStateVector(serverDoc())).toEqual(before)
      expect(await exports()).toBe(200)
    })
  }
})

describe('honest writers on bytes (the room with the rules on)', () => {
  it('accepts every kind of model write, made online and in an offline spell', () => {
    const net = new Network({ rules: true })
    const ada = net.connect({ identity: 'ada', actor: 'ada' })
    net.flush()
    const g = openGraph(ada.doc, env('ada'))
    initGraph(g, { id: 'g', title: 'Launch' })
    const made = createNodes(g, [
      { ref: 'db', summary: 'Pick a database', kind: 'task', properties: { priority: 1, tags: ['x'] } },
      { summary: 'Write the API', kind: 'task', depends_on: ['db'], links: ['https://example.com'] },
      { summary: 'Notes', notes: 'line one\nline two', state: { any: [1, 'json'] } },
    ])
    if (!made.ok) throw new Error(made.message)
    const [db, api, notes] = made.created.map((c) => c.id) as [string, string, string]
    net.flush()
    net.disconnect(ada)
    // Offline: edits, evidence, claims, restructuring, checkpoints; synced in one step 2.
    updateNodes(g, [{ id: db, resolved: true, add_evidence: [{ type: 'commit', ref: 'a1b2c3d' }] }])
    connect(g, [{ from: notes, to: api, type: 'relates_to' }])
    claim(g, api)
    restructure(g, [{ type: 'forget', node: notes }])
    saveCheckpoint(g, 's1', 'before-lunch')
    const back = net.connect({ identity: 'ada', actor: 'ada', doc: ada.doc })
    net.flush()
    expect(net.receipts.filter((r) => !r.ok)).toEqual([])
    expect(Y.encodeStateVector(net.doc)).toEqual(Y.encodeStateVector(back.doc))
  })

  it('takes a step 2 that repeats deletes of history the document already dropped', () => {
    // Documents written before history was append-only hold events an undo deleted; every peer's
    // sync step 2 repeats those deletes, and must not be refused for them.
    const net = new Network({ rules: true })
    const old = new Y.Doc()
    const g = openGraph(old, env('ada'))
    initGraph(g, { id: 'g', title: 'Launch' })
    createNodes(g, [{ summary: 'Undone' }])
    old.getArray('history').delete(1, 1)
    Y.applyUpdate(net.doc, Y.encodeStateAsUpdate(old))
    const tab = new Y.Doc()
    Y.applyUpdate(tab, Y.encodeStateAsUpdate(old))
    const peer = net.connect({ identity: 'ada', actor: 'ada', doc: tab })
    net.flush()
    createNodes(openGraph(tab, env('ada')), [{ summary: 'After' }])
    net.flush()
    expect(net.receipts.filter((r) => !r.ok)).toEqual([])
    expect(Y.encodeStateVector(net.doc)).toEqual(Y.encodeStateVector(peer.doc))
  })
})

/**
 * Round two, on bytes (the room with the rules on): a second writer, bob, edits a synced copy of
 * ada's graph by hand, as a hostile client can; the room must refuse the whole update.
 */
describe('round two: evidence, totals, meta.schema and node fields', () => {
  function room() {
    const net = new Network({ rules: true })
    const ada = net.connect({ identity: 'ada', actor: 'ada' })
    net.flush()
    const g = openGraph(ada.doc, env('ada'))
    initGraph(g, { id: 'g', title: 'Launch' })
    const made = createNodes(g, [{ summary: 'Pick a database', kind: 'task', notes: 'start' }])
    if (!made.ok) throw new Error(made.message)
    const id = made.created[0]!.id
    expect(updateNodes(g, [{ id, add_evidence: [{ type: 'commit', ref: 'a1b2c3d' }] }]).ok).toBe(true)
    net.flush()
    return { net, g, id }
  }

  /** Bob's raw edit: the reasons the room refused it with, and whether the room's document moved. */
  function attemptOnBytes(
    edit: (doc: Y.Doc, node: Y.Map<unknown>, id: string) => void,
    options: { schema?: number; setup?: ReturnType<typeof room> } = {},
  ) {
    const { net, id } = options.setup ?? room()
    const bob = net.connect({ identity: 'bob', actor: 'bob', ...options })
    net.flush()
    // The whole state, deletes included (a delete moves no clock).
    const before = Y.encodeStateAsUpdate(net.doc)
    const seen = net.receipts.length
    // One update, as one transaction: the room takes or refuses it whole. Bob records his change
    // as the model would (a node change without its history event is refused: authorship.test.ts).
    const recorded = { id: `bob${ids++}`, ts: 1, actor: 'bob', node: id, action: 'update', changes: [] }
    bob.doc.transact(() => {
      edit(bob.doc, bob.doc.getMap('nodes').get(id) as Y.Map<unknown>, id)
      bob.doc.getArray('history').push([recorded])
    })
    net.flush()
    const refused = net.receipts.slice(seen).flatMap((r) => (r.ok ? [] : [r]))
    const moved = !equalBytes(before, Y.encodeStateAsUpdate(net.doc))
    return { refused, moved, net, id }
  }
  const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])
  const evidenceOf = (node: Y.Map<unknown>) => node.get('evidence') as Y.Array<unknown>
  const propsOf = (node: Y.Map<unknown>) => node.get('properties') as Y.Map<unknown>
  const notesOf = (node: Y.Map<unknown>) => node.get('notes') as Y.Text

  const refusals: Array<[string, (doc: Y.Doc, node: Y.Map<unknown>) => void, RegExp]> = [
    ['a delete of an evidence entry', (_d, n) => evidenceOf(n).delete(0, 1), /evidence is append-only/],
    [
      'a rewrite of an evidence entry',
      (_d, n) => {
        evidenceOf(n).delete(0, 1)
        evidenceOf(n).insert(0, [{ type: 'commit', ref: 'f00', agent: 'ada', timestamp: 1 }])
      },
      /evidence is append-only/,
    ],
    [
      'the evidence list replaced by an empty one',
      (_d, n) => n.set('evidence', new Y.Array()),
      /evidence is append-only/,
    ],
    [
      'a 257th property',
      (_d, n) => {
        for (let i = 0; i < 257; i++) propsOf(n).set(`p${i}`, i)
      },
      /properties: would hold 257 properties; the limit is 256/,
    ],
    [
      'notes past the limit in two inserts',
      (d, n) =>
        d.transact(() => {
          notesOf(n).insert(0, 'x'.repeat(200_000))
          notesOf(n).insert(0, 'y'.repeat(62_140))
        }),
      /notes: would be 262145 characters long; the limit is 262144/,
    ],
    ['meta.schema above this build', (d) => d.getMap('meta').set('schema', 99), /meta\.schema: 99 is above/],
    [
      'a schema mark above this build',
      (d) => d.getMap('meta').set('schema.99', true),
      /schema\.99: 99 is above/,
    ],
    ['meta.schema lowered', (d) => d.getMap('meta').set('schema', 0), /would lower the graph’s schema/],
    ['meta.schema removed', (d) => d.getMap('meta').delete('schema'), /meta\.schema cannot be removed/],
    ['an unknown shape with markup', (_d, n) => n.set('shape', '<b>x</b>'), /is not a shape name/],
    ['a colour that is CSS', (_d, n) => n.set('color', 'red;x:url(a)'), /not a CSS hex colour/],
    ['a negative width', (_d, n) => n.set('width', -1), /width: expected a number of canvas pixels/],
    ['an endless alias list', (_d, n) => n.set('aliases', Array(500).fill('a')), /500 aliases/],
    ['a tier the model has not', (_d, n) => n.set('tier', 'gone'), /tier: expected archived or orphaned/],
    ['read_at as text', (_d, n) => n.set('read_at', 'now'), /read_at: expected a time/],
    ['a fractional read count', (_d, n) => n.set('reads', 0.5), /reads: expected a whole number/],
  ]
  for (const [what, edit, reason] of refusals) {
    it(`refuses ${what}`, () => {
      const { refused, moved } = attemptOnBytes(edit)
      expect(refused.map((r) => r.code)).toEqual([CloseCode.brokenRule])
      expect(refused[0]!.reason).toMatch(reason)
      expect(moved).toBe(false)
    })
  }

  it('refuses meta.schema from a client that declares an older schema than it writes', () => {
    const setup = room()
    // The graph at schema 1 (as an old build left it): a client declaring 1 may write it, not raise it.
    setup.net.doc.transact(() => {
      setup.net.doc.getMap('meta').delete('schema.2')
      setup.net.doc.getMap('meta').set('schema', 1)
    })
    setup.net.flush()
    const { refused } = attemptOnBytes((d) => d.getMap('meta').set('schema', 2), { schema: 1, setup })
    expect(refused[0]?.reason).toMatch(/meta\.schema: 2 is above the schema this connection writes \(1\)/)
  })

  it('accepts the upgrade migrate() writes over WebSocket, from a graph an older build wrote', () => {
    const setup = room()
    setup.net.doc.transact(() => {
      setup.net.doc.getMap('meta').delete('schema.2')
      setup.net.doc.getMap('meta').set('schema', 1)
    })
    setup.net.flush()
    const { refused, net } = attemptOnBytes((d) => expect(migrate(d).ok).toBe(true), { setup })
    expect(refused).toEqual([])
    expect(readMeta(net.doc).schema).toBe(SCHEMA_VERSION)
  })

  it('accepts what stays within the totals: 256 properties, notes at the limit, a rewrite of long notes', () => {
    const setup = room()
    const a = attemptOnBytes(
      (_d, n) => {
        for (let i = 0; i < 256; i++) propsOf(n).set(`p${i}`, i)
      },
      { setup },
    )
    expect(a.refused).toEqual([])
    // Deleting one makes room for another in the same update.
    const b = attemptOnBytes(
      (d, n) =>
        d.transact(() => {
          propsOf(n).delete('p0')
          propsOf(n).set('q', 1)
        }),
      { setup },
    )
    expect(b.refused).toEqual([])
    const c = attemptOnBytes((_d, n) => notesOf(n).insert(5, 'x'.repeat(262_144 - 5)), { setup })
    expect(c.refused).toEqual([])
    const d = attemptOnBytes(
      (doc, n) =>
        doc.transact(() => {
          notesOf(n).delete(0, 100_000)
          notesOf(n).insert(0, 'y'.repeat(100_000))
        }),
      { setup },
    )
    expect(d.refused).toEqual([])
    expect(d.moved).toBe(true)
  })

  it('accepts a whole node deleted with its evidence, as undo of its creation does', () => {
    const { refused, moved } = attemptOnBytes((d, _n, id) => d.getMap('nodes').delete(id))
    expect(refused).toEqual([])
    expect(moved).toBe(true)
  })
})

describe('undo as the apps do it, with the rules on', () => {
  it('passes: undo of evidence added (kept), of a drop, and of a node created with evidence (removed)', () => {
    const net = new Network({ rules: true })
    const ada = net.connect({ identity: 'ada', actor: 'ada' })
    net.flush()
    const g = openGraph(ada.doc, env('ada'))
    initGraph(g, { id: 'g', title: 'Launch' })
    const um = undoManager(g)
    const made = createNodes(g, [{ summary: 'Pick a database' }, { summary: 'Scope' }])
    if (!made.ok) throw new Error(made.message)
    const [db, scope] = made.created.map((c) => c.id) as [string, string]
    um.stopCapturing()
    updateNodes(g, [{ id: db, resolved: true, add_evidence: [{ type: 'commit', ref: 'a1b2c3d' }] }])
    um.stopCapturing()
    restructure(g, [{ type: 'drop', node: scope, reason: 'later' }])
    net.flush()
    um.undo()
    net.flush()
    um.undo()
    net.flush()
    const node = (id: string) => net.doc.getMap('nodes').get(id) as Y.Map<unknown> | undefined
    expect((node(db)!.get('evidence') as Y.Array<unknown>).length).toBe(1)
    expect(node(db)!.get('resolved')).toBeUndefined()
    um.undo()
    net.flush()
    expect(node(db)).toBeUndefined()
    expect(net.receipts.filter((r) => !r.ok)).toEqual([])
  })
})
