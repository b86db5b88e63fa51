// Plain read views and result types. Nothing here touches Yjs: these are what every caller sees.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

export interface Evidence {
  type: string
  ref: string
  agent: string
  timestamp: number
}

export interface NodeView {
  id: string
  summary: string
  notes: string
  kind: string
  parent: string | null
  resolved: boolean
  state: Json
  properties: Record<string, Json>
  links: string[]
  evidence: Evidence[]
  x: number | null
  y: number | null
  created_at: number
  updated_at: number
  created_by: string
  updated_by: string
  rev: number
  deleted_at: number | null
  deleted_by: string | null
  merged_into: string | null
}

export interface EdgeView {
  id: string
  from: string
  to: string
  type: string
  label: string
  properties: Record<string, Json>
  created_at: number
  created_by: string
}

export interface GraphMeta {
  schema: number
  id: string
  title: string
  goal: string
  root: string | null
  kind: 'project' | 'user'
  created_at: number
  created_by: string
}

export interface Change {
  field: string
  before: Json
  after: Json
}

export interface HistoryEvent {
  id: string
  ts: number
  actor: string
  node: string
  action: string
  changes: Change[]
}

/** An expected failure: a reason a program can branch on and a message a person or agent can act on. */
export interface Failure {
  ok: false
  reason: string
  message: string
  /** Where in a batch the problem is, when it is in a batch. */
  index?: number
  path?: string[]
  suggestion?: { id: string; summary: string }
  /** Every problem found, when a batch had several. */
  rejected?: Rejection[]
}

export interface Rejection {
  index: number
  reason: string
  message: string
  path?: string[]
}

export type Result<T> = ({ ok: true } & T) | Failure

export type Status = 'resolved' | 'actionable' | 'blocked' | 'waiting' | 'deleted'
