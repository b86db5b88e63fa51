import { expect, test, type Page } from '@playwright/test'
import fc from 'fast-check'
import { burst, createGraph, graphState, newPage, node, recordToasts, selectNode } from './helpers.ts'

// The keyboard's one owner (apps/web/README.md, "Who has the keyboard"): after every kind of action a
// person takes, a canvas key is heard by the canvas. Each action below leaves no editor, dialog or
// menu open; the probe then presses Ctrl+A (everything selected) and Escape (nothing selected), both
// canvas keys whose effect is visible, and waits for each effect.

const DEFAULT_FOCUS_SEED = 20261129
const sel = (page: Page) => page.evaluate(() => window.__plexus!.model.selection().length)
const live = async (page: Page) => (await graphState(page)).nodes.length

async function canvasHears(page: Page, after: string): Promise<void> {
  const all = await live(page)
  await page.keyboard.press('Control+a')
  await expect.poll(() => sel(page), { message: `Ctrl+A after ${after}` }).toBe(all)
  await page.keyboard.press('Escape')
  await expect.poll(() => sel(page), { message: `Escape after ${after}` }).toBe(0)
}

/** Puts the view so that `name` sits at the canvas's bottom-right corner: its new children are off screen. */
async function toCorner(page: Page, name: string): Promise<void> {
  await page.evaluate((name) => {
    const ws = window.__plexus!
    const ix = ws.session.g.index
    const id = [...ix.nodes.values()].find((n) => ix.live(n.id) && n.summary === name)!.id
    const p = ws.model.positionOf(id)!
    const box = document.querySelector('.react-flow')!.getBoundingClientRect()
    void ws.rf!.setViewport({ x: box.width - 150 - p.x, y: box.height - 60 - p.y, zoom: 1 })
  }, name)
}

let leaves = 0

const ACTIONS: Record<string, (page: Page) => Promise<void>> = {
  'Escape from a label editor': async (page) => {
    await selectNode(page, 'One')
    await page.keyboard.press('F2')
    await page.keyboard.type('q')
    await page.keyboard.press('Backspace')
    await page.keyboard.press('Escape')
  },
  'Enter in a label editor': async (page) => {
    await selectNode(page, 'Two')
    await page.keyboard.press('F2')
    await page.keyboard.type('q')
    await page.keyboard.press('Backspace')
    await page.keyboard.press('Enter')
  },
  'a child typed at once, drawn off screen': async (page) => {
    const name = `Leaf ${++leaves}`
    await selectNode(page, 'Two')
    await toCorner(page, 'Two')
    await burst(page, ['Tab', name, 'Enter', 'Escape'])
    await expect.poll(async () => (await graphState(page)).nodes.some((n) => n.summary === name)).toBe(true)
  },
  'a toast appearing': async (page) => {
    const toasts = await recordToasts(page)
    await page.keyboard.press('Shift+T')
    await expect.poll(async () => (await toasts()).some((t) => t.includes('as a tree'))).toBe(true)
  },
  'a toast going': async (page) => {
    const toasts = await recordToasts(page)
    await page.keyboard.press('Shift+M')
    await expect.poll(async () => (await toasts()).some((t) => t.includes('as a mind map'))).toBe(true)
    await expect(page.getByTestId('toast')).toHaveCount(0)
  },
  'help closed with Escape': async (page) => {
    await page.keyboard.press('?')
    await expect(page.getByRole('dialog', { name: 'Keyboard map' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Keyboard map' })).toHaveCount(0)
  },
  'help closed with its button': async (page) => {
    await page.getByRole('button', { name: 'Keyboard map' }).click()
    await page.getByRole('dialog', { name: 'Keyboard map' }).getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('dialog', { name: 'Keyboard map' })).toHaveCount(0)
  },
  'search, a result chosen': async (page) => {
    await page.getByTestId('search-open').click()
    await expect(page.getByTestId('search-input')).toBeFocused()
    await page.keyboard.type('Two')
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('search-input')).toHaveCount(0)
  },
  'search closed with Escape': async (page) => {
    await page.keyboard.press('Control+k')
    await expect(page.getByTestId('search-input')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('search-input')).toHaveCount(0)
  },
  'Import a file…': async (page) => {
    const toasts = await recordToasts(page)
    await page.getByTestId('io-menu').click()
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('menuitem', { name: 'Import a file…' }).click()
    const name = `more-${++leaves}.mmd`
    await (
      await chooser
    ).setFiles({
      name,
      mimeType: 'text/plain',
      buffer: Buffer.from('flowchart LR\n  a[Alpha] --> b[Beta]\n'),
    })
    await expect.poll(async () => (await toasts()).some((t) => t.includes(`Imported ${name}`))).toBe(true)
  },
  'a menu closed with Escape': async (page) => {
    await page.getByTestId('io-menu').click()
    await expect(page.getByRole('menu')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toHaveCount(0)
  },
  'an inspector edit': async (page) => {
    await selectNode(page, 'One')
    await page.getByTestId('insp-summary').click()
    await page.keyboard.type('q')
    await page.keyboard.press('Backspace')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
  },
  'the inspector by keyboard, and Escape': async (page) => {
    await selectNode(page, 'Two')
    await page.keyboard.press('Control+i')
    await expect(page.getByTestId('inspector').locator(':focus')).toHaveCount(1)
    await page.keyboard.press('Escape')
  },
  'notes saved': async (page) => {
    await selectNode(page, 'One')
    await page
      .getByTestId('inspector')
      .getByRole('button', { name: /Add notes|Edit/ })
      .first()
      .click()
    await page.keyboard.type(' n')
    await page.keyboard.press('Control+Enter')
  },
  'the board and back': async (page) => {
    await page.getByTestId('view-board').click()
    await expect(page.getByTestId('board-card').first()).toBeVisible()
    await page.getByTestId('view-canvas').click()
  },
  'a click on empty canvas': async (page) => {
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 200 } })
  },
  'a toolbar button': async (page) => {
    await page.getByTestId('fit-view').click()
  },
  'a top-bar button': async (page) => {
    await page.getByRole('button', { name: 'Toggle inspector' }).click()
    await page.getByRole('button', { name: 'Toggle inspector' }).click()
  },
  'the theme toggle': async (page) => {
    await page.getByTestId('theme-toggle').click()
  },
}

