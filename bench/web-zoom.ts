/**
 * Zoom at 100 % alone, for finding where a zoom frame goes (web.bench.ts with PLEXUS_BENCH_ONLY=zoom):
 * the same Ctrl + wheel in and out as the full bench, PLEXUS_BENCH_ROUNDS times (3) from the same view,
 * each round printed with its frames (p50, p95, how many in one vsync), the browser's own counters
 * (CDP Performance.getMetrics: style recalcs, layouts, script and task time) and the load average.
 * PLEXUS_BENCH_TRACE=1 adds Chromium's timeline trace per round, time by event name over all threads
 * (RasterTask is the tiles rasterised on the raster workers, ProxyMain::BeginMainFrame the main thread's
 * style, layout and paint). PLEXUS_BENCH_CSS=<css> adds a style sheet to the page first, to try a CSS
 * change on a build without rebuilding. Figures only: nothing here passes or fails on time.
 */
import { loadavg } from 'node:os'
import type { CDPSession, Page } from 'playwright-core'

const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a')
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN
}

const METRICS = [
  'RecalcStyleCount',
  'RecalcStyleDuration',
  'LayoutCount',
  'LayoutDuration',
  'ScriptDuration',
  'TaskDuration',
]

interface TraceEvent {
  name: string
  ph: string
  dur?: number
}

/** Chromium's timeline trace from now until the returned function is called: time by event name. */
async function startTrace(cdp: CDPSession): Promise<() => Promise<string>> {
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (d) => {
    for (const e of d.value) {
      const dur = Number(e.dur)
      events.push({ name: String(e.name), ph: String(e.ph), ...(Number.isFinite(dur) ? { dur } : {}) })
    }
  })
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,cc,viz',
    transferMode: 'ReportEvents',
  })
  return async () => {
    const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()))
    await cdp.send('Tracing.end')
    await done
    const by = new Map<string, { n: number; t: number }>()
    for (const e of events) {
      if (e.ph !== 'X' || !e.dur) continue
      const b = by.get(e.name) ?? { n: 0, t: 0 }
      b.n++
      b.t += e.dur / 1000
      by.set(e.name, b)
    }
    return [...by]
      .sort((a, b) => b[1].t - a[1].t)
      .slice(0, 22)
      .map(([k, v]) => `${k} ${v.t.toFixed(0)}/${v.n}`)
      .join(', ')
  }
}

/** Ctrl + wheel in and out at the current view, `rounds` times; the frame deltas of all rounds. */
export async function zoomRounds(
  page: Page,
  rounds: number,
  emptyPoint: () => Promise<{ x: number; y: number }>,
  measure: (label: string, action: () => Promise<void>) => Promise<number[]>,
): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const metrics = async () => {
    const { metrics: m } = await cdp.send('Performance.getMetrics')
    return new Map(m.map((x) => [x.name, x.value]))
  }
  const all: number[] = []
  const home = await page.evaluate(() => window.__plexus!.rf!.getViewport())
  // PLEXUS_BENCH_CSS: a style sheet added to the page first (to try a CSS change without a build).
  if (process.env.PLEXUS_BENCH_CSS) await page.addStyleTag({ content: process.env.PLEXUS_BENCH_CSS })
  for (let r = 0; r < rounds; r++) {
    await page.evaluate((v) => window.__plexus!.rf!.setViewport(v), home)
    await page.waitForTimeout(400)
    const p = await emptyPoint()
    const before = await metrics()
    const trace = process.env.PLEXUS_BENCH_TRACE ? await startTrace(cdp) : null
    const deltas = await measure(`zoom at 100 % (round ${r + 1})`, async () => {
      await page.mouse.move(p.x, p.y)
      await page.keyboard.down('Control')
      for (let i = 0; i < 25; i++) await page.mouse.wheel(0, -60)
      for (let i = 0; i < 25; i++) await page.mouse.wheel(0, 60)
      await page.keyboard.up('Control')
    })
    const after = await metrics()
    if (trace) console.log(`    trace (ms, all threads): ${await trace()}`)
    const d = METRICS.map((k) => {
      const v = (after.get(k) ?? 0) - (before.get(k) ?? 0)
      return `${k} ${k.endsWith('Duration') ? (v * 1000).toFixed(0) + ' ms' : v}`
    })
    const one = deltas.filter((x) => x <= 17.5).length
    console.log(
      `    round ${r + 1}: ${deltas.length} frames, p50 ${f(quantile(deltas, 0.5))} p95 ${f(quantile(deltas, 0.95))} ms, ${one} in one vsync · ${d.join(', ')} · load ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    )
    all.push(...deltas)
  }
  await cdp.detach()
  return all
}
