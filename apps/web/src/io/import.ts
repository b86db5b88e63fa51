import { meta } from '@plexus/model'
import { allowed } from '../canvas/actions.ts'
import { fit, report } from '../canvas/commands.ts'
import type { Workspace } from '../canvas/workspace.ts'
import { useUI } from '../store.ts'
import { formatOfFile, importGraph, unsupportedFile } from './formats.ts'
import { layoutImport, mermaidDirection } from './import-layout.ts'

const MAX_BYTES = 32 * 1024 * 1024

/**
 * Imports a dropped or picked file into the open graph, through the model: JSON restores nodes as they
 * were, the text formats add nodes under the selected node (or the root). Nodes without positions are
 * then placed by the canvas like any other. One undo step.
 */
export async function importFile(ws: Workspace, file: File): Promise<void> {
  if (!allowed(ws, 'graph.import')) return
  const ui = useUI.getState()
  const format = formatOfFile(file.name)
  if (!format) {
    ui.toast({ text: `Cannot import ${unsupportedFile(file.name)}`, tone: 'error' })
    return
  }
  if (file.size > MAX_BYTES) {
    ui.toast({ text: `${file.name} is larger than 32 MB.`, tone: 'error' })
    return
  }
  const text = await file.text()
  const sel = ws.model.selection()
  const g = ws.session.g
  const before = new Set(g.index.nodes.keys())
  ws.session.undo.stopCapturing()
  const r = importGraph(g, format, text, sel.length === 1 ? { parent: sel[0]! } : {})
  let placed: string[] = []
  const created = r.ok ? [...g.index.nodes.keys()].filter((id) => !before.has(id) && g.index.live(id)) : []
  if (r.ok && format === 'mermaid') {
    // Laid out like the source, in the same undo step as the import.
    const anchor = sel.length === 1 ? sel[0]! : meta(g).root
    placed = layoutImport(
      g,
      created,
      mermaidDirection(text),
      anchor,
      ws.model.positionOf.bind(ws.model),
      ws.model.sizeOf,
    )
  }
  ws.session.undo.stopCapturing()
  if (!r.ok) return report(r)
  // The view fitted to what came in: once laid out (Mermaid), or once the canvas has placed what the
  // file did not position (the other formats keep the file's positions when it has them).
  const shown = placed.length ? placed : created
  if (shown.length) setTimeout(() => fit(ws, { nodes: shown }), placed.length ? 30 : 120)
  const parts = [`${r.created} node${r.created === 1 ? '' : 's'} created`]
  if (r.matched) parts.push(`${r.matched} matched existing`)
  if (r.edges) parts.push(`${r.edges} edge${r.edges === 1 ? '' : 's'}`)
  ui.toast({
    text: `Imported ${file.name}: ${parts.join(', ')}.${r.skipped.length ? ` ${r.skipped.length} skipped.` : ''}`,
    tone: 'success',
  })
}
