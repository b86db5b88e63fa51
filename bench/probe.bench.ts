/**
 * What one acknowledgement probe costs the relay (issue 23, bench/reports/stall.md case e): a synced
 * writer's sync step 1 answered by a DocRoom over a 100,000-node document (4 fields each, 30,000
 * overwritten: a delete set as a graph that took writes has). The first answer on a connection is
 * the full `encodeStateAsUpdate`; a later probe from a peer whose state vector covers the document
 * is the empty update (relay.ts `answer`). Prints the median and p90 of each, and the load average.
 *
 *   npx tsx bench/probe.bench.ts            PROBE_NODES=100000 PROBE_RUNS=30
 */
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import * as Y from 'yjs'
import { encodeSyncStep1 } from '../apps/sync/src/relay/protocol.ts'
import { DocRoom } from '../apps/sync/src/relay/relay.ts'

const NODES = Number(process.env.PROBE_NODES ?? 100_000)
const RUNS = Number(process.env.PROBE_RUNS ?? 30)

const doc = new Y.Doc()
const nodes = doc.getMap<Y.Map<unknown>>('nodes')
doc.transact(() => {
  for (let i = 0; i < NODES; i++) {
    const n = new Y.Map<unknown>()
    nodes.set(`n${i}`, n)
    n.set('summary', `Node ${i}`)
    n.set('kind', 'task')
    n.set('status', 'open')
    n.set('notes', '')
  }
})
doc.transact(() => {
  for (let i = 0; i < NODES * 0.3; i++) nodes.get(`n${i}`)!.set('status', 'done')
})

const sent: Uint8Array[] = []
const room = new DocRoom(
  doc,
  { send: (_peer, frame) => sent.push(frame), persist: () => {}, close: () => {} },
  { maxDocumentBytes: 1 << 30, maxAwarenessClients: 8, storedBytes: 0, rules: false },
)
// The peer holds the whole document (as a synced client does): its state vector covers it.
const probe = encodeSyncStep1(doc)

function time(fn: () => void): number[] {
  const out: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    fn()
    out.push(performance.now() - t)
  }
  return out.sort((a, b) => a - b)
}
const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!.toFixed(3)

let id = 1
// A new connection each time: its first step 1 is answered in full.
const first = time(() => {
  room.join({ id, canWrite: true, identity: 'w' })
  room.receive(id, probe)
  room.leave(id++)
})
const firstBytes = sent.at(-1)!.length
room.join({ id, canWrite: true, identity: 'w' })
room.receive(id, probe)
// Later probes on the same connection.
const later = time(() => room.receive(id, probe))
const laterBytes = sent.at(-1)!.length
console.log(
  `${NODES} nodes, ${RUNS} runs each, load ${loadavg()
    .map((x) => x.toFixed(1))
    .join('/')}`,
)
console.log(`first answer (full):  median ${q(first, 0.5)} ms, p90 ${q(first, 0.9)} ms, ${firstBytes} bytes`)
console.log(`later probe (synced): median ${q(later, 0.5)} ms, p90 ${q(later, 0.9)} ms, ${laterBytes} bytes`)
