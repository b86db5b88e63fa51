import { useEffect, type RefObject } from 'react'
import { canvasKey, editable } from './keymap.ts'
import type { Workspace } from './workspace.ts'

/**
 * The canvas's keyboard: keys pressed on the canvas, and keys pressed with nothing focused (a clicked
 * button went away, the page was just opened), which belong to the canvas too and take the focus back
 * there. Returns the canvas's own key handler.
 */
export function useCanvasKeys(ws: Workspace, wrap: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target !== document.body || e.defaultPrevented) return
      if (canvasKey(e, ws)) {
        e.preventDefault()
        wrap.current?.focus({ preventScroll: true })
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [ws, wrap])

  return (e: React.KeyboardEvent) => {
    if (editable(e.target)) return
    if (canvasKey(e.nativeEvent, ws)) {
      e.preventDefault()
      e.stopPropagation()
    }
  }
}
