import { fail, type Graph } from './graph.ts'
import { layout } from './schema.ts'
import type { EdgeView, NodeView, Result } from './types.ts'
import { checkString } from './validate.ts'

// An agent's working set lives in the document (in `checkpoints`, under `ws/<session>`), so it survives
// restarts, needs no transport session, and a second agent can pick up where the first stopped.
// Hot: the 10 most recently touched nodes, returned in full. Warm: the 40 before them, as id + summary.
// Touching a node moves it to the front; what falls off hot becomes warm; what falls off warm is gone.
// Hot edges (seed 001's `hot_edges`): the 10 edges the session created last, newest first; an edge
// deleted since, or with an end gone, is not shown.

export const HOT = 10
export const WARM = 40
export const HOT_EDGES = 10

type Stored = {
  session: string
  actor: string
  hot: string[]
  warm: string[]
  edges: string[]
  updated_at: number
}

export type Checkpoint = {
  name: string
  session: string
  actor: string
  note: string
  created_at: number
  hot: string[]
  warm: string[]
  edges: string[]
}

/** A hot edge with its ends as they are now (through merges). */
export type HotEdge = EdgeView & { from: string; to: string }

export interface WorkingSet {
  session: string
  hot: NodeView[]
  warm: Array<{ id: string; summary: string }>
  hot_edges: HotEdge[]
}

const SESSION = /^[\w.:@-]{1,128}$/

function checkSession(session: unknown): string | null {
  return typeof session === 'string' && SESSION.test(session)
    ? null
    : `session ${JSON.stringify(session)} must be 1-128 characters of letters, digits, '_', '.', ':', '@' or '-'`
}

function read(g: Graph, session: string): Stored {
  const v = layout(g.doc).checkpoints.get(`ws/${session}`) as Partial<Stored> | undefined
  const ids = (x: unknown): string[] =>
    Array.isArray(x) ? x.filter((i): i is string => typeof i === 'string') : []
  return {
    session,
    actor: g.env.actor,
    hot: ids(v?.hot),
    warm: ids(v?.warm),
    edges: ids(v?.edges),
    updated_at: typeof v?.updated_at === 'number' ? v.updated_at : 0,
  }
}

type Ids = { session: string; hot: string[]; warm: string[]; edges: string[] }

function view(g: Graph, s: Ids): WorkingSet {
  const live = (id: string): NodeView | undefined => g.index.live(g.index.canonical(id) ?? '')
  const hotEdges: HotEdge[] = []
  for (const id of s.edges) {
    const e = g.index.edges.get(id)
    const from = e && g.index.canonical(e.from)
    const to = e && g.index.canonical(e.to)
    if (e && from && to) hotEdges.push({ ...e, from, to })
  }
  return {
    session: s.session,
    hot: s.hot.map(live).filter((n): n is NodeView => !!n),
    warm: s.warm
      .map(live)
      .filter((n): n is NodeView => !!n)
      .map((n) => ({ id: n.id, summary: n.summary })),
    hot_edges: hotEdges,
  }
}

/**
 * Puts `ids` at the front of the session's hot list, and `edges` (ids of edges the session just created)
 * at the front of its hot edges. Not history: it is bookkeeping, not graph content.
 */
