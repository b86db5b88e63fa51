import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import type { Workspace } from '../../apps/web/src/canvas/workspace.ts'

declare global {
  interface Window {
    /** The open graph (apps/web exposes it for tests and benchmarks). */
    __plexus?: Workspace
  }
}

export const baseUrl = (): string => {
  const u = process.env.PLEXUS_URL
  if (!u) throw new Error('PLEXUS_URL is not set: run through e2e/run.mjs (global setup starts the server)')
  return u
}

export interface NodeState {
  id: string
  summary: string
  parent: string | null
  x: number | null
  y: number | null
  resolved: boolean
  status: string
}

export interface GraphState {
  nodes: NodeState[]
  edges: Array<{ from: string; to: string; type: string }>
  root: string | null
}

/** A fresh context whose page fails the test on any script dialog (an alert from injected markup would). */
export async function newPage(
  browser: Browser,
  base = baseUrl(),
): Promise<{ context: BrowserContext; page: Page; dialogs: string[] }> {
  const context = await browser.newContext({ baseURL: base })
  const page = await context.newPage()
  const dialogs: string[] = []
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  return { context, page, dialogs }
}

/** Creates a graph from the home page, without the mouse, and leaves nothing selected. Returns its id. */
export async function createGraph(page: Page, title: string): Promise<string> {
  await page.goto('/')
  const input = page.getByTestId('new-graph-title')
  await input.focus()
  await input.fill(title)
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/g\/[^/]+$/)
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!)
  await expect(page.getByTestId('node')).toHaveCount(1)
  // A new graph opens with its root selected (new-graph.spec.ts); specs start from nothing selected.
  await expect(page.getByTestId('node')).toHaveClass(/is-selected/)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('node')).not.toHaveClass(/is-selected/)
  await waitSynced(page)
  return id
}

export async function openGraph(page: Page, id: string): Promise<void> {
  await page.goto(`/g/${encodeURIComponent(id)}`)
  await page.getByTestId('canvas').waitFor()
}

export function node(page: Page, summary: string): Locator {
  return page
    .getByTestId('node')
    .filter({ has: page.getByTestId('node-summary').getByText(summary, { exact: true }) })
}

export async function waitSynced(page: Page): Promise<void> {
  await expect(page.getByTestId('sync')).toHaveAttribute('data-state', 'synced')
}

/** The graph as the page's model reads it (through the debugging handle `window.__plexus`). */
export async function graphState(page: Page): Promise<GraphState> {
  return page.evaluate(() => {
    const ws = window.__plexus
    if (!ws) return { nodes: [], edges: [], root: null }
    const ix = ws.session.g.index
    const s = ix.struct()
    const nodes = [...ix.nodes.values()]
      .filter((n) => ix.live(n.id))
      .map((n) => ({
        id: n.id,
        summary: n.summary,
        parent: s.parent.get(n.id) ?? null,
        x: n.x,
        y: n.y,
        resolved: n.resolved,
        status: ix.statusOf(n.id),
      }))
    const edges = [...ix.edges.values()].map((e) => ({ from: e.from, to: e.to, type: e.type }))
    const root = (ws.session.doc.getMap('meta').get('root') as string | undefined) ?? null
    return { nodes, edges, root }
  })
}

export async function nodeId(page: Page, summary: string): Promise<string> {
  const id = await node(page, summary).getAttribute('data-id')
  if (!id) throw new Error(`no node "${summary}"`)
  return id
}

/** Centre of an element on the screen. */
export async function centre(l: Locator): Promise<{ x: number; y: number }> {
  const b = await l.boundingBox()
  if (!b) throw new Error('element has no box')
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 }
}

/** Waits until the page's service worker controls it, so a reload works with no network. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await expect
    .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 15_000 })
    .toBe(true)
}

/** Imports `text` as a file called `name` through the Import menu's file input, and waits for its toast. */
export async function importText(page: Page, name: string, text: string, timeout?: number): Promise<void> {
  await page
    .getByTestId('import-input')
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) })
  await expect(page.getByTestId('toast').filter({ hasText: `Imported ${name}` })).toBeVisible({ timeout })
}

/**
 * Where the page draws each live node, by summary: the document's position where a person chose one,
 * else where the tree puts it (layout/derived.ts).
 */
export async function positions(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const ws = window.__plexus!
    const ix = ws.session.g.index
    const out: Record<string, string> = {}
    for (const n of ix.nodes.values()) {
      const p = ws.model.positionOf(n.id)
      if (ix.live(n.id)) out[n.summary] = p ? `${p.x},${p.y}` : 'null'
    }
    return out
  })
}

