/**
 * Seed 001's one `graph` tool: `action` (create, edit, delete, list, connect, session, checkpoint,
 * resume, suggest, and the compound create_and_connect its example calls with `connect_to`), `entity`
 * (concept, edge), `mode` (strict, auto, force, enrich, explore), concepts by `label` / `from_label` /
 * `to_label`, and mutation answers that carry the working set (hot 10 in
 * full, hot_edges: the 10 edges the session created last, warm up to 40), nearby concepts (one hop from the hot set), potential duplicates (>= 85 %)
 * and `uncertain` when a label was taken below 90 %. A thin adapter over the model's createNodes,
 * updateNodes, restructure, connect / disconnect, resolveLabel, the working set and suggest.
 *
 * The working set belongs to the agent, not to a connection: the surface's session is the agent's
 * identity (server.ts), so an agent's next connection starts where its last one stopped.
 */
import { z } from 'zod'
import { ToolError, must, type CallContext } from '../context.ts'
import { onGraph } from '../engine/graph.ts'
import {
  MATCH_CONFIDENCE,
  checkEdgeFields,
  connect,
  createNodes,
  disconnect,
  drawnTree,
  listCheckpoints,
  meta,
  resolveLabel,
  rivalsOf,
  restructure,
  resume,
  saveCheckpoint,
  search,
  suggest,
  touch,
  updateNodes,
  workingSet,
  type Graph,
  type Json,
  type WorkingSet,
} from '@plexus/model'
import { clip, iso } from '../shape.ts'
import { out, props, tool } from '../tool.ts'

/** Below this a label resolution is reported as uncertain (the seed's 90 %). */
export const CERTAIN = 0.9
/**
 * At or above this, an existing concept is listed in a create's `similar_existing` (the model's label
 * confidence, resolveLabel's). Half a label's words in common: the seed's example, "Eventual
 * Consistency" beside "Consistency Models", shares one of two words and scores 50 %; a label sharing no
 * word (or near spelling of one) scores nothing. Potential duplicates are those at 85 % or more.
 */
export const SIMILAR = 0.5
/** How many concepts `similar_existing` and `potential_duplicates` list at most, per label. */
const SIMILAR_SHOWN = 5
const NEARBY = 10

const ACTIONS = [
  'create',
  'create_and_connect',
  'edit',
  'delete',
  'list',
  'connect',
  'session',
  'checkpoint',
  'resume',
  'suggest',
] as const
const MUTATIONS = new Set(['create', 'create_and_connect', 'edit', 'delete', 'connect'])
/** Actions that write: mutations, and a checkpoint saved or resumed (the working set is in the graph). */
const WRITES = new Set([...MUTATIONS, 'checkpoint', 'resume'])

/** A concept taken for an argument; `confidence` absent when found by a query no label reading confirms. */
type Taken = {
  arg: string
  label: string
  id: string
  summary: string
  confidence?: number
  tie?: boolean
  by?: 'query'
  candidates?: string[]
}

/**
 * A concept by id, label or query: by label, the best match at 85 % or more, noting how sure it was; by
 * query (the seed's `from_query`, a fuzzy match), the best search hit.
 */
function conceptOf(
  g: Graph,
  arg: string,
  id: string | undefined,
  label: string | undefined,
  taken: Taken[],
  sure = false,
  query?: string,
): string {
  if (id !== undefined) {
    if (!g.index.live(id)) throw new ToolError(`${arg}: concept ${clip(id, 80)} not found`, 'node_not_found')
    return id
  }
  if (label === undefined && query !== undefined)
    return conceptByQuery(g, arg.replace('label', 'query'), query, taken, sure)
  if (label === undefined) {
    const side = arg.replace('_label', '')
    throw new ToolError(
      side === arg ? `${arg}: give ${arg}` : `${arg}: give ${side}_id, ${side}_label or ${side}_query`,
    )
  }
  const hits = resolveLabel(g, label, { limit: 3 })
  const best = hits[0]
  if (!best || best.confidence < MATCH_CONFIDENCE) {
    throw new ToolError(
      `${arg}: no concept named ${JSON.stringify(clip(label, 80))}` +
        (hits.length
          ? `; closest: ${hits.map((h) => `${JSON.stringify(clip(h.summary, 60))} (${pct(h.confidence)})`).join(', ')}`
          : ''),
      'node_not_found',
    )
  }
  // Two concepts named as well as each other, or almost (near twins: resolve.ts's rivalsOf): taken, but
  // not surely (the answer says uncertain).
  const tie = rivalsOf(hits).length > 1
  if (sure && (tie || best.confidence < CERTAIN)) throw unsure(arg, label, hits)
  taken.push({
    arg,
    label,
    id: best.id,
    summary: best.summary,
    confidence: best.confidence,
    ...(tie ? { tie: true } : {}),
  })
  return best.id
}

