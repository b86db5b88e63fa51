import { DEPENDS_ON, RELATES_TO, relationWords } from '@plexus/model'
import { useUI } from '../store.ts'
import { restoreRefusal } from '../timeline/restore.ts'
import type { IconName } from '../ui/Icon.tsx'
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
import { duplicate } from './clipboard.ts'
import { walk, type Direction } from './navigate.ts'
import { cycleColor, cycleShape } from './style.ts'
import type { Workspace } from './workspace.ts'

// Everything a person can do on the canvas, once: the keymap (keymap.ts) runs these on a key, the
// toolbar (Toolbar.tsx) draws the ones with a `toolbar` group as buttons, and the help overlay lists
// them all. An action that `edits` the graph is off while the graph is read-only here, and says why.
//
// Keys are matched by `combo` below, a few lines, rather than a key-binding library (tinykeys,
// hotkeys-js): those bind one handler per combo, while here the first action in this list that claims
// a key *and applies to the selection* wins (a letter edits the selected node unless an action above
// took it), which is one loop over this list.

/** What an action looks at to decide whether it applies, and runs with. */
export interface ActionContext {
  ws: Workspace
  /** Selected node ids, in the order they were selected. */
  sel: string[]
  /** Why the graph cannot be changed here, or null (store.ts). */
  readOnly: string | null
}

export type ToolbarGroup = 'create' | 'history' | 'layout' | 'style' | 'toggles'

export interface Action {
  id: string
  /** What it does, as the help overlay and the toolbar's tooltip say it. */
  label: string
  /** The keys as a person reads them; empty for toolbar-only actions. */
  keys: readonly string[]
  /**
   * Whether a key press is this action's (default: one of `keys` written as combos, see `combo`). Keys
   * the browser delivers another way (clipboard events, pointer gestures) list keys and match nothing.
   */
  match?: (e: KeyboardEvent, c: ActionContext) => boolean
  /** It changes the graph: off while read-only. */
  edits: boolean
  /** Whether it applies right now (otherwise a matching key falls through to the next action). */
  enabled?: (c: ActionContext) => boolean
  run?: (c: ActionContext, e?: KeyboardEvent) => void
  toolbar?: ToolbarGroup
  icon?: IconName
  /** The toolbar button's test id (default `tool-<id>`). */
  testId?: string
  /** A toolbar button's own text and pressed state, when it shows a setting. */
  text?: (c: ActionContext) => string
  pressed?: (c: ActionContext) => boolean
}

/**
 * Whether `e` is the key combo `spec`: `Mod` (Ctrl or ⌘), `Shift` and `Alt`, then a key name as
 * `KeyboardEvent.key` gives it or a physical `code` (`KeyS`, `Digit1`), which Alt and Shift do not
 * change (Alt+S types "ß" on a Mac). Modifiers not written must not be held.
 */
export function combo(spec: string, e: KeyboardEvent): boolean {
  const parts = spec.split('+')
  const key = parts.pop()!
  const mods = new Set(parts)
  if (mods.has('Mod') !== (e.ctrlKey || e.metaKey)) return false
  if (mods.has('Shift') !== e.shiftKey || mods.has('Alt') !== e.altKey) return false
  return e.code === key || e.key.toLowerCase() === key.toLowerCase()
}

const ARROWS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
}
const ui = () => useUI.getState()
const one = (c: ActionContext) => c.sel.length === 1
const some = (c: ActionContext) => c.sel.length > 0
const notOne = (c: ActionContext) => c.sel.length !== 1

function focusInspector(): void {
  // Focus now when the inspector is on screen: a Tab typed right after Ctrl+I must land there, not on
  // the canvas, where it would add a child. A closed inspector is focused once it has rendered.
  const target = () => document.querySelector<HTMLElement>('.inspector input, .inspector button')
  const open = target()
  if (open) open.focus()
  else {
    if (!ui().inspectorOpen) ui().toggleInspector()
    setTimeout(() => target()?.focus(), 0)
  }
}

