import { Controls, ReactFlow, SelectionMode } from '@xyflow/react'
import { useMemo, useRef, type DragEvent, type MouseEvent as ReactMouseEvent, type PointerEvent } from 'react'
import { meta } from '@plexus/model'
import { Cursors } from '../presence/Cursors.tsx'
import { useUI } from '../store.ts'
import { importFile } from '../io/import.ts'
import { allowed } from './actions.ts'
import { DragSnap } from './align-snap.ts'
import { AlignGuides } from './AlignGuides.tsx'
import { createNode } from './commands.ts'
import { connectHandlers } from './connecting.ts'
import { ConnectionPreview } from './ConnectionPreview.tsx'
import { DragWriter } from './drag.ts'
import { DropPreview } from './DropPreview.tsx'
import { writeDrop } from './drop-write.ts'
import type { PEdge, PNode } from './flow-model.ts'
import { useFlowWindow } from './flow-window.ts'
import { useOverview } from './level-of-detail.ts'
import { Minimap } from './Minimap.tsx'
import { MovingClass } from './moving.ts'
import { Overview } from './Overview.tsx'
import { EdgeMarkers, PlexusEdge } from './PlexusEdge.tsx'
import { PlexusNode } from './PlexusNode.tsx'
import { useCanvasKeys } from './useCanvasKeys.ts'
import { useClipboard } from './useClipboard.ts'
import { useView } from './useView.ts'
import { useWorkspace } from './workspace.ts'
import { Dots, MIN_ZOOM, ZoomClass, ZoomFloor } from './Zoom.tsx'

const nodeTypes = { plexus: PlexusNode }
const edgeTypes = { plexus: PlexusEdge }
const CURSOR_MS = 50
const NONE_N: PNode[] = []
const NONE_E: PEdge[] = []

/** The React Flow canvas over the live graph. */
export function Canvas() {
  const ws = useWorkspace()
  const { model, session } = ws
  const readOnly = useUI((s) => s.readOnly) !== null
  // Far out on a big graph: one canvas instead of thousands of DOM nodes (level of detail).
  const overview = useOverview(model)
  // On a big graph React Flow is given only a window around the view (flow-window.ts).
  const { nodes, edges } = useFlowWindow(model, overview)
  const wrap = useRef<HTMLDivElement>(null)
  const drag = useMemo(() => new DragWriter(ws), [ws])
  const snap = useMemo(() => new DragSnap(), [])
  const pointer = useRef<{ x: number; y: number } | null>(null)
  const lastCursor = useRef(0)
  const { onInit, onMoveEnd } = useView(ws, wrap)
  useClipboard(ws, wrap, pointer)
  const onKeyDown = useCanvasKeys(ws, wrap)
  const { onConnect, onConnectEnd } = connectHandlers(ws)

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
    // Read before React Flow's drag handles the same move (a pointer event comes before its mouse event).
    snap.off = e.ctrlKey || e.metaKey
    const now = performance.now()
    if (now - lastCursor.current < CURSOR_MS || !ws.rf) return
    lastCursor.current = now
    const p = ws.rf.screenToFlowPosition(pointer.current)
    session.setPresence({ cursor: { x: Math.round(p.x), y: Math.round(p.y) } })
  }

  const onDrop = (e: DragEvent) => {
    const file = e.dataTransfer.files[0]
    if (!file) return
    e.preventDefault()
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
        onNodesChange={(changes) => {
          // A node moved freely snaps to the lines of the nodes around it (align-snap.ts).
          const c = snap.apply(changes)
          model.onNodesChange(c)
          // A branch dragged in the tree writes nothing until it is dropped.
          if (!model.treeDragged && c.some((x) => x.type === 'position' && x.dragging)) drag.moved()
        }}
        onEdgesChange={model.onEdgesChange}
        // In a mind map or tree a dragged node takes its branch to another parent or place among its
        // siblings (tree-drop.ts); with Alt, or on a free-form canvas, it moves where it is let go.
        onNodeDragStart={(e, n, dragged) => {
          if (dragged.length === 1 && !e.altKey && model.beginTreeDrag(n.id)) return
          drag.start()
          if (dragged.length === 1 && ws.rf && wrap.current) {
            const { x, y, zoom } = ws.rf.getViewport()
            const r = wrap.current.getBoundingClientRect()
            const view = { x: -x / zoom, y: -y / zoom, width: r.width / zoom, height: r.height / zoom }
            snap.begin(n, ws.rf.getNodes(), view, zoom)
          }
        }}
        onNodeDrag={(e) => {
          const at = 'touches' in e ? e.touches[0] : e
          if (model.treeDragged && ws.rf && at)
            model.treeDragOver(ws.rf.screenToFlowPosition({ x: at.clientX, y: at.clientY }))
        }}
        onNodeDragStop={(_, n, dragged) => {
          // A click is a drag that never moved: it leaves the selection to the click.
          const moved = model.dragActive
          const id = model.treeDragged
          if (id) {
            const w = model.dropWrite()
            if (model.dropPlan()?.type === 'refused')
              useUI
                .getState()
                .toast({ text: 'A branch cannot go inside itself: it went back.', tone: 'info' })
            const failed = w ? writeDrop(session.g, session.undo, w) : null
            model.endDrag()
            if (failed) useUI.getState().toast({ text: failed.message, tone: 'error' })
          } else drag.stop()
          snap.end()
          // Selection follows the drag: the node let go is the one selected.
          if (moved && dragged.length === 1) model.select([n.id])
        }}
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
        onMoveEnd={onMoveEnd}
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
        <Dots />
        <Minimap />
        <Controls showInteractive={false} showFitView={false} className="controls" position="bottom-left" />
        <Cursors />
        <DropPreview />
        <AlignGuides snap={snap} />
        <ZoomClass />
        <MovingClass />
        <ZoomFloor />
        {overview && <Overview />}
      </ReactFlow>
    </div>
  )
}