type Resolution = ReturnType<typeof resolveLabel>[number]

/**
 * The seed's `from_query` / `to_query`: the best search hit (words, word forms, notes), taken as a guess
 * the answer flags `uncertain` unless the query also names that concept as a label at 90 % or more;
 * `sure` refuses a guess, naming the hits. A search rank is not a confidence, so none is given then.
 */
function conceptByQuery(g: Graph, arg: string, query: string, taken: Taken[], sure: boolean): string {
  const root = meta(g).root
  const hits = must(search(g, query, { limit: 4 }))
    .items.filter((i) => i.id !== root)
    .slice(0, 3)
  const best = hits[0]
  if (!best)
    throw new ToolError(`${arg}: nothing matches ${JSON.stringify(clip(query, 80))}`, 'node_not_found')
  const asLabel = resolveLabel(g, query, { limit: 3 })
  const confirmed =
    asLabel[0]?.id === best.id && asLabel[0].confidence >= CERTAIN && rivalsOf(asLabel).length <= 1
      ? asLabel[0].confidence
      : undefined
  const candidates = hits.map((h) => `${JSON.stringify(clip(h.summary, 60))} ${h.id}`)
  if (sure && confirmed === undefined)
    throw new ToolError(
      `${arg} ${JSON.stringify(clip(query, 80))} is a guess (found by search, not named): ${candidates.join(', ')}. Give the label or the id.`,
      'ambiguous_label',
    )
  taken.push({
    arg,
    label: query,
    id: best.id,
    summary: best.summary,
    by: 'query',
    ...(confirmed !== undefined ? { confidence: confirmed } : { candidates }),
  })
  return best.id
}

const pct = (c: number): string => `${Math.round(c * 100)}%`

/**
 * `sure`: a label taken below 90 % or tied with another is refused, naming the candidates, instead of
 * being taken and flagged (the CLI's rule: nobody is there to read the flag before it is merged).
 */
function unsure(arg: string, label: string, hits: Resolution[]): ToolError {
  const named = hits.map((h) => `${JSON.stringify(clip(h.summary, 60))} ${h.id} (${pct(h.confidence)})`)
  const why =
    rivalsOf(hits).length > 1
      ? 'names more than one concept equally or almost equally'
      : `is not certain (below ${pct(CERTAIN)})`
  return new ToolError(
    `${arg} ${JSON.stringify(clip(label, 80))} ${why}: ${named.join(', ')}. Give the exact label or the id` +
      ` (from_id / to_id / id), or mode force to create a new concept anyway.`,
    'ambiguous_label',
  )
}

/** Before a create that may merge into a match (auto, enrich, strict): a match that is not sure is refused. */
function sureCreate(g: Graph, label: string): void {
  const all = resolveLabel(g, label, { limit: 3, parent: meta(g).root, readings: 'same' })
  const best = all[0]
  if (!best || best.confidence < MATCH_CONFIDENCE) return
  const rivals = rivalsOf(all)
  const tie = rivals.some((h) => h.summary !== best.summary)
  if (tie || best.confidence < CERTAIN)
    throw unsure(
      'label',
      label,
      all.filter((h) => h.confidence >= MATCH_CONFIDENCE || rivals.includes(h)),
    )
}
const concept = (g: Graph, id: string) => ({ id, label: g.index.nodes.get(id)?.summary ?? id })

