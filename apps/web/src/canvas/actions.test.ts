import { describe, expect, it } from 'vitest'
import { ACTIONS, combo, isEnabled, keyLabel, type ActionContext } from './actions.ts'
import type { Workspace } from './workspace.ts'

const key = (k: string, code: string, mods: Partial<KeyboardEvent> = {}) =>
  ({ key: k, code, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods }) as KeyboardEvent

const ctx = (sel: string[], readOnly: string | null = null): ActionContext => ({
  ws: {} as Workspace,
  sel,
  readOnly,
})

/** The first action that claims the key and applies: what the keymap runs. */
function winner(e: KeyboardEvent, c: ActionContext): string | null {
  for (const a of ACTIONS) {
    const claims = a.match ? a.match(e, c) : a.keys.some((k) => combo(k, e))
    if (claims && (a.enabled?.(c) ?? true)) return a.id
  }
  return null
}

describe('the canvas action registry', () => {
  it('names every action once', () => {
    const ids = ACTIONS.map((a) => a.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('matches combos exactly: modifiers not written must not be held', () => {
    expect(combo('Mod+Z', key('z', 'KeyZ', { ctrlKey: true }))).toBe(true)
    expect(combo('Mod+Z', key('z', 'KeyZ', { metaKey: true }))).toBe(true)
    expect(combo('Mod+Z', key('Z', 'KeyZ', { ctrlKey: true, shiftKey: true }))).toBe(false)
    expect(combo('Shift+Digit1', key('!', 'Digit1', { shiftKey: true }))).toBe(true)
    // Alt changes the character on a Mac; the physical key still matches.
    expect(combo('Alt+KeyS', key('ß', 'KeyS', { altKey: true }))).toBe(true)
    expect(keyLabel('Shift+Mod+Z')).toBe('Shift + Ctrl/⌘ + Z')
    expect(keyLabel('Alt+KeyS')).toBe('Alt + S')
  })

  it('gives each key the action a person expects, by what is selected', () => {
    const one = ctx(['a'])
    const none = ctx([])
    const two = ctx(['a', 'b'])
    expect(winner(key('Enter', 'Enter'), none)).toBe('selection.first')
    expect(winner(key('Enter', 'Enter'), one)).toBe('node.add-sibling')
    expect(winner(key('Tab', 'Tab'), one)).toBe('node.add-child')
    expect(winner(key('Tab', 'Tab'), none)).toBeNull() // Tab moves focus on
    expect(winner(key('x', 'KeyX'), one)).toBe('node.edit')
    expect(winner(key('M', 'KeyM', { shiftKey: true }), one)).toBe('node.edit') // typing a capital
    expect(winner(key('M', 'KeyM', { shiftKey: true }), none)).toBe('layout.mindmap')
    expect(winner(key('!', 'Digit1', { shiftKey: true }), one)).toBe('view.fit')
    expect(winner(key('?', 'Slash', { shiftKey: true }), none)).toBe('help.open')
    expect(winner(key('ArrowDown', 'ArrowDown'), one)).toBe('selection.walk')
    expect(winner(key('ArrowDown', 'ArrowDown'), two)).toBe('selection.move')
    expect(winner(key('ArrowDown', 'ArrowDown', { altKey: true }), one)).toBe('selection.move')
    expect(winner(key('s', 'KeyS', { altKey: true }), one)).toBe('style.shape')
    expect(winner(key('z', 'KeyZ', { ctrlKey: true }), one)).toBe('history.undo')
    expect(winner(key('Z', 'KeyZ', { ctrlKey: true, shiftKey: true }), one)).toBe('history.redo')
    expect(winner(key('c', 'KeyC', { ctrlKey: true }), one)).toBeNull() // the browser's copy event
    expect(winner(key('d', 'KeyD', { ctrlKey: true }), one)).toBe('branch.duplicate')
    expect(winner(key('d', 'KeyD', { metaKey: true }), two)).toBe('branch.duplicate')
    expect(winner(key('d', 'KeyD', { ctrlKey: true }), none)).toBeNull() // nothing to duplicate
    expect(winner(key('d', 'KeyD'), one)).toBe('node.edit')
  })

  it('turns off every action that edits while read-only, and none that only looks', () => {
    const ro = ctx(['a'], 'update Plexus to edit this graph')
    for (const a of ACTIONS) expect(isEnabled(a, ro), a.id).toBe(!a.edits && (a.enabled?.(ro) ?? true))
    expect(ACTIONS.filter((a) => a.edits).map((a) => a.id)).toEqual(
      expect.arrayContaining([
        'node.add-child',
        'node.edit',
        'selection.delete',
        'style.shape',
        'layout.tree',
      ]),
    )
  })
})
