import { useEffect } from 'react'
import { SHORTCUTS } from '../canvas/keymap.ts'
import { useUI } from '../store.ts'

export function Help() {
  const close = () => useUI.getState().setHelpOpen(false)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
  return (
    <div
      className="overlay"
      role="presentation"
      onPointerDown={(e) => e.target === e.currentTarget && close()}
    >
      <div className="help" role="dialog" aria-modal="true" aria-label="Keyboard map">
        <header>
          <h2>Keyboard</h2>
          <button className="btn ghost small" onClick={close} autoFocus>
            Close
          </button>
        </header>
        <dl>
          {SHORTCUTS.map(([k, v]) => (
            <div key={k} className="help-row">
              <dt>
                <kbd>{k}</kbd>
              </dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  )
}