/** The seed's `hot_edges`: the edges this session created last, newest first, as `from -[type]-> to`. */
const hotEdges = (g: Graph, ws: WorkingSet): Json[] =>
  ws.hot_edges.map((e) => ({ id: e.id, from: concept(g, e.from), to: concept(g, e.to), type: e.type }))

/** What every mutation answers besides its own result: the working set, nearby, duplicates, certainty. */
function context(
  g: Graph,
  session: string,
  touched: string[],
  taken: Taken[],
  labels: string[],
  madeEdges: string[],
  /** A create: its answer lists `similar_existing` too. */
  similarTo = false,
): Record<string, Json> {
  const ws = must(touch(g, session, touched, madeEdges)).working_set
  const hotIds = ws.hot.map((n) => n.id)
  const hot = new Set(hotIds)
  const nearby: Json[] = []
  for (const id of hotIds) {
    for (const dir of ['out', 'in'] as const)
      for (const e of g.index.edgesOf(id, dir)) {
        if (hot.has(e.other) || nearby.length >= NEARBY || e.other === meta(g).root) continue
        if (nearby.some((x) => (x as { id: string }).id === e.other)) continue
        nearby.push({ ...concept(g, e.other), via: e.type })
      }
  }
  const duplicates: Json[] = []
  const similar: Json[] = []
  for (const label of labels) {
    // Itself and the concept it was connected to (both touched) are not "existing" ones.
    const others = resolveLabel(g, label, { limit: SIMILAR_SHOWN + 3 }).filter((r) => !touched.includes(r.id))
    for (const r of others.slice(0, SIMILAR_SHOWN)) {
      const seen = { id: r.id, label: r.summary, similarity: pct(r.confidence) }
      if (r.confidence >= MATCH_CONFIDENCE) duplicates.push({ ...seen, of: label })
      if (similarTo && r.confidence >= SIMILAR) similar.push(seen)
    }
  }
  const unsure = taken.filter((t) => t.confidence === undefined || t.confidence < CERTAIN || t.tie)
  return {
    working_set: {
      hot: hotIds.map((id) => concept(g, id)),
      hot_edges: hotEdges(g, ws),
      warm: ws.warm.map((w) => ({ id: w.id, label: clip(w.summary, 80) })),
    },
    nearby,
    working_set_size: ws.hot.length + ws.warm.length,
    potential_duplicates: duplicates,
    ...(similarTo ? { similar_existing: similar } : {}),
    ...(taken.length
      ? {
          resolved: taken.map((t) => ({
            ...t,
            ...(t.confidence !== undefined ? { confidence: pct(t.confidence) } : {}),
          })),
        }
      : {}),
    ...(unsure.length ? { uncertain: true } : {}),
  }
}

