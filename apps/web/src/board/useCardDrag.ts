import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'

const START_PX = 5

/** The column under a screen point (columns carry `data-column`). */
function columnAt<C extends string>(x: number, y: number): C | null {
  for (const el of document.elementsFromPoint(x, y)) {
    const c = (el as HTMLElement).closest?.<HTMLElement>('[data-column]')
    if (c) return c.dataset.column as C
  }
  return null
}

/**
 * A copy of the card that follows the pointer, fixed to the window: the card itself sits in its
 * column's scrolling list, which clips anything moved out of it (the card vanished as it left its
 * column). The card stays in place, faded, keeping its slot.
 */
function ghostOf(el: HTMLElement): HTMLElement {
  const r = el.getBoundingClientRect()
  const g = el.cloneNode(true) as HTMLElement
  g.classList.add('is-ghost')
  g.setAttribute('aria-hidden', 'true')
  Object.assign(g.style, {
    position: 'fixed',
    left: `${r.left}px`,
    top: `${r.top}px`,
    width: `${r.width}px`,
    margin: '0',
  })
  document.body.append(g)
  return g
}

/**
 * Dragging cards between columns with pointer events (mouse, pen and touch alike): a copy of the card
 * follows the pointer once it has moved a few pixels, the column under it is highlighted, and
 * releasing calls `onDrop`. A press that does not move stays a click.
 */
export function useCardDrag<C extends string>(onDrop: (id: string, to: C) => void) {
  const [over, setOver] = useState<C | null>(null)
  const [dragging, setDragging] = useState<string | null>(null)
  const state = useRef<{
    id: string
    x: number
    y: number
    el: HTMLElement
    ghost: HTMLElement | null
    /** Stops listening to the window (the drag ends, or the board goes mid-drag). */
    stop: () => void
  } | null>(null)

  // The board goes mid-drag (the person went back to the list): the drag goes with it, its copy (which
  // lives outside the board), its window listeners, and no click is swallowed for a release never seen.
  useEffect(
    () => () => {
      state.current?.stop()
      state.current?.ghost?.remove()
      state.current = null
    },
    [],
  )

  const onPointerDown = (id: string) => (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0) return
    const el = e.currentTarget
    state.current = { id, x: e.clientX, y: e.clientY, el, ghost: null, stop: () => {} }
    const move = (ev: PointerEvent) => {
      const s = state.current
      if (!s) return
      const dx = ev.clientX - s.x
      const dy = ev.clientY - s.y
      if (!s.ghost && Math.hypot(dx, dy) < START_PX) return
      if (!s.ghost) {
        s.ghost = ghostOf(s.el)
        setDragging(s.id)
      }
      s.ghost.style.transform = `translate(${dx}px, ${dy}px) rotate(1.5deg)`
      setOver(columnAt<C>(ev.clientX, ev.clientY))
    }
    const stop = () => {
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', up)
      window.removeEventListener('pointercancel', up)
    }
    const up = (ev: PointerEvent) => {
      stop()
      const s = state.current
      state.current = null
      if (!s?.ghost) return
      s.ghost.remove()
      // A drag is not a click: swallow the click that follows the release.
      window.addEventListener('click', (c) => c.stopPropagation(), { capture: true, once: true })
      setOver(null)
      setDragging(null)
      const to = ev.type === 'pointerup' ? columnAt<C>(ev.clientX, ev.clientY) : null
      if (to) onDrop(s.id, to)
    }
    state.current.stop = stop
    window.addEventListener('pointermove', move)
    window.addEventListener('pointerup', up)
    window.addEventListener('pointercancel', up)
  }

  return { over, dragging, onPointerDown }
}
