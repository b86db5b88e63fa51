import { useEffect, type RefObject } from 'react'
import { editable, focusCanvas, inOverlay } from '../ui/focus.ts'
import { canvasKey } from './keymap.ts'
import type { Workspace } from './workspace.ts'

// Who has the keyboard on a graph page: one owner at a time, decided here for the whole page (the
// rule as a person reads it is in apps/web/README.md, "Who has the keyboard"; focus-owner.spec.ts
// checks it after every kind of action).
//
// - A text field that is open has it (a label editor, the notes editor, an inspector field, the title,
//   search): its keys are its own. Enter or Escape in a label editor, Ctrl+Enter or Escape in the
//   notes, Escape in an inspector field give it back to the canvas; Enter in an inspector field commits
//   and stays there (Tab goes on to the next field).
// - An open dialog (help, search) or menu has it; closing one gives it back to the canvas.
// - Otherwise the canvas has it. A key that arrives anywhere else — on the page itself (what had the
//   focus went away: a closed dialog, a toast, a menu item) or on a button left focused — is the
//   canvas's, and the canvas takes the keyboard. On a focused control Enter, Space and Tab stay the
//   control's (pressing it, moving on), and Escape only brings the keyboard back to the canvas.
// - A pointer click anywhere but a text field, a dialog or a menu leaves the keyboard with the canvas
//   once the click has done its work (a toolbar or top-bar button, a toast, the board, empty canvas).
// - While a label is being edited, keys that reach the canvas are the label's (editing.ts), also
//   before its editor is drawn.

const CONTROL_KEYS = new Set(['Enter', ' ', 'Tab'])

/** Where a key pressed outside the canvas goes: its target's own, the canvas's, or only back to the canvas. */
export function route(e: KeyboardEvent, canvas: Element | null): 'own' | 'canvas' | 'back' {
  const t = e.target as Element | null
  if (!t || t === document.body || t === document.documentElement) return 'canvas'
  if (canvas?.contains(t) || editable(t) || inOverlay(t)) return 'own'
  if (e.key === 'Escape') return 'back'
  return CONTROL_KEYS.has(e.key) ? 'own' : 'canvas'
}

/** Installs the rule above for the page while the canvas is mounted. Returns the canvas's own key handler. */
export function useCanvasKeys(ws: Workspace, wrap: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    // Runs after the canvas's own handler and every field's (window is the last stop of a key).
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return
      const r = route(e, wrap.current)
      if (r === 'back') return focusCanvas()
      const before = document.activeElement
      if (r === 'canvas' && canvasKey(e, ws)) {
        e.preventDefault()
        // Unless the action gave the keyboard to something of its own (Ctrl+I: the inspector).
        if (document.activeElement === before) focusCanvas()
      }
    }
    // After the click's own handlers ran (and whatever they opened took the focus). A click made with
    // a key (detail 0) keeps the focus where keyboard navigation put it.
    const onClick = (e: MouseEvent) => {
      if (e.detail === 0 || inOverlay(e.target)) return
      const a = document.activeElement
      if (editable(a) || inOverlay(a) || wrap.current?.contains(a)) return
      focusCanvas()
    }
    window.addEventListener('keydown', onKey)
    window.addEventListener('click', onClick)
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('click', onClick)
    }
  }, [ws, wrap])

  return (e: React.KeyboardEvent) => {
    if (editable(e.target)) return
    if (canvasKey(e.nativeEvent, ws)) {
      e.preventDefault()
      e.stopPropagation()
    }
  }
}
