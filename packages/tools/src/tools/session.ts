/** graph_session: the caller's working set and named checkpoints, stored in the graph. */
import { z } from 'zod'
import { ToolError, must, requireWrite, withGraph } from '../context.ts'
import {
  listCheckpoints,
  resume,
  saveCheckpoint,
  workingSet,
  type Checkpoint,
  type Graph,
  type NodeView,
} from '@plexus/model'
import { clip, compact, iso } from '../shape.ts'
import { look } from './read.ts'
import { brief, project, tool, out } from '../tool.ts'

const checkpointOut = out.item({ name: out.string, by: out.string, at: out.string, nodes: out.integer })

export const graphSession = tool({
  name: 'graph_session',
  docs: {
    does: 'working set (10 hot, 40 warm), checkpoint, resume, list',
    example: { project: 'launch', action: 'checkpoint', name: 'before-lunch' },
  },
  description:
    'Your working set: the 10 hot and 40 warm nodes you touched. action: get, checkpoint {name, note}, resume {name}, list.',
  input: {
    project,
    action: z.enum(['get', 'checkpoint', 'resume', 'list']).optional(),
    name: z.string().max(128).optional(),
    note: z.string().max(4000).optional(),
    session: z.string().optional(),
  },
  output: {
    session: out.string,
    hot: out.list(out.item({ id: out.string, summary: out.string, rev: out.integer })),
    warm: out.list(brief),
    checkpoints: out.list(checkpointOut),
    checkpoint: checkpointOut,
  },
  access: 'mixed',
  annotations: { readOnly: false, idempotent: true },
  run: (ctx, args) =>
    withGraph(ctx, args.project, (g, _touched, role) => {
      const session = args.session ?? ctx.session
      const action = args.action ?? 'get'
      if (action === 'list') return { checkpoints: listCheckpoints(g).slice(0, 50).map(checkpoint) }
      if (action === 'get') return view(g, must(workingSet(g, session)).working_set)
      if (args.name === undefined) throw new ToolError(`${action} needs name`)
      requireWrite(ctx, `${action} of a checkpoint`, args.project, role)
      if (action === 'checkpoint')
        return {
          checkpoint: checkpoint(must(saveCheckpoint(g, session, args.name, args.note ?? '')).checkpoint),
        }
      const r = must(resume(g, session, args.name))
      return { ...view(g, r.working_set), checkpoint: checkpoint(r.checkpoint) }
    }),
})

/** Hot nodes as an agent looks at them (notes, properties, links, recent evidence); warm as id + summary. */
export function view(
  g: Graph,
  ws: { session: string; hot: NodeView[]; warm: Array<{ id: string; summary: string }> },
) {
  return compact({
    session: ws.session,
    hot: ws.hot.map((n) => look(g, n)),
    warm: ws.warm.map((w) => ({ id: w.id, summary: clip(w.summary, 80) })),
  })
}

export function checkpoint(c: Checkpoint) {
  return compact({
    name: c.name,
    by: c.actor,
    note: c.note || undefined,
    at: iso(c.created_at),
    nodes: c.hot.length + c.warm.length,
  })
}
