import { DEPENDS_ON, relationWords } from '@plexus/model'
import { Fragment, useReducer } from 'react'
import { useUI } from '../store.ts'
import { Icon } from '../ui/Icon.tsx'
import { ACTIONS, isEnabled, keyLabel, perform, type Action, type ToolbarGroup } from './actions.ts'
import { useWorkspace } from './workspace.ts'

const GROUPS: readonly ToolbarGroup[] = ['create', 'history', 'style', 'layout', 'toggles']

/** The canvas tools: the registry's actions with a toolbar group (actions.ts), each also on the keyboard. */
export function Toolbar() {
  const ws = useWorkspace()
  // What the buttons show and whether they are on depends on these.
  const sel = useUI((s) => s.selection)
  const readOnly = useUI((s) => s.readOnly)
  useUI((s) => s.linkType)
  useUI((s) => s.timelineOpen)
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const c = { ws, sel, readOnly }
  const button = (a: Action) => {
    const on = isEnabled(a, c)
    const keys = a.keys.length ? ` (${a.keys.map(keyLabel).join(', ')})` : ''
    const text = a.text?.(c)
    return (
      <button
        key={a.id}
        className={`tool ${a.id === 'link.type' ? `link-type ${text === relationWords(DEPENDS_ON) ? 'dep' : 'rel'}` : ''} ${a.id === 'view.archived' ? 'archived-toggle' : ''}`}
        onClick={() => {
          perform(a, { ...c, sel: ws.model.selection() })
          rerender() // the canvas has the keyboard again after a click (useCanvasKeys.ts)
        }}
        disabled={!on}
        title={!on && a.edits && readOnly ? readOnly : `${a.label}${keys}`}
        aria-label={text ? `${a.label}: ${text}` : a.label}
        aria-pressed={a.pressed?.(c)}
        data-testid={a.testId ?? `tool-${a.id}`}
      >
        {a.icon && <Icon name={a.icon} />}
        {text && <span>{text}</span>}
      </button>
    )
  }
  return (
    <div className="toolbar" role="toolbar" aria-label="Canvas tools">
      {GROUPS.map((g, i) => (
        <Fragment key={g}>
          {i > 0 && <span className="tool-sep" />}
          {ACTIONS.filter((a) => a.toolbar === g).map(button)}
        </Fragment>
      ))}
    </div>
  )
}
