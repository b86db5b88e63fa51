/**
 * Web workstation benchmark: the real server, the built web app, Debian's Chromium.
 *
 * For graphs of 1k, 5k, 10k and 20k nodes it prints:
 * - first render out of IndexedDB: navigation start to the first frame with the viewport's nodes and
 *   edges drawn, with the network off (app shell from the service worker, graph from IndexedDB);
 * - frame times while panning and while zooming (Ctrl + wheel), at 100 % and with the whole graph fitted
 *   in view (where a big graph is drawn as the canvas overview), and while dragging a node (with the
 *   drag's document writes per second);
 * - agent write visible: an agent's write (MCP `graph_plan` when the server has /mcp, else a Yjs peer
 *   writing through the model) until the node is in the canvas DOM, on loopback.
 * Writes bench/reports/web.md. Figures only: nothing here passes or fails on time.
 *
 *   npx tsx bench/web.bench.ts            (PLEXUS_BENCH_SIZES=1000,5000 to choose sizes;
 *                                          PLEXUS_BENCH_ONLY=agent for the agent write alone;
 *                                          PLEXUS_BENCH_ONLY=zoom for zoom at 100 % alone, see web-zoom.ts;
 *                                          PLEXUS_BENCH_WEB_DIST=<dir> to measure another build;
 *                                          PLEXUS_BENCH_PROFILE=1 for a CPU profile of each measured
 *                                          action: busy time, functions by self and inclusive time,
 *                                          and the .cpuprofile in $TMPDIR)
 *
 * Screenshots of each size fitted in view are saved as $TMPDIR/plexus-bench-<n>-fit.png.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  SCHEMA_VERSION,
  createNodes,
  initGraph,
  openGraph,
  setPositions,
  type CreateItem,
  type Graph,
} from '@plexus/model'
import { startServer } from '@plexus/sync'
import { WebSocket } from 'ws'
import { connect } from '@plexus/sync-client'
import * as Y from 'yjs'
import { chromium, type Browser, type Page } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium.ts'
import { estimateSize } from '../apps/web/src/canvas/geometry.ts'
import { layoutTree } from '../apps/web/src/layout/tree.ts'
import { zoomRounds } from './web-zoom.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const web = join(root, 'apps/web')
const SIZES = (process.env.PLEXUS_BENCH_SIZES ?? '1000,5000,10000,20000').split(',').map(Number)
const AGENT_SAMPLES = 12

declare global {
  interface Window {
    __plexus?: {
      session: { id: string; g: Graph; doc: Y.Doc; persistence: { flushed(): Promise<void> } }
      model: { nodes: unknown[]; positionOf(id: string): { x: number; y: number } | null }
      rf: {
        getViewport(): { x: number; y: number; zoom: number }
        setViewport(v: { x: number; y: number; zoom: number }): Promise<boolean>
      } | null
    }
    /** The bench's probes, set by the functions it evaluates in the page. */
    __firstRender?: number
    __frames?: number[]
    __stop?: boolean
    __long?: number[]
    __longObs?: PerformanceObserver
    __writes?: number
  }
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN
}
const median = (xs: number[]) => quantile(xs, 0.5)
const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a')

function buildWeb(): void {
  if (process.env.PLEXUS_BENCH_WEB_DIST) return
  if (existsSync(join(web, 'dist/index.html')) && !process.env.PLEXUS_BENCH_REBUILD) return
  execFileSync(join(web, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
  })
}

let idSeq = 0
const env = (actor: string) => ({
  actor,
  now: () => Date.now(),
  newId: () => `b${(idSeq++).toString(36)}_${actor.length}`,
})

/**
 * A graph as a planning agent would write it: a tree with six children per node, a quarter of the
 * nodes depending on their previous sibling, a third of the leaves resolved; laid out as a tree.
 */
