import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { createGraph, newPage, node, selectNode } from './helpers.ts'

/** Trip > Travel > (Trains > Book seats, Ferries), typed from a new graph; Ferries' name is still being typed. */
async function typeTrip(page: Page): Promise<void> {
  await createGraph(page, 'Trip')
  const k = page.keyboard
  await k.press('Enter')
  await k.press('Tab')
  await k.type('Travel')
  await k.press('Tab')
  await k.type('Trains')
  await k.press('Tab')
  await k.type('Book seats')
  await k.press('Enter')
  await k.press('ArrowLeft')
  await k.press('Enter')
  await k.type('Ferries')
}

test('Space folds a branch away, showing how many nodes it holds, and opens it again', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await typeTrip(page)
  const k = page.keyboard
  await k.press('Enter')
  await expect(node(page, 'Book seats')).toBeVisible()
  await selectNode(page, 'Travel')
  await k.press('Space')
  for (const s of ['Trains', 'Book seats', 'Ferries']) await expect(node(page, s)).toHaveCount(0)
  await expect(node(page, 'Travel').getByTestId('folded')).toHaveText('+3')
  await expect(page.locator('.react-flow__edge:visible')).toHaveCount(1) // root -> Travel only
  await k.press('Space')
  for (const s of ['Trains', 'Book seats', 'Ferries']) await expect(node(page, s)).toBeVisible()
  await expect(node(page, 'Travel').getByTestId('folded')).toHaveCount(0)
  await context.close()
})

test('a folded branch is folded in the minimap too: it draws the nodes the canvas shows', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await typeTrip(page)
  const k = page.keyboard
  await k.press('Enter')
  await expect(node(page, 'Book seats')).toBeVisible()
  // The node rectangles the minimap's canvas shows: its painted pixels in 4-connected blobs (a layer is
  // patched cell by cell, so counting draw calls would not say what is on it).
  const drawn = () =>
    page.locator('[data-testid=minimap] canvas').evaluate((c: HTMLCanvasElement) => {
      const { width: w, height: h } = c
      const px = c.getContext('2d')!.getImageData(0, 0, w, h).data
      const seen = new Uint8Array(w * h)
      let blobs = 0
      for (let i = 0; i < w * h; i++) {
        if (seen[i] || px[i * 4 + 3] === 0) continue
        blobs++
        const stack = [i]
        seen[i] = 1
        while (stack.length) {
          const j = stack.pop()!
          const x = j % w
          for (const k of [j - w, j + w, x > 0 ? j - 1 : -1, x < w - 1 ? j + 1 : -1]) {
            if (k < 0 || k >= w * h || seen[k] || px[k * 4 + 3] === 0) continue
            seen[k] = 1
            stack.push(k)
          }
        }
      }
      return blobs
    })
  await expect.poll(drawn).toBe(5)
  await selectNode(page, 'Travel')
  await k.press('Space')
  await expect(node(page, 'Travel').getByTestId('folded')).toHaveText('+3')
  await expect.poll(drawn).toBe(2) // the root and Travel
  await k.press('Space')
  await expect.poll(drawn).toBe(5)
  await context.close()
})

test('a folded branch on the left of a mind map shows its count on its left, where the branch grows', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Compass')
  const k = page.keyboard
  await k.press('Enter')
  for (const [i, b] of ['North', 'East', 'South', 'West'].entries()) {
    await k.press(i === 0 ? 'Tab' : 'Enter')
    await k.type(b)
    await k.press('Tab')
    await k.type(`${b} 1`)
    await k.press('Enter')
    await k.type(`${b} 2`)
    await k.press('Enter')
    await k.press('ArrowLeft')
  }
  await k.press('Escape')
  await k.press('Shift+M')
  const box = async (s: string) => (await node(page, s).boundingBox())!
  await expect.poll(async () => (await box('West')).x < (await box('Compass')).x).toBe(true)
  for (const [b, side] of [
    ['West', 'left'],
    ['East', 'right'],
  ] as const) {
    await selectNode(page, b)
    await k.press('Space')
    const n = await box(b)
    const badge = (await node(page, b).getByTestId('folded').boundingBox())!
    if (side === 'left') expect(badge.x + badge.width, b).toBeLessThanOrEqual(n.x)
    else expect(badge.x, b).toBeGreaterThanOrEqual(n.x + n.width)
  }
  await context.close()
})

test('a folded branch keeps its dependencies visible: the edge is drawn to the folded node, and back when opened', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await typeTrip(page)
  const k = page.keyboard
  await k.press('Tab')
  await k.type('Pay ferry')
  await k.press('Enter')
  await k.press('Escape')
  await k.press('Escape')
  await selectNode(page, 'Travel')
  await k.press('Enter')
  await k.type('Pack')
  await k.press('Enter')
  await k.press('Escape')
  await expect(node(page, 'Pay ferry')).toBeVisible()
  // Pack depends on a node in each of Travel's branches (made in the inspector, as a person does).
  for (const target of ['Book seats', 'Pay ferry']) {
    await node(page, 'Pack').click()
    const to = page.getByRole('combobox', { name: 'Connect to a node' })
    await to.fill(target)
    await expect(page.getByRole('option', { name: new RegExp(target) }).first()).toBeVisible()
    await to.press('Enter')
    await k.press('Escape')
  }
  const deps = page.locator('.react-flow__edge:visible:has(path.pedge-dep)')
  await expect(deps).toHaveCount(2)
  /** Which node each visible dependency edge ends at: the node whose box holds its last point. */
  const endsAt = () =>
    deps.evaluateAll((gs) =>
      gs
        .map((g) => {
          const path = g.querySelector<SVGPathElement>('path.pedge')!
          const end = path.getPointAtLength(path.getTotalLength()).matrixTransform(path.getScreenCTM()!)
          const hit = Array.from(document.querySelectorAll<HTMLElement>('[data-testid=node]')).find((n) => {
            const r = n.getBoundingClientRect()
            return end.x >= r.left - 4 && end.x <= r.right + 4 && end.y >= r.top - 4 && end.y <= r.bottom + 4
          })
          return hit?.querySelector('[data-testid=node-summary]')?.textContent ?? ''
        })
        .sort(),
    )
  await expect
    .poll(endsAt)
    .toEqual([expect.stringContaining('Book seats'), expect.stringContaining('Pay ferry')])

  await selectNode(page, 'Travel')
  await k.press('Space')
  await expect(node(page, 'Book seats')).toHaveCount(0)
  // One dashed line from Pack to the folded node, saying what it stands for.
  await expect(deps).toHaveCount(1)
  await expect.poll(endsAt).toEqual([expect.stringContaining('Travel')])
  const line = page.getByTestId('folded-edge')
  await expect(line).toContainText('depends on Book seats, Pay ferry')
  await expect(line.getByTestId('folded-edge-count')).toHaveText('2')
  await expect(node(page, 'Pack')).toBeVisible()
  // The SVG export draws what the canvas shows: the line to the folded node, not the nodes folded away.
  await page.getByTestId('io-menu').click()
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()])
  const svg = readFileSync((await file.path())!).toString('utf8')
  expect(svg).toContain('data-edge="fold:')
  expect(svg).toContain('depends on Book seats, Pay ferry')
  expect(svg).not.toContain('>Book seats<')
  await selectNode(page, 'Travel')

  await k.press('Space')
  await expect(deps).toHaveCount(2)
  await expect
    .poll(endsAt)
    .toEqual([expect.stringContaining('Book seats'), expect.stringContaining('Pay ferry')])
  await expect(line).toHaveCount(0)
  await context.close()
})