function run(g: Graph, ctx: CallContext, args: Args, touched: { ids: string[] }): Record<string, Json> {
  const taken: Taken[] = []
  const entity = args.entity ?? 'concept'
  const out: Record<string, Json> = { action: args.action }
  const labels: string[] = []
  const ids: string[] = []
  /** Edges this call created (not ones it found already there): the session's hot edges. */
  const madeEdges: string[] = []
  const edgeEnds = () => ({
    from: conceptOf(g, 'from_label', args.from_id, args.from_label, taken, args.sure, args.from_query),
    to: conceptOf(g, 'to_label', args.to_id, args.to_label, taken, args.sure, args.to_query),
    type: args.relationship?.toLowerCase() ?? 'relates_to',
  })
  switch (args.action) {
    case 'create':
    case 'create_and_connect':
    case 'connect': {
      if (args.action === 'connect' || entity === 'edge') {
        const e = edgeEnds()
        const r = must(connect(g, [{ ...e, ...(args.properties ? { properties: args.properties } : {}) }]))
        ids.push(e.from, e.to)
        madeEdges.push(...r.added)
        out.edge = {
          id: (r.added[0] ?? r.updated[0])!,
          from: concept(g, e.from),
          to: concept(g, e.to),
          type: e.type,
          created: r.added.length > 0,
        }
        break
      }
      if (args.label === undefined) throw new ToolError(`${args.action}: give label`)
      // Create and connect (the seed's compound operation, `connect_to` as its example writes it, or
      // from_label): the concept it hangs from is resolved first, so a label that names nothing (or,
      // sure, nothing certain) writes nothing. The edge goes from that concept to the new one.
      const fromArg = args.connect_to !== undefined ? 'connect_to' : 'from_label'
      const fromLabel = args.connect_to ?? args.from_label
      if (
        args.action === 'create_and_connect' &&
        args.from_id === undefined &&
        fromLabel === undefined &&
        args.from_query === undefined
      )
        throw new ToolError(
          'create_and_connect: give connect_to (the label of the concept to connect it from)',
        )
      const from =
        args.from_id !== undefined || fromLabel !== undefined || args.from_query !== undefined
          ? conceptOf(g, fromArg, args.from_id, fromLabel, taken, args.sure, args.from_query)
          : undefined
      const mode = args.mode ?? 'auto'
      if (args.sure && mode !== 'force' && mode !== 'explore') sureCreate(g, args.label)
      // The edge it will hang from is checked before the concept is written: a refused relationship
      // or property must not leave a concept behind an answer that says the call failed.
      if (from !== undefined) {
        const bad = checkEdgeFields({
          type: args.relationship?.toLowerCase() ?? 'relates_to',
          ...(args.properties ? { properties: args.properties } : {}),
        })
        if (bad) throw new ToolError(`${bad.message}. Nothing was written.`, bad.reason)
      }
      const r = must(
        createNodes(
          g,
          [
            {
              summary: args.label,
              ...(args.notes ? { notes: args.notes } : {}),
              ...(args.kind ? { kind: args.kind } : {}),
              parent: meta(g).root,
            },
          ],
          { mode },
        ),
      )
      const made = r.created[0]
      const match = r.matched[0]
      if (made) out.created = concept(g, made.id)
      if (match) {
        out.matched = { ...concept(g, match.id), similarity: pct(match.confidence) }
        taken.push({
          arg: 'label',
          label: args.label,
          id: match.id,
          summary: match.summary,
          confidence: match.confidence,
        })
      }
      const id = (made ?? match)!.id
      if (from !== undefined) {
        const type = args.relationship?.toLowerCase() ?? 'relates_to'
        const e = must(
          connect(g, [{ from, to: id, type, ...(args.properties ? { properties: args.properties } : {}) }]),
        )
        out.edge = {
          id: (e.added[0] ?? e.updated[0])!,
          from: concept(g, from),
          to: concept(g, id),
          type,
          created: e.added.length > 0,
        }
        out.connected_to = concept(g, from)
        ids.push(from)
        madeEdges.push(...e.added)
      }
      ids.push(id)
      labels.push(args.label)
      break
    }
    case 'edit': {
      if (entity === 'edge') {
        const e = edgeEnds()
        const r = must(
          connect(g, [
            {
              ...e,
              properties: args.properties ?? {},
              ...(args.new_label !== undefined ? { label: args.new_label } : {}),
            },
          ]),
        )
        ids.push(e.from, e.to)
        // An edit of an edge that was not there made it: one this session created (hot_edges).
        madeEdges.push(...r.added)
        out.edge = {
          from: concept(g, e.from),
          to: concept(g, e.to),
          type: e.type,
          properties: g.index.edges.get(`${e.from}>${e.type}>${e.to}`)?.properties ?? {},
        }
        break
      }
      const id = conceptOf(g, 'label', args.id, args.label, taken)
      must(
        updateNodes(g, [
          {
            id,
            ...(args.new_label !== undefined ? { summary: args.new_label } : {}),
            ...(args.notes !== undefined ? { notes: args.notes } : {}),
            ...(args.kind !== undefined ? { kind: args.kind } : {}),
            ...(args.properties ? { properties: args.properties } : {}),
          },
        ]),
      )
      ids.push(id)
      out.edited = concept(g, id)
      if (args.new_label !== undefined) labels.push(args.new_label)
      break
    }
    case 'delete': {
      if (entity === 'edge') {
        const e = edgeEnds()
        const r = must(disconnect(g, [e]))
        if (!r.removed.length)
          throw new ToolError(
            `no ${e.type} edge from ${concept(g, e.from).label} to ${concept(g, e.to).label}`,
            'not_found',
          )
        ids.push(e.from, e.to)
        out.deleted = { edge: r.removed[0]! }
        break
      }
      const id = conceptOf(g, 'label', args.id, args.label, taken)
      must(restructure(g, [{ type: 'forget', node: id }]))
      out.deleted = { ...concept(g, id), restorable: true }
      break
    }
    default:
      throw new Error(`not a mutation: ${args.action}`)
  }
  touched.ids.push(...ids)
  const created = args.action === 'create_and_connect' || (args.action === 'create' && entity === 'concept')
  return { ...out, ...context(g, ctx.session, ids, taken, labels, madeEdges, created) }
}