function plan(n: number): { items: Array<CreateItem & { ref: string }>; rootAt: { x: number; y: number } } {
  const B = 6
  const items: Array<CreateItem & { ref: string }> = []
  for (let i = 1; i <= n; i++) {
    const parent = i <= B ? null : Math.floor((i - 1) / B)
    const leaf = i * B + 1 > n
    const item: CreateItem & { ref: string } = {
      ref: `r${i}`,
      summary: `Task ${i}: ${['design', 'build', 'test', 'review', 'ship', 'measure'][i % 6]} part ${i % 97}`,
      kind: leaf ? 'task' : 'goal',
    }
    if (parent) item.parent_ref = `r${parent}`
    if (i % 4 === 0 && i % B !== 1 && i > 1) item.depends_on = [`r${i - 1}`]
    if (leaf && i % 3 === 0) item.resolved = true
    items.push(item)
  }
  const kids = new Map<string, string[]>()
  const roots: string[] = []
  for (const it of items) {
    if (it.parent_ref) kids.set(it.parent_ref, [...(kids.get(it.parent_ref) ?? []), it.ref])
    else roots.push(it.ref)
  }
  const byRef = new Map(items.map((it) => [it.ref, it]))
  const pos = layoutTree(
    ['root'],
    (id) => (id === 'root' ? roots : (kids.get(id) ?? [])),
    (id) => estimateSize({ summary: byRef.get(id)?.summary ?? 'Benchmark' }),
  )
  for (const it of items) {
    const p = pos.get(it.ref)!
    it.x = p.x
    it.y = p.y
  }
  return { items, rootAt: pos.get('root')! }
}

/** Writes the planned graph into the server through a Yjs peer, in batches small enough for the wire. */
export async function seed(wsUrl: string, id: string, n: number, httpUrl: string): Promise<void> {
  const doc = new Y.Doc()
  const { provider } = connect(doc, { url: wsUrl, graph: id, schema: SCHEMA_VERSION, WebSocket })
  await new Promise<void>((resolve) => provider.once('sync', () => resolve()))
  const g = openGraph(doc, env('bench-seed'))
  const init = initGraph(g, { id, title: `Benchmark ${n}` })
  if (!init.ok) throw new Error(init.message)
  const { items, rootAt } = plan(n)
  setPositions(g, [{ id: init.root, ...rootAt }])
  const ids = new Map<string, string>()
  for (let i = 0; i < items.length; i += 500) {
    const batch = items.slice(i, i + 500).map((it) => {
      const out: CreateItem = { ...it }
      if (it.parent_ref && ids.has(it.parent_ref)) {
        out.parent = ids.get(it.parent_ref)!
        delete out.parent_ref
      } else if (!it.parent_ref) out.parent = init.root
      if (it.depends_on) out.depends_on = it.depends_on.map((d) => ids.get(d) ?? d)
      return out
    })
    const r = createNodes(g, batch, { mode: 'force' })
    if (!r.ok) throw new Error(r.message)
    for (const [ref, nid] of Object.entries(r.refs)) ids.set(ref, nid)
    await new Promise((r) => setTimeout(r, 20))
  }
  // Wait until the server has all of it.
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${httpUrl}/api/graphs/${id}`)
    const body = (await res.json()) as { nodes?: number }
    if (body.nodes === n + 1) break
    await new Promise((r) => setTimeout(r, 100))
  }
  provider.destroy()
  doc.destroy()
}

/** Installed before every navigation: records when the first frame with nodes and edges was drawn. */
function firstRenderProbe(): void {
  const tick = () => {
    const nodes = document.querySelectorAll('.react-flow__node').length
    const edges = document.querySelectorAll('.react-flow__edge path[d]').length
    if (nodes > 0 && edges > 0) window.__firstRender = performance.now()
    else requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
}

/**
 * With PLEXUS_BENCH_PROFILE set, a CPU profile of the page (Chromium's CDP Profiler) around each measured
 * action, printed as the functions with the most self time: where a slow frame goes.
 */
async function profiled<T>(page: Page, label: string, action: () => Promise<T>): Promise<T> {
  if (!process.env.PLEXUS_BENCH_PROFILE) return action()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  const result = await action()
  // Typed by playwright's protocol types (Protocol.Profiler.stopReturnValue).
  const { profile } = await cdp.send('Profiler.stop')
  await cdp.detach()
  // The whole profile too, for DevTools' Performance panel or a script.
  const file = join(tmpdir(), `plexus-bench-${label.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`)
  writeFileSync(file, JSON.stringify(profile))
  console.log(`    profile written to ${file}`)
  const self = new Map<number, number>()
  const deltas = profile.timeDeltas ?? []
  profile.samples?.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0)))
  const byName = new Map<string, number>()
  let total = 0
  for (const n of profile.nodes) {
    const t = self.get(n.id) ?? 0
    total += t
    const f = n.callFrame
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`
    byName.set(key, (byName.get(key) ?? 0) + t)
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 18)
  const idle = byName.get('(idle) :-1') ?? 0
  console.log(
    `    profile ${label}: ${(total / 1000).toFixed(0)} ms sampled, ${((total - idle) / 1000).toFixed(0)} ms busy`,
  )
  for (const [k, t] of top) console.log(`      ${(t / 1000).toFixed(1).padStart(8)} ms  ${k}`)
  // Inclusive time (a function and what it called, once per stack): which handler the self time is under.
  const parentOf = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id)
  const nodeById = new Map(profile.nodes.map((n) => [n.id, n]))
  const inclusive = new Map<string, number>()
  profile.samples?.forEach((id, i) => {
    const seen = new Set<string>()
    for (let cur: number | undefined = id; cur !== undefined; cur = parentOf.get(cur)) {
      const f = nodeById.get(cur)!.callFrame
      seen.add(`${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`)
    }
    for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + (deltas[i] ?? 0))
  })
  const topIn = [...inclusive]
    .filter(([k]) => !k.startsWith('(root)') && !k.startsWith('(idle)') && !k.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)
  console.log(`    inclusive:`)
  for (const [k, t] of topIn) console.log(`      ${(t / 1000).toFixed(1).padStart(8)} ms  ${k}`)
  return result
}