export const ACTIONS: readonly Action[] = [
  {
    id: 'history.undo',
    label: 'Undo your last change (your own changes only)',
    keys: ['Mod+Z'],
    edits: true,
    run: (c) => undo(c.ws),
    toolbar: 'history',
    icon: 'undo',
    testId: 'undo',
  },
  {
    id: 'history.redo',
    label: 'Redo',
    keys: ['Shift+Mod+Z', 'Mod+Y'],
    edits: true,
    run: (c) => redo(c.ws),
    toolbar: 'history',
    icon: 'redo',
    testId: 'redo',
  },
  {
    id: 'timeline.toggle',
    label: 'Timeline: see the map as it was at any moment or checkpoint, read-only (Escape: back to now)',
    keys: ['Alt+KeyT'],
    edits: false,
    run: () => ui().setTimelineOpen(!ui().timelineOpen),
    toolbar: 'history',
    icon: 'clock',
    testId: 'timeline-toggle',
    pressed: () => ui().timelineOpen,
  },
  {
    id: 'selection.all',
    label: 'Select everything',
    keys: ['Mod+A'],
    edits: false,
    run: ({ ws }) => {
      const ix = ws.model.g.index
      ws.model.select([...ix.nodes.keys()].filter((id) => ix.live(id)))
    },
  },
  {
    id: 'node.resolve',
    label: 'Resolve or reopen the selection',
    keys: ['Mod+Enter'],
    edits: true,
    enabled: some,
    run: (c) => setResolved(c.ws, c.sel),
  },
  {
    id: 'inspector.focus',
    label: 'Go to the inspector (Escape comes back to the canvas)',
    keys: ['Mod+I'],
    edits: false,
    run: focusInspector,
  },
  {
    id: 'search.open',
    label: 'Search and jump to a node',
    keys: ['Mod+K'],
    edits: false,
    run: () => ui().setSearchOpen(true),
  },
  {
    id: 'selection.move',
    label: 'Move the selection (Shift: further; arrows alone move a multiple selection)',
    keys: ['Alt+←→↑↓'],
    match: (e, c) => e.key in ARROWS && !e.ctrlKey && !e.metaKey && (e.altKey || c.sel.length > 1),
    edits: true,
    enabled: some,
    run: (c, e) => {
      const d = e?.shiftKey ? 50 : 10
      const dir = ARROWS[e?.key ?? ''] ?? 'right'
      const [dx, dy] = dir === 'left' ? [-d, 0] : dir === 'right' ? [d, 0] : dir === 'up' ? [0, -d] : [0, d]
      moveBy(c.ws, c.sel, dx, dy)
    },
  },
  {
    id: 'selection.walk',
    label: 'Walk the tree as drawn: parent, child, siblings',
    keys: ['←→↑↓'],
    match: (e) => e.key in ARROWS && !e.ctrlKey && !e.metaKey && !e.altKey,
    edits: false,
    run: ({ ws }, e) => {
      const next = walk(ws, ARROWS[e?.key ?? '']!)
      if (!next) return
      ws.model.select([next])
      reveal(ws, next)
    },
  },
  {
    id: 'node.add-child',
    label: 'Add a child to the selected node (nothing selected: Tab moves focus on)',
    keys: ['Tab'],
    // The toolbar's button adds to the selection, or to the root.
    match: (e, c) => combo('Tab', e) && some(c),
    edits: true,
    run: (c) => addChild(c.ws, c.sel[c.sel.length - 1]),
    toolbar: 'create',
    icon: 'plus',
    testId: 'add-node',
  },
  {
    id: 'node.add-sibling',
    label: 'Add a sibling to the selected node',
    keys: ['Enter'],
    edits: true,
    enabled: one,
    run: (c) => addSibling(c.ws, c.sel[0]),
  },
  {
    id: 'selection.first',
    label: 'Nothing selected: select the root (an empty canvas: add the first node)',
    keys: ['Enter'],
    edits: false,
    enabled: (c) => !c.sel.length,
    run: (c) => {
      const first = walk(c.ws, 'right')
      if (first) c.ws.model.select([first])
      else if (!c.readOnly) createNode(c.ws, { at: { x: 0, y: 0 } })
    },
  },
  {
    id: 'selection.delete',
    label: 'Delete the selection: a node goes with its whole branch (one undo brings it back)',
    keys: ['Delete', 'Backspace'],
    edits: true,
    run: (c) => deleteSelection(c.ws),
  },
  {
    id: 'branch.duplicate',
    label: 'Duplicate the selected branch beside it, with the relations inside it',
    keys: ['Mod+KeyD'],
    edits: true,
    enabled: some,
    run: (c) => duplicate(c.ws),
  },
  {
    id: 'timeline.restore',
    label:
      'Restore the whole graph to the moment the timeline shows: asks first (what it brings back, removes, changes), then one new change Ctrl+Z undoes',
    keys: ['Alt+KeyR'],
    // It writes the live graph, not the past shown: the timeline's read-only does not stop it, the
    // person's own reasons do (timeline/restore.ts). The timeline bar performs this same action.
    edits: false,
    enabled: () => ui().pastAt !== null && restoreRefusal(ui().readOnlyBy) === null,
    run: () => ui().setRestoreAsked(true),
  },
  {
    id: 'timeline.close',
    label: 'Leave the timeline: back to the graph as it is now',
    keys: ['Escape'],
    edits: false,
    enabled: () => ui().timelineOpen || ui().pastAt !== null,
    run: () => ui().setTimelineOpen(false),
  },
  {
    id: 'selection.clear',
    label: 'Finish editing, then clear the selection',
    keys: ['Escape'],
    edits: false,
    run: ({ ws }) => ws.model.select([]),
  },
  {
    id: 'branch.fold',
    label: 'Fold or unfold the selected branch (a folded branch shows how many nodes it holds)',
    keys: ['Space'],
    match: (e) => e.key === ' ' && !e.ctrlKey && !e.metaKey && !e.altKey,
    edits: false,
    enabled: one,
    run: (c) => c.ws.model.toggleCollapsed(c.sel[0]!),
  },
  {
    id: 'style.shape',
    label: 'Next shape for the selection (the inspector lists them all)',
    keys: ['Alt+KeyS'],
    edits: true,
    enabled: some,
    run: (c) => cycleShape(c.ws, c.sel),
    toolbar: 'style',
    icon: 'shape',
  },
  {
    id: 'style.color',
    label: 'Next colour for the selection, then none',
    keys: ['Alt+KeyC'],
    edits: true,
    enabled: some,
    run: (c) => cycleColor(c.ws, c.sel),
    toolbar: 'style',
    icon: 'palette',
  },
  {
    id: 'layout.mindmap',
    label: 'Mind map layout: each node where the tree puts it, branches on both sides of the root',
    keys: ['Shift+M'],
    edits: true,
    enabled: notOne,
    run: (c) => arrange(c.ws, 'mindmap'),
    toolbar: 'layout',
    icon: 'mindmap',
    testId: 'layout-mindmap',
  },
  {
    id: 'layout.tree',
    label: 'Tree layout (of the selection, when several nodes are selected)',
    keys: ['Shift+T'],
    edits: true,
    enabled: notOne,
    run: (c) => arrange(c.ws, 'tree'),
    toolbar: 'layout',
    icon: 'tree',
    testId: 'layout-tree',
  },
  {
    id: 'layout.layered',
    label: 'Layered layout by dependencies (of the selection, when several are selected)',
    keys: ['Shift+L'],
    edits: true,
    enabled: notOne,
    run: (c) => arrange(c.ws, 'layered'),
    toolbar: 'layout',
    icon: 'layers',
    testId: 'layout-layered',
  },
  {
    id: 'view.fit',
    label: 'Fit the graph in view',
    keys: ['Shift+Digit1'],
    edits: false,
    run: (c) => fit(c.ws),
    toolbar: 'layout',
    icon: 'fit',
    testId: 'fit-view',
  },
  {
    id: 'link.type',
    label: 'What dragging between nodes creates: depends on, or relates to',
    keys: [],
    edits: false,
    run: () => ui().setLinkType(ui().linkType === DEPENDS_ON ? RELATES_TO : DEPENDS_ON),
    toolbar: 'toggles',
    icon: 'link',
    testId: 'link-type',
    text: () => relationWords(ui().linkType),
  },
  {
    id: 'view.archived',
    label: 'Show or hide what agent memory archived (stale, rarely read nodes); a read brings one back',
    keys: [],
    edits: false,
    run: ({ ws }) => ws.model.setArchivedHidden(!ws.model.hidesArchived),
    toolbar: 'toggles',
    testId: 'toggle-archived',
    text: ({ ws }) => (ws.model.hidesArchived ? 'archived hidden' : 'archived shown'),
    pressed: ({ ws }) => ws.model.hidesArchived,
  },
  {
    id: 'help.open',
    label: 'This help',
    keys: ['?'],
    match: (e) => e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey,
    edits: false,
    enabled: notOne,
    run: () => ui().setHelpOpen(true),
  },
  // Last of the keys: any letter no action above claimed (Shift+1 fits even with a node selected).
  {
    id: 'node.edit',
    label: 'Edit the selected node (any letter starts over with it)',
    keys: ['F2', 'A–Z'],
    match: (e, c) =>
      combo('F2', e) ||
      (one(c) && e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.metaKey && !e.altKey),
    edits: true,
    enabled: one,
    run: (c, e) => ui().setEditing({ id: c.sel[0]!, initial: e && e.key.length === 1 ? e.key : null }),
  },
  // Delivered by the browser, not as keys: listed for the help, checked by the canvas's handlers.
  {
    id: 'clipboard.copy',
    label: 'Copy the selected branches, with the relations inside them (also between graphs)',
    keys: ['Mod+C'],
    match: () => false,
    edits: false,
  },
  {
    id: 'clipboard.cut',
    label: 'Cut the selected branches',
    keys: ['Mod+X'],
    match: () => false,
    edits: true,
  },
  {
    id: 'clipboard.paste',
    label: 'Paste (under the selected node, as its last children)',
    keys: ['Mod+V'],
    match: () => false,
    edits: true,
  },
  {
    id: 'pointer.create',
    label: 'New node (double click on empty canvas); edit (double click on a node)',
    keys: ['Double click'],
    match: () => false,
    edits: true,
  },
  {
    id: 'graph.import',
    label: 'Import a file (drop it on the canvas, or Import / export)',
    keys: [],
    match: () => false,
    edits: true,
  },
  {
    id: 'pointer.select',
    label: 'Box select',
    keys: ['Shift + drag'],
    match: () => false,
    edits: false,
  },
  {
    id: 'pointer.drop',
    label:
      'Move a branch in a mind map: drop it onto a node (its last child), between two siblings, or on the root’s other half',
    keys: ['Drag'],
    match: () => false,
    edits: true,
  },
  {
    id: 'pointer.free',
    label: 'Move a node freely, placed where it is let go (its branch follows; no new parent)',
    keys: ['Alt + drag'],
    match: () => false,
    edits: true,
  },
  {
    id: 'pointer.snap',
    label:
      'A node moved freely (Alt + drag in a mind map, any drag on a diagram) snaps its edges and centre to a node on screen within 6 px, with guide lines; hold Ctrl (⌘) while moving to place it without snapping',
    keys: ['Ctrl + drag', '⌘ + drag'],
    match: () => false,
    edits: true,
  },
]

