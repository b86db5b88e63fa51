/** graph_export and graph_import: every format @plexus/formats reads and writes, with its fidelity ledger. */
import { z } from 'zod'
import { graphExists, must, ToolError, checkProject, requireRole, withGraph } from '../context.ts'
import { exportJSON } from '@plexus/model'
import {
  FILE_FORMATS,
  FILES,
  decodeBase64,
  tryExportFile,
  type FileFormat,
  type FileInput,
  type Loss,
} from '@plexus/formats'
import { buildMaking, buildOn, type Build } from '../builds.ts'
import { compact } from '../shape.ts'
import { project, tool, out } from '../tool.ts'

export const format = z.enum(FILE_FORMATS as [FileFormat, ...FileFormat[]])
const lost = out.list(out.item({ kind: out.string, count: out.integer, detail: out.string }))
const losses = (l: Loss[]) => (l.length ? l.slice(0, 50) : undefined)

/** A binary format (XMind) travels as base64; text formats as text. */
function inputOf(fmt: FileFormat, text: string): FileInput {
  if (!FILES[fmt].binary) return text
  const bytes = decodeBase64(text)
  if (!bytes) throw new ToolError(`${fmt}: pass the file as base64 (an .xmind file is a zip)`)
  return bytes
}

export const graphExport = tool({
  name: 'graph_export',
  docs: {
    does: 'JSON, Mermaid (subgraphs, direction, shapes, arrows, edge text), DSL, JSON Canvas 1.0 (card types, sizes, colours, sides), Mermaid mindmap, OPML, FreeMind, Markdown outline, XMind (base64), GraphML, paged; `lost` says what the format could not keep',
    example: { project: 'launch', format: 'mermaid' },
  },
  description:
    'The graph as json (lossless), mermaid, dsl, canvas, mindmap, opml, freemind, markdown, graphml text or xmind base64, in pages: pass next_offset as offset. lost: what the format could not keep.',
  input: {
    project,
    format,
    offset: z.number().int().min(0).optional(),
    max_chars: z.number().int().min(1000).max(200_000).optional(),
  },
  output: {
    format: out.string,
    text: out.string,
    total_chars: out.integer,
    next_offset: out.integer,
    encoding: out.string,
    lost,
  },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    withGraph(ctx, args.project, (g) => {
      const file =
        args.format === 'json'
          ? { data: JSON.stringify(exportJSON(g)), lost: [] }
          : must(tryExportFile(g, args.format))
      const binary = typeof file.data !== 'string'
      const text = typeof file.data === 'string' ? file.data : Buffer.from(file.data).toString('base64')
      const start = args.offset ?? 0
      const end = start + (args.max_chars ?? 20_000)
      if (start > text.length)
        throw new ToolError(`offset ${start} is past the end (${text.length} characters)`)
      return compact({
        format: args.format,
        text: text.slice(start, end),
        total_chars: text.length,
        next_offset: end < text.length ? end : undefined,
        encoding: binary ? 'base64' : undefined,
        lost: start === 0 ? losses(file.lost) : undefined,
      })
    }),
})

export const graphImport = tool({
  name: 'graph_import',
  docs: {
    does: "the same formats in (xmind as base64); creates the graph if missing; matches by the file's ids, then exact names (`fuzzy` to ask for more), each match listed with its confidence; the same file twice changes nothing; cycles kept and reported unless `strict`",
    example: { project: 'launch', format: 'dsl', text: 'Docs depends_on API' },
  },
  description:
    'Add json, mermaid, dsl, canvas, mindmap, opml, freemind, markdown or graphml text, or xmind as base64 (graph created if missing). lost: what the file held that the graph could not keep. Nodes match by their id in the file, then exact name; fuzzy: true adds similar names. Matches listed with confidence; the same file twice changes nothing. Cycles kept and reported unless strict. Atomic.',
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
    lost,
    project_created: out.boolean,
  },
  access: 'write',
  annotations: { readOnly: false, idempotent: true },
  async run(ctx, args) {
    checkProject(args.project)
    // Read when it runs: withGraph has then turned a label given as `parent` into its node's id.
    const b = (): Extract<Build, { kind: 'file' }> => ({
      kind: 'file',
      format: args.format,
      text: inputOf(args.format, args.text),
      parent: args.parent,
      fuzzy: args.fuzzy,
      strict: args.strict,
    })
    if (await graphExists(ctx, args.project))
      return withGraph(ctx, args.project, (g, touched, _role, opened) =>
        buildOn(ctx, g, touched, opened, b()),
      )
    // Into a new graph: made by the build itself, so a refused import leaves no graph (builds.ts).
    await requireRole(ctx, args.project, `creating graph ${args.project}`)
    const { result, made } = await buildMaking(ctx, args.project, b)
    return made ? { ...result, project_created: true } : result
  },
})
