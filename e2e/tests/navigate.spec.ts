import { expect, test } from '@playwright/test'
import { createGraph, newPage, waitSynced } from './helpers.ts'

test('↓ and ↑ walk the siblings on one side of a mind map and never jump to the other half', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Week')
  // A graph that is only its root says how to grow it; the hint goes once it has grown.
  await expect(page.getByTestId('canvas-hint')).toBeVisible()
  const k = page.keyboard
  await k.press('Enter')
  for (const [i, day] of ['Mon', 'Tue', 'Wed', 'Thu'].entries()) {
    await k.press(i === 0 ? 'Tab' : 'Shift+Enter')
    await k.type(day)
  }
  await k.press('Enter')
  await k.press('Escape')
  await k.press('Escape')
  await expect(page.getByTestId('canvas-hint')).toHaveCount(0)
  await k.press('Shift+M') // two branches right, two left
  await waitSynced(page)
  const side = await page.evaluate(() => {
    const ws = window.__plexus!
    const ix = ws.session.g.index
    const root = [...ix.nodes.values()].find((n) => n.summary === 'Week')!
    const rx = ws.model.positionOf(root.id)!.x
    return Object.fromEntries(
      [...ix.nodes.values()]
        .filter((n) => n.id !== root.id)
        .map((n) => [n.summary, ws.model.positionOf(n.id)!.x > rx ? 'right' : 'left']),
    )
  })
  expect(Object.values(side).filter((s) => s === 'left').length).toBeGreaterThan(0)
  const selected = () =>
    page.evaluate(() => {
      const ws = window.__plexus!
      return ws.session.g.index.nodes.get(ws.model.selection()[0]!)!.summary
    })
  await k.press('Enter') // the root
  await k.press('ArrowRight')
  const visited: string[] = [await selected()]
  for (let i = 0; i < 3; i++) {
    await k.press('ArrowDown')
    visited.push(await selected())
  }
  for (let i = 0; i < 3; i++) {
    await k.press('ArrowUp')
    visited.push(await selected())
  }
  expect(visited.map((v) => `${v}: ${side[v]}`).filter((v) => !v.endsWith('right'))).toEqual([])
  await context.close()
})
