// Mermaid's own parser as the oracle for the corpus test: the real `mermaid` package in Node, on a
// jsdom document (its parser needs DOMPurify, which needs a window), and in Chromium for rendering.
import { createRequire } from 'node:module'
import { JSDOM } from 'jsdom'
import { chromium, type Browser } from 'playwright-core'

export interface Counts {
  /** Vertices that are not subgraphs (Mermaid also lists a subgraph id an edge names as a vertex). */
  nodes: number
  edges: number
  subgraphs: number
}

type Mermaid = typeof import('mermaid').default
let loaded: Promise<Mermaid> | null = null

/** The mermaid package on a jsdom document (also the map formats' corpus oracle, packages/formats). */
export function mermaid(): Promise<Mermaid> {
  loaded ??= (async () => {
    const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true })
    const g = globalThis as Record<string, unknown>
    g.window = dom.window
    g.document = dom.window.document
    return (await import('mermaid')).default
  })()
  return loaded
}

interface FlowDb {
  getVertices(): Map<string, unknown>
  getEdges(): unknown[]
  getSubGraphs(): Array<{ id: string }>
}

/** What Mermaid's parser reads from a flowchart; throws Mermaid's own error when it cannot. */
export async function mermaidCounts(text: string): Promise<Counts> {
  const m = await mermaid()
  await m.parse(text)
  const d = await m.mermaidAPI.getDiagramFromText(text)
  const db = d.db as unknown as FlowDb
  const subs = db.getSubGraphs()
  const ids = new Set(subs.map((s) => s.id))
  const nodes = [...db.getVertices().keys()].filter((k) => !ids.has(k)).length
  return { nodes, edges: db.getEdges().length, subgraphs: subs.length }
}

/** The texts Mermaid's parser reads: each subgraph's title, each vertex's text, each edge's text, in its order. */
export async function mermaidTexts(
  text: string,
): Promise<{ subgraphs: string[]; vertices: string[]; edges: string[] }> {
  const m = await mermaid()
  await m.parse(text)
  const d = await m.mermaidAPI.getDiagramFromText(text)
  const db = d.db as unknown as {
    getVertices(): Map<string, { text?: string }>
    getEdges(): Array<{ text?: string }>
    getSubGraphs(): Array<{ id: string; title: string }>
  }
  const subs = db.getSubGraphs()
  const ids = new Set(subs.map((s) => s.id))
  // Mermaid's parser keeps an entity code `#38;` as a placeholder its renderer decodes; decoded here.
  const shown = (t = ''): string =>
    t.replace(/ﬂ°°(\d+)¶ß/g, (_, n: string) => String.fromCodePoint(Number(n))).replace(/ﬂ°(\w+)¶ß/g, '&$1;')
  return {
    subgraphs: subs.map((s) => shown(s.title)),
    vertices: [...db.getVertices()].filter(([k]) => !ids.has(k)).map(([, v]) => shown(v.text)),
    edges: db.getEdges().map((e) => shown(e.text)),
  }
}

const CHROMIUM = process.env.PLEXUS_CHROMIUM ?? '/usr/bin/chromium'

/** Renders each text with `mermaid.render` in Chromium; per text, the SVG's node count or the error. */
export async function renderInChromium(
  texts: string[],
): Promise<Array<{ nodes: number } | { error: string }>> {
  const script = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js')
  let browser: Browser | null = null
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
    const page = await browser.newPage()
    await page.setContent('<!doctype html><html><body><div id="out"></div></body></html>')
    await page.addScriptTag({ path: script })
    return await page.evaluate(async (all: string[]) => {
      const w = globalThis as unknown as {
        mermaid: { initialize(c: object): void; render(id: string, t: string): Promise<{ svg: string }> }
        document: {
          createElement(t: string): { innerHTML: string; querySelectorAll(s: string): { length: number } }
        }
      }
      const m = w.mermaid
      m.initialize({ startOnLoad: false, securityLevel: 'strict' })
      const out: Array<{ nodes: number } | { error: string }> = []
      for (const [i, t] of all.entries()) {
        try {
          const { svg } = await m.render(`d${i}`, t)
          const box = w.document.createElement('div')
          box.innerHTML = svg
          out.push({ nodes: box.querySelectorAll('g.node').length })
        } catch (e) {
          out.push({ error: e instanceof Error ? e.message : String(e) })
        }
      }
      return out
    }, texts)
  } finally {
    await browser?.close()
  }
}
