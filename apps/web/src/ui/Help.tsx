import { useEffect } from 'react'
import { ACTIONS, keyLabel } from '../canvas/actions.ts'
import { useUI } from '../store.ts'
import { focusCanvas } from './focus.ts'

/** The help overlay: every canvas action of the registry (actions.ts) with its keys. */
export function Help() {
  // Closing gives the keyboard back to the canvas (useCanvasKeys.ts).
  const close = () => {
    useUI.getState().setHelpOpen(false)
    focusCanvas()
  }
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
          {ACTIONS.filter((a) => a.keys.length).map((a) => (
            <div key={a.id} className="help-row" data-action={a.id}>
              <dt>
                {a.keys.map((k) => (
                  <kbd key={k}>{keyLabel(k)}</kbd>
                ))}
              </dt>
              <dd>{a.label}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  )
}
