import { expect, test } from '@playwright/test'
import { baseUrl, createGraph, newPage } from './helpers.ts'

test('home lists graphs with counts; rename and delete; offline it still lists this device’s graphs', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  page.removeAllListeners('dialog')
  const keep = await createGraph(page, 'Keep me')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await page.keyboard.type('A child')
  await page.keyboard.press('Enter')
  const row = (id: string) => page.locator(`[data-testid=graph-row][data-id="${id}"]`)
  // Back home inside the app: the line for the graph just edited follows IndexedDB live.
  await page.getByTestId('home-link').click()
  await expect(row(keep)).toContainText('Keep me')
  await expect(row(keep)).toContainText('2 nodes')
  const drop = await createGraph(page, 'Delete me')
  await page.getByTestId('home-link').click()
  await expect(row(drop)).toContainText('1 node')
  await expect(row(keep)).toBeVisible()

  page.once('dialog', (d) => void d.accept('Kept, renamed'))
  await row(keep)
    .getByRole('button', { name: /Rename/ })
    .click()
  await expect(row(keep)).toContainText('Kept, renamed')

  page.once('dialog', (d) => void d.accept())
  await row(drop).getByTestId('delete-graph').click()
  await expect(row(drop)).toHaveCount(0)
  const server = (await (await fetch(`${baseUrl()}/api/graphs`)).json()) as { graphs: Array<{ id: string }> }
  expect(server.graphs.map((g) => g.id)).not.toContain(drop)

  // The address opens the graph directly.
  await page.goto(`/g/${keep}`)
  await expect(page.getByTestId('graph-title')).toHaveValue('Kept, renamed')

  await context.setOffline(true)
  await page.goto('/')
  await expect(page.getByTestId('server-offline')).toBeVisible()
  await expect(row(keep)).toContainText('Kept, renamed')
  await context.close()
})