export function touch(
  g: Graph,
  session: string,
  ids: string[],
  edges: string[] = [],
): Result<{ working_set: WorkingSet }> {
  const bad = checkSession(session)
  if (bad) return fail('invalid_argument', bad)
  const fresh = [...new Set(ids.filter((id) => g.index.nodes.has(id)))]
  const freshEdges = [...new Set(edges.filter((id) => g.index.edges.has(id)))].reverse()
  const cur = read(g, session)
  if (fresh.length === 0 && freshEdges.length === 0) return { ok: true, working_set: view(g, cur) }
  const hotAll = [...fresh, ...cur.hot.filter((id) => !fresh.includes(id))]
  const hot = hotAll.slice(0, HOT)
  const warm = [...hotAll.slice(HOT), ...cur.warm.filter((id) => !hotAll.includes(id))].slice(0, WARM)
  // Edges gone since are dropped here too, so ten live ones are kept when there are ten.
  const hotEdges = [...freshEdges, ...cur.edges.filter((id) => !freshEdges.includes(id))]
    .filter((id) => g.index.edges.has(id))
    .slice(0, HOT_EDGES)
  const unchanged =
    hot.join() === cur.hot.join() && warm.join() === cur.warm.join() && hotEdges.join() === cur.edges.join()
  const next = { session, hot, warm, edges: hotEdges }
  if (!unchanged) {
    const stored: Stored = { ...next, actor: g.env.actor, updated_at: g.env.now() }
    g.doc.transact(() => layout(g.doc).checkpoints.set(`ws/${session}`, stored), g.origin)
  }
  return { ok: true, working_set: view(g, next) }
}

export function workingSet(g: Graph, session: string): Result<{ working_set: WorkingSet }> {
  const bad = checkSession(session)
  if (bad) return fail('invalid_argument', bad)
  return { ok: true, working_set: view(g, read(g, session)) }
}

/** Saves the session's working set under a name anyone can resume from. */
export function saveCheckpoint(
  g: Graph,
  session: string,
  name: string,
  note = '',
): Result<{ checkpoint: Checkpoint }> {
  const bad =
    checkSession(session) ??
    checkString(name, 'name', 128, { line: true })?.message ??
    checkString(note, 'note', 4000, { empty: true })?.message ??
    null
  if (bad) return fail('invalid_argument', bad)
  const cur = read(g, session)
  const cp: Checkpoint = {
    name,
    session,
    actor: g.env.actor,
    note,
    created_at: g.env.now(),
    hot: cur.hot,
    warm: cur.warm,
    edges: cur.edges,
  }
  g.doc.transact(() => layout(g.doc).checkpoints.set(`cp/${name}`, cp), g.origin)
  return { ok: true, checkpoint: cp }
}

export function listCheckpoints(g: Graph): Checkpoint[] {
  const out: Checkpoint[] = []
  layout(g.doc).checkpoints.forEach((v, k) => {
    // Narrowed, not cast: a peer may have written anything under `cp/`, so each field is read defensively.
    if (!k.startsWith('cp/') || !v || typeof v !== 'object' || Array.isArray(v)) return
    const c = v
    out.push({
      name: k.slice(3),
      session: String(c.session ?? ''),
      actor: String(c.actor ?? ''),
      note: String(c.note ?? ''),
      created_at: Number(c.created_at ?? 0),
      hot: Array.isArray(c.hot) ? c.hot.map(String) : [],
      warm: Array.isArray(c.warm) ? c.warm.map(String) : [],
      edges: Array.isArray(c.edges) ? c.edges.map(String) : [],
    })
  })
  return out.sort((a, b) => b.created_at - a.created_at || (a.name < b.name ? -1 : 1))
}

/** Makes a checkpoint the session's working set again and returns it. */
export function resume(
  g: Graph,
  session: string,
  name: string,
): Result<{ checkpoint: Checkpoint; working_set: WorkingSet }> {
  const bad = checkSession(session)
  if (bad) return fail('invalid_argument', bad)
  const cp = listCheckpoints(g).find((c) => c.name === name)
  if (!cp) {
    const names = listCheckpoints(g)
      .map((c) => c.name)
      .slice(0, 10)
    return fail(
      'not_found',
      `no checkpoint named ${JSON.stringify(name)}` +
        (names.length ? `; there are: ${names.join(', ')}` : '; none saved yet'),
    )
  }
  const stored: Stored = {
    session,
    actor: g.env.actor,
    hot: cp.hot,
    warm: cp.warm,
    edges: cp.edges,
    updated_at: g.env.now(),
  }
  g.doc.transact(() => layout(g.doc).checkpoints.set(`ws/${session}`, stored), g.origin)
  return { ok: true, checkpoint: cp, working_set: view(g, stored) }
}
