import { report } from '../canvas/commands.ts'
import type { Workspace } from '../canvas/workspace.ts'
import { useUI } from '../store.ts'
import { formatOfFile, importGraph } from './formats.ts'

const MAX_BYTES = 32 * 1024 * 1024

/**
 * Imports a dropped or picked file into the open graph, through the model: JSON restores nodes as they
 * were, the text formats add nodes under the selected node (or the root). Nodes without positions are
 * then placed by the canvas like any other. One undo step.
 */
export async function importFile(ws: Workspace, file: File): Promise<void> {
  const ui = useUI.getState()
  const format = formatOfFile(file.name)
  if (!format) {
    ui.toast({ text: `Cannot import ${file.name}: use .json, .mmd, .canvas or .txt (DSL).`, tone: 'error' })
    return
  }
  if (file.size > MAX_BYTES) {
    ui.toast({ text: `${file.name} is larger than 32 MB.`, tone: 'error' })
    return
  }
  const text = await file.text()
  const sel = ws.model.selection()
  ws.session.undo.stopCapturing()
  const r = importGraph(ws.session.g, format, text, sel.length === 1 ? { parent: sel[0]! } : {})
  ws.session.undo.stopCapturing()
  if (!r.ok) return report(r)
  const parts = [`${r.created} node${r.created === 1 ? '' : 's'} created`]
  if (r.matched) parts.push(`${r.matched} matched existing`)
  if (r.edges) parts.push(`${r.edges} edge${r.edges === 1 ? '' : 's'}`)
  ui.toast({
    text: `Imported ${file.name}: ${parts.join(', ')}.${r.skipped.length ? ` ${r.skipped.length} skipped.` : ''}`,
    tone: 'success',
  })
}
