/**
 * The writer and reader of bench/stall.bench.ts case (e), in a process of their own: each holds
 * the whole 100,000-node graph once synced, and that much Yjs in the probing process would put its
 * own garbage collection into the figures. Sends `ready` once both are synced; on `go`, writes
 * WRITES moves (a pause of 5 ms every 10) and sends `done` once the reader has seen the last.
 *
 *   tsx bench/stall-writer.child.ts <ws url> <graph> <writes>
 */
import { providerClient, until } from './clients.ts'

const [url = '', graph = '', count = '0'] = process.argv.slice(2)
const writes = Number(count)
const w = providerClient(url, graph, 'n_huge')
const r = providerClient(url, graph, 'n_huge')
await Promise.all([w.ready(), r.ready()])
let seen = -1
r.onValue = (i) => (seen = Math.max(seen, i))
process.send!('ready')
process.once('message', () => {
  void (async () => {
    for (let i = 0; i < writes; i++) {
      w.write(i)
      if (i % 10 === 9) await new Promise((res) => setTimeout(res, 5))
    }
    await until(() => seen >= writes - 1, 'the last write at the reader', 600_000)
    process.send!('done')
    w.close()
    r.close()
    setTimeout(() => process.exit(0), 100)
  })()
})
