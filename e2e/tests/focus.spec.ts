import { expect, test } from '@playwright/test'
import { createGraph, graphState, newPage, node, selectNode, waitSynced } from './helpers.ts'

/** Summaries and notes of every node, to check that typing into an editor changed nothing else. */
async function snapshot(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const ix = window.__plexus!.session.g.index
    return [...ix.nodes.values()]
      .filter((n) => ix.live(n.id))
      .map((n) => ({ id: n.id, summary: n.summary, notes: n.notes }))
      .sort((a, b) => a.id.localeCompare(b.id))
  })
}

test('notes typed after one click on "Add notes" land in the notes, not on the canvas', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Pilot')
  const root = node(page, 'Pilot')
  await root.click()
  await page.getByRole('button', { name: 'Add notes (markdown)…' }).click()
  const k = page.keyboard
  await k.type('## Pilot plan')
  await k.press('Enter')
  await k.type('Two sites first')
  await k.press('Control+Enter') // saves and leaves the editor
  await expect(page.getByTestId('notes-view').getByRole('heading')).toHaveText('Pilot plan')
  const s = await graphState(page)
  expect(s.nodes.map((n) => n.summary)).toEqual(['Pilot'])
  const notes = await page.evaluate(() => [...window.__plexus!.session.g.index.nodes.values()][0]!.notes)
  expect(notes).toBe('## Pilot plan\nTwo sites first')
  // The keyboard is back on the canvas, and the node shows that it has notes.
  await expect(page.getByTestId('canvas')).toBeFocused()
  await expect(node(page, 'Pilot').getByTestId('notes-marker')).toBeVisible()
  await waitSynced(page)
  await context.close()
})

test('the notes editor closes when the selection changes, and Escape leaves it unsaved', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Trip')
  const k = page.keyboard
  await selectNode(page, 'Trip')
  await k.press('Tab')
  await k.type('Train')
  await k.press('Enter')
  await node(page, 'Trip').click()
  await page.getByRole('button', { name: 'Add notes (markdown)…' }).click()
  await k.type('draft')
  await node(page, 'Train').click()
  // Another node's inspector: no editor left open from the last one, and the draft was kept where typed.
  await expect(page.getByTestId('inspector').locator('textarea')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add notes (markdown)…' })).toBeVisible()
  await page.getByRole('button', { name: 'Add notes (markdown)…' }).click()
  await k.type('never saved')
  await k.press('Escape')
  await expect(page.getByTestId('inspector').locator('textarea')).toHaveCount(0)
  const after = await snapshot(page)
  expect(after.map((n) => [n.summary, n.notes]).sort()).toEqual([
    ['Train', ''],
    ['Trip', 'draft'],
  ])
  await context.close()
})

test('typing into every editor changes no node but the one edited', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Focus')
  const k = page.keyboard
  await selectNode(page, 'Focus')
  await k.press('Tab')
  await k.type('Child')
  await k.press('Enter')
  await waitSynced(page)
  const before = await snapshot(page)
  // Each editor opened with one click must have the keyboard; text with Enter, letters and Delete.
  const editors: Array<{ name: string; open: () => Promise<void> }> = [
    { name: 'search', open: () => page.getByTestId('search-open').click() },
    { name: 'graph title', open: () => page.getByTestId('graph-title').click() },
    { name: 'add relation', open: () => page.getByTestId('add-relation').click() },
  ]
  for (const ed of editors) {
    await node(page, 'Child').click()
    await ed.open()
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA'].includes(el.tagName))
    })
    expect(focused, `${ed.name} takes focus`).toBe(true)
    await k.type('xq')
    await k.press('Backspace')
    await k.press('Backspace')
    await k.press('Escape')
    await k.press('Escape')
  }
  expect(await snapshot(page)).toEqual(before)
  await context.close()
})
