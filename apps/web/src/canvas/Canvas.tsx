import {
  Background,
  BackgroundVariant,
  Controls,
  ReactFlow,
  SelectionMode,
  type FinalConnectionState,
  type OnConnect,
  type ReactFlowInstance,
  useStore,
} from '@xyflow/react'
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type DragEvent,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent,
} from 'react'
import { meta } from '@plexus/model'
import { Cursors } from '../presence/Cursors.tsx'
import { useUI } from '../store.ts'
import { importFile } from '../io/import.ts'
import {
  CLIP_MIME,
  copySelection,
  fromOutline,
  paste,
  parsePayload,
  remembered,
  toOutline,
} from './clipboard.ts'
import { action, contextOf, refuse } from './actions.ts'
import { createNode, deleteSelection, link } from './commands.ts'
import { ConnectionPreview, nodeAt } from './ConnectionPreview.tsx'
import { DragWriter } from './drag.ts'
import type { PEdge, PNode } from './flow-model.ts'
import { canvasKey } from './keymap.ts'
import { Minimap } from './Minimap.tsx'
import { Overview, useOverview } from './Overview.tsx'
import { fitPadding } from './overlays.ts'
import { EdgeMarkers, PlexusEdge } from './PlexusEdge.tsx'
import { PlexusNode } from './PlexusNode.tsx'
import { useWorkspace } from './workspace.ts'
import { MIN_ZOOM, ZoomFloor } from './ZoomFloor.tsx'

const nodeTypes = { plexus: PlexusNode }
const edgeTypes = { plexus: PlexusEdge }
const CURSOR_MS = 50
const NONE_N: PNode[] = []
const NONE_E: PEdge[] = []

function editable(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))
}

/** Whether the registry's action may change the graph here; when read-only, says why. */
function allowed(ws: ReturnType<typeof useWorkspace>, id: string): boolean {
  const c = contextOf(ws)
  if (!action(id).edits || !c.readOnly) return true
  refuse(c)
  return false
}

