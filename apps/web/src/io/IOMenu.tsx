import { useRef } from 'react'
import { useWorkspace } from '../canvas/workspace.ts'
import { useUI } from '../store.ts'
import { Icon } from '../ui/Icon.tsx'
import { Menu, MenuItem } from '../ui/Menu.tsx'
import { download, fileBase } from './download.ts'
import { FORMATS, FORMAT_INFO, exportGraph, type Format } from './formats.ts'
import { importFile } from './import.ts'
import { graphToSvg, svgToPng } from './svg.ts'

/** Import a file, export the graph as text, or export a picture of it. */
export function IOMenu() {
  const ws = useWorkspace()
  const input = useRef<HTMLInputElement>(null)
  const base = fileBase(ws.session.id)

  const exportText = (f: Format) => {
    const text = exportGraph(ws.session.g, f)
    download(new Blob([text], { type: FORMAT_INFO[f].mime }), `${base}.${FORMAT_INFO[f].ext}`)
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
        accept=".json,.mmd,.mermaid,.canvas,.txt,.dsl,.plexus"
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
