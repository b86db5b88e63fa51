import { expect, test } from '@playwright/test'
import { centre, createGraph, graphState, newPage, node, waitSynced } from './helpers.ts'

test('a connection dropped anywhere on a node body connects, in the direction the preview showed', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Plan')
  const k = page.keyboard
  await k.press('Enter')
  await k.press('Tab')
  await k.type('API')
  await k.press('Enter')
  await k.press('Enter')
  await k.type('Database')
  await k.press('Enter')
  await k.press('Escape')
  await waitSynced(page)

  const api = node(page, 'API')
  const db = node(page, 'Database')
  await api.hover()
  const handle = api.locator('.react-flow__handle-right')
  await expect(handle).toBeVisible()
  const hb = (await handle.boundingBox())!
  // Big enough to hit without pixel hunting.
  expect(hb.width).toBeGreaterThanOrEqual(14)
  expect(hb.height).toBeGreaterThanOrEqual(14)

  const from = await centre(handle)
  const to = await centre(db)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10)
  // Before release: the preview names the edge type and its direction.
  await expect(page.getByTestId('connection-preview')).toHaveText('API depends on Database')
  // The sentence is clear of every node's text (it was drawn over the nodes it joins).
  const label = (await page.getByTestId('connection-preview').boundingBox())!
  for (const box of await page.getByTestId('node').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height }
    }),
  ))
    expect(
      label.x + label.width <= box.x ||
        box.x + box.width <= label.x ||
        label.y + label.height <= box.y ||
        box.y + box.height <= label.y,
      `label ${JSON.stringify(label)} over node ${JSON.stringify(box)}`,
    ).toBe(true)
  await page.mouse.up()

  const s = await graphState(page)
  const id = (summary: string) => s.nodes.find((n) => n.summary === summary)!.id
  await expect
    .poll(async () => (await graphState(page)).edges.filter((e) => e.type !== 'contains'))
    .toEqual([{ from: id('API'), to: id('Database'), type: 'depends_on' }])
  await expect(page.getByTestId('connection-preview')).toHaveCount(0)
  await waitSynced(page)
  await context.close()
})