/**
 * Concepts nothing connects: no edge either way, nothing under them, and at the top of the tree (the
 * model's `suggest` counts only nodes outside the tree, and every concept here is put under the root).
 */
function unconnected(g: Graph, limit: number): Json[] {
  const root = meta(g).root
  const kids = g.index.struct().children
  const found: Json[] = []
  for (const n of g.index.nodes.values()) {
    if (found.length >= limit) break
    if (n.id === root || !g.index.live(n.id) || (n.parent !== null && n.parent !== root)) continue
    if (kids.get(n.id)?.length || g.index.edgesOf(n.id, 'out').length || g.index.edgesOf(n.id, 'in').length)
      continue
    found.push(concept(g, n.id))
  }
  return found
}

function read(g: Graph, ctx: CallContext, args: Args): Record<string, Json> {
  const limit = args.limit ?? 20
  switch (args.action) {
    case 'list': {
      if ((args.entity ?? 'concept') === 'edge') {
        const edges: Json[] = []
        for (const e of g.index.edges.values()) {
          if (!g.index.live(e.from) || !g.index.live(e.to)) continue
          if (edges.length >= limit) break
          edges.push({ id: e.id, from: concept(g, e.from), to: concept(g, e.to), type: e.type })
        }
        return { action: 'list', edges }
      }
      if (args.query || args.label) {
        const r = must(search(g, (args.query ?? args.label)!, { limit }))
        return {
          action: 'list',
          concepts: r.items.map((i) => ({ id: i.id, label: i.summary, kind: i.kind })),
        }
      }
      const concepts: Json[] = []
      const root = meta(g).root
      // Live concepts in the order the map draws them (drawn-order.ts).
      for (const id of drawnTree(g.index, root).all()) {
        if (concepts.length >= limit) break
        const n = g.index.nodes.get(id)!
        if (n.id !== root) concepts.push({ id: n.id, label: n.summary, kind: n.kind })
      }
      return { action: 'list', concepts }
    }
    case 'session': {
      const ws = must(workingSet(g, ctx.session)).working_set
      return {
        action: 'session',
        session: ws.session,
        working_set: {
          hot: ws.hot.map((n) => ({ id: n.id, label: n.summary, kind: n.kind, notes: clip(n.notes, 300) })),
          hot_edges: hotEdges(g, ws),
          warm: ws.warm.map((w) => ({ id: w.id, label: clip(w.summary, 80) })),
        },
        checkpoints: listCheckpoints(g)
          .slice(0, 20)
          .map((c) => ({ name: c.name, at: iso(c.created_at), by: c.actor })),
      }
    }
    case 'suggest': {
      const s = suggest(g, { limit })
      const all = {
        gaps: s.gaps.map((x) => ({ id: x.id, label: x.summary, why: x.why })),
        duplicates: s.likely_duplicates.map((d) => ({
          a: concept(g, d.a.id),
          b: concept(g, d.b.id),
          similarity: pct(d.confidence),
        })),
        orphans: unconnected(g, limit),
        next: s.next.map((x) => concept(g, x.id)),
      }
      return args.type
        ? { action: 'suggest', type: args.type, [args.type]: all[args.type] }
        : { action: 'suggest', ...all }
    }
    case 'checkpoint':
    case 'resume': {
      if (args.name === undefined) throw new ToolError(`${args.action} needs name`)
      if (args.action === 'checkpoint') {
        const c = must(saveCheckpoint(g, ctx.session, args.name, args.notes ?? '')).checkpoint
        return {
          action: 'checkpoint',
          checkpoint: { name: c.name, at: iso(c.created_at), concepts: c.hot.length + c.warm.length },
        }
      }
      const r = must(resume(g, ctx.session, args.name))
      return {
        action: 'resume',
        checkpoint: { name: r.checkpoint.name, at: iso(r.checkpoint.created_at), by: r.checkpoint.actor },
        working_set: {
          hot: r.working_set.hot.map((n) => concept(g, n.id)),
          hot_edges: hotEdges(g, r.working_set),
          warm: r.working_set.warm.map((w) => ({ id: w.id, label: clip(w.summary, 80) })),
        },
        next: suggest(g, { limit: 5 }).next.map((x) => concept(g, x.id)),
      }
    }
    default:
      throw new Error(`not a read: ${args.action}`)
  }
}

