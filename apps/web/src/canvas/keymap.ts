import { useUI } from '../store.ts'
import { arrange } from './arrange.ts'
import {
  addChild,
  addSibling,
  createNode,
  deleteSelection,
  fit,
  moveBy,
  redo,
  reveal,
  setResolved,
  undo,
} from './commands.ts'
import { walk, type Direction } from './navigate.ts'
import type { Workspace } from './workspace.ts'

const ARROWS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
}

/** The keyboard map, listed for the help overlay. */
export const SHORTCUTS: Array<[string, string]> = [
  ['Enter', 'Select the root (nothing selected), add a sibling (a node selected), finish editing'],
  ['Tab', 'Add a child to the selected node (nothing selected: move focus on)'],
  ['Any letter, F2', 'Start editing the selected node'],
  ['Escape', 'Finish editing, then clear the selection'],
  ['Shift + Enter (editing)', 'Finish editing and add a sibling'],
  ['← → ↑ ↓', 'Walk the tree as drawn: parent, child, siblings'],
  ['Alt + arrows', 'Move the selection (Shift: further)'],
  ['Ctrl/⌘ + Enter', 'Resolve / reopen the selection'],
  ['Space', 'Fold or unfold the selected branch (a folded branch shows how many nodes it holds)'],
  ['Delete', 'Delete the selection'],
  ['Ctrl/⌘ + Z, Shift + Ctrl/⌘ + Z', 'Undo, redo (your own changes only)'],
  ['Ctrl/⌘ + C, X, V', 'Copy, cut, paste (also between graphs)'],
  ['Ctrl/⌘ + A', 'Select everything'],
  ['Ctrl/⌘ + K', 'Search and jump to a node'],
  ['Ctrl/⌘ + I', 'Go to the inspector (Escape comes back to the canvas)'],
  ['Shift + 1', 'Fit the graph in view'],
  ['Shift + M, T, L', 'Auto layout: mind map, tree, layered (no single node selected)'],
  ['Double click', 'New node (on empty canvas), edit (on a node)'],
  ['Shift + drag', 'Box select'],
  ['?', 'This help'],
]

/** Handles a key pressed on the canvas. Returns true when it did something (the caller prevents default). */
export function canvasKey(e: KeyboardEvent, ws: Workspace): boolean {
  const st = useUI.getState()
  if (st.editing) return false
  const mod = e.ctrlKey || e.metaKey
  const sel = ws.model.selection()
  const key = e.key
  if (mod && !e.altKey) {
    const k = key.toLowerCase()
    if (k === 'z') {
      if (e.shiftKey) redo(ws)
      else undo(ws)
      return true
    }
    if (k === 'y') {
      redo(ws)
      return true
    }
    if (k === 'a') {
      ws.model.select([...ws.session.g.index.nodes.keys()].filter((id) => ws.session.g.index.live(id)))
      return true
    }
    if (key === 'Enter') {
      setResolved(ws, sel)
      return true
    }
    if (k === 'i') {
      // To the inspector, to edit every field of the selection from the keyboard (Escape comes back).
      // Focus now when the inspector is on screen: a Tab typed right after Ctrl+I must land there, not
      // on the canvas, where it would add a child. A closed inspector is focused once it has rendered.
      const target = () => document.querySelector<HTMLElement>('.inspector input, .inspector button')
      const open = target()
      if (open) open.focus()
      else {
        if (!useUI.getState().inspectorOpen) useUI.getState().toggleInspector()
        setTimeout(() => target()?.focus(), 0)
      }
      return true
    }
    return false
  }
  if (key in ARROWS) {
    const dir = ARROWS[key]!
    if (e.altKey || sel.length > 1) {
      const d = e.shiftKey ? 50 : 10
      const [dx, dy] = dir === 'left' ? [-d, 0] : dir === 'right' ? [d, 0] : dir === 'up' ? [0, -d] : [0, d]
      moveBy(ws, sel, dx, dy)
      return true
    }
    const next = walk(ws, dir)
    if (next) {
      ws.model.select([next])
      reveal(ws, next)
    }
    return true
  }
  if (e.altKey) return false
  switch (key) {
    case 'Tab':
      // With nothing selected Tab moves focus on as usual: the canvas never traps the keyboard.
      if (e.shiftKey || !sel.length) return false
      addChild(ws, sel[sel.length - 1])
      return true
    case 'Enter':
      if (sel.length === 1) addSibling(ws, sel[0])
      else if (!sel.length) {
        const first = walk(ws, 'right')
        if (first) ws.model.select([first])
        else createNode(ws, { at: { x: 0, y: 0 } })
      }
      return true
    case 'F2':
      if (sel.length === 1) st.setEditing({ id: sel[0]!, initial: null })
      return true
    case 'Delete':
    case 'Backspace':
      deleteSelection(ws)
      return true
    case 'Escape':
      ws.model.select([])
      return true
    case ' ':
      if (sel.length !== 1) return false
      ws.model.toggleCollapsed(sel[0]!)
      return true
  }
  if (e.shiftKey && e.code === 'Digit1') {
    fit(ws)
    return true
  }
  if (e.shiftKey && (key === 'T' || key === 'L' || key === 'M') && sel.length !== 1) {
    arrange(ws, key === 'T' ? 'tree' : key === 'L' ? 'layered' : 'mindmap')
    return true
  }
  if (key === '?' && sel.length !== 1) {
    st.setHelpOpen(true)
    return true
  }
  if (key.length === 1 && sel.length === 1 && key !== ' ') {
    st.setEditing({ id: sel[0]!, initial: key })
    return true
  }
  return false
}
