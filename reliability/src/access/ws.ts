/**
 * WebSocket access: bad credentials close with 4401 before any frame (raw and stock client, which
 * must stop retrying); write tokens write by header, lowercase scheme and `?token=`; a read token
 * reads, and its writes (update, deletion, step 2) are dropped, reach no peer, leave the stored state
 * unchanged, and it is told once while staying connected.
 */
import * as Y from 'yjs'
import type { ServerProcess } from '../server.ts'
import { until, type Rng } from '../suite.ts'
import { connectRaw, readState, step2Payload, syncStep1, syncUpdate } from '../wire.ts'
import {
  G,
  PROBE,
  UNAUTHORIZED,
  auth,
  badCreds,
  bearer,
  deniedReason,
  digest,
  http,
  inQuery,
  probeHas,
  show,
  stockClient,
  withQuery,
  type Cred,
  type Tally,
  type Tokens,
} from './kit.ts'

export async function wsAccess(server: ServerProcess, rng: Rng, t: Tokens, tally: Tally): Promise<void> {
  for (const cred of badCreds(rng, t)) {
    const s = await connectRaw(server.wsUrl, withQuery(G, cred.query), { headers: cred.headers })
    const closed = await s.waitClose(5000)
    tally.refuse(
      closed?.code === UNAUTHORIZED && /token/.test(closed.reason) && s.received.length === 0,
      `WebSocket with ${cred.label}`,
      `close ${UNAUTHORIZED} naming the token, no frame before it`,
      `${closed ? `close ${closed.code} "${closed.reason}"` : 'still open'}, ${s.received.length} frame(s)`,
    )
    s.close()
  }
  // 4401 is in y-websocket's permanent range: the stock client must give up, not hammer the server.
  for (const token of [undefined, `${t.writer}x`]) {
    const c = stockClient(server, G, token)
    await until(() => c.terminal !== null, 5000)
    tally.refuse(
      c.terminal?.code === UNAUTHORIZED && !c.provider.shouldConnect && !c.provider.synced,
      `stock y-websocket client with ${token ? 'a wrong token' : 'no token'}`,
      `closed ${UNAUTHORIZED}, never synced, stopped retrying`,
      `terminal ${JSON.stringify(c.terminal)}, closes ${JSON.stringify(c.closes)}, synced ${c.provider.synced}`,
    )
    c.provider.destroy()
  }

  const writers: Cred[] = [
    bearer('a Bearer write token', t.writer),
    { label: 'a lowercase bearer write token', headers: { authorization: `bearer ${t.writer}` }, query: '' },
    inQuery('?token= with the write token', `token=${encodeURIComponent(t.writer)}`),
  ]
  for (const [i, cred] of writers.entries()) {
    const key = `by-writer-${i}`
    const problem = await rawWrite(server, cred, key)
    const stored = problem === null && (await storedSoon(server, t, key))
    tally.expect(
      stored,
      `raw WebSocket write with ${cred.label}`,
      `the server stores "${key}"`,
      problem ?? 'not in the state a reader reads back',
    )
  }
  const writer = stockClient(server, G, t.writer)
  const synced = await until(() => writer.provider.synced, 5000)
  writer.provider.doc.getMap(PROBE).set('by-stock-writer', 1)
  const stored = await storedSoon(server, t, 'by-stock-writer')
  tally.expect(
    synced && stored,
    'stock client with the write token',
    'syncs and its edit is stored',
    `synced ${synced}, stored ${stored}`,
  )

  const before = await digest(server, t)
  for (const cred of [
    bearer('a Bearer read token', t.reader),
    inQuery('?token= with the read token', `token=${t.reader}`),
  ]) {
    await readOnlyRaw(server, cred, t, before, tally)
  }
  const reader = stockClient(server, G, t.reader)
  const readerSynced = await until(() => reader.provider.synced, 5000)
  tally.expect(readerSynced, 'stock client with the read token', 'syncs (reading is allowed)', 'never synced')
  // One transaction, one update: once the reader is told, the server has handled all of it.
  reader.provider.doc.transact(() => {
    reader.provider.doc.getMap(PROBE).set('by-stock-reader', 1)
    reader.provider.doc.getMap(PROBE).delete('by-stock-writer')
  })
  const told = await until(() => reader.denied.length > 0, 3000)
  writer.provider.doc.getMap(PROBE).set('after-reader', 1)
  const receives = await until(() => reader.provider.doc.getMap(PROBE).has('after-reader'), 5000)
  const after = await readState(server.wsUrl, G, { token: t.writer })
  const storedEdit = probeHas(after.update, 'by-stock-reader')
  const kept = probeHas(after.update, 'by-stock-writer')
  const relayed = writer.provider.doc.getMap(PROBE).has('by-stock-reader')
  tally.refuse(
    told && receives && reader.provider.wsconnected && !storedEdit && kept && !relayed,
    'stock client with the read token sets and deletes',
    'edits neither stored nor relayed, told "read-only", still connected and receiving',
    `told ${JSON.stringify(reader.denied)}, receives ${receives}, connected ${reader.provider.wsconnected}, ` +
      `stored ${storedEdit}, deleted key kept ${kept}, relayed to the writer ${relayed}`,
  )
  reader.provider.destroy()
  writer.provider.destroy()

  // Joining a graph that does not exist, with a read token, must not create it.
  const ghost = await connectRaw(server.wsUrl, 'access-ghost-ws', { token: t.reader })
  ghost.send(syncStep1())
  await ghost.waitFrame((f) => step2Payload(f) !== null, 3000)
  ghost.close()
  const list = await http(server.port, 'GET', '/api/graphs', auth(t.reader))
  tally.refuse(
    list.status === 200 && !list.body.includes('access-ghost-ws'),
    'read token joins a graph that does not exist',
    'the graph is not created',
    show(list),
  )
}

