import { restoreGraphAsOf, type Graph, type Result, type RestoreResult } from '@plexus/model'
import { report } from '../canvas/commands.ts'
import type { Workspace } from '../canvas/workspace.ts'
import { useUI, type ReadOnlyReason } from '../store.ts'
import { stamp } from '../ui/time.ts'

/**
 * Restoring from the canvas (issue 30): the whole graph to the moment the timeline shows, or a branch
 * from a node's history in the inspector. What the bar asks before writing, when it is refused, and,
 * for both, how the restore is written (one undo step of the person's own) and what the toast says.
 * The restore itself is the model's (`restoreGraphAsOf`, `restoreAsOf`: packages/model/src/restore.ts),
 * the whole graph's previewed first by `previewGraphRestore`.
 */

const count = (k: number, one: string) => `${k} ${k === 1 ? one : `${one}s`}`

/**
 * Why this person cannot restore the graph, or null. The timeline's own reason ("past": the canvas
 * shows a moment, read-only) does not count: the restore writes the live graph, not the past shown.
 */
export function restoreRefusal(by: Partial<Record<ReadOnlyReason, string>>): string | null {
  for (const [reason, text] of Object.entries(by)) if (reason !== 'past' && text) return text
  return null
}

/** True when the restore would change nothing. */
export const nothingToRestore = (r: RestoreResult): boolean =>
  r.restored.length +
    r.forgotten.length +
    r.brought_back.length +
    r.edges_added.length +
    r.edges_removed.length ===
  0

/** The question asked before writing: what a restore to `at` would do, from its preview. */
export function restoreQuestion(r: RestoreResult, at: number): string {
  if (nothingToRestore(r)) return `The graph is as it was at ${stamp(at)}: nothing to restore.`
  const parts = [
    `brings back ${count(r.brought_back.length, 'node')}`,
    `removes ${count(r.forgotten.length, 'node')} made since (kept in history)`,
    `changes ${count(r.restored.length, 'node')}`,
  ]
  const rel = r.edges_added.length + r.edges_removed.length
  if (rel) parts.push(`changes ${count(rel, 'relation')}`)
  const left = r.skipped.length ? ` ${count(r.skipped.length, 'change')} cannot be put back.` : ''
  return `Restore the whole graph to ${stamp(at)}? It ${parts.join(', ')}.${left} One new change: Ctrl+Z undoes it.`
}

/** What a restore did, as the toast says it; `what` names what was restored ("the graph"), if not a branch. */
export function restoredText(r: RestoreResult, at: number, what?: string): string {
  const parts: string[] = []
  if (r.restored.length) parts.push(`${count(r.restored.length, 'node')} put back`)
  if (r.forgotten.length) parts.push(`${count(r.forgotten.length, 'node')} made since removed`)
  if (r.brought_back.length) parts.push(`${count(r.brought_back.length, 'node')} brought back`)
  const rel = r.edges_added.length + r.edges_removed.length
  if (rel) parts.push(`${count(rel, 'relation')} changed`)
  const done = parts.length ? parts.join(', ') : 'nothing differed'
  const left = r.skipped.length
    ? `; ${count(r.skipped.length, 'change')} could not be put back (details)`
    : ''
  return `Restored ${what ? `${what} ` : ''}to ${stamp(at)}: ${done}${left}. Ctrl+Z undoes it.`
}

/** The toast's details: which nodes, by name, and what could not be put back. */
export function restoredDetails(g: Graph, r: RestoreResult): string[] {
  const name = (id: string) => g.index.nodes.get(id)?.summary || id
  const list = (label: string, ids: string[]) => (ids.length ? [`${label}: ${ids.map(name).join(', ')}`] : [])
  return [
    ...list('Put back', r.restored),
    ...list('Removed (made since; restore brings them back)', r.forgotten),
    ...list('Brought back', r.brought_back),
    ...r.skipped.map((x) => `${name(x.id)}, ${x.field}: ${x.reason}`),
  ]
}

/**
 * Runs `write` as one undo step of this page's own: the undo manager's capture is closed before and
 * after, so it neither joins the last edit nor the next.
 */
function oneStep<T>(undo: { stopCapturing: () => void }, write: () => T): T {
  undo.stopCapturing()
  const r = write()
  undo.stopCapturing()
  return r
}

/** Writes the whole graph's restore on the live graph as one undo step of this page's own. */
export function restoreGraphTo(
  g: Graph,
  undo: { stopCapturing: () => void },
  at: number,
): Result<RestoreResult> {
  return oneStep(undo, () => restoreGraphAsOf(g, { at }))
}

/**
 * A restore made on the canvas (`write`: the branch's or the whole graph's, on the live graph): one
 * undo step of the person's own, the nodes whose look it changed told to the flow model (the room
 * they then take joins that step), and a toast saying what it did. Returns whether it was written.
 */
export function restoreOnCanvas(
  ws: Workspace,
  at: number,
  write: () => Result<RestoreResult>,
  what?: string,
): boolean {
  const r = oneStep(ws.session.undo, write)
  if (!r.ok) {
    report(r)
    return false
  }
  ws.model.own.changed([...r.restored, ...r.forgotten, ...r.brought_back])
  useUI.getState().toast({
    text: restoredText(r, at, what),
    tone: r.skipped.length ? 'error' : 'success',
    details: restoredDetails(ws.session.g, r),
  })
  return true
}
