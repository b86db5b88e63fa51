import { expect, test, type Page } from '@playwright/test'
import { mindMap, newPage, node, positions, waitSynced } from './helpers.ts'

// A shape is drawn where layout reserved room for it: setting any shape on a node in a mind map with
// siblings and a next branch leaves every node's drawn extent (its box, the polygon drawn for it, a CSS
// outline around it) clear of every other's. And that change is one undo step: Ctrl+Z puts back the
// shape and everything the change moved.

interface Extent {
  summary: string
  x0: number
  y0: number
  x1: number
  y1: number
}

/** What each node draws on the screen: its box, its outline polygon, and a CSS outline around it. */
async function extents(page: Page): Promise<Extent[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-testid="node"]')).map((el) => {
      const r = el.getBoundingClientRect()
      let [x0, y0, x1, y1] = [r.left, r.top, r.right, r.bottom]
      const poly = el.querySelector('[data-testid="node-outline"] polygon')
      if (poly) {
        const p = poly.getBoundingClientRect()
        ;[x0, y0, x1, y1] = [
          Math.min(x0, p.left),
          Math.min(y0, p.top),
          Math.max(x1, p.right),
          Math.max(y1, p.bottom),
        ]
      }
      const css = getComputedStyle(el)
      if (css.outlineStyle !== 'none') {
        const o = parseFloat(css.outlineWidth) + parseFloat(css.outlineOffset)
        ;[x0, y0, x1, y1] = [
          Math.min(x0, r.left - o),
          Math.min(y0, r.top - o),
          Math.max(x1, r.right + o),
          Math.max(y1, r.bottom + o),
        ]
      }
      const summary = el.querySelector('[data-testid="node-summary"]')?.textContent ?? ''
      return { summary, x0, y0, x1, y1 }
    }),
  )
}

function collisions(es: Extent[]): string[] {
  const out: string[] = []
  for (let i = 0; i < es.length; i++)
    for (let j = i + 1; j < es.length; j++) {
      const [a, b] = [es[i]!, es[j]!]
      if (a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1) out.push(`${a.summary} × ${b.summary}`)
    }
  return out
}

test('every shape set on a node in a mind map is drawn clear of its siblings and the next branch', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await mindMap(page, 'Shapes need room')
  const shapes = await page
    .getByTestId('insp-shape')
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  expect(shapes.length).toBeGreaterThan(5)
  expect(collisions(await extents(page))).toEqual([])
  for (const target of ['North three', 'South two', 'North']) {
    for (const shape of shapes) {
      await node(page, target).click()
      await page.getByTestId('insp-shape').selectOption(shape)
      await expect(node(page, target)).toHaveClass(
        shape === 'rect' ? /pnode/ : new RegExp(`shape-${shape}\\b`),
      )
      // The push (if any) lands within a frame or two of the shape; poll until it settles.
      await expect
        .poll(async () => collisions(await extents(page)), { message: `${shape} on ${target}` })
        .toEqual([])
    }
    await page.screenshot({ path: `/tmp/h15small-shapes-${target.replace(/\s/g, '-')}.png` })
  }
  await context.close()
})

test('Ctrl+Z after a shape change puts back the shape and every node the change moved', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await mindMap(page, 'Undo a shape')
  const before = await positions(page)
  await node(page, 'North one').click()
  await page.getByTestId('insp-shape').selectOption('diamond')
  await expect(node(page, 'North one')).toHaveClass(/shape-diamond/)
  // The diamond is taller than the box: the siblings below it move down.
  await expect.poll(async () => (await positions(page))['North two']).not.toBe(before['North two'])
  await waitSynced(page)
  await page.screenshot({ path: '/tmp/h15small-diamond.png' })

  await page.getByTestId('canvas').focus()
  await page.keyboard.press('Control+z')
  await expect(node(page, 'North one')).not.toHaveClass(/shape-diamond/)
  await expect.poll(() => positions(page)).toEqual(before)
  await page.screenshot({ path: '/tmp/h15small-shape-undo.png' })

  // Redo brings back both again.
  await page.keyboard.press('Control+Shift+z')
  await expect(node(page, 'North one')).toHaveClass(/shape-diamond/)
  await expect.poll(async () => (await positions(page))['North two']).not.toBe(before['North two'])
  await context.close()
})
