import { useUI } from '../store.ts'
import { focusCanvas } from '../ui/focus.ts'
import { addChild, addSibling, rename } from './commands.ts'
import type { Workspace } from './workspace.ts'

// The keys of a node's label editor, once, for the editor on screen (SummaryEditor.tsx) and for keys
// that reach the canvas while a label is being edited. A node created off screen has no editor until
// the view has glided to it and React Flow has drawn it; on a busy machine keys typed meanwhile (the
// name, Enter, Tab) arrive first. They were dropped, and the next keys then missed too (issue 31: a
// typed mind map whose Escape and Shift+M went nowhere). Now they are kept for the label: the text in
// `editing.initial`, which the editor opens with, and Enter, Escape and Tab end the edit as it would.

export type EditKey = 'leave' | 'child' | 'sibling' | 'erase' | 'text'

/** What a key does to a label being edited, or null when it is none of the editor's own. */
export function editKey(
  e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): EditKey | null {
  if (e.key === 'Escape' || (e.key === 'Enter' && !e.shiftKey)) return 'leave'
  if (e.key === 'Enter') return 'sibling'
  if (e.key === 'Tab') return e.shiftKey ? null : 'child'
  if (e.ctrlKey || e.metaKey || e.altKey) return null
  if (e.key === 'Backspace') return 'erase'
  return e.key.length === 1 ? 'text' : null
}

/** Ends the edit of `id` with `text`: the name written, then the canvas has the keyboard, or the next node is edited. */
export function finishEdit(
  ws: Workspace,
  id: string,
  text: string,
  then: 'leave' | 'child' | 'sibling' | 'blur',
): void {
  rename(ws, id, text)
  if (useUI.getState().editing?.id === id) useUI.getState().setEditing(null)
  if (then === 'child') addChild(ws, id)
  else if (then === 'sibling') addSibling(ws, id)
  else if (then === 'leave') focusCanvas()
}

/** The editor on screen, when there is one: it takes a key that reached the canvas instead of itself. */
export interface DrawnEditor {
  id: string
  take(k: EditKey, key: string): void
}

let drawn: DrawnEditor | null = null

/** Registers the editor on screen; returns its removal. */
export function editorDrawn(ed: DrawnEditor): () => void {
  drawn = ed
  return () => {
    if (drawn === ed) drawn = null
  }
}

/**
 * A key that reached the canvas while a label is being edited. Returns whether it was the edit's (the
 * caller prevents the browser's default); a combo with Ctrl, ⌘ or Alt is not.
 */
export function keyForEdit(ws: Workspace, e: KeyboardEvent): boolean {
  const ed = useUI.getState().editing
  if (!ed) return false
  const k = editKey(e)
  if (!k) return !(e.ctrlKey || e.metaKey || e.altKey)
  if (drawn?.id === ed.id) {
    drawn.take(k, e.key)
    return true
  }
  if (k === 'text' || k === 'erase')
    useUI.getState().setEditing({ id: ed.id, initial: typeAhead(ed.initial, k, e.key) })
  else finishEdit(ws, ed.id, ed.initial ?? ws.session.g.index.nodes.get(ed.id)?.summary ?? '', k)
  return true
}

/**
 * The text an editor not drawn yet will open with, after one more key. `typed` null is the label as
 * it is, all selected (as the editor opens it), so the first key typed replaces it.
 */
export function typeAhead(typed: string | null, k: 'text' | 'erase', key: string): string {
  return k === 'text' ? (typed ?? '') + key : (typed ?? '').slice(0, -1)
}
