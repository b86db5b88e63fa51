import { expect, test, type Locator, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { createGraph, importText, newPage, node, openGraph, selectNode, waitSynced } from './helpers.ts'

/** The outline drawn for a shaped node, as points relative to the node's box, in fractions of its size. */
async function outline(l: Locator): Promise<number[][]> {
  return l.evaluate((el) => {
    const poly = el.querySelector<SVGPolygonElement>('[data-testid="node-outline"] polygon')
    if (!poly) return []
    const svg = poly.ownerSVGElement!
    const w = svg.viewBox.baseVal.width
    const h = svg.viewBox.baseVal.height
    return Array.from(poly.points).map((p) => [+(p.x / w).toFixed(2), +(p.y / h).toFixed(2)])
  })
}

/** The same outline in an exported SVG: the polygon of `<g data-node=id>`, relative to its box. */
function exportedOutline(svg: string, id: string): number[][] {
  const g = new RegExp(`<g data-node="${id}"[^>]*>([\\s\\S]*?)</g>`).exec(svg)?.[1] ?? ''
  const box = /<rect data-box="" x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"/.exec(g)
  const poly = /<polygon points="([^"]+)"/.exec(g)
  if (!box || !poly) return []
  const [x, y, w, h] = box.slice(1).map(Number) as [number, number, number, number]
  return poly[1]!
    .trim()
    .split(/\s+/)
    .map((p) => p.split(',').map(Number))
    .map(([px, py]) => [+((px! - x) / w).toFixed(2), +((py! - y) / h).toFixed(2)])
}

async function save(page: Page, testId: string): Promise<Buffer> {
  await page.getByTestId('io-menu').click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()])
  return readFileSync((await download.path())!)
}

const DIAMOND = [
  [0.5, 0],
  [1, 0.5],
  [0.5, 1],
  [0, 0.5],
]

test('a person sets shape and colour from the inspector, the keyboard and the toolbar; peers see it and Ctrl+Z undoes it', async ({
  browser,
}) => {
  const a = await newPage(browser)
  const id = await createGraph(a.page, 'Styles')
  const k = a.page.keyboard
  await k.press('Enter')
  await k.press('Tab')
  await k.type('Decide')
  await k.press('Enter')
  await k.press('Enter')
  await k.type('Build')
  await k.press('Enter')
  await waitSynced(a.page)
  const b = await newPage(browser)
  await openGraph(b.page, id)

  // From the inspector: a diamond, green.
  await node(a.page, 'Decide').click()
  await a.page.getByTestId('insp-shape').selectOption('diamond')
  await a.page.getByTestId('insp-color-4').click()
  const decide = node(a.page, 'Decide')
  await expect(decide).toHaveClass(/shape-diamond/)
  await expect(decide).toHaveAttribute('data-color', '4')
  // Drawn as a real diamond: its outline's corners are the middles of the box's sides.
  expect(await outline(decide)).toEqual(DIAMOND)
  // Another peer sees it.
  await expect(node(b.page, 'Decide')).toHaveClass(/shape-diamond/)
  await expect(node(b.page, 'Decide')).toHaveAttribute('data-color', '4')

  // From the keyboard (on the canvas): Alt+S picks the next shape, Alt+C the next colour.
  await a.page.getByTestId('canvas').focus()
  await selectNode(a.page, 'Build')
  await k.press('Alt+KeyS')
  await expect(node(a.page, 'Build')).toHaveClass(/shape-round/)
  await k.press('Alt+KeyC')
  await expect(node(a.page, 'Build')).toHaveAttribute('data-color', '1')
  // From the toolbar: the same actions.
  await a.page.getByTestId('tool-style.color').click()
  await expect(node(a.page, 'Build')).toHaveAttribute('data-color', '2')
  await expect(node(b.page, 'Build')).toHaveAttribute('data-color', '2')

  // Each change is one undo step, and undo reaches the other peer.
  await k.press('Control+z')
  await expect(node(a.page, 'Build')).toHaveAttribute('data-color', '1')
  await k.press('Control+z')
  await expect(node(a.page, 'Build')).not.toHaveAttribute('data-color', /./)
  await k.press('Control+z')
  await expect(node(a.page, 'Build')).not.toHaveClass(/shape-round/)
  await expect(node(b.page, 'Build')).not.toHaveClass(/shape-round/)

  // A hexagon: six corners, the slanted ones inset from the box's corners.
  await node(a.page, 'Build').click()
  await a.page.getByTestId('insp-shape').selectOption('hexagon')
  const hex = await outline(node(a.page, 'Build'))
  expect(hex).toHaveLength(6)
  expect(hex.filter(([, y]) => y === 0.5).map(([x]) => x)).toEqual([1, 0])

  // The SVG export draws the same outlines.
  await waitSynced(a.page)
  const svg = (await save(a.page, 'export-svg')).toString('utf8')
  const decideId = (await decide.getAttribute('data-id'))!
  const buildId = (await node(a.page, 'Build').getAttribute('data-id'))!
  expect(exportedOutline(svg, decideId)).toEqual(DIAMOND)
  expect(exportedOutline(svg, buildId)).toEqual(hex)
  await a.context.close()
  await b.context.close()
})

test('the fills of a Mermaid file colour its nodes: style, then class, as Mermaid applies them', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Fills')
  // The Mermaid docs' styling examples ("Styling a node", "Classes").
  await importText(
    page,
    'styled.mmd',
    [
      'flowchart LR',
      '    id1(Start)-->id2(Stop)',
      '    id2 --> id3[Ship]:::someclass',
      '    style id1 fill:#f9f,stroke:#333,stroke-width:4px',
      '    style id2 fill:#bbf,stroke:#f66,stroke-width:2px,color:#fff,stroke-dasharray: 5 5',
      '    classDef someclass fill:#f96',
    ].join('\n'),
  )
  await expect(node(page, 'Start')).toHaveAttribute('data-color', '#ff99ff')
  await expect(node(page, 'Stop')).toHaveAttribute('data-color', '#bbbbff')
  await expect(node(page, 'Ship')).toHaveAttribute('data-color', '#ff9966')
  // The inspector shows it as the node's colour, which a person can change like any other.
  await node(page, 'Ship').click()
  await page.getByTestId('insp-color-4').click()
  await expect(node(page, 'Ship')).toHaveAttribute('data-color', '4')
  await waitSynced(page)
  await context.close()
})
