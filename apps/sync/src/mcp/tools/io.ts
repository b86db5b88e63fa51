/** graph_export and graph_import: JSON, Mermaid, line DSL, JSON Canvas. */
import * as Y from 'yjs'
import { z } from 'zod'
import {
  ToolError,
  checkProject,
  ensureGraph,
  graphOf,
  must,
  requireRole,
  withGraph,
  type CallContext,
} from '../context.ts'
import { exportGraph, exportJSON, importGraph, type Format, type ImportResult } from '@plexus/model'
import { compact } from '../shape.ts'
import { project, tool, out } from '../tool.ts'

const format = z.enum(['json', 'mermaid', 'dsl', 'canvas'])

export const graphExport = tool({
  name: 'graph_export',
  docs: {
    does: 'JSON, Mermaid (subgraphs, direction, shapes, arrows, edge text), DSL, JSON Canvas 1.0 (card types, sizes, colours, sides), paged',
    example: { project: 'launch', format: 'mermaid' },
  },
  description:
    'The graph as json (lossless), mermaid, dsl or canvas text, in pages: pass next_offset as offset.',
  input: {
    project,
    format,
    offset: z.number().int().min(0).optional(),
    max_chars: z.number().int().min(1000).max(200_000).optional(),
  },
  output: { format: out.string, text: out.string, total_chars: out.integer, next_offset: out.integer },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    withGraph(ctx, args.project, (g) => {
      const text =
        args.format === 'json' ? JSON.stringify(exportJSON(g)) : exportGraph(g, args.format satisfies Format)
      const start = args.offset ?? 0
      const end = start + (args.max_chars ?? 20_000)
      if (start > text.length)
        throw new ToolError(`offset ${start} is past the end (${text.length} characters)`)
      return compact({
        format: args.format,
        text: text.slice(start, end),
        total_chars: text.length,
        next_offset: end < text.length ? end : undefined,
      })
    }),
})

export const graphImport = tool({
  name: 'graph_import',
  docs: {
    does: "the same formats in; creates the graph if missing; matches by the file's ids, then exact names (`fuzzy` to ask for more), each match listed with its confidence; the same file twice changes nothing; cycles kept and reported unless `strict`",
    example: { project: 'launch', format: 'dsl', text: 'Docs depends_on API' },
  },
  description:
    'Add json, mermaid, dsl or canvas text (graph created if missing). Nodes match by their id in the file, then exact name; fuzzy: true adds similar names. Matches listed with confidence; the same file twice changes nothing. Cycles kept and reported unless strict. Atomic.',
  input: {
    project,
    format,
    text: z.string().min(1),
    parent: z.string().optional(),
    fuzzy: z.boolean().optional(),
    strict: z.boolean().optional(),
  },
  output: {
    created: out.integer,
    matched: out.integer,
    edges: out.integer,
    matches: out.list(out.item({ key: out.string, id: out.string, by: out.string, confidence: out.number })),
    skipped: out.list(z.unknown()),
    problems: out.list(z.unknown()),
    project_created: out.boolean,
  },
  access: 'write',
  annotations: { readOnly: false, idempotent: true },
  async run(ctx, args) {
    const fmt = args.format satisfies Format
    checkProject(args.project)
    if (await ctx.source.exists(args.project)) {
      return withGraph(ctx, args.project, (g) =>
        result(
          must(
            importGraph(g, fmt, args.text, { parent: args.parent, fuzzy: args.fuzzy, strict: args.strict }),
          ),
        ),
      )
    }
    return importNew(ctx, args.project, fmt, args.text)
  },
})

const result = (r: ImportResult) =>
  compact({
    created: r.created,
    matched: r.matched,
    edges: r.edges,
    matches: r.matches
      .slice(0, 50)
      .map((m) => ({ key: m.key, id: m.id, by: m.by, confidence: Math.round(m.confidence * 100) / 100 })),
    skipped: r.skipped.slice(0, 20),
    problems: r.problems.length ? r.problems.slice(0, 10) : undefined,
  })

/** Into a new graph: built on a scratch document first, so a refused import leaves no half-made graph. */
async function importNew(ctx: CallContext, project: string, fmt: Format, text: string) {
  await requireRole(ctx, project, `creating graph ${project}`)
  const scratch = new Y.Doc()
  try {
    const g = graphOf(ctx, scratch)
    if (fmt !== 'json') ensureGraph(g, project)
    const r = must(importGraph(g, fmt, text))
    if (fmt === 'json') ensureGraph(g, project)
    const h = await ctx.source.open(project)
    try {
      Y.applyUpdate(h.doc, Y.encodeStateAsUpdate(scratch, Y.encodeStateVector(h.doc)))
    } finally {
      h.release()
    }
    return { ...result(r), project_created: true }
  } finally {
    scratch.destroy()
  }
}
