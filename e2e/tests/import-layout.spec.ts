import { expect, test } from '@playwright/test'
import { createGraph, graphState, importText, newPage, waitSynced } from './helpers.ts'

/** A 30-node flowchart: three subgraphs of eight steps, a start, an end and four shared services. */
function flowchart(): string {
  const lines = ['flowchart LR', '  start([Start]) --> a1']
  for (const s of ['a', 'b', 'c']) {
    lines.push(`  subgraph ${s}[Stage ${s.toUpperCase()}]`)
    for (let i = 1; i <= 8; i++) lines.push(`    ${s}${i}[Step ${s.toUpperCase()}${i} of the stage]`)
    for (let i = 1; i < 8; i++) lines.push(`    ${s}${i} --> ${s}${i + 1}`)
    lines.push('  end')
  }
  lines.push('  a8 --> b1', '  b8 --> c1', '  c8 --> done((Done))')
  for (let i = 1; i <= 4; i++)
    lines.push(`  svc${i}[(Service ${i})]`, `  a${i * 2} -.-> svc${i}`, `  c${i} -.-> svc${i}`)
  return lines.join('\n') + '\n'
}

test('an imported 30-node Mermaid flowchart lands with nothing on top of anything, in view', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Imported')
  const before = (await graphState(page)).nodes.length
  await importText(page, 'pipeline.mmd', flowchart())
  // The import chose its nodes' places; the graph's root is drawn where the tree puts it, stored nowhere.
  const placed = (g: Awaited<ReturnType<typeof graphState>>) =>
    g.nodes.every((n) => n.id === g.root || n.x !== null)
  await expect.poll(async () => placed(await graphState(page))).toBe(true)
  const s = await graphState(page)
  expect(s.nodes.length - before).toBeGreaterThanOrEqual(30)
  await page.waitForTimeout(600)

  // Every node's box, as the canvas sizes them, overlaps no other (the root included), except that a
  // subgraph's frame holds its own members (and only them).
  const rects = await page.evaluate(() => {
    const ws = window.__plexus!
    const ix = ws.session.g.index
    const s = ix.struct()
    return [...ix.nodes.keys()]
      .filter((id) => ix.live(id))
      .map((id) => ({
        id,
        parent: s.parent.get(id) ?? null,
        summary: ix.nodes.get(id)!.summary,
        ...ws.model.positionOf(id)!,
        ...ws.model.sizeOf(id),
      }))
  })
  const hits: string[] = []
  // The file is a frame of its own (named after it) around the three stages.
  const frames = new Set(['pipeline', 'Stage A', 'Stage B', 'Stage C'])
  const byId = new Map(rects.map((r) => [r.id, r]))
  const under = (m: (typeof rects)[number], f: (typeof rects)[number]): boolean => {
    for (let p = m.parent; p; p = byId.get(p)?.parent ?? null) if (p === f.id) return true
    return false
  }
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) {
      const a = rects[i]!
      const b = rects[j]!
      const holds = (f: typeof a, m: typeof a) =>
        frames.has(f.summary) &&
        under(m, f) &&
        m.x >= f.x &&
        m.y >= f.y &&
        m.x + m.width <= f.x + f.width &&
        m.y + m.height <= f.y + f.height
      if (holds(a, b) || holds(b, a)) continue
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
        hits.push(`${a.summary} / ${b.summary}`)
    }
  expect(hits).toEqual([])
  // Laid out in the file's direction (LR): every step of a stage sits right of the step before it.
  const x = (summary: string) => rects.find((r) => r.summary === summary)!.x
  const backwards: string[] = []
  for (const st of ['A', 'B', 'C'])
    for (let i = 1; i < 8; i++) {
      const a = `Step ${st}${i} of the stage`
      const b = `Step ${st}${i + 1} of the stage`
      if (!(x(b) > x(a))) backwards.push(`${a} -> ${b}`)
    }
  expect(backwards).toEqual([])
  // The view was fitted to what came in: the imported nodes are on screen.
  const shown = await page.locator('.react-flow__node').count()
  expect(shown).toBeGreaterThanOrEqual(30)
  await waitSynced(page)
  await context.close()
})

test('an imported outline (DSL `contains`) lands as a tree: children right of their parent, in file order, apart', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Outline')
  const lines: string[] = []
  for (let a = 1; a <= 3; a++) {
    lines.push(`Plan contains "Area ${a}"`)
    for (let t = 1; t <= 3; t++) {
      lines.push(`"Area ${a}" contains "Topic ${a}.${t}"`)
      for (let i = 1; i <= 3; i++) lines.push(`"Topic ${a}.${t}" contains "Item ${a}.${t}.${i}"`)
    }
  }
  await importText(page, 'plan.txt', lines.join('\n') + '\n')
  // The 40 nodes of the file and the frame it is in, placed by the import (the graph's root is
  // derived, stored nowhere).
  await expect.poll(async () => (await graphState(page)).nodes.filter((n) => n.x !== null).length).toBe(41)
  await page.waitForTimeout(600)
  const rects = await page.evaluate(() => {
    const ws = window.__plexus!
    const ix = ws.session.g.index
    const s = ix.struct()
    return [...ix.nodes.keys()]
      .filter((id) => ix.live(id) && ix.nodes.get(id)!.shape !== 'group')
      .map((id) => ({
        summary: ix.nodes.get(id)!.summary,
        parent: ix.nodes.get(s.parent.get(id) ?? '')?.summary ?? null,
        ...ws.model.positionOf(id)!,
        ...ws.model.sizeOf(id),
      }))
  })
  const by = new Map(rects.map((r) => [r.summary, r]))
  const wrong: string[] = []
  for (const r of rects) {
    const p = r.parent === null || r.parent === 'Outline' || r.parent === 'plan' ? null : by.get(r.parent)!
    if (p && r.x < p.x + p.width) wrong.push(`${r.summary} is not right of ${p.summary}`)
  }
  // Siblings top to bottom in the order the file gives them.
  for (const parent of ['Plan', 'Area 2', 'Topic 3.1']) {
    const kids = rects.filter((r) => r.parent === parent)
    const drawn = [...kids].sort((a, b) => a.y - b.y).map((r) => r.summary)
    const written = [...kids]
      .map((r) => r.summary)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    if (drawn.join() !== written.join()) wrong.push(`under ${parent}: ${drawn.join(', ')}`)
  }
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) {
      const a = rects[i]!
      const b = rects[j]!
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
        wrong.push(`${a.summary} overlaps ${b.summary}`)
    }
  expect(wrong).toEqual([])
  await waitSynced(page)
  await context.close()
})
