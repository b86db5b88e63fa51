import { expect, test } from '@playwright/test'
import { Agent } from './agent.ts'
import {
  baseUrl,
  canvasHasKeyboard,
  centre,
  createGraph,
  graphState,
  newPage,
  node,
  recordToasts,
  selectNode,
} from './helpers.ts'

// The canvas timeline (issue 30): a person scrubs back to before an agent's rename and sees the map as
// it was, read-only (typing, dragging and Ctrl+Z change nothing, here or for the agent), and Escape
// brings the live map back.
test('the timeline shows the map as it was, read-only, and Escape returns to now', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  const id = await createGraph(page, 'Offsite')
  const agent = await Agent.connect(baseUrl(), 'e2e-planner')
  try {
    const ref = await agent.plan(id, [
      { ref: 'venue', summary: 'Venue' },
      { ref: 'hall', parent_ref: 'venue', summary: 'Book the hall' },
    ])
    const venue = ref('venue')
    await expect(node(page, 'Book the hall')).toBeVisible()
    await agent.call('graph_update', { project: id, updates: [{ node_id: venue, summary: 'Venue (moved)' }] })
    await expect(node(page, 'Venue (moved)')).toBeVisible()
    const events = async () =>
      (await agent.call<{ events: unknown[] }>('graph_history', { project: id, node_id: venue })).events
        .length
    const eventsBefore = await events()
    const liveBefore = await graphState(page)

    // Opened with the mouse: the slider stands at now, its right end.
    await page.getByTestId('timeline-toggle').click()
    const slider = page.getByTestId('timeline-slider')
    await expect(page.getByTestId('timeline-label')).toContainText('Now')
    const max = Number(await slider.getAttribute('max'))
    expect(max).toBeGreaterThanOrEqual(2)
    await expect(slider).toHaveValue(String(max))

    // One step back (the moment of the agent's plan, before its rename), with the mouse on the track.
    const box = (await slider.boundingBox())!
    const thumb = 16
    const x = box.x + thumb / 2 + ((box.width - thumb) * (max - 1)) / max
    await page.mouse.click(x, box.y + box.height / 2)
    await expect(slider).toHaveValue(String(max - 1))
    await expect(page.getByTestId('timeline-label')).toContainText(/As of .* — 1 change ago, last by \S+/)
    await expect(page.getByTestId('past-banner')).toContainText('read-only. Esc returns to now')
    await expect(node(page, 'Venue')).toBeVisible()
    await expect(node(page, 'Venue (moved)')).toHaveCount(0)
    await expect(node(page, 'Book the hall')).toBeVisible()
    await page.screenshot({ path: 'test-results/timeline-past.png' })

    // Typing on a node, dragging it, and Ctrl+Z change nothing; the person is told why.
    const toasts = await recordToasts(page)
    await selectNode(page, 'Venue')
    await page.keyboard.type('Hotel')
    await expect(page.getByRole('textbox', { name: 'Node summary' })).toHaveCount(0)
    await expect.poll(toasts).toContainEqual(expect.stringContaining('read-only'))
    // A drag on a node moves no node (on a read-only canvas React Flow pans the view instead): the
    // node keeps its place beside its parent.
    const offset = async () => {
      const [a, b] = [await centre(node(page, 'Venue')), await centre(node(page, 'Offsite'))]
      return { dx: Math.round(b.x - a.x), dy: Math.round(b.y - a.y) }
    }
    const apart = await offset()
    const at = await centre(node(page, 'Venue'))
    await page.mouse.move(at.x, at.y)
    await page.mouse.down()
    await page.mouse.move(at.x + 60, at.y + 40, { steps: 6 })
    await page.mouse.up()
    expect(await offset()).toEqual(apart)
    await page.keyboard.press('Control+z')
    await expect(node(page, 'Venue')).toBeVisible()

    // Escape: the live map, the keyboard with the canvas, nothing written by the visit.
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('past-banner')).toHaveCount(0)
    await expect(page.getByTestId('timeline')).toHaveCount(0)
    await expect(node(page, 'Venue (moved)')).toBeVisible()
    await expect(node(page, 'Venue')).toHaveCount(0)
    await canvasHasKeyboard(page)
    expect(await graphState(page)).toEqual(liveBefore)
    expect(await events()).toBe(eventsBefore)
  } finally {
    await agent.close()
    await context.close()
  }
})