const input = {
  action: z.enum(ACTIONS),
  entity: z.enum(['concept', 'edge']).optional(),
  mode: z.enum(['strict', 'auto', 'force', 'enrich', 'explore']).optional(),
  label: z.string().min(1).max(500).optional(),
  connect_to: z.string().min(1).max(500).optional(),
  from_label: z.string().min(1).max(500).optional(),
  to_label: z.string().min(1).max(500).optional(),
  from_query: z.string().min(1).max(500).optional(),
  to_query: z.string().min(1).max(500).optional(),
  id: z.string().max(300).optional(),
  from_id: z.string().max(300).optional(),
  to_id: z.string().max(300).optional(),
  relationship: z.string().min(1).max(64).optional(),
  new_label: z.string().min(1).max(500).optional(),
  notes: z.string().max(20_000).optional(),
  kind: z.string().min(1).max(64).optional(),
  properties: props.optional(),
  query: z.string().min(1).max(1000).optional(),
  name: z.string().min(1).max(128).optional(),
  type: z.enum(['gaps', 'duplicates', 'orphans', 'next']).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  sure: z.boolean().optional(),
  graph: z.string().optional(),
}
type Args = z.output<z.ZodObject<typeof input>>

export const graphTool = tool({
  name: 'graph',
  description:
    'Create, edit, and manage the knowledge graph. Maintains a working set for context. action: create|edit|delete|list|connect (entity concept|edge; label, from_label, to_label (or from_query, to_query: fuzzy, flagged uncertain), relationship; mode strict|auto|force|enrich|explore), create_and_connect {label, connect_to, relationship}, session, checkpoint|resume {name}, suggest {type: gaps|duplicates|orphans|next}. create with from_label or connect_to connects it too (from that concept). Mutations answer working_set (hot 10, hot_edges: the 10 edges you created last, warm 40), working_set_size, nearby, potential_duplicates, uncertain; sure: true refuses an uncertain label instead. graph default "default".',
  input,
  output: {
    action: out.string,
    created: out.record,
    matched: out.record,
    edited: out.record,
    deleted: out.record,
    edge: out.record,
    connected_to: out.record,
    working_set_size: out.integer,
    edges: out.list(out.record),
    concepts: out.list(out.record),
    working_set: out.record,
    nearby: out.list(out.record),
    potential_duplicates: out.list(out.record),
    similar_existing: out.list(out.record),
    uncertain: out.boolean,
    session: out.string,
    checkpoints: out.list(out.record),
    checkpoint: out.record,
    type: out.string,
    gaps: out.list(out.record),
    duplicates: out.list(out.record),
    orphans: out.list(out.record),
    next: out.list(out.record),
  },
  access: 'mixed',
  annotations: { readOnly: false },
  run: (ctx, args) => {
    const writing = WRITES.has(args.action)
    const c = writing ? { ...ctx, writing: true } : ctx
    return onGraph(
      c,
      args.graph,
      (g, touched) => (MUTATIONS.has(args.action) ? run(g, c, args, touched) : read(g, c, args)),
      { write: writing },
    )
  },
})
