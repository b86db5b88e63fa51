/** The engine's creation and correction tools: add_facts, add_knowledge, create_from_mermaid, forget, forget_relationship. */
import { z } from 'zod'
import { ToolError, must } from '../context.ts'
import { disconnect, restructure } from '@plexus/model'
import { buildMaking } from '../builds.ts'
import { tool, out } from '../tool.ts'
import { DEFAULT_GRAPH, graphArg, nodeNamed, onGraph } from './graph.ts'

const fact = z
  .object({
    from: z.string(),
    rel: z.string(),
    to: z.string(),
    from_type: z.string().optional(),
    to_type: z.string().optional(),
  })
  .strict()

/** Every name created and every one found, however many; what was skipped, the first 20 and a count. */
const result = {
  created: out.list(out.string),
  existing: out.list(z.union([out.string, out.item({ name: out.string, matched: out.string })])),
  relationships: out.integer,
  skipped: out.list(out.string),
  more_skipped: out.integer,
  message: out.string,
}

export const addFactsTool = tool({
  name: 'add_facts',
  description:
    'Record relationships in one call: facts [{from, rel, to, from_type?, to_type?}]. Nodes are created when missing and matched by name (fuzzy) when not.',
  input: { graph: graphArg, facts: z.array(fact).min(1).max(5000) },
  output: result,
  access: 'write',
  annotations: { readOnly: false, idempotent: true },
  run: (ctx, args) =>
    buildMaking(ctx, args.graph ?? DEFAULT_GRAPH, () => ({
      kind: 'facts',
      engine: true,
      facts: args.facts,
    })).then((r) => r.result),
})

export const addKnowledge = tool({
  name: 'add_knowledge',
  description:
    'Record knowledge as text, one "<subject> <relation> <object>" per line (relation in snake_case; # comments; Name:type hints; quote names with spaces when unsure).',
  input: { graph: graphArg, knowledge: z.string().min(1) },
  output: result,
  access: 'write',
  annotations: { readOnly: false, idempotent: true },
  run: (ctx, args) =>
    buildMaking(ctx, args.graph ?? DEFAULT_GRAPH, () => ({
      kind: 'facts',
      engine: true,
      text: args.knowledge,
    })).then((r) => r.result),
})

export const createFromMermaid = tool({
  name: 'create_from_mermaid',
  description: 'Build from a Mermaid flowchart: edge labels (A -->|depends_on| B) become relation types.',
  input: { graph: graphArg, mermaid: z.string().min(1) },
  output: result,
  access: 'write',
  annotations: { readOnly: false, idempotent: true },
  run: (ctx, args) =>
    buildMaking(ctx, args.graph ?? DEFAULT_GRAPH, () => ({
      kind: 'facts',
      engine: true,
      mermaid: args.mermaid,
    })).then((r) => r.result),
})

export const forget = tool({
  name: 'forget',
  description: 'Remove a node and its relationships (restorable from history).',
  input: { graph: graphArg, label: z.string() },
  output: { forgotten: out.string, relationships_removed: out.integer },
  access: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run: (ctx, args) =>
    onGraph(ctx, args.graph, (g) => {
      const n = nodeNamed(g, args.label)
      const edges = g.index.edgesOf(n.id, 'out').length + g.index.edgesOf(n.id, 'in').length
      must(restructure(g, [{ type: 'forget', node: n.id }]))
      return { forgotten: n.summary, relationships_removed: edges }
    }),
})

export const forgetRelationship = tool({
  name: 'forget_relationship',
  description: 'Remove relationships from source to target: one relation, or all.',
  input: { graph: graphArg, source: z.string(), target: z.string(), relation: z.string().optional() },
  output: { removed: out.integer, relations: out.list(z.unknown()) },
  access: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run: (ctx, args) =>
    onGraph(ctx, args.graph, (g) => {
      const a = nodeNamed(g, args.source, 'source')
      const b = nodeNamed(g, args.target, 'target')
      const rel = args.relation
        ?.trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
      const hits = g.index.edgesOf(a.id, 'out').filter((e) => e.other === b.id && (!rel || e.type === rel))
      if (!hits.length) {
        const have = g.index.edgesOf(a.id, 'out').filter((e) => e.other === b.id)
        throw new ToolError(
          `no ${rel ? `${rel} ` : ''}relationship from ${JSON.stringify(a.summary)} to ${JSON.stringify(b.summary)}` +
            (have.length ? `; there is ${have.map((e) => e.type).join(', ')}` : '') +
            '.',
          'edge_not_found',
        )
      }
      const r = must(
        disconnect(
          g,
          hits.map((e) => ({ id: e.id })),
        ),
      )
      return { removed: r.removed.length, relations: hits.map((e) => e.type) }
    }),
})
