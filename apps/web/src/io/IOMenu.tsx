import { useRef } from 'react'
import { useWorkspace } from '../canvas/workspace.ts'
import { useUI } from '../store.ts'
import { Icon } from '../ui/Icon.tsx'
import { Menu, MenuItem } from '../ui/Menu.tsx'
import { download, fileBase } from './download.ts'
import { ACCEPT, FORMATS, FORMAT_INFO, lossSummary, tryExportFile, type Format } from './formats.ts'
import { importFile } from './import.ts'
import { graphToSvg, svgToPng } from './svg.ts'

/** Import a file, export the graph as text, or export a picture of it. */
export function IOMenu() {
  const ws = useWorkspace()
  const input = useRef<HTMLInputElement>(null)
  const base = fileBase(ws.session.id)

  const exportText = (f: Format) => {
    const refused = (message: string) =>
      useUI
        .getState()
        .toast({ text: `Could not export ${FORMAT_INFO[f].label}: ${message}`, tone: 'error' }, 12_000)
    let r: ReturnType<typeof tryExportFile>
    try {
      r = tryExportFile(ws.session.g, f)
    } catch (e) {
      // A bug of the writer, not the graph's fault: said, never an uncaught error the person cannot see.
      refused(`${(e as Error).message}. JSON keeps everything the graph holds; please report this.`)
      return
    }
    // A refusal of the vocabulary (too_deep: a tree deeper than a map format is written), in its words.
    if (!r.ok) return refused(r.message)
    const { data, lost } = r
    const part = typeof data === 'string' ? data : data.slice().buffer
    download(new Blob([part], { type: FORMAT_INFO[f].mime }), `${base}.${FORMAT_INFO[f].ext}`)
    // What the format has no place for, said once at the moment of export.
    if (lost.length)
      useUI.getState().toast(
        {
          text: `Exported ${FORMAT_INFO[f].label}. Not kept: ${lossSummary(lost)}.`,
          tone: 'info',
          details: lost.map((l) => l.detail),
        },
        12_000,
      )
  }
  const picture = async (kind: 'svg' | 'png') => {
    const sel = ws.model.selection()
    const p = graphToSvg(ws.model, sel.length > 1 ? sel : undefined)
    try {
      const blob = kind === 'svg' ? new Blob([p.svg], { type: 'image/svg+xml' }) : await svgToPng(p)
      download(blob, `${base}.${kind}`)
    } catch (e) {
      useUI.getState().toast({ text: `Could not make the picture: ${(e as Error).message}`, tone: 'error' })
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={ACCEPT}
        data-testid="import-input"
        onChange={(e) => {
          const f = e.target.files?.[0]
          if (f) void importFile(ws, f)
          e.target.value = ''
        }}
      />
      <Menu label="Import / export" icon={<Icon name="download" />} testId="io-menu">
        {(close) => (
          <>
            <MenuItem
              onClick={() => {
                close()
                input.current?.click()
              }}
            >
              <Icon name="upload" /> Import a file…
            </MenuItem>
            <div className="menu-sep" />
            {FORMATS.map((f) => (
              <MenuItem
                key={f}
                testId={`export-${f}`}
                onClick={() => {
                  close()
                  exportText(f)
                }}
              >
                <Icon name="file" /> Export {FORMAT_INFO[f].label}
              </MenuItem>
            ))}
            <div className="menu-sep" />
            <MenuItem
              testId="export-svg"
              onClick={() => {
                close()
                void picture('svg')
              }}
            >
              <Icon name="image" /> Export SVG
            </MenuItem>
            <MenuItem
              testId="export-png"
              onClick={() => {
                close()
                void picture('png')
              }}
            >
              <Icon name="image" /> Export PNG
            </MenuItem>
          </>
        )}
      </Menu>
    </>
  )
}
