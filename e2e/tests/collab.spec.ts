import { expect, test } from '@playwright/test'
import { centre, createGraph, graphState, newPage, node, nodeId, openGraph, selectNode } from './helpers.ts'

test('create, move, connect and rename in one context appear in the other', async ({ browser }) => {
  const a = await newPage(browser)
  const b = await newPage(browser)
  const id = await createGraph(a.page, 'Two people')
  await openGraph(b.page, id)
  await expect(node(b.page, 'Two people')).toBeVisible()

  // Create: double click on empty canvas, type, Enter.
  await a.page.locator('.react-flow__pane').dblclick({ position: { x: 380, y: 520 } })
  await a.page.keyboard.type('Alpha')
  await a.page.keyboard.press('Enter')
  await expect(node(b.page, 'Alpha')).toBeVisible()

  // Create with the keyboard: a child of the root.
  await selectNode(a.page, 'Two people')
  await a.page.keyboard.press('Tab')
  await a.page.keyboard.type('Beta')
  await a.page.keyboard.press('Enter')
  await expect(node(b.page, 'Beta')).toBeVisible()

  // Move: drag Alpha; the other context sees its new position.
  const alpha = await nodeId(a.page, 'Alpha')
  const before = (await graphState(b.page)).nodes.find((n) => n.id === alpha)!
  const from = await centre(node(a.page, 'Alpha'))
  await a.page.mouse.move(from.x, from.y)
  await a.page.mouse.down()
  await a.page.mouse.move(from.x + 160, from.y + 90, { steps: 12 })
  await a.page.mouse.up()
  await expect
    .poll(async () => {
      const n = (await graphState(b.page)).nodes.find((x) => x.id === alpha)!
      return Math.round((n.x ?? 0) - (before.x ?? 0)) > 80 && Math.round((n.y ?? 0) - (before.y ?? 0)) > 40
    })
    .toBe(true)
  const onA = (await graphState(a.page)).nodes.find((n) => n.id === alpha)!
  await expect.poll(async () => (await graphState(b.page)).nodes.find((n) => n.id === alpha)!.x).toBe(onA.x)

  // Connect: drag from Alpha's right handle to Beta's left handle.
  const beta = await nodeId(a.page, 'Beta')
  await node(a.page, 'Alpha').hover()
  const src = await centre(node(a.page, 'Alpha').locator('.react-flow__handle.source'))
  const dst = await centre(node(a.page, 'Beta').locator('.react-flow__handle.target'))
  await a.page.mouse.move(src.x, src.y)
  await a.page.mouse.down()
  await a.page.mouse.move(dst.x, dst.y, { steps: 15 })
  await a.page.mouse.up()
  await expect
    .poll(async () => (await graphState(b.page)).edges)
    .toContainEqual({ from: alpha, to: beta, type: 'depends_on' })
  await expect(b.page.locator(`[data-testid="rf__edge-${alpha}>depends_on>${beta}"]`)).toHaveCount(1)

  // Rename: double click, type over the selected text, Enter.
  await node(a.page, 'Beta').dblclick()
  await a.page.keyboard.type('Beta, renamed')
  await a.page.keyboard.press('Enter')
  await expect(node(b.page, 'Beta, renamed')).toBeVisible()
  await expect(node(b.page, 'Beta')).toHaveCount(0)

  await a.context.close()
  await b.context.close()
})
