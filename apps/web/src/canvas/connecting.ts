import type { FinalConnectionState, OnConnect } from '@xyflow/react'
import { useUI } from '../store.ts'
import { allowed } from './actions.ts'
import { createNode, link } from './commands.ts'
import { nodeAt } from './ConnectionPreview.tsx'
import type { Workspace } from './workspace.ts'

/** React Flow's connection handlers for the canvas: what a drag from a node's handle makes. */
export function connectHandlers(ws: Workspace) {
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
  return { onConnect, onConnectEnd }
}