const BY_ID = new Map(ACTIONS.map((a) => [a.id, a]))

export function action(id: string): Action {
  const a = BY_ID.get(id)
  if (!a) throw new Error(`no canvas action ${id}`)
  return a
}

export function contextOf(ws: Workspace): ActionContext {
  return { ws, sel: ws.model.selection(), readOnly: ui().readOnly }
}

/** Whether the action can run now; a read-only graph refuses every action that edits. */
export function isEnabled(a: Action, c: ActionContext): boolean {
  return !(a.edits && c.readOnly) && (a.enabled?.(c) ?? true)
}

/** The reason an editing action is off, said where the person tried it. */
export function refuse(c: ActionContext): void {
  if (c.readOnly) ui().toast({ text: c.readOnly, tone: 'info' })
}

/** Whether the action may change the graph here (a pointer gesture, a clipboard event); when read-only, says why. */
export function allowed(ws: Workspace, id: string): boolean {
  const c = contextOf(ws)
  if (!action(id).edits || !c.readOnly) return true
  refuse(c)
  return false
}

/** Runs an action from a button or a key, or says why it cannot. Returns whether it ran. */
export function perform(a: Action, c: ActionContext, e?: KeyboardEvent): boolean {
  if (a.edits && c.readOnly) {
    refuse(c)
    return false
  }
  if (!(a.enabled?.(c) ?? true) || !a.run) return false
  a.run(c, e)
  return true
}

/** How a key spec reads in the help: `Mod` as Ctrl/⌘, physical codes as their letter. */
export function keyLabel(spec: string): string {
  return spec
    .replace('Mod', 'Ctrl/⌘')
    .replace(/Key([A-Z])$/, '$1')
    .replace(/Digit(\d)$/, '$1')
    .replace(/\+/g, ' + ')
}
