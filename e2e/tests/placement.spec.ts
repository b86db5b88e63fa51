import { expect, test, type Page } from '@playwright/test'
import { createGraph, graphState, newPage, selectNode, waitSynced } from './helpers.ts'

interface Box {
  x: number
  y: number
  width: number
  height: number
}
const hit = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Screen boxes of every rendered node, by summary. */
async function boxes(page: Page): Promise<Array<Box & { text: string }>> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node')).map((el) => {
      const r = el.getBoundingClientRect()
      return { text: el.innerText.split('\n')[0]!, x: r.x, y: r.y, width: r.width, height: r.height }
    }),
  )
}

async function overlapping(page: Page): Promise<string[]> {
  const b = await boxes(page)
  const out: string[] = []
  for (let i = 0; i < b.length; i++)
    for (let j = i + 1; j < b.length; j++) if (hit(b[i]!, b[j]!)) out.push(`${b[i]!.text} / ${b[j]!.text}`)
  return out
}

/** Nodes drawn under the minimap, the canvas toolbar or the zoom controls. */
async function underOverlays(page: Page, only?: string): Promise<string[]> {
  const covers = await page.evaluate(() =>
    ['.pminimap', '.toolbar', '.controls'].flatMap((sel) => {
      const el = document.querySelector(sel)
      if (!el) return []
      const r = el.getBoundingClientRect()
      return [{ sel, x: r.x, y: r.y, width: r.width, height: r.height }]
    }),
  )
  const out: string[] = []
  const nodes = (await boxes(page)).filter((n) => only === undefined || n.text === only)
  for (const n of nodes) for (const c of covers) if (hit(n, c)) out.push(`${n.text} under ${c.sel}`)
  return out
}

test('placement: growing nodes push their branch, siblings stay in order, nothing lands under the overlays', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Garden')
  const k = page.keyboard
  await k.press('Enter')
  await k.press('Tab')
  await k.type('Beds')
  await k.press('Enter')
  const names = ['Tomatoes', 'Beans', 'Peas', 'Onions', 'Garlic', 'Leeks', 'Kale', 'Chard', 'Squash', 'Herbs']
  await k.press('Tab')
  for (const [i, n] of names.entries()) {
    if (i) await k.press('Enter')
    await k.type(n)
    await k.press('Enter')
    await page.waitForTimeout(350) // the view follows the new node
    // The node just added is in the clear, not under the minimap, the toolbar or the controls.
    expect(await underOverlays(page, n), `after adding ${n}`).toEqual([])
  }
  // Siblings read top to bottom in the order they were added.
  const s = await graphState(page)
  const ys = names.map((n) => s.nodes.find((v) => v.summary === n)!.y!)
  expect([...ys].sort((a, b) => a - b)).toEqual(ys)

  // A node whose text grows does not run into its children or the siblings below it.
  await k.press('Escape')
  await k.press('Escape')
  await k.press('Shift+Digit1')
  await page.waitForTimeout(400)
  await selectNode(page, 'Beds')
  await k.press('F2')
  await k.type('Raised beds along the south fence, with drip irrigation and a cold frame')
  await k.press('Enter')
  await selectNode(page, 'Beans')
  await k.press('F2')
  await k.type('Runner beans on a wigwam of hazel poles, sown after the last frost')
  await k.press('Enter')
  await page.waitForTimeout(400)
  await k.press('Escape')
  await k.press('Shift+Digit1')
  await page.waitForTimeout(500)
  expect(await overlapping(page)).toEqual([])
  // Fit leaves the overlays clear.
  expect(await underOverlays(page)).toEqual([])
  await waitSynced(page)
  await context.close()
})
