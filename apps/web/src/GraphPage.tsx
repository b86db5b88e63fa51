import { meta as metaOf, setMeta, type Graph } from '@plexus/model'
import { ReactFlowProvider } from '@xyflow/react'
import { useEffect, useMemo, useState } from 'react'
import { Board } from './board/Board.tsx'
import { Canvas } from './canvas/Canvas.tsx'
import { jumpTo } from './canvas/commands.ts'
import { EmptyState } from './canvas/EmptyState.tsx'
import { FlowModel } from './canvas/flow-model.ts'
import { SearchBox } from './canvas/SearchBox.tsx'
import { Toolbar } from './canvas/Toolbar.tsx'
import { WorkspaceContext, type Workspace } from './canvas/workspace.ts'
import { useMeta } from './graph/hooks.ts'
import type { Identity } from './identity.ts'
import { Inspector } from './inspector/Inspector.tsx'
import { IOMenu } from './io/IOMenu.tsx'
import { PeerList } from './presence/PeerList.tsx'
import { usePresenceFeed } from './presence/presence.ts'
import { navigate } from './router.ts'
import { useUI } from './store.ts'
import { useAccess } from './sync/access.ts'
import { acquireSession, releaseSession, type GraphSession } from './sync/session.ts'
import { TimelineBar } from './timeline/Timeline.tsx'
import { usePast } from './timeline/usePast.ts'
import { CommitInput } from './inspector/Field.tsx'
import { Help } from './ui/Help.tsx'
import { Icon } from './ui/Icon.tsx'
import { Account } from './ui/SignIn.tsx'
import { SyncIndicator } from './ui/SyncIndicator.tsx'
import { ThemeToggle } from './ui/ThemeToggle.tsx'
import { VersionBanner } from './ui/VersionBanner.tsx'
import { Toasts } from './ui/Toasts.tsx'

declare global {
  interface Window {
    /** The open graph, for tests, benchmarks and the curious; nothing in the app reads it. */
    __plexus?: Workspace
  }
}

/** Opens a graph (IndexedDB first, then the server) and shows it. */
export function GraphPage({ id, identity }: { id: string; identity: Identity }) {
  const [session, setSession] = useState<GraphSession | null>(null)
  useEffect(() => {
    const s = acquireSession(id, identity)
    let live = true
    void s.ready.then(() => live && setSession(s))
    return () => {
      live = false
      releaseSession(s)
      setSession(null)
    }
  }, [id, identity])
  if (!session) return <div className="loading">Opening {id}…</div>
  return <Workbench key={session.id} session={session} identity={identity} />
}

/** The root's id when it is the graph's only live node (a graph just created), else null. */
function onlyRoot(g: Graph): string | null {
  const root = metaOf(g).root
  const ix = g.index
  if (!root || !ix.live(root)) return null
  let live = 0
  for (const id of ix.nodes.keys()) if (ix.live(id) && ++live > 1) return null
  return root
}

function Workbench({ session, identity }: { session: GraphSession; identity: Identity }) {
  const ws = useMemo<Workspace>(() => {
    const model = new FlowModel(session)
    performance.mark('plexus:flow-model')
    return { session, model, rf: null }
  }, [session])
  useEffect(() => {
    window.__plexus = ws
    useUI.setState({ selection: [], selectedEdges: [], editing: null })
    const detach = ws.model.attach()
    // A new graph (its root alone): the root is selected, so typing names it and Tab adds a child.
    const root = onlyRoot(session.g)
    if (root) ws.model.select([root])
    session.connectAfterPaint()
    return () => {
      detach()
      if (window.__plexus === ws) delete window.__plexus
    }
  }, [ws, session])
  usePresenceFeed(session)
  useAccess(session)
  const readOnly = useUI((s) => s.readOnly)
  const view = useUI((s) => s.view)
  const inspectorOpen = useUI((s) => s.inspectorOpen)
  const searchOpen = useUI((s) => s.searchOpen)
  const helpOpen = useUI((s) => s.helpOpen)
  const timelineOpen = useUI((s) => s.timelineOpen)
  // While the timeline shows a moment, the canvas and inspector draw the graph as it was (usePast.ts).
  const shown = usePast(ws)
  const meta = useMeta(session.g)

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        useUI.getState().setSearchOpen(true)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  useEffect(() => {
    document.title = `${meta.title || session.id} · Plexus`
  }, [meta.title, session.id])

  return (
    <WorkspaceContext.Provider value={shown}>
      <ReactFlowProvider>
        <div className={`workbench ${inspectorOpen ? 'with-inspector' : ''}`}>
          <header className="topbar">
            <button
              className="btn ghost icon-only"
              onClick={() => navigate('/')}
              title="All graphs"
              aria-label="All graphs"
              data-testid="home-link"
            >
              <Icon name="back" />
            </button>
            <div className="title-edit">
              <CommitInput
                disabled={readOnly}
                value={meta.title || session.id}
                onCommit={(t) => t.trim() && setMeta(session.g, { title: t.trim() })}
                testId="graph-title"
              />
            </div>
            <div className="seg" role="tablist" aria-label="View">
              <button
                role="tab"
                aria-selected={view === 'canvas'}
                className={view === 'canvas' ? 'on' : ''}
                onClick={() => useUI.getState().setView('canvas')}
                data-testid="view-canvas"
              >
                <Icon name="canvas" size={14} /> Canvas
              </button>
              <button
                role="tab"
                aria-selected={view === 'board'}
                className={view === 'board' ? 'on' : ''}
                onClick={() => useUI.getState().setView('board')}
                data-testid="view-board"
              >
                <Icon name="board" size={14} /> Board
              </button>
            </div>
            <div className="spacer" />
            <button
              className="btn ghost search-btn"
              onClick={() => useUI.getState().setSearchOpen(true)}
              data-testid="search-open"
              aria-label="Search (Ctrl+K)"
            >
              <Icon name="search" size={14} />
              <span className="btn-label">Search</span>
              <kbd>Ctrl K</kbd>
            </button>
            <IOMenu />
            <SyncIndicator session={session} />
            <PeerList me={identity} />
            <Account />
            <ThemeToggle />
            <button
              className="btn ghost icon-only"
              onClick={() => useUI.getState().setHelpOpen(true)}
              title="Keyboard map (?)"
              aria-label="Keyboard map"
            >
              <Icon name="help" />
            </button>
            <button
              className={`btn ghost icon-only ${inspectorOpen ? 'on' : ''}`}
              onClick={() => useUI.getState().toggleInspector()}
              title="Inspector"
              aria-label="Toggle inspector"
              aria-pressed={inspectorOpen}
            >
              <Icon name="panel" />
            </button>
          </header>
          <VersionBanner session={session} />
          <main className="stage">
            {/* The canvas stays mounted under the board, so its viewport and instance survive a switch. */}
            <Canvas />
            <Toolbar />
            {timelineOpen && view === 'canvas' && <TimelineBar />}
            <EmptyState />
            {view === 'board' && <Board />}
          </main>
          {inspectorOpen && <Inspector />}
          <Toasts onNode={(id) => jumpTo(shown, id)} />
          {searchOpen && <SearchBox />}
          {helpOpen && <Help />}
        </div>
      </ReactFlowProvider>
    </WorkspaceContext.Provider>
  )
}
