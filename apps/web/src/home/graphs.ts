import { initGraph, setMeta } from '@plexus/model'
import type { Identity } from '../identity.ts'
import { forgetLocalGraph, listLocalGraphs, type LocalGraph } from '../sync/db.ts'
import { SignInNeeded, deleteServerGraph, listServerGraphs, type ServerGraph } from '../sync/server-api.ts'
import { acquireSession, closeSession, releaseSession } from '../sync/session.ts'

export interface GraphRow {
  id: string
  title: string
  nodes: number | null
  edges: number | null
  actionable: number | null
  resolved: number | null
  updatedAt: number
  local: boolean
  server: boolean
}

/** Graphs on this device and on the server, one row per id, most recently changed first. */
export function mergeRows(local: LocalGraph[], server: ServerGraph[] | null): GraphRow[] {
  const rows = new Map<string, GraphRow>()
  for (const l of local) {
    rows.set(l.id, {
      id: l.id,
      title: l.title,
      nodes: l.nodes,
      edges: l.edges,
      actionable: l.actionable,
      resolved: l.resolved,
      updatedAt: l.updated_at,
      local: true,
      server: false,
    })
  }
  for (const s of server ?? []) {
    const r = rows.get(s.id)
    if (r) {
      r.server = true
      r.updatedAt = Math.max(r.updatedAt, s.updated_at)
      if (s.title && r.title === r.id) r.title = s.title
    } else {
      rows.set(s.id, {
        id: s.id,
        title: s.title,
        nodes: s.nodes,
        edges: s.edges,
        actionable: null,
        resolved: null,
        updatedAt: s.updated_at,
        local: false,
        server: true,
      })
    }
  }
  return [...rows.values()].sort((a, b) => b.updatedAt - a.updatedAt || a.title.localeCompare(b.title))
}

/** The server's side of rows already merged (to re-merge when this device's lines change). */
export function serverRows(rows: GraphRow[]): ServerGraph[] {
  return rows
    .filter((r) => r.server)
    .map((r) => ({ id: r.id, title: r.title, nodes: r.nodes, edges: r.edges, updated_at: r.updatedAt }))
}

export async function loadRows(
  signal?: AbortSignal,
): Promise<{ rows: GraphRow[]; serverError: string | null }> {
  const local = await listLocalGraphs()
  try {
    const server = await listServerGraphs(signal)
    return { rows: mergeRows(local, server), serverError: null }
  } catch (e) {
    // A server that wants a token answered: the sign-in prompt says so, not "cannot be reached".
    const serverError = e instanceof SignInNeeded ? null : (e as Error).message
    return { rows: mergeRows(local, null), serverError }
  }
}

/** A graph id from a title: lower-case words joined by dashes, with a short random tail so ids do not collide. */
export function idFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
  const tail = Math.random().toString(36).slice(2, 6)
  return `${slug || 'graph'}-${tail}`
}

export async function createGraph(title: string, identity: Identity): Promise<string> {
  const id = idFromTitle(title)
  const s = acquireSession(id, identity)
  try {
    await s.ready
    s.connect()
    const r = initGraph(s.g, { id, title: title.trim() || id })
    if (!r.ok) throw new Error(r.message)
    await s.persistence.flushed()
    await s.writeRecord()
  } finally {
    releaseSession(s, 10_000)
  }
  return id
}

export async function renameGraph(id: string, title: string, identity: Identity): Promise<void> {
  const s = acquireSession(id, identity)
  try {
    await s.ready
    s.connect()
    setMeta(s.g, { title })
    await s.persistence.flushed()
    await s.writeRecord()
  } finally {
    releaseSession(s, 5000)
  }
}

export async function deleteGraph(row: GraphRow): Promise<string | null> {
  await closeSession(row.id)
  await forgetLocalGraph(row.id)
  if (!row.server) return null
  const r = await deleteServerGraph(row.id)
  return r.ok ? null : (r.message ?? 'the server refused')
}