async function frames<T>(page: Page, action: () => Promise<T>): Promise<{ deltas: number[]; result: T }> {
  await page.evaluate(() => {
    const frames: number[] = (window.__frames = [])
    window.__stop = false
    let last = performance.now()
    const tick = (t: number) => {
      frames.push(t - last)
      last = t
      if (!window.__stop) requestAnimationFrame(tick)
    }
    requestAnimationFrame((t) => {
      last = t
      requestAnimationFrame(tick)
    })
  })
  if (process.env.PLEXUS_BENCH_PROFILE)
    await page.evaluate(() => {
      const long: number[] = (window.__long = [])
      window.__longObs?.disconnect()
      window.__longObs = new PerformanceObserver((l) => l.getEntries().forEach((e) => long.push(e.duration)))
      window.__longObs.observe({ type: 'longtask' })
    })
  const result = await action()
  const deltas = await page.evaluate(() => {
    window.__stop = true
    return window.__frames ?? []
  })
  if (process.env.PLEXUS_BENCH_PROFILE) {
    const long = await page.evaluate(() => window.__long ?? [])
    const worst = [...deltas].sort((a, b) => b - a).slice(0, 8)
    console.log(
      `    ${deltas.length} frames, worst ${worst.map((d) => d.toFixed(0)).join(' ')} ms; long tasks ${long.map((d) => d.toFixed(0)).join(' ')}`,
    )
  }
  return { deltas, result }
}

/** A point on empty canvas (for panning) near the middle of the viewport. */
async function emptyPoint(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const box = document.querySelector('.react-flow')!.getBoundingClientRect()
    for (let dy = 0; dy < box.height / 2; dy += 15) {
      for (let dx = 0; dx < box.width / 2; dx += 15) {
        for (const [x, y] of [
          [box.left + box.width / 2 + dx, box.top + box.height / 2 + dy],
          [box.left + box.width / 2 - dx, box.top + box.height / 2 - dy],
        ] as const) {
          if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y }
        }
      }
    }
    return { x: box.left + 20, y: box.top + box.height - 20 }
  })
}

/** A visible node near the middle of the screen, and whether it has children. */
async function visibleNode(page: Page, leaf: boolean): Promise<{ id: string; x: number; y: number }> {
  return page.evaluate((leaf) => {
    const ws = window.__plexus!
    const s = ws.session.g.index.struct()
    const box = document.querySelector('.react-flow')!.getBoundingClientRect()
    const cx = box.left + box.width * 0.4
    const cy = box.top + box.height / 2
    let best: { id: string; x: number; y: number; d: number } | null = null
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node'))) {
      const id = el.dataset.id!
      if (leaf && (s.children.get(id)?.length ?? 0) > 0) continue
      const r = el.getBoundingClientRect()
      if (
        r.left < box.left + 40 ||
        r.right > box.right - 260 ||
        r.top < box.top + 60 ||
        r.bottom > box.bottom - 60
      )
        continue
      const x = r.left + r.width / 2
      const y = r.top + r.height / 2
      const d = Math.hypot(x - cx, y - cy)
      if (!best || d < best.d) best = { id, x, y, d }
    }
    if (!best) throw new Error('no visible node')
    return best
  }, leaf)
}

