// Outlines: the plain text a person pastes from a notes app or a list, and what Plexus writes for other
// programs. One line a node, indentation making children; list markers (`-`, `*`, `+`, `1.`, `1)`) are
// not part of the summary.
import { LIMITS } from './limits.ts'

/** One node of an outline; `parent` is the index of its parent in the same list, null at the top. */
export interface OutlineItem {
  summary: string
  parent: number | null
}

/** More lines than this is not an outline a person pasted: the caller treats the text as something else. */
export const OUTLINE_MAX_LINES = 2000

const TAB = '    '
const MARKER = /^([-*+]|\d+[.)])\s+/

/**
 * The nodes an outline holds, in order, or null when it holds none or more than OUTLINE_MAX_LINES. A tab
 * counts as four spaces; a line indented deeper than the one before it is its child.
 */
export function parseOutline(text: string): OutlineItem[] | null {
  const lines = text.split(/\r?\n/).filter((l) => l.trim())
  if (!lines.length || lines.length > OUTLINE_MAX_LINES) return null
  const items: OutlineItem[] = []
  const open: Array<{ indent: number; at: number }> = []
  lines.forEach((line, at) => {
    const indent = line.match(/^\s*/)![0].replace(/\t/g, TAB).length
    const summary = line.trim().replace(MARKER, '').slice(0, LIMITS.summary)
    while (open.length && open[open.length - 1]!.indent >= indent) open.pop()
    items.push({ summary: summary || '…', parent: open[open.length - 1]?.at ?? null })
    open.push({ indent, at })
  })
  return items
}

/** An outline as text: two spaces a level. An item whose parent is not in the list is at the top. */
export function formatOutline(items: readonly OutlineItem[]): string {
  const kids = new Map<number | null, number[]>()
  items.forEach((it, i) => {
    const p = it.parent !== null && items[it.parent] ? it.parent : null
    kids.set(p, [...(kids.get(p) ?? []), i])
  })
  const out: string[] = []
  const seen = new Set<number>()
  // A parent chain that loops (a hand-edited payload) is cut where it comes back: every item once.
  const walk = (parent: number | null, depth: number): void => {
    for (const i of kids.get(parent) ?? []) {
      if (seen.has(i)) continue
      seen.add(i)
      out.push(`${'  '.repeat(depth)}${items[i]!.summary}`)
      walk(i, depth + 1)
    }
  }
  walk(null, 0)
  return out.join('\n')
}
