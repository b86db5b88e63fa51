/**
 * Where a graph's open spends its time and memory, for bench/open.bench.ts: with
 * `PLEXUS_OPEN_TRACE=1` in the server's environment each step of a load writes one line to stderr,
 * `plexus-open {"graph","step","ms","rss","heap"}` (`ms` from the process's time origin, so the
 * bench lines the steps up with the spawn). Unset, `openMark` does nothing: no output in production.
 */
import { performance } from 'node:perf_hooks'

const tracing = process.env.PLEXUS_OPEN_TRACE === '1'

export function openMark(graph: string, step: string): void {
  if (!tracing) return
  const m = process.memoryUsage()
  const line = { graph, step, ms: Math.round(performance.now() * 10) / 10, rss: m.rss, heap: m.heapUsed }
  process.stderr.write(`plexus-open ${JSON.stringify(line)}\n`)
}