async function fixture(page: Page): Promise<void> {
  await createGraph(page, 'Keys')
  const k = page.keyboard
  await k.press('Enter')
  await k.press('Tab')
  await k.type('One')
  await k.press('Enter')
  await k.press('Enter')
  await k.type('Two')
  await k.press('Enter')
  await k.press('Escape')
  await expect(node(page, 'Two')).toBeVisible()
}

test('after every kind of action, in a generated order, the canvas hears the next key', async ({
  browser,
}) => {
  // Some 23 actions, each waited on by its effect: about 30 s on a quiet machine, 90 s at load 25 on
  // two cores (measured); the limit leaves room for that.
  test.setTimeout(240_000)
  // Fixed (issue 31): a default taken from the clock tried a new order every run, so one run in N
  // failed on an order nobody had seen. PLEXUS_FOCUS_SEED=N runs another.
  const seed = Number(process.env.PLEXUS_FOCUS_SEED ?? DEFAULT_FOCUS_SEED)
  console.log(`focus-owner: seed ${seed} (PLEXUS_FOCUS_SEED=${seed} repeats this order)`)
  const names = Object.keys(ACTIONS)
  // Every action once, in an order drawn from the seed, then a few more drawn again.
  const [order] = fc.sample(
    fc.tuple(
      fc.shuffledSubarray(names, { minLength: names.length }),
      fc.array(fc.constantFrom(...names), { minLength: 4, maxLength: 4 }),
    ),
    { seed, numRuns: 1 },
  )
  const steps = [...order![0], ...order![1]]
  const { context, page } = await newPage(browser)
  await fixture(page)
  const done: string[] = []
  for (const step of steps) {
    done.push(step)
    await test.step(step, async () => {
      await ACTIONS[step]!(page)
      await canvasHears(page, `${done.join(' → ')} (seed ${seed})`)
    })
  }
  await context.close()
})

// Regressions, one per cause found (issue 31).

test('a mind map typed faster than the page draws: every key lands, Escape then Shift+M arranges it', async ({
  browser,
}) => {
  // The CI failure: a new node drawn off screen had no editor yet, and the keys typed meanwhile (its
  // name, Enter, Escape, Shift+M) went nowhere.
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Compass')
  await toCorner(page, 'Compass') // every branch is drawn off screen, and the view glides after it
  const keys = ['Enter']
  for (const [i, [b, n]] of (
    [
      ['North', 2],
      ['East', 2],
      ['South', 2],
      ['West', 3],
    ] as const
  ).entries()) {
    keys.push(i === 0 ? 'Tab' : 'Enter', b)
    for (let c = 1; c <= n; c++) keys.push(c === 1 ? 'Tab' : 'Enter', `${b} ${c}`, 'Enter')
    keys.push('ArrowLeft')
  }
  const toasts = await recordToasts(page)
  await burst(page, [...keys, 'Escape', 'Shift+M'])
  await expect.poll(async () => (await toasts()).some((t) => t.includes('as a mind map'))).toBe(true)
  const names = (await graphState(page)).nodes.map((n) => n.summary).sort()
  expect(names).toEqual(
    [
      'Compass',
      ...['North', 'East', 'South', 'West'].flatMap((b) => [b, `${b} 1`, `${b} 2`]),
      'West 3',
    ].sort(),
  )
  await context.close()
})

test('a label being typed when the view carries its node off screen keeps every key', async ({ browser }) => {
  // The cause of the flaky "typed faster" run above (CI, 2026-11-28): React Flow draws only what is
  // on screen, so a node whose editor is open unmounts when the view moves it away (a glide to the
  // next node, a pan), and what its editor held was lost; the keys after went on from nothing.
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Away')
  await selectNode(page, 'Away')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('textbox', { name: 'Node summary' })).toBeFocused()
  await page.keyboard.type('Hel')
  const away = async (dx: number) =>
    page.evaluate((dx) => {
      const rf = window.__plexus!.rf!
      const v = rf.getViewport()
      void rf.setViewport({ ...v, x: v.x + dx })
    }, dx)
  await away(-20_000)
  await expect(page.getByRole('textbox', { name: 'Node summary' })).toHaveCount(0)
  await page.keyboard.type('lo')
  await away(20_000)
  await expect(page.getByRole('textbox', { name: 'Node summary' })).toHaveValue('Hello')
  await page.keyboard.type(' world')
  await away(-20_000)
  await expect(page.getByRole('textbox', { name: 'Node summary' })).toHaveCount(0)
  await page.keyboard.press('Enter')
  await expect
    .poll(async () => (await graphState(page)).nodes.map((n) => n.summary).sort())
    .toEqual(['Away', 'Hello world'])
  await context.close()
})

test('after a click on a top-bar button (Board, then Canvas) the canvas hears ?', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Tabs')
  await page.getByTestId('view-board').click()
  await page.getByTestId('view-canvas').click()
  await page.keyboard.press('?')
  await expect(page.getByRole('dialog', { name: 'Keyboard map' })).toBeVisible()
  await context.close()
})