/** Whether `key` shows in the state a reader reads back within a few seconds. */
function storedSoon(server: ServerProcess, t: Tokens, key: string): Promise<boolean> {
  const read = async () => probeHas((await readState(server.wsUrl, G, { token: t.reader })).update, key)
  return until(read, 5000, 100)
}

/** Connects with `cred` and writes `key` raw; null when that went through, else what went wrong. */
async function rawWrite(server: ServerProcess, cred: Cred, key: string): Promise<string | null> {
  const s = await connectRaw(server.wsUrl, withQuery(G, cred.query), { headers: cred.headers })
  try {
    if (s.refused) return `refused: ${s.closed?.reason}`
    s.send(syncStep1())
    const frame = await s.waitFrame((f) => step2Payload(f) !== null, 5000)
    if (!frame) return `no sync answer (${JSON.stringify(s.closed)})`
    const doc = new Y.Doc()
    Y.applyUpdate(doc, step2Payload(frame)!)
    const sv = Y.encodeStateVector(doc)
    doc.getMap(PROBE).set(key, 1)
    s.send(syncUpdate(Y.encodeStateAsUpdate(doc, sv)))
    const from = s.received.length
    s.send(syncStep1())
    const handled = await s.waitFrame((f) => step2Payload(f) !== null, 5000, from)
    return handled ? null : `no answer after the write (${JSON.stringify(s.closed)})`
  } finally {
    s.close()
  }
}

async function readOnlyRaw(
  server: ServerProcess,
  cred: Cred,
  t: Tokens,
  before: string,
  tally: Tally,
): Promise<void> {
  const s = await connectRaw(server.wsUrl, withQuery(G, cred.query), { headers: cred.headers })
  s.send(syncStep1())
  const frame = await s.waitFrame((f) => step2Payload(f) !== null, 5000)
  tally.expect(
    frame !== null,
    `WebSocket with ${cred.label}`,
    'the graph state (reading is allowed)',
    JSON.stringify(s.closed),
  )
  if (!frame) return s.close()
  const doc = new Y.Doc()
  Y.applyUpdate(doc, step2Payload(frame)!)
  const sv = Y.encodeStateVector(doc)
  doc.getMap(PROBE).set('by-reader', 1)
  doc.getMap(PROBE).delete('by-writer-0')
  const fresh = new Y.Doc()
  fresh.getMap(PROBE).set('by-fresh-reader', 1)
  const attempts: Array<[string, Uint8Array]> = [
    ['an update (a set and a delete)', syncUpdate(Y.encodeStateAsUpdate(doc, sv))],
    ['a sync step 2 with its whole state', syncUpdate(Y.encodeStateAsUpdate(doc), 2)],
    ['an update from a fresh client', syncUpdate(Y.encodeStateAsUpdate(fresh))],
  ]
  const from = s.received.length
  for (const [, bytes] of attempts) s.send(bytes)
  // A step 1 after them: its answer means the server has handled every frame before it.
  s.send(syncStep1())
  await s.waitFrame((f) => step2Payload(f) !== null, 5000, from)
  const told = s.received.slice(from).find((f) => deniedReason(f) !== null)
  const tells = s.received.slice(from).filter((f) => deniedReason(f) !== null).length
  const after = await digest(server, t)
  for (const [what] of attempts) {
    tally.refuse(
      after === before,
      `${cred.label} sends ${what}`,
      'the stored state unchanged',
      `state changed: ${before} -> ${after}`,
    )
  }
  const reason = told ? deniedReason(told) : null
  tally.expect(
    /read-only/.test(reason ?? '') && tells === 1 && s.closed === null,
    `${cred.label} writes`,
    'told once with a permission-denied message naming read-only access, connection kept',
    `told ${JSON.stringify(reason)} ${tells} time(s), closed ${JSON.stringify(s.closed)}`,
  )
  s.close()
}
