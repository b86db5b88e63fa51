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
  /** How it looks (see appearance.ts): a Mermaid shape name or `group`; absent when never set. */
  shape?: string
  /** A CSS hex colour `#rrggbb` or a JSON Canvas preset `"1"`-`"6"`. */
  color?: string
  /** Canvas pixels. */
  width?: number
  height?: number
  /** Ids the node had in files it was imported from (`mermaid:A`, `canvas:8a2f…`, `dsl:Name`): a re-import matches on them first. */
  aliases?: string[]
  /** Memory tiers (memory.ts): absent while active, else `archived` or `orphaned`. */
  tier?: 'archived' | 'orphaned'
  /** When it was last read in full through memory, and how often. */
  read_at?: number
  reads?: number
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
  /** The layout direction the graph was drawn in (Mermaid's TB, TD, BT, LR, RL); absent when never set. */
  direction?: 'TB' | 'TD' | 'BT' | 'LR' | 'RL'
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
  /** The agent session that wrote it, when the writer had one (Env.session). */
  session?: string
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
