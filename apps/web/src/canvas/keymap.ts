import { useUI } from '../store.ts'
import { ACTIONS, combo, contextOf, refuse, type Action, type ActionContext } from './actions.ts'
import { keyForEdit } from './editing.ts'
import type { Workspace } from './workspace.ts'

// The canvas's keyboard: the first action of the registry (actions.ts) that claims a key and applies
// runs. What the keys do is written there, once, for the keymap, the toolbar and the help overlay.

/** Whether the key is the action's (its own `match`, else one of its `keys`). */
export function claims(a: Action, e: KeyboardEvent, c: ActionContext): boolean {
  return a.match ? a.match(e, c) : a.keys.some((k) => combo(k, e))
}

/**
 * Handles a key pressed on the canvas. Returns true when it did something (the caller prevents default).
 * While a label is being edited the key is the label's (editing.ts), even before its editor is drawn.
 */
export function canvasKey(e: KeyboardEvent, ws: Workspace): boolean {
  if (useUI.getState().editing) return keyForEdit(ws, e)
  const c = contextOf(ws)
  for (const a of ACTIONS) {
    if (!claims(a, e, c) || !(a.enabled?.(c) ?? true)) continue
    if (a.edits && c.readOnly) {
      // The key is the canvas's all the same (no browser default), and the person is told why.
      refuse(c)
      return true
    }
    a.run?.(c, e)
    return true
  }
  return false
}
