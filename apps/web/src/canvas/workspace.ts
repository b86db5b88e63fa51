import type { ReactFlowInstance } from '@xyflow/react'
import { createContext, useContext } from 'react'
import type { GraphSession } from '../sync/session.ts'
import type { FlowModel, PEdge, PNode } from './flow-model.ts'

/** Everything a graph page's components share: the session, the canvas model, the React Flow instance. */
export interface Workspace {
  session: GraphSession
  model: FlowModel
  rf: ReactFlowInstance<PNode, PEdge> | null
  /** Lowers the canvas's minimum zoom to `zoom` if it is above it (set by the canvas, ZoomFloor.tsx). */
  zoomFloor?: (zoom: number) => void
}

export const WorkspaceContext = createContext<Workspace | null>(null)

export function useWorkspace(): Workspace {
  const ws = useContext(WorkspaceContext)
  if (!ws) throw new Error('useWorkspace outside a graph page')
  return ws
}
