import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import type { Column } from './columns.ts'

const START_PX = 5

/** The column under a screen point (columns carry `data-column`). */
function columnAt(x: number, y: number): Column | null {
  for (const el of document.elementsFromPoint(x, y)) {
    const c = (el as HTMLElement).closest?.<HTMLElement>('[data-column]')
    if (c) return c.dataset.column as Column
  }
  return null
}

/**
 * Dragging cards between columns with pointer events (mouse, pen and touch alike): the card follows
 * the pointer once it has moved a few pixels, the column under it is highlighted, and releasing calls
 * `onDrop`. A press that does not move stays a click.
 */
export function useCardDrag(onDrop: (id: string, to: Column) => void) {
  const [over, setOver] = useState<Column | null>(null)
  const [dragging, setDragging] = useState<string | null>(null)
  const state = useRef<{ id: string; x: number; y: number; el: HTMLElement; moved: boolean } | null>(null)

  const onPointerDown = (id: string) => (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0) return
    const el = e.currentTarget
    state.current = { id, x: e.clientX, y: e.clientY, el, moved: false }
    const move = (ev: PointerEvent) => {
      const s = state.current
      if (!s) return
      const dx = ev.clientX - s.x
      const dy = ev.clientY - s.y
      if (!s.moved && Math.hypot(dx, dy) < START_PX) return
      if (!s.moved) {
        s.moved = true
        setDragging(s.id)
      }
      s.el.style.transform = `translate(${dx}px, ${dy}px) rotate(1.5deg)`
      setOver(columnAt(ev.clientX, ev.clientY))
    }
    const up = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', up)
      window.removeEventListener('pointercancel', up)
      const s = state.current
      state.current = null
      if (!s?.moved) return
      s.el.style.transform = ''
      // A drag is not a click: swallow the click that follows the release.
      window.addEventListener('click', (c) => c.stopPropagation(), { capture: true, once: true })
      setOver(null)
      setDragging(null)
      const to = ev.type === 'pointerup' ? columnAt(ev.clientX, ev.clientY) : null
      if (to) onDrop(s.id, to)
    }
    window.addEventListener('pointermove', move)
    window.addEventListener('pointerup', up)
    window.addEventListener('pointercancel', up)
  }

  return { over, dragging, onPointerDown }
}