interface AgentWriter {
  add(parent: string, summary: string): Promise<void>
  close(): Promise<void>
  kind: string
}

async function agentWriter(httpUrl: string, wsUrl: string, graph: string): Promise<AgentWriter> {
  const probe = await fetch(`${httpUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: '{}',
  }).catch(() => null)
  if (probe && probe.status !== 404) {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
    const { StreamableHTTPClientTransport } =
      await import('@modelcontextprotocol/sdk/client/streamableHttp.js')
    const client = new Client({ name: 'bench-agent', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${httpUrl}/mcp`)))
    return {
      kind: 'MCP graph_plan',
      add: async (parent, summary) => {
        const r = await client.callTool({
          name: 'graph_plan',
          arguments: { project: graph, nodes: [{ summary, parent_ref: parent }], mode: 'force' },
        })
        if (r.isError) throw new Error(JSON.stringify(r.content))
      },
      close: () => client.close(),
    }
  }
  const doc = new Y.Doc()
  const { provider } = connect(doc, { url: wsUrl, graph, schema: SCHEMA_VERSION, WebSocket })
  await new Promise<void>((resolve) => provider.once('sync', () => resolve()))
  const g: Graph = openGraph(doc, env('bench-agent'))
  return {
    kind: 'Yjs peer (no /mcp on this server)',
    add: async (parent, summary) => {
      const r = createNodes(g, [{ summary, parent }], { mode: 'force' })
      if (!r.ok) throw new Error(r.message)
    },
    close: async () => {
      provider.destroy()
      doc.destroy()
    },
  }
}

interface Row {
  n: number
  firstRender: number[]
  pan: number[]
  zoom: number[]
  panFar: number[]
  zoomFar: number[]
  fitZoom: number
  domNodesFar: number
  drag: number[]
  dragWritesPerSecond: number
  agent: number[]
  agentKind: string
  domNodes: number
}

/** An agent writes a child of a node on screen, AGENT_SAMPLES times: write call to node in the canvas DOM. */
async function agentVisible(
  page: Page,
  httpUrl: string,
  wsUrl: string,
  id: string,
): Promise<{ latencies: number[]; kind: string }> {
  // An agent writes a child of a node on screen; when is it in the canvas? (At zoom 0.8, about the
  // centre, so that enough leaves are on screen with room for a child on their right.)
  await page.evaluate(() => {
    const rf = window.__plexus!.rf!
    const v = rf.getViewport()
    const box = document.querySelector('.react-flow')!.getBoundingClientRect()
    const k = 0.8 / v.zoom
    void rf.setViewport({
      x: (box.width / 2) * (1 - k) + v.x * k,
      y: (box.height / 2) * (1 - k) + v.y * k,
      zoom: 0.8,
    })
  })
  await page.waitForTimeout(500)
  const agent = await agentWriter(httpUrl, wsUrl, id)
  const latencies: number[] = []
  // Where each write's time goes: the call until the page's document receives it (server and wire),
  // and from there until the node is in the DOM (the page).
  const split: Array<{ wire: number; page: number; call: number }> = []
  await profiled(page, 'agent writes', async () => {
    for (let i = 0; i < AGENT_SAMPLES; i++) {
      const parent = await visibleNode(page, true)
      const summary = `Agent note ${i} ${Math.random().toString(36).slice(2, 7)}`
      const seen = page.evaluate(
        (summary) =>
          new Promise<{ received: number; seen: number }>((resolve) => {
            let received = 0
            const doc = window.__plexus!.session.doc
            const first = (tr: Y.Transaction) => {
              if (tr.local || received) return
              received = Date.now()
              doc.off('beforeTransaction', first)
            }
            doc.on('beforeTransaction', first)
            const has = () =>
              Array.from(document.querySelectorAll('[data-testid=node-summary]')).some(
                (e) => e.textContent === summary,
              )
            const mo = new MutationObserver(() => {
              if (has()) {
                mo.disconnect()
                doc.off('beforeTransaction', first)
                resolve({ received, seen: Date.now() })
              }
            })
            mo.observe(document.querySelector('.react-flow__nodes')!, {
              childList: true,
              subtree: true,
              characterData: true,
            })
          }),
        summary,
      )
      await page.waitForTimeout(50)
      const start = Date.now()
      await agent.add(parent.id, summary)
      const returned = Date.now()
      const t = await seen
      latencies.push(t.seen - start)
      split.push({ wire: t.received - start, page: t.seen - t.received, call: returned - start })
      await page.waitForTimeout(150)
    }
  })
  if (process.env.PLEXUS_BENCH_PROFILE)
    console.log(
      `    agent writes: call to page's document / document to DOM / call returned (ms): ${split.map((x) => `${x.wire}/${x.page}/${x.call}`).join(' ')}`,
    )
  await agent.close()
  return { latencies, kind: agent.kind }
}

