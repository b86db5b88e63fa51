import { expect, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { createGraph, graphState, importText, newPage, node } from './helpers.ts'

test('export as JSON, Mermaid, SVG and PNG; import a Mermaid file; copy and paste into another graph', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const id = await createGraph(page, 'Files in and out')
  const k = page.keyboard
  await k.press('Enter')
  await k.press('Tab')
  await k.type('Design <b>bold</b> & "quoted"')
  await k.press('Tab')
  await k.type('Prototype')
  await k.press('Enter')

  const save = async (testId: string) => {
    await page.getByTestId('io-menu').click()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()])
    return { name: download.suggestedFilename(), text: readFileSync((await download.path())!) }
  }
  const json = await save('export-json')
  expect(json.name).toBe(`${id}.json`)
  const parsed = JSON.parse(json.text.toString('utf8')) as { nodes: Array<{ summary: string }> }
  expect(parsed.nodes.map((n) => n.summary)).toContain('Prototype')
  const mermaid = await save('export-mermaid')
  expect(mermaid.text.toString('utf8')).toMatch(/^(flowchart|graph) /m)
  const svg = await save('export-svg')
  const svgText = svg.text.toString('utf8')
  expect(svgText).toContain('&lt;b&gt;bold&lt;/b&gt;')
  expect(svgText).not.toContain('<b>')
  const png = await save('export-png')
  expect(png.text.subarray(1, 4).toString('latin1')).toBe('PNG')

  // Import: a Mermaid flowchart picked from disk lands under the selected node, in a frame of its own
  // laid out like its source. The import chose its nodes' places and stores them (the frame and the
  // file's two nodes); the map's own nodes are drawn where the tree puts them and stored nowhere, before
  // and after (layout is derived, positions are chosen: nobody placed them by hand).
  const mapIds = new Set((await graphState(page)).nodes.map((n) => n.id))
  await node(page, 'Prototype').click()
  await importText(page, 'plan.mmd', 'flowchart LR\n  A[Collect feedback] -->|depends_on| B[Ship beta]\n')
  await expect(node(page, 'Collect feedback')).toBeVisible()
  const fromFile = async () => (await graphState(page)).nodes.filter((n) => !mapIds.has(n.id))
  await expect.poll(async () => (await fromFile()).filter((n) => n.x !== null && n.y !== null).length).toBe(3)
  expect((await fromFile()).length).toBe(3)
  expect(
    (await graphState(page)).nodes.filter((n) => mapIds.has(n.id)).map((n) => [n.summary, n.x, n.y]),
  ).toEqual([...mapIds].map(() => [expect.any(String), null, null]))

  // Copy two nodes, open another graph, paste: new nodes with the same text and the same edge.
  await node(page, 'Collect feedback').click()
  await node(page, 'Ship beta').click({ modifiers: ['Shift'] })
  await k.press('Control+c')
  const other = await createGraph(page, 'Pasted into')
  expect(other).not.toBe(id)
  await page.getByTestId('canvas').focus()
  await k.press('Control+v')
  await expect(node(page, 'Collect feedback')).toBeVisible()
  await expect(node(page, 'Ship beta')).toBeVisible()
  const s = await graphState(page)
  const a = s.nodes.find((n) => n.summary === 'Collect feedback')!
  const b = s.nodes.find((n) => n.summary === 'Ship beta')!
  expect(s.edges.some((e) => (e.from === a.id && e.to === b.id) || (e.from === b.id && e.to === a.id))).toBe(
    true,
  )
  await context.close()
})