/** A mind map: two branches of three, so a node has siblings below it and a next branch. */
export async function mindMap(page: Page, title: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 })
  await createGraph(page, title)
  const k = page.keyboard
  await k.press('Enter') // the root
  for (const branch of ['North', 'South']) {
    await k.press('Tab')
    await k.type(branch)
    await k.press('Tab')
    await k.type(`${branch} one`)
    await k.press('Enter')
    await k.press('Enter')
    await k.type(`${branch} two`)
    await k.press('Enter')
    await k.press('Enter')
    await k.type(`${branch} three`)
    await k.press('Enter')
    await k.press('ArrowLeft') // the branch
    await k.press('ArrowLeft') // the root
  }
  await expect(node(page, 'South three')).toBeVisible()
  await waitSynced(page)
}

const NAMED_KEYS: Record<string, [code: string, keyCode: number, text?: string]> = {
  Enter: ['Enter', 13, '\r'],
  Tab: ['Tab', 9],
  Escape: ['Escape', 27],
  Backspace: ['Backspace', 8],
  ArrowLeft: ['ArrowLeft', 37],
  ArrowUp: ['ArrowUp', 38],
  ArrowRight: ['ArrowRight', 39],
  ArrowDown: ['ArrowDown', 40],
}

/**
 * Presses keys back to back, each sent without waiting for the page to finish what the last one
 * started: what a busy machine does to a person typing (the browser queues the keys and the page's
 * rendering work waits behind them). `keys` are key names ('Tab', 'Shift+M') or text to type, one
 * character at a time. Resolves once the browser has taken every key.
 */
export async function burst(page: Page, keys: string[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  const sent: Array<Promise<unknown>> = []
  const press = (name: string, shift: boolean) => {
    const named = NAMED_KEYS[name]
    const ch = name.length === 1 ? name : null
    if (!named && !ch) throw new Error(`burst: no key called "${name}"`)
    const [code, keyCode, text] = named ?? [
      /[a-z]/i.test(ch!)
        ? `Key${ch!.toUpperCase()}`
        : /\d/.test(ch!)
          ? `Digit${ch}`
          : ch === ' '
            ? 'Space'
            : '',
      ch!.toUpperCase().charCodeAt(0),
      ch!,
    ]
    const base = { key: name, code, windowsVirtualKeyCode: keyCode, modifiers: shift ? 8 : 0 }
    sent.push(
      cdp.send('Input.dispatchKeyEvent', {
        ...base,
        type: text ? 'keyDown' : 'rawKeyDown',
        ...(text ? { text, unmodifiedText: text } : {}),
      }),
      cdp.send('Input.dispatchKeyEvent', { ...base, type: 'keyUp' }),
    )
  }
  for (const k of keys) {
    if (k.startsWith('Shift+')) press(k.slice(6), true)
    else if (NAMED_KEYS[k]) press(k, false)
    else for (const ch of k) press(ch, ch !== ch.toLowerCase())
  }
  await Promise.all(sent)
  await cdp.detach()
}

/**
 * Waits until the canvas has the keyboard: it is focused and no label editor is open. The event that
 * proves the next canvas key is heard (apps/web/README.md, "Who has the keyboard").
 */
export async function canvasHasKeyboard(page: Page): Promise<void> {
  await expect(page.getByRole('textbox', { name: 'Node summary' })).toHaveCount(0)
  await expect(page.getByTestId('canvas')).toBeFocused()
}

/** Clicks a node and waits until it is selected and the canvas has the keyboard. */
export async function selectNode(page: Page, summary: string): Promise<void> {
  await node(page, summary).click()
  await expect(node(page, summary)).toHaveClass(/is-selected/)
  await canvasHasKeyboard(page)
}

/**
 * Records the text of every toast the page shows from now on; the returned function reads the record.
 * A toast goes after a few seconds, and on a busy machine a check can come later than that: the record
 * cannot miss it.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as { __toasts?: string[] }).__toasts = seen
    const take = (n: Node) => {
      if (n instanceof HTMLElement && n.dataset.testid === 'toast') seen.push(n.textContent ?? '')
    }
    document.querySelectorAll('[data-testid=toast]').forEach(take)
    new MutationObserver((rs) => rs.forEach((r) => r.addedNodes.forEach(take))).observe(document.body, {
      childList: true,
      subtree: true,
    })
  })
  return () => page.evaluate(() => (window as { __toasts?: string[] }).__toasts ?? [])
}

/** First and last point of an SVG path (M x,y … x,y). */
export function pathEnds(d: string): [number, number, number, number] {
  const n = (d.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number)
  return [n[0]!, n[1]!, n[n.length - 2]!, n[n.length - 1]!]
}

/** Downloads what the Import / export menu's item `testId` saves, and returns its bytes. */
export async function saveExport(page: Page, testId: string): Promise<Buffer> {
  await page.getByTestId('io-menu').click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()])
  return readFileSync((await download.path())!)
}