async function measure(browser: Browser, httpUrl: string, wsUrl: string, n: number): Promise<Row> {
  const id = `bench-${n}-${Date.now().toString(36)}`
  const t0 = performance.now()
  await seed(wsUrl, id, n, httpUrl)
  console.log(`  seeded ${n} nodes in ${f((performance.now() - t0) / 1000)} s`)
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  // tsx keeps function names with a `__name` helper; functions serialised into the page need it too.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f' })
  await context.addInitScript(firstRenderProbe)
  const page = await context.newPage()
  page.on('pageerror', (e) => console.error('  page error:', e.message))
  await page.goto(`${httpUrl}/g/${id}`)
  await page.waitForFunction((n) => window.__plexus?.model.nodes.length === n + 1, n, { timeout: 120_000 })
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    await window.__plexus!.session.persistence.flushed()
  })
  await page.waitForFunction(() => !!navigator.serviceWorker.controller)
  // Look at a dense part of the tree (deep leaves), at a working zoom; the page keeps this view on reload.
  await page.evaluate((n) => {
    const ws = window.__plexus!
    const ix = ws.session.g.index
    const deep = [...ix.nodes.keys()][Math.floor(n * 0.7)]!
    const p = ws.model.positionOf(deep)!
    const box = document.querySelector('.react-flow')!.getBoundingClientRect()
    const zoom = 1
    const v = { x: box.width * 0.45 - p.x * zoom, y: box.height / 2 - p.y * zoom, zoom }
    void ws.rf!.setViewport(v)
    sessionStorage.setItem(`plexus.view.${ws.session.id}`, JSON.stringify(v))
  }, n)
  await page.waitForTimeout(1500)
  // PLEXUS_BENCH_ONLY=agent: only the agent write (the other figures are left empty).
  if (process.env.PLEXUS_BENCH_ONLY === 'agent') {
    const domNodes = await page.evaluate(() => document.querySelectorAll('.react-flow__node').length)
    const agent = await agentVisible(page, httpUrl, wsUrl, id)
    await context.close()
    const none = { firstRender: [], pan: [], zoom: [], panFar: [], zoomFar: [], drag: [] }
    return {
      n,
      ...none,
      fitZoom: NaN,
      domNodesFar: 0,
      dragWritesPerSecond: NaN,
      domNodes,
      agent: agent.latencies,
      agentKind: agent.kind,
    }
  }

  // PLEXUS_BENCH_ONLY=zoom: only Ctrl + wheel at 100 %, PLEXUS_BENCH_ROUNDS times, with the browser's
  // own counters per round (CDP Performance.getMetrics: style recalcs, layouts, their durations).
  if (process.env.PLEXUS_BENCH_ONLY === 'zoom') {
    const rounds = Number(process.env.PLEXUS_BENCH_ROUNDS ?? 3)
    const measure = (label: string, action: () => Promise<void>) =>
      profiled(page, label, () => frames(page, action)).then((r) => r.deltas)
    const zoom = await zoomRounds(page, rounds, () => emptyPoint(page), measure)
    const domNodes = await page.evaluate(() => document.querySelectorAll('.react-flow__node').length)
    await context.close()
    const none = { firstRender: [], pan: [], panFar: [], zoomFar: [], drag: [], agent: [] }
    return {
      n,
      ...none,
      zoom,
      fitZoom: NaN,
      domNodesFar: 0,
      dragWritesPerSecond: NaN,
      domNodes,
      agentKind: '',
    }
  }

  // First render from IndexedDB, the network off.
  await context.setOffline(true)
  const firstRender: number[] = []
  for (let i = 0; i < 3; i++) {
    await page.goto(`${httpUrl}/g/${id}`)
    const t = await page.waitForFunction(() => window.__firstRender, undefined, { timeout: 60_000 })
    firstRender.push((await t.jsonValue()) as number)
    if (process.env.PLEXUS_BENCH_PROFILE) {
      const marks = await page.evaluate(() =>
        performance.getEntriesByType('mark').map((m) => `${m.name} ${m.startTime.toFixed(0)}`),
      )
      const nav = await page.evaluate(() => {
        const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
        return `responseEnd ${n.responseEnd.toFixed(0)} domInteractive ${n.domInteractive.toFixed(0)} domContentLoaded ${n.domContentLoadedEventEnd.toFixed(0)}`
      })
      console.log(`    ${nav} | ${marks.join(' | ')} | first ${firstRender.at(-1)!.toFixed(0)}`)
    }
    await page.waitForTimeout(500)
  }
  await context.setOffline(false)
  await page.waitForSelector('[data-testid=sync][data-state=synced]', { timeout: 60_000 })
  const domNodes = await page.evaluate(() => document.querySelectorAll('.react-flow__node').length)

  // Pan: drag the empty canvas around, then come back to where the page opened.
  const home = await page.evaluate(() => window.__plexus!.rf!.getViewport())
  const panAround = async (label: string) => {
    const p = await emptyPoint(page)
    return profiled(page, label, () =>
      frames(page, async () => {
        await page.mouse.move(p.x, p.y)
        await page.mouse.down()
        for (let i = 1; i <= 90; i++) await page.mouse.move(p.x - i * 9, p.y - Math.sin(i / 15) * 220)
        for (let i = 89; i >= 0; i--) await page.mouse.move(p.x - i * 9, p.y + Math.sin(i / 15) * 120)
        await page.mouse.up()
      }),
    )
  }
  // Ctrl + wheel in and out around a point, as a trackpad pinch or a mouse wheel zooms.
  const zoomAround = async (label: string) => {
    const p = await emptyPoint(page)
    return profiled(page, label, () =>
      frames(page, async () => {
        await page.mouse.move(p.x, p.y)
        await page.keyboard.down('Control')
        for (let i = 0; i < 25; i++) await page.mouse.wheel(0, -60)
        for (let i = 0; i < 25; i++) await page.mouse.wheel(0, 60)
        await page.keyboard.up('Control')
      }),
    )
  }
  const pan = await panAround('pan at 100 %')
  await page.evaluate((v) => window.__plexus!.rf!.setViewport(v), home)
  const zoomed = await zoomAround('zoom at 100 %')
  // The same with the whole graph fitted in view (Shift+1).
  await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid=canvas]')!.focus())
  await page.keyboard.press('Shift+Digit1')
  await page.waitForTimeout(800)
  const fitView = await page.evaluate(() => window.__plexus!.rf!.getViewport())
  const domNodesFar = await page.evaluate(() => document.querySelectorAll('.react-flow__node').length)
  await page.screenshot({ path: join(tmpdir(), `plexus-bench-${n}-fit.png`) })
  const panFar = await panAround('pan fitted')
  await page.evaluate((v) => window.__plexus!.rf!.setViewport(v), fitView)
  const zoomFar = await zoomAround('zoom fitted')
  await page.evaluate((v) => window.__plexus!.rf!.setViewport(v), home)
  // Back from the overview: the DOM nodes come back.
  await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length > 10)
  await page.waitForTimeout(500)
  await page.screenshot({ path: join(tmpdir(), `plexus-bench-${n}.png`) })

  // Drag a node, counting the document writes it makes.
  const target = await visibleNode(page, false)
  await page.evaluate(() => {
    const s = window.__plexus!.session
    window.__writes = 0
    s.doc.on('update', (_u: Uint8Array, origin: unknown) => {
      if (origin === s.g.origin) window.__writes = (window.__writes ?? 0) + 1
    })
  })
  const dragStart = performance.now()
  const drag = await profiled(page, 'drag', () =>
    frames(page, async () => {
      await page.mouse.move(target.x, target.y)
      await page.mouse.down()
      for (let i = 1; i <= 120; i++)
        await page.mouse.move(target.x + Math.sin(i / 10) * 160, target.y + i * 1.5)
      await page.mouse.up()
    }),
  )
  const dragSeconds = (performance.now() - dragStart) / 1000
  const writes = await page.evaluate(() => window.__writes ?? 0)

  const agent = await agentVisible(page, httpUrl, wsUrl, id)
  await context.close()
  return {
    n,
    firstRender,
    pan: pan.deltas,
    zoom: zoomed.deltas,
    panFar: panFar.deltas,
    zoomFar: zoomFar.deltas,
    fitZoom: fitView.zoom,
    domNodesFar,
    drag: drag.deltas,
    dragWritesPerSecond: writes / dragSeconds,
    agent: agent.latencies,
    agentKind: agent.kind,
    domNodes,
  }
}

