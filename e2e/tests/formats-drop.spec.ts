import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { importFile, type FileFormat } from '../../packages/formats/src/index.ts'
import { fresh } from '../../packages/formats/src/test/graph.ts'
import { createGraph, graphState, newPage, recordToasts, selectNode, waitSynced } from './helpers.ts'

// A file of each map format dropped on the canvas (issue 28): real files from the formats corpus
// (packages/formats/src/corpus/SOURCES.md). Each lands as a mind map beside the selected node, in a
// frame of its own named after the file, with exactly the nodes @plexus/formats makes of it (whose
// counts corpus.test.ts checks against the format's own tool), nothing on top of anything, and a toast
// that says what the file held that the graph could not keep, with the details.
const FILES: Array<[FileFormat, string]> = [
  ['opml', 'opml/subscription-list.opml'],
  ['freemind', 'freemind/bugs.mm'],
  ['xmind', 'xmind/xmind_zen.xmind'],
  ['graphml', 'graphml/graphml-js-primer.graphml'],
  ['markdown', 'markdown/markmap-example.md'],
  ['mindmap', 'mindmap/docs-example.mmd'],
]
const bytes = (path: string): Buffer =>
  readFileSync(new URL(`../../packages/formats/src/corpus/${path}`, import.meta.url))
const nameOf = (path: string): string => path.split('/').pop()!

/** What the library makes of the file in a fresh graph: nodes, edges, and the ledger's sentences. */
function expected(format: FileFormat, data: Buffer): { created: number; edges: number; lost: string[] } {
  const input = format === 'xmind' ? new Uint8Array(data) : data.toString('utf8')
  const r = importFile(fresh().g, format, input)
  if (!r.ok) throw new Error(r.message)
  return { created: r.created, edges: r.edges, lost: r.lost.map((l) => l.detail) }
}

async function drop(page: Page, name: string, data: Buffer): Promise<void> {
  await page.getByTestId('import-input').setInputFiles({
    name,
    mimeType: name.endsWith('.xmind') ? 'application/zip' : 'text/plain',
    buffer: data,
  })
}

interface Box {
  id: string
  summary: string
  parent: string | null
  group: boolean
  x: number
  y: number
  width: number
  height: number
}
/** Every live node with its box as the canvas sizes it. */
async function boxes(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const ws = window.__plexus!
    const ix = ws.session.g.index
    const s = ix.struct()
    return [...ix.nodes.keys()]
      .filter((id) => ix.live(id))
      .map((id) => ({
        id,
        summary: ix.nodes.get(id)!.summary,
        parent: s.parent.get(id) ?? null,
        group: ix.nodes.get(id)!.shape === 'group',
        ...ws.model.positionOf(id)!,
        ...ws.model.sizeOf(id),
      }))
  })
}
interface Rect {
  x: number
  y: number
  width: number
  height: number
}
/** The frame's box as the canvas derives it from its members (canvas/frames.ts frameBox), in flow units. */
async function frameBoxes(page: Page, id: string): Promise<Rect | null> {
  return page.evaluate((frame) => {
    const ws = window.__plexus!
    const ix = ws.session.g.index
    const s = ix.struct()
    let x0 = Infinity
    let y0 = Infinity
    let x1 = -Infinity
    let y1 = -Infinity
    const visit = (p: string): void => {
      for (const c of s.children.get(p) ?? []) {
        if (!ix.live(c)) continue
        if (ix.nodes.get(c)!.shape === 'group') visit(c)
        else {
          const at = ws.model.positionOf(c)!
          const sz = ws.model.sizeOf(c)
          x0 = Math.min(x0, at.x)
          y0 = Math.min(y0, at.y)
          x1 = Math.max(x1, at.x + sz.width)
          y1 = Math.max(y1, at.y + sz.height)
        }
      }
    }
    visit(frame)
    return x0 === Infinity ? null : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
  }, id)
}
/** Every node the canvas draws, by id, with its box on screen. */
async function drawnBoxes(page: Page): Promise<Map<string, Rect>> {
  const list = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="node"][data-id]')].map((e) => {
      const r = e.getBoundingClientRect()
      return { id: e.dataset.id!, x: r.x, y: r.y, width: r.width, height: r.height }
    }),
  )
  return new Map(list.map((r) => [r.id, r]))
}
const inside = (a: Rect, b: Rect): boolean =>
  a.x >= b.x - 0.5 &&
  a.y >= b.y - 0.5 &&
  a.x + a.width <= b.x + b.width + 0.5 &&
  a.y + a.height <= b.y + b.height + 0.5
const overlap = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

