// What covers the canvas: the toolbar (top left), the zoom controls (bottom left), the minimap (bottom
// right) and toasts (bottom centre). Fitting and revealing keep nodes out from under them.

const OVERLAYS = ['.toolbar', '.controls', '.pminimap', '.toasts .toast']
const MARGIN = 16
/** How far above a branch's top node the overview draws its label (Overview.tsx), on screen. */
export const BRANCH_LABEL_ABOVE = 30

export interface Insets {
  top: number
  right: number
  bottom: number
  left: number
}

function canvasBox(): DOMRect | null {
  return document.querySelector('.react-flow')?.getBoundingClientRect() ?? null
}

/** Screen rectangles of the overlays on the canvas right now. */
export function overlayRects(): DOMRect[] {
  const box = canvasBox()
  if (!box) return []
  const out: DOMRect[] = []
  for (const sel of OVERLAYS)
    for (const el of document.querySelectorAll(sel)) {
      const r = el.getBoundingClientRect()
      if (
        r.width &&
        r.height &&
        r.right > box.left &&
        r.left < box.right &&
        r.bottom > box.top &&
        r.top < box.bottom
      )
        out.push(r)
    }
  return out
}

/** Padding for React Flow's fitView: pixels must be written as `"12px"` (a bare number is a fraction). */
export function fitPadding(): Record<keyof Insets, `${number}px`> {
  const p = fitInsets()
  return { top: `${p.top}px`, right: `${p.right}px`, bottom: `${p.bottom}px`, left: `${p.left}px` }
}

/**
 * Insets in px for fitting the view: the toolbar's band at the top (and a branch label's height below
 * it) and the band of the minimap, controls and toasts at the bottom are left free, plus a margin all
 * round.
 */
export function fitInsets(): Insets {
  const box = canvasBox()
  const pad = { top: MARGIN * 2, right: MARGIN * 2, bottom: MARGIN * 2, left: MARGIN * 2 }
  if (!box) return pad
  for (const r of overlayRects()) {
    const mid = (r.top + r.bottom) / 2 - box.top
    // Under the toolbar, room for a branch label too: far out, the top branch's is drawn above it.
    if (mid < box.height / 2) pad.top = Math.max(pad.top, r.bottom - box.top + BRANCH_LABEL_ABOVE)
    else pad.bottom = Math.max(pad.bottom, box.bottom - r.top + MARGIN)
  }
  return pad
}

/** Whether a screen rectangle is on the canvas, clear of every overlay (with a margin). */
export function inClear(r: { left: number; top: number; right: number; bottom: number }): boolean {
  const box = canvasBox()
  if (!box) return true
  const m = MARGIN
  if (r.left < box.left + m || r.top < box.top + m || r.right > box.right - m || r.bottom > box.bottom - m)
    return false
  return overlayRects().every(
    (o) => r.right + m <= o.left || r.left - m >= o.right || r.bottom + m <= o.top || r.top - m >= o.bottom,
  )
}
