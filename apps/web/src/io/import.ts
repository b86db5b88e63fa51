import { allowed } from '../canvas/actions.ts'
import { fit, report } from '../canvas/commands.ts'
import type { Workspace } from '../canvas/workspace.ts'
import { useUI } from '../store.ts'
import { importFormat, isBinary, lossSummary, sniffFormat, unsupportedFile } from './formats.ts'
import { layoutImport, mermaidDirection } from './import-layout.ts'

const MAX_BYTES = 32 * 1024 * 1024

/** The formats whose files are mind maps and outlines: laid out as a tree growing right. */
const MAPS = new Set(['mindmap', 'opml', 'freemind', 'markdown', 'xmind', 'graphml'])

/**
 * Imports a dropped or picked file into the open graph, through @plexus/formats: JSON restores nodes as
 * they were; any other format is one frame of its own named after the file (top-level, or under the
 * selected node), with its own nodes: a node the graph already has by name or id is not merged into, and
 * the toast names it; a file dropped again is a second copy in a second frame, and the toast says that
 * plainly. A Mermaid file is laid out like its source, a map (mindmap, OPML, FreeMind,
 * Markdown, XMind, GraphML) as a tree growing right. One undo step. The toast says what came in, and
 * what the file held that the graph could not keep.
 */
export async function importFile(ws: Workspace, file: File): Promise<void> {
  if (!allowed(ws, 'graph.import')) return
  const ui = useUI.getState()
  const binaryName = /\.xmind$/i.test(file.name)
  const text = binaryName ? '' : await file.text()
  const format = sniffFormat(file.name, text.slice(0, 4096))
  if (!format) {
    ui.toast({ text: `Cannot import ${unsupportedFile(file.name)}`, tone: 'error' })
    return
  }
  if (file.size > MAX_BYTES) {
    ui.toast({ text: `${file.name} is larger than 32 MB.`, tone: 'error' })
    return
  }
  const input = isBinary(format) ? new Uint8Array(await file.arrayBuffer()) : text
  const sel = ws.model.selection()
  const g = ws.session.g
  const before = new Set(g.index.nodes.keys())
  ws.session.undo.stopCapturing()
  const frame = format === 'json' ? {} : { frame: file.name.replace(/\.[^.]*$/, '') || file.name }
  // A frame of this file's name already here: the file (or one of its name) was dropped before.
  const framed = [...g.index.nodes.values()].some(
    (n) => n.shape === 'group' && n.summary === frame.frame && g.index.live(n.id),
  )
  const r = importFormat(g, format, input, { ...frame, ...(sel.length === 1 ? { parent: sel[0]! } : {}) })
  let placed: string[] = []
  const created = r.ok ? [...g.index.nodes.keys()].filter((id) => !before.has(id) && g.index.live(id)) : []
  if (r.ok && (format === 'mermaid' || MAPS.has(format))) {
    // Laid out like the source (a map as a tree growing right), in the same undo step as the import.
    const anchor = sel.length === 1 ? sel[0]! : null
    placed = layoutImport(
      g,
      created,
      format === 'mermaid' ? mermaidDirection(text) : 'LR',
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
  const lost = r.lost.length ? ` Not kept: ${lossSummary(r.lost)}.` : ''
  // A file dropped again is a copy: a frame never merges into what the graph has (model
  // ApplyOptions.frame), so a second drop adds a second frame, and the toast says so when a frame of
  // the file's name was here and every node of the file was (a different file whose nodes all share
  // names gets the "kept apart" sentence instead).
  const again = framed && !!r.frame && r.created > 0 && (r.alike?.length ?? 0) === r.created
  const what = again
    ? `Imported ${file.name} again: every one of its ${r.created} node${r.created === 1 ? '' : 's'} was already here, so this is a second copy, in a frame of its own (undo takes it out)`
    : `Imported ${file.name}: ${parts.join(', ')}${r.frame ? ', in a frame of its own' : ''}`
  ui.toast(
    {
      text: `${what}.${r.skipped.length ? ` ${r.skipped.length} skipped.` : ''}${lost}${again ? '' : alikeText(r.alike ?? [])}`,
      tone: 'success',
      ...(r.alike?.length
        ? { nodes: r.alike.slice(0, 5).map((m) => ({ id: m.id, summary: m.summary })) }
        : {}),
      ...(r.lost.length ? { details: [...r.lost.map((l) => l.detail), ...r.skipped] } : {}),
    },
    r.lost.length || r.alike?.length ? 12_000 : undefined,
  )
}

/** What the person is told about nodes the file names that the graph already had (listed after it, up to 5). */
function alikeText(alike: readonly unknown[]): string {
  if (!alike.length) return ''
  const more = alike.length > 5 ? ` (the first 5 of ${alike.length})` : ''
  // A match by alias is by the file's own id (`A`), which unrelated files share: said as it is.
  return ` ${alike.length === 1 ? '1 node has the id or name of one' : `${alike.length} nodes have the ids or names of ones`} already here, kept apart${more}:`
}
