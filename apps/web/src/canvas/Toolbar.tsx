import { DEPENDS_ON, RELATES_TO, relationWords } from '@plexus/model'
import { useState } from 'react'
import { useUI } from '../store.ts'
import { Icon } from '../ui/Icon.tsx'
import { arrange } from './arrange.ts'
import { addChild, fit, redo, undo } from './commands.ts'
import { useWorkspace } from './workspace.ts'

/** The canvas tools, each also on the keyboard (see the help overlay). */
export function Toolbar() {
  const ws = useWorkspace()
  const linkType = useUI((s) => s.linkType)
  const setLinkType = useUI((s) => s.setLinkType)
  const multi = useUI((s) => s.selection.length > 1)
  const [hideArchived, setHideArchived] = useState(() => ws.model.hidesArchived)
  const refocus = () =>
    (document.querySelector('.canvas-wrap') as HTMLElement | null)?.focus({ preventScroll: true })
  const act = (fn: () => void) => () => {
    fn()
    refocus()
  }
  return (
    <div className="toolbar" role="toolbar" aria-label="Canvas tools">
      <button
        className="tool"
        onClick={act(() => addChild(ws))}
        title="Add a node (Tab)"
        aria-label="Add a node"
        data-testid="add-node"
      >
        <Icon name="plus" />
      </button>
      <span className="tool-sep" />
      <button
        className="tool"
        onClick={act(() => undo(ws))}
        title="Undo your last change (Ctrl/⌘+Z)"
        aria-label="Undo"
        data-testid="undo"
      >
        <Icon name="undo" />
      </button>
      <button
        className="tool"
        onClick={act(() => redo(ws))}
        title="Redo (Shift+Ctrl/⌘+Z)"
        aria-label="Redo"
        data-testid="redo"
      >
        <Icon name="redo" />
      </button>
      <span className="tool-sep" />
      <button
        className="tool"
        onClick={act(() => arrange(ws, 'mindmap'))}
        title="Mind map layout: branches on both sides of the root (Shift+M)"
        aria-label="Mind map layout"
        data-testid="layout-mindmap"
      >
        <Icon name="mindmap" />
      </button>
      <button
        className="tool"
        onClick={act(() => arrange(ws, 'tree'))}
        title={`Tree layout${multi ? ' of the selection' : ''} (Shift+T)`}
        aria-label="Tree layout"
        data-testid="layout-tree"
      >
        <Icon name="tree" />
      </button>
      <button
        className="tool"
        onClick={act(() => arrange(ws, 'layered'))}
        title={`Layered layout by dependencies${multi ? ' of the selection' : ''} (Shift+L)`}
        aria-label="Layered layout"
        data-testid="layout-layered"
      >
        <Icon name="layers" />
      </button>
      <button
        className="tool"
        onClick={act(() => fit(ws))}
        title="Fit view (Shift+1)"
        aria-label="Fit view"
        data-testid="fit-view"
      >
        <Icon name="fit" />
      </button>
      <span className="tool-sep" />
      <button
        className={`tool link-type ${linkType === DEPENDS_ON ? 'dep' : 'rel'}`}
        onClick={act(() => setLinkType(linkType === DEPENDS_ON ? RELATES_TO : DEPENDS_ON))}
        title="What dragging between nodes creates"
        aria-label={`New edges: ${relationWords(linkType)}`}
        data-testid="link-type"
      >
        <Icon name="link" />
        <span>{relationWords(linkType)}</span>
      </button>
      <button
        className="tool archived-toggle"
        onClick={act(() => {
          ws.model.setArchivedHidden(!hideArchived)
          setHideArchived(!hideArchived)
        })}
        title="Show or hide what agent memory archived (stale, rarely read nodes); a read brings one back"
        aria-pressed={hideArchived}
        data-testid="toggle-archived"
      >
        <span>{hideArchived ? 'archived hidden' : 'archived shown'}</span>
      </button>
    </div>
  )
}