/** The React Flow canvas over the live graph. */
export function Canvas() {
  const ws = useWorkspace()
  const { model, session } = ws
  const readOnly = useUI((s) => s.readOnly) !== null
  const nodes = useSyncExternalStore(model.subscribe, () => model.nodes)
  const edges = useSyncExternalStore(model.subscribe, () => model.edges)
  const wrap = useRef<HTMLDivElement>(null)
  const drag = useMemo(() => new DragWriter(ws), [ws])
  const pointer = useRef<{ x: number; y: number } | null>(null)
  const lastCursor = useRef(0)
  // Far out on a big graph: one canvas instead of thousands of DOM nodes (level of detail).
  const overview = useOverview(model)

  const onInit = useCallback(
    (rf: ReactFlowInstance<PNode, PEdge>) => {
      ws.rf = rf
      const saved = sessionStorage.getItem(`plexus.view.${session.id}`)
      if (saved) {
        try {
          void rf.setViewport(JSON.parse(saved) as { x: number; y: number; zoom: number })
          return
        } catch {
          // fall through to a fresh view
        }
      }
      if (model.nodes.length <= 300)
        void rf.fitView({ maxZoom: 1, padding: fitPadding(), includeHiddenNodes: true })
      else {
        // Fitting thousands of nodes would render them all at once; start at the root instead.
        const root = meta(session.g).root
        const p = root ? model.positionOf(root) : null
        const box = wrap.current?.getBoundingClientRect()
        if (p && box) void rf.setViewport({ x: box.width / 3 - p.x, y: box.height / 2 - p.y, zoom: 1 })
      }
      requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('plexus:first-render')))
    },
    [ws, model, session],
  )

  // Copy, cut and paste arrive as clipboard events, so they work with the system clipboard across tabs.
  useEffect(() => {
    const onCopy = (e: ClipboardEvent, cut: boolean) => {
      if (editable(e.target) || !wrap.current?.contains(document.activeElement)) return
      const p = copySelection(ws)
      if (!p || !e.clipboardData) return
      e.preventDefault()
      if (cut && !allowed(ws, 'clipboard.cut')) return
      e.clipboardData.setData(CLIP_MIME, JSON.stringify(p))
      e.clipboardData.setData('text/plain', toOutline(p))
      if (cut) deleteSelection(ws)
    }
    const copy = (e: ClipboardEvent) => onCopy(e, false)
    const cut = (e: ClipboardEvent) => onCopy(e, true)
    const onPaste = (e: ClipboardEvent) => {
      if (editable(e.target) || !wrap.current?.contains(document.activeElement)) return
      const data = e.clipboardData
      const text = data?.getData('text/plain') ?? ''
      const mine = remembered()
      const p =
        parsePayload(data?.getData(CLIP_MIME) ?? '') ??
        (mine && toOutline(mine) === text ? mine : null) ??
        parsePayload(text) ??
        fromOutline(text)
      if (!p) return
      e.preventDefault()
      if (!allowed(ws, 'clipboard.paste')) return
      const at = pointer.current ? ws.rf?.screenToFlowPosition(pointer.current) : null
      paste(ws, p, at ?? null)
    }
    document.addEventListener('copy', copy)
    document.addEventListener('cut', cut)
    document.addEventListener('paste', onPaste)
    return () => {
      document.removeEventListener('copy', copy)
      document.removeEventListener('cut', cut)
      document.removeEventListener('paste', onPaste)
    }
  }, [ws])

  // Keys pressed with nothing focused (a clicked button went away, the page was just opened) belong to
  // the canvas too, and take the focus back there.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target !== document.body || e.defaultPrevented) return
      if (canvasKey(e, ws)) {
        e.preventDefault()
        wrap.current?.focus({ preventScroll: true })
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [ws])

  useEffect(() => {
    wrap.current?.focus({ preventScroll: true })
    return () => {
      const rf = ws.rf
      if (rf) sessionStorage.setItem(`plexus.view.${session.id}`, JSON.stringify(rf.getViewport()))
    }
  }, [ws, session])

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (editable(e.target)) return
    if (canvasKey(e.nativeEvent, ws)) {
      e.preventDefault()
      e.stopPropagation()
    }
  }

  const onDoubleClick = (e: ReactMouseEvent) => {
    const t = e.target as HTMLElement
    if (!t.classList.contains('react-flow__pane') || !ws.rf || !allowed(ws, 'pointer.create')) return
    const at = ws.rf.screenToFlowPosition({ x: e.clientX, y: e.clientY })
    const sel = model.selection()
    createNode(ws, {
      at: { x: at.x - 70, y: at.y - 22 },
      parent: sel.length === 1 ? sel[0] : meta(session.g).root,
    })
  }

  const onPointerMove = (e: PointerEvent) => {
    pointer.current = { x: e.clientX, y: e.clientY }
    const now = performance.now()
    if (now - lastCursor.current < CURSOR_MS || !ws.rf) return
    lastCursor.current = now
    const p = ws.rf.screenToFlowPosition(pointer.current)
    session.setPresence({ cursor: { x: Math.round(p.x), y: Math.round(p.y) } })
  }

  const onConnect: OnConnect = (c) => {
    if (c.source && c.target && c.source !== c.target) link(ws, c.source, c.target, useUI.getState().linkType)
  }

  // Dropping a connection anywhere on a node's body connects to it, as the preview said; on empty
  // canvas it creates a child there: the fastest way to grow a branch.
  const onConnectEnd = (e: MouseEvent | TouchEvent, state: FinalConnectionState) => {
    if (state.isValid || !state.fromNode || !ws.rf || !allowed(ws, 'pointer.create')) return
    const pt = 'changedTouches' in e ? e.changedTouches[0]! : e
    const onto = nodeAt(pt.clientX, pt.clientY, state.fromNode.id)
    if (onto) {
      const back = state.fromHandle?.type === 'target'
      const from = back ? onto : state.fromNode.id
      link(ws, from, back ? state.fromNode.id : onto, useUI.getState().linkType)
      return
    }
    const t = e.target as HTMLElement | null
    if (!t?.classList.contains('react-flow__pane')) return
    const at = ws.rf.screenToFlowPosition({ x: pt.clientX, y: pt.clientY })
    createNode(ws, { parent: state.fromNode.id, at: { x: at.x, y: at.y - 22 } })
  }

  const onDrop = (e: DragEvent) => {
    const file = e.dataTransfer.files[0]
    if (!file) return
    e.preventDefault()
    if (!allowed(ws, 'pointer.create')) return
    void importFile(ws, file)
  }

  return (
    <div
      ref={wrap}
      className="canvas-wrap"
      tabIndex={0}
      aria-label="Graph canvas"
      data-testid="canvas"
      onKeyDown={onKeyDown}
      onDoubleClick={onDoubleClick}
      onPointerMove={onPointerMove}
      onPointerLeave={() => session.setPresence({ cursor: null })}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault()
      }}
      onDrop={onDrop}
    >
      <EdgeMarkers />
      <ReactFlow<PNode, PEdge>
        nodes={overview ? NONE_N : nodes}
        edges={overview ? NONE_E : edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onInit={onInit}
        onNodesChange={(c) => {
          model.onNodesChange(c)
          if (c.some((x) => x.type === 'position' && x.dragging)) drag.moved()
        }}
        onEdgesChange={model.onEdgesChange}
        onNodeDragStart={() => drag.start()}
        onNodeDragStop={() => drag.stop()}
        onSelectionDragStart={() => drag.start()}
        onSelectionDragStop={() => drag.stop()}
        onNodeDoubleClick={(_, n) =>
          allowed(ws, 'node.edit') && useUI.getState().setEditing({ id: n.id, initial: null })
        }
        onConnect={onConnect}
        onConnectEnd={onConnectEnd}
        connectionLineComponent={ConnectionPreview}
        connectionRadius={30}
        // Read-only here (a newer schema, a reading token): nothing to drag, no handles to connect.
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        onMoveEnd={(_, v) => sessionStorage.setItem(`plexus.view.${session.id}`, JSON.stringify(v))}
        onlyRenderVisibleElements
        // The drag starts at pointer down, so the node never lags the pointer by a threshold; selecting
        // happens on click (a drag at pointer down would select first and let Shift+click unselect).
        nodeDragThreshold={0}
        selectNodesOnDrag={false}
        minZoom={MIN_ZOOM}
        maxZoom={2.5}
        zoomOnDoubleClick={false}
        deleteKeyCode={null}
        selectionKeyCode="Shift"
        multiSelectionKeyCode={['Shift', 'Meta', 'Control']}
        selectionMode={SelectionMode.Partial}
        disableKeyboardA11y
        nodesFocusable={false}
        edgesFocusable={false}
        panOnScroll
        zoomActivationKeyCode={['Meta', 'Control']}
        proOptions={{ hideAttribution: true }}
        elevateNodesOnSelect
      >
        <Background variant={BackgroundVariant.Dots} gap={22} size={1.2} className="canvas-bg" />
        <Minimap />
        <Controls showInteractive={false} showFitView={false} className="controls" position="bottom-left" />
        <Cursors />
        <ZoomClass />
        <ZoomFloor />
        {overview && <Overview />}
      </ReactFlow>
    </div>
  )
}

/** Marks the canvas as zoomed far out, where CSS drops node details nobody could read anyway. */
function ZoomClass() {
  const far = useStore((s) => s.transform[2] < 0.45)
  useEffect(() => {
    document.querySelector('.react-flow')?.classList.toggle('zoomed-out', far)
  }, [far])
  return null
}
