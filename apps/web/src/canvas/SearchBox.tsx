import { shownKind } from '@plexus/model'
import { useEffect, useMemo, useRef, useState } from 'react'
import { findNodes } from '../graph/find.ts'
import { useUI } from '../store.ts'
import { comboboxKeys } from '../ui/combobox.ts'
import { focusCanvas } from '../ui/focus.ts'
import { Icon } from '../ui/Icon.tsx'
import { jumpTo } from './commands.ts'
import { useWorkspace } from './workspace.ts'

/** Ctrl/Cmd+K: type, pick with the arrows, Enter jumps to the node on the canvas. */
export function SearchBox() {
  const ws = useWorkspace()
  // Closing gives the keyboard back to the canvas (useCanvasKeys.ts).
  const close = () => {
    useUI.getState().setSearchOpen(false)
    focusCanvas()
  }
  const [q, setQ] = useState('')
  const [active, setActive] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const results = useMemo(() => findNodes(ws.model.g, q, 12), [ws, q])
  useEffect(() => input.current?.focus(), [])
  useEffect(() => setActive(0), [q])

  const choose = (i: number) => {
    const r = results[i]
    if (!r) return
    jumpTo(ws, r.id)
    close()
  }

  return (
    <div
      className="overlay"
      role="presentation"
      onPointerDown={(e) => e.target === e.currentTarget && close()}
    >
      <div className="search" role="dialog" aria-modal="true" aria-label="Search nodes">
        <div className="search-input">
          <Icon name="search" />
          <input
            ref={input}
            value={q}
            placeholder="Jump to a node…"
            aria-label="Search"
            data-testid="search-input"
            role="combobox"
            aria-expanded={results.length > 0}
            aria-controls="search-results"
            aria-activedescendant={results[active] ? `sr-${results[active].id}` : undefined}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={comboboxKeys(results.length, active, setActive, choose, (e) => {
              e.preventDefault()
              close()
            })}
          />
          <kbd>Esc</kbd>
        </div>
        <ul className="search-results" id="search-results" role="listbox">
          {results.map((r, i) => (
            <li
              key={r.id}
              id={`sr-${r.id}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : ''}
              onPointerEnter={() => setActive(i)}
              onClick={() => choose(i)}
            >
              <span className={`dot st-${r.status}`} />
              <span className="sr-summary">{r.summary}</span>
              {shownKind(r.kind) && <span className="chip">{r.kind}</span>}
              {r.snippet && <span className="sr-snippet muted small">{r.snippet}</span>}
            </li>
          ))}
          {q && !results.length && <li className="muted empty">Nothing matches “{q}”.</li>}
        </ul>
      </div>
    </div>
  )
}
