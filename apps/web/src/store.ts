import { DEPENDS_ON, RELATES_TO } from '@plexus/model'
import { create } from 'zustand'

export type ThemeChoice = 'system' | 'light' | 'dark'
export type View = 'canvas' | 'board'
export type LinkType = typeof DEPENDS_ON | typeof RELATES_TO

/**
 * Why the open graph cannot be changed here, strongest first: a past moment shown by the timeline,
 * a newer schema than this build knows, a token that only reads (sync/access.ts).
 */
export const READ_ONLY_REASONS = ['past', 'schema', 'token'] as const
export type ReadOnlyReason = (typeof READ_ONLY_REASONS)[number]

export interface Toast {
  id: number
  text: string
  tone: 'info' | 'error' | 'success'
  /** Node ids the toast is about (clicking one selects it). */
  nodes?: Array<{ id: string; summary: string }>
  /** Lines shown when the person opens the toast's details (what an import or export could not keep). */
  details?: string[]
}

/** UI state only: what the person is looking at and doing. The graph itself lives in the Y.Doc. */
export interface UIState {
  theme: ThemeChoice
  view: View
  inspectorOpen: boolean
  /** Selected node ids, in the order they were selected. */
  selection: string[]
  selectedEdges: string[]
  /** The node whose summary is being edited inline, and the text editing started with. */
  editing: { id: string; initial: string | null } | null
  searchOpen: boolean
  helpOpen: boolean
  linkType: LinkType
  toasts: Toast[]
  /** Nodes to highlight briefly (just unblocked, just jumped to): id -> until (ms). */
  flash: Record<string, number>
  /** Why the open graph cannot be changed here (the first of `readOnlyBy`), or null. */
  readOnly: string | null
  /** Every reason it cannot, each with the words a person is told (`setReadOnly`). */
  readOnlyBy: Partial<Record<ReadOnlyReason, string>>
  /** The timeline's bar is open (timeline/Timeline.tsx). */
  timelineOpen: boolean
  /** The moment the canvas shows (ms since the epoch), read-only; null: the graph as it is now. */
  pastAt: number | null
  /** The timeline asks whether to restore the whole graph to `pastAt` (Alt+R or its button). */
  restoreAsked: boolean
  setRestoreAsked: (asked: boolean) => void
  setTheme: (t: ThemeChoice) => void
  setReadOnly: (reason: ReadOnlyReason, text: string | null) => void
  /** Opens or closes the timeline; closing it returns the canvas to now. */
  setTimelineOpen: (open: boolean) => void
  setPastAt: (at: number | null) => void
  setView: (v: View) => void
  toggleInspector: () => void
  setEditing: (e: UIState['editing']) => void
  setSearchOpen: (open: boolean) => void
  setHelpOpen: (open: boolean) => void
  setLinkType: (t: LinkType) => void
  toast: (t: Omit<Toast, 'id'>, ms?: number) => void
  dismiss: (id: number) => void
  flashNodes: (ids: string[], ms?: number) => void
}

const THEME_KEY = 'plexus.theme'

function storedTheme(): ThemeChoice {
  try {
    const v = localStorage.getItem(THEME_KEY)
    return v === 'light' || v === 'dark' ? v : 'system'
  } catch {
    return 'system'
  }
}

let toastSeq = 0

export const useUI = create<UIState>()((set, get) => ({
  theme: storedTheme(),
  view: 'canvas',
  inspectorOpen: true,
  selection: [],
  selectedEdges: [],
  editing: null,
  searchOpen: false,
  helpOpen: false,
  linkType: DEPENDS_ON,
  toasts: [],
  flash: {},
  readOnly: null,
  readOnlyBy: {},
  timelineOpen: false,
  pastAt: null,
  restoreAsked: false,
  setRestoreAsked: (restoreAsked) => set({ restoreAsked: restoreAsked && get().pastAt !== null }),
  setReadOnly: (reason, text) => {
    const by = { ...get().readOnlyBy }
    if (text === null) delete by[reason]
    else by[reason] = text
    const first = READ_ONLY_REASONS.find((r) => by[r] !== undefined)
    set({ readOnlyBy: by, readOnly: first ? by[first]! : null })
    // Nothing stays open for editing on a graph that is read-only here.
    if (first) set({ editing: null })
  },
  setTimelineOpen: (timelineOpen) =>
    set(timelineOpen ? { timelineOpen } : { timelineOpen, pastAt: null, restoreAsked: false }),
  setPastAt: (pastAt) => set({ pastAt, restoreAsked: false }),
  setTheme: (theme) => {
    try {
      localStorage.setItem(THEME_KEY, theme)
    } catch {
      // not remembered; still applied
    }
    set({ theme })
  },
  setView: (view) => set({ view }),
  toggleInspector: () => set((s) => ({ inspectorOpen: !s.inspectorOpen })),
  // Nothing opens an editor on a graph that is read-only here (store.readOnly says why).
  setEditing: (editing) => set({ editing: editing && get().readOnly ? null : editing }),
  setSearchOpen: (searchOpen) => set({ searchOpen }),
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setLinkType: (linkType) => set({ linkType }),
  toast: (t, ms = 5000) => {
    // The same words already on screen are not stacked again (a key held down, pressed twice).
    if (get().toasts.some((x) => x.text === t.text && x.tone === t.tone)) return
    const id = ++toastSeq
    set((s) => ({ toasts: [...s.toasts.slice(-3), { ...t, id }] }))
    setTimeout(() => get().dismiss(id), ms)
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  flashNodes: (ids, ms = 2500) => {
    const until = Date.now() + ms
    set((s) => {
      const flash = { ...s.flash }
      for (const id of ids) flash[id] = until
      return { flash }
    })
    setTimeout(() => {
      set((s) => {
        const flash: Record<string, number> = {}
        const now = Date.now()
        for (const [k, v] of Object.entries(s.flash)) if (v > now) flash[k] = v
        return { flash }
      })
    }, ms + 50)
  },
}))
