import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { centre, createGraph, importText, newPage, node, waitSynced } from './helpers.ts'

// Mermaid subgraphs drawn as frames behind their members (canvas/frames.ts): titled, around their
// members, a nested subgraph inside its parent's frame, following a member that moves.
const FLOWCHART = `flowchart LR
  start([Start]) --> p1
  subgraph build[Build stage]
    p1[Compile sources] --> p2[Run unit tests]
    subgraph pack[Packaging]
      p3[Bundle assets] --> p4[Sign bundle]
    end
    p2 --> p3
  end
  subgraph ship[Ship stage]
    s1[Upload release] --> s2[Announce release]
  end
  p4 --> s1
`

interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** Screen boxes of the frame titled `title` and of the nodes named `members`. */
async function boxes(page: Page, title: string, members: string[]) {
  const frame = page.locator('[data-testid="node"].shape-group').filter({ hasText: title })
  await expect(frame).toHaveCount(1)
  const f = (await frame.boundingBox())!
  const m: Box[] = []
  for (const s of members) m.push((await node(page, s).boundingBox())!)
  return { frame: f, members: m }
}

const inside = (a: Box, b: Box): boolean =>
  a.x >= b.x - 0.5 &&
  a.y >= b.y - 0.5 &&
  a.x + a.width <= b.x + b.width + 0.5 &&
  a.y + a.height <= b.y + b.height + 0.5
const apart = (a: Box, b: Box): boolean =>
  a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y

test('imported Mermaid subgraphs are frames around their members, nested, following them, exported back', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Framed')
  await importText(page, 'release.mmd', FLOWCHART)
  // Three subgraphs, in the frame of the file they came from.
  await expect(page.locator('[data-testid="node"].shape-group')).toHaveCount(4)
  await page.waitForTimeout(600)

  // Drawn once the frames have their members' measured boxes (a loaded machine takes a few frames).
  await expect
    .poll(async () => {
      const b = await boxes(page, 'Ship stage', ['Upload release', 'Announce release'])
      return b.members.every((m) => inside(m, b.frame))
    })
    .toBe(true)
  const build = await boxes(page, 'Build stage', [
    'Compile sources',
    'Run unit tests',
    'Bundle assets',
    'Sign bundle',
  ])
  const pack = await boxes(page, 'Packaging', ['Bundle assets', 'Sign bundle'])
  const ship = await boxes(page, 'Ship stage', ['Upload release', 'Announce release'])
  for (const b of [build, pack, ship]) for (const m of b.members) expect(inside(m, b.frame)).toBe(true)
  // The nested subgraph's frame is inside its parent's; the two stages' frames do not overlap, and
  // nodes outside a frame are not inside it.
  expect(inside(pack.frame, build.frame)).toBe(true)
  expect(apart(build.frame, ship.frame)).toBe(true)
  const start = (await node(page, 'Start').boundingBox())!
  for (const f of [build.frame, ship.frame]) expect(apart(start, f)).toBe(true)
  for (const m of ship.members) expect(apart(m, build.frame)).toBe(true)
  // The frame is titled: its title is in its top band, above its members.
  const title = (await page
    .locator('[data-testid="node"].shape-group')
    .filter({ hasText: 'Ship stage' })
    .getByTestId('node-summary')
    .first()
    .boundingBox())!
  for (const m of ship.members) expect(title.y + title.height).toBeLessThanOrEqual(m.y + 0.5)

  // A member dragged far to the right: its frame (and only its own) grows to keep it inside.
  const from = await centre(node(page, 'Announce release'))
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + i * 12, from.y + i * 6)
  await page.mouse.up()
  await expect
    .poll(async () => {
      const after = await boxes(page, 'Ship stage', ['Upload release', 'Announce release'])
      return after.members.every((m) => inside(m, after.frame)) && after.frame.width > ship.frame.width
    })
    .toBe(true)

  // Dragging a frame by its title carries its members along, by the same distance.
  const held = await boxes(page, 'Ship stage', ['Upload release', 'Announce release'])
  await page.mouse.move(held.frame.x + 40, held.frame.y + 12)
  await page.mouse.down()
  for (let i = 1; i <= 10; i++) await page.mouse.move(held.frame.x + 40, held.frame.y + 12 + i * 8)
  await page.mouse.up()
  await expect
    .poll(async () => {
      const after = await boxes(page, 'Ship stage', ['Upload release', 'Announce release'])
      const dy = after.frame.y - held.frame.y
      return (
        dy > 40 &&
        after.members.every((m, i) => Math.abs(m.y - held.members[i]!.y - dy) < 2) &&
        after.members.every((m) => inside(m, after.frame))
      )
    })
    .toBe(true)

  // The Mermaid export keeps the subgraphs, nested.
  await waitSynced(page)
  await page.getByTestId('io-menu').click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-mermaid').click(),
  ])
  const text = readFileSync((await download.path())!).toString('utf8')
  expect(text).toMatch(
    /subgraph [^\n]*Build stage[^\n]*\n[\s\S]*subgraph [^\n]*Packaging[\s\S]*end[\s\S]*end/,
  )
  expect(text).toMatch(/subgraph [^\n]*Ship stage/)
  await context.close()
})