async function main(): Promise<void> {
  buildWeb()
  const dataDir = mkdtempSync(join(tmpdir(), 'plexus-web-bench-'))
  // PLEXUS_BENCH_WEB_DIST: another build of the web app (an older commit's, to compare on the same machine).
  const webDist = process.env.PLEXUS_BENCH_WEB_DIST ?? join(web, 'dist')
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, webDist })
  const wsUrl = server.url.replace(/^http/, 'ws') + '/sync'
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  })
  const rows: Row[] = []
  const loadBefore = loadavg()[0]!
  try {
    for (const n of SIZES) {
      console.log(`graph of ${n} nodes`)
      const r = await measure(browser, server.url, wsUrl, n)
      rows.push(r)
      console.log(
        `  first render ${f(median(r.firstRender), 0)} ms · at 100 %: pan p95 ${f(quantile(r.pan, 0.95))} ms, zoom p95 ${f(quantile(r.zoom, 0.95))} ms · fitted (zoom ${f(r.fitZoom, 3)}, ${r.domNodesFar} DOM nodes): pan p95 ${f(quantile(r.panFar, 0.95))} ms, zoom p95 ${f(quantile(r.zoomFar, 0.95))} ms · drag p50 ${f(median(r.drag))} p95 ${f(quantile(r.drag, 0.95))} ms (${f(r.dragWritesPerSecond)} writes/s) · agent write visible p50 ${f(median(r.agent), 0)} p95 ${f(quantile(r.agent, 0.95), 0)} ms`,
      )
    }
  } finally {
    await browser.close()
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  const lines = [
    '# Web workstation benchmark',
    '',
    `Node ${process.version}, Chromium (Debian, headless, software rendering), ${new Date().toISOString()}, loopback, viewport 1440x900; load average ${loadBefore.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end, on 2 cores (frames and first render grow with it).`,
    'On a graph above 1,500 nodes React Flow is given a window around the view (apps/web/src/canvas/flow-window.ts).',
    'Graphs: a tree, six children per node, a quarter of the nodes depending on their previous sibling, laid out as a tree.',
    'First render: navigation start to the first frame with nodes and edges drawn, network off (service worker + IndexedDB); median of 3.',
    `Frame times: requestAnimationFrame deltas while the mouse pans the canvas, while Ctrl + wheel zooms in and out (25 steps each way), and while it drags a node; at 100 % and with the whole graph fitted (Shift+1; a big graph far out is the canvas overview, no DOM nodes). Agent write: ${rows[0]?.agentKind ?? ''}, ${AGENT_SAMPLES} samples, write call to node in the canvas DOM.`,
    '',
    '| nodes | first render (ms) | 100 %: pan p95 / zoom p95 (ms) | fitted: zoom, DOM nodes | fitted: pan p95 / zoom p95 (ms) | drag p50 / p95 (ms) | drag writes/s | agent write visible p50 / p95 (ms) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.n} | ${f(median(r.firstRender), 0)} | ${f(quantile(r.pan, 0.95))} / ${f(quantile(r.zoom, 0.95))} (${r.domNodes} on screen) | ${f(r.fitZoom, 3)}, ${r.domNodesFar} | ${f(quantile(r.panFar, 0.95))} / ${f(quantile(r.zoomFar, 0.95))} | ${f(median(r.drag))} / ${f(quantile(r.drag, 0.95))} | ${f(r.dragWritesPerSecond)} | ${f(median(r.agent), 0)} / ${f(quantile(r.agent, 0.95), 0)} |`,
    ),
    '',
    'Targets at 10k nodes: first render ≤ 1500 ms, every frame p95 ≤ 33 ms at every zoom; agent write visible ≤ 100 ms.',
    '',
  ]
  mkdirSync(join(root, 'bench/reports'), { recursive: true })
  writeFileSync(join(root, 'bench/reports/web.md'), lines.join('\n'))
  console.log(`\nwrote bench/reports/web.md`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
