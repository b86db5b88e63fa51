// Plain read views and result types. Nothing here touches Yjs: these are what every caller sees.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

export type Evidence = {
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
  /**
   * Its place among its siblings, chosen by a person (a branch dropped between two others): siblings are
   * drawn by `order`, falling back to `created_at`, then id. Absent until a drop sets it.
   */
  order?: number
  /** The half of the mind map a branch of the root was dropped on; absent until a drop sets it. */
  side?: 'left' | 'right'
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
  /** When its properties last changed through `updateEdgeProperties`: the version an optimistic update checks. Absent until then. */
  updated_at?: number
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

export type Change = {
  field: string
  before: Json
  after: Json
}

export type HistoryEvent = {
  id: string
  ts: number
  actor: string
  node: string
  action: string
  changes: Change[]
  /** The agent session that wrote it, when the writer had one (Env.session). */
  session?: string
}

/**
 * Every reason the model gives for an expected failure. A caller that maps reasons to its own codes or
 * words switches on this union exhaustively, so a new reason cannot pass through unnamed.
 */
export type FailureReason =
  /** An argument has the wrong type, shape or value. */
  | 'invalid_argument'
  /** Text, a batch or an import over a limit. */
  | 'too_large'
  /** A tree deeper than a format is written (a map format's export: MAX_EXPORT_DEPTH levels). */
  | 'too_deep'
  /** An empty batch: nothing to do. */
  | 'empty_batch'
  /** Text in a format (Mermaid, DSL, JSON, Canvas) that does not parse. */
  | 'parse_error'
  /** A file written by a schema this build does not read. */
  | 'unsupported_schema'
  /** The document was written by a newer Plexus. */
  | 'newer_schema'
  /** A graph id that is not one. */
  | 'invalid_graph_id'
  /** A paging cursor that is not one this graph handed out. */
  | 'invalid_cursor'
  | 'node_not_found'
  | 'node_deleted'
  | 'node_merged'
  /** A thing other than a node (an edge, a checkpoint, a memory entry) is not there. */
  | 'not_found'
  /** Restoring a node that was not forgotten. */
  | 'not_deleted'
  /** A `ref` used twice in one batch. */
  | 'duplicate_ref'
  /** A `parent_ref` or dependency naming a ref the batch does not hold. */
  | 'unknown_ref'
  /** A node that already exists (dedup mode `reject`). */
  | 'duplicate'
  /** A write over a newer one (`if_rev`). */
  | 'conflict'
  | 'cycle_detected'
  | 'self_loop'
  /** Someone else holds the node. */
  | 'claimed'
  /** The work is done: it cannot be claimed. */
  | 'resolved'
  /** A question `ask` cannot read. */
  | 'not_understood'

/** An expected failure: a reason a program can branch on and a message a person or agent can act on. */
export interface Failure {
  ok: false
  reason: FailureReason
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
  reason: FailureReason
  message: string
  path?: string[]
}

export type Result<T> = ({ ok: true } & T) | Failure

export type Status = 'resolved' | 'actionable' | 'blocked' | 'waiting' | 'deleted'