for (const [format, path] of FILES) {
  test(`dropping ${nameOf(path)} (${format}) lays it out as a mind map in a frame of its own beside the selection`, async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser)
    await page.setViewportSize({ width: 1440, height: 900 })
    const title = `Drop ${format}`
    await createGraph(page, title)
    const root = (await graphState(page)).root!
    await selectNode(page, title)
    const toasts = await recordToasts(page)
    const name = nameOf(path)
    const data = bytes(path)
    const want = expected(format, data)
    await drop(page, name, data)
    await expect.poll(async () => (await toasts()).some((t) => t.includes(`Imported ${name}`))).toBe(true)

    // Exactly the library's nodes, plus the frame, all placed where the import put them (the graph's
    // root is placed by the derived mind-map layout, with no stored position).
    await expect
      .poll(async () => (await graphState(page)).nodes.filter((n) => n.x !== null).length)
      .toBe(1 + want.created)
    const s = await graphState(page)
    const base = name.replace(/\.[^.]*$/, '')
    const frame = s.nodes.filter((n) => n.id !== root && n.parent === root)
    expect(frame.map((n) => n.summary)).toEqual([base])
    const frameId = frame[0]!.id
    const rects = await boxes(page)
    expect(rects.find((r) => r.id === frameId)!.group).toBe(true)
    const byId = new Map(rects.map((r) => [r.id, r]))
    const inFrame = (r: Box): boolean => {
      for (let p = r.parent; p; p = byId.get(p)?.parent ?? null) if (p === frameId) return true
      return false
    }
    const mine = rects.filter(inFrame)
    expect(mine.length).toBe(want.created)
    expect(s.edges.length).toBe(want.edges)

    await page.waitForTimeout(400)
    await page.screenshot({ path: `test-results/e2e/formats-drop-${format}.png` })
    const wrong: string[] = []
    // Nothing on top of anything: no two node boxes overlap (a frame inside the file, a GraphML
    // nested graph, holds its own members), and the frame holds every node of the file.
    const solid = rects.filter((r) => !r.group)
    for (let i = 0; i < solid.length; i++)
      for (let j = i + 1; j < solid.length; j++)
        if (overlap(solid[i]!, solid[j]!)) wrong.push(`${solid[i]!.summary} overlaps ${solid[j]!.summary}`)
    // Beside the selection: the frame, as the canvas draws it around its members, does not cover the
    // selected node.
    const f = (await frameBoxes(page, frameId))!
    if (overlap({ ...byId.get(frameId)!, ...f }, byId.get(root)!))
      wrong.push('the frame covers the selected node')
    // A mind map growing right: every topic right of the topic it is under.
    for (const r of mine) {
      const p = r.parent ? byId.get(r.parent) : undefined
      if (p && p.id !== frameId && !p.group && r.x < p.x + p.width)
        wrong.push(`${r.summary} is not right of ${p.summary}`)
    }
    expect(wrong).toEqual([])
    // The frame as drawn holds the file's top topics (polled: a loaded machine measures the nodes over
    // a few frames); the test below checks every topic of the file.
    await expect
      .poll(async () => {
        const drawn = await drawnBoxes(page)
        const fr = drawn.get(frameId)
        if (!fr) return ['the frame is not drawn']
        return mine
          .filter((r) => !r.group && r.parent === frameId && drawn.has(r.id))
          .filter((r) => !inside(drawn.get(r.id)!, fr))
          .map((r) => `${r.summary} is drawn outside the frame`)
      })
      .toEqual([])

    // The toast: what came in, the frame, and what could not be kept, each loss in the details.
    const said = (await toasts()).find((t) => t.includes(`Imported ${name}`))!
    expect(said).toContain(`${want.created} node${want.created === 1 ? '' : 's'} created`)
    expect(said).toContain('in a frame of its own')
    if (want.lost.length) {
      expect(said).toContain('Not kept:')
      for (const l of want.lost) expect(said).toContain(l)
    } else expect(said).not.toContain('Not kept:')
    await waitSynced(page)
    await context.close()
  })
}

test('dropping the same file again adds a second frame, and the toast says it is a second copy', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Twice')
  const toasts = await recordToasts(page)
  const path = 'freemind/bugs.mm'
  const name = nameOf(path)
  const data = bytes(path)
  const want = expected('freemind', data)
  await drop(page, name, data)
  await expect.poll(async () => (await toasts()).some((t) => t.includes(`Imported ${name}:`))).toBe(true)
  const once = (await graphState(page)).nodes.length
  await drop(page, name, data)
  await expect.poll(async () => (await toasts()).some((t) => t.includes(`Imported ${name} again`))).toBe(true)
  const s = await graphState(page)
  // Every node again, in a second frame named after the file (a frame never merges into the graph).
  expect(s.nodes.length).toBe(once + want.created + 1)
  expect(s.nodes.filter((n) => n.summary === 'bugs' && n.parent === null).length).toBe(2)
  const said = (await toasts()).find((t) => t.includes(`Imported ${name} again`))!
  expect(said).toContain(`every one of its ${want.created} nodes was already here, so this is a second copy`)
  await waitSynced(page)
  await context.close()
})

// A frame holds its members' branches (canvas/frames.ts): a dropped map's topics hang from its central topic.
test('the frame of a dropped mind map is drawn around all of it, not only its central topic', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await page.setViewportSize({ width: 1440, height: 900 })
  await createGraph(page, 'Whole')
  const toasts = await recordToasts(page)
  const path = 'mindmap/docs-example.mmd'
  const name = nameOf(path)
  const want = expected('mindmap', bytes(path))
  await drop(page, name, bytes(path))
  await expect.poll(async () => (await toasts()).some((t) => t.includes(`Imported ${name}`))).toBe(true)
  await expect
    .poll(async () => (await graphState(page)).nodes.filter((n) => n.x !== null).length)
    .toBe(1 + want.created)
  const state = await graphState(page)
  const frameId = state.nodes.find((n) => n.summary === 'docs-example')!.id
  // The file's nodes: every node with the frame above it (the graph's own root is not the file's).
  const parent = new Map(state.nodes.map((n) => [n.id, n.parent]))
  const inFile = (id: string): boolean => {
    for (let p = parent.get(id); p; p = parent.get(p)) if (p === frameId) return true
    return false
  }
  const names = new Map(state.nodes.map((n) => [n.id, n.summary]))
  expect(state.nodes.filter((n) => inFile(n.id))).toHaveLength(want.created)
  await expect
    .poll(
      async () => {
        const drawn = await drawnBoxes(page)
        const fr = drawn.get(frameId)
        if (!fr) return ['the frame is not drawn']
        return [...drawn]
          .filter(([id, r]) => inFile(id) && !inside(r, fr))
          .map(([id]) => `${names.get(id)} is drawn outside the frame`)
      },
      { timeout: 5000 },
    )
    .toEqual([])
  await context.close()
})
