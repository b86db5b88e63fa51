/**
 * Bad tool arguments for the mcp-input phase: schema-invalid ones for every tool (derived from the
 * schemas tools/list publishes), batches with one bad item (which must not half-apply), hostile sizes
 * and depths, and markup, which is text like any other and must be stored as given.
 */
import { toolCall, type BadCall } from './mcp-calls.ts'
import type { Generator } from './mcp-inputs.ts'
import { baseArgs, sample, typedProperties, wrongValue, type Schema } from './mcp-schema.ts'
import type { Rng } from './suite.ts'

/** A tools/call with raw JSON text at `path` in its arguments (nesting JSON.stringify would not reach). */
function toolCallWithRaw(name: string, args: Record<string, unknown>, path: string[], raw: string): string {
  const marker = '__RAW_JSON__'
  let at = args
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>
  at[path.at(-1)!] = marker
  return toolCall(name, args).replace(`"${marker}"`, raw)
}

const deep = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)

const letters = (rng: Rng, n: number): string => {
  const words = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'sigma']
  const parts: string[] = []
  for (let length = 0; length < n; length += 6) parts.push(rng.pick(words))
  return parts.join(' ').slice(0, n)
}

export const schemaInvalid: Generator = (rng, ctx, index) => {
  const t = ctx.tools[index % ctx.tools.length]!
  const args = baseArgs(t, ctx.graph)
  const props = t.inputSchema.properties ?? {}
  const required = t.inputSchema.required ?? []
  const roll = rng.int(6)
  if (roll === 0 && required.length) {
    const k = rng.pick(required)
    delete args[k]
    return { what: `${t.name} without ${k}`, body: toolCall(t.name, args), expect: 'reject', mention: [k] }
  }
  if (roll === 1) {
    const k = rng.pick([`${rng.pick(Object.keys(props))}s`, 'bogus_field', 'constructor'])
    args[k] = 1
    return {
      what: `${t.name} with an extra field ${k}`,
      body: toolCall(t.name, args),
      expect: 'reject',
      mention: [k],
    }
  }
  if (roll === 2) {
    const enums = Object.entries(props).filter(([, s]) => s.enum?.length)
    if (enums.length) {
      const [k] = rng.pick(enums)
      args[k] = 'not-a-choice'
      return {
        what: `${t.name} with ${k} outside its choices`,
        body: toolCall(t.name, args),
        expect: 'reject',
        mention: [k],
      }
    }
  }
  if (roll === 3) {
    const value = rng.pick<unknown>([[], 'text', 7, true])
    return {
      what: `${t.name} with arguments ${JSON.stringify(value)}`,
      body: toolCall(t.name, value),
      expect: 'reject',
      mention: ['argument'],
    }
  }
  if (roll === 4) {
    // A wrong type one level down, inside an array of objects.
    const nested = Object.entries(props).filter(([, s]) => s.items?.properties)
    if (nested.length) {
      const [k, s] = rng.pick(nested)
      const item = sample(s.items!, ctx.graph) as Record<string, unknown>
      const field = rng.pick(typedProperties({ name: k, inputSchema: s.items! }))
      const value = wrongValue(s.items!.properties![field]!, rng)
      if (value !== undefined) {
        item[field] = value
        args[k] = [item]
        return {
          what: `${t.name} with ${k}[0].${field} = ${JSON.stringify(value)}`,
          body: toolCall(t.name, args),
          expect: 'reject',
          mention: [field],
        }
      }
    }
  }
  const k = rng.pick(typedProperties(t))
  const value = wrongValue(props[k] as Schema, rng)
  args[k] = value
  return {
    what: `${t.name} with ${k} = ${JSON.stringify(value)}`,
    body: toolCall(t.name, args),
    expect: 'reject',
    mention: [k],
  }
}

export const halfValid: Generator = (rng, ctx) => {
  const n = 2 + rng.int(40)
  const bad = rng.int(n)
  const node = () => (ctx.nodes.length ? rng.pick(ctx.nodes) : 'n_none')
  const roll = rng.int(4)
  if (roll === 0) {
    const faults: Array<[string, Record<string, unknown>]> = [
      ['a summary of 2001 characters', { summary: 's'.repeat(2001) }],
      ['an unknown parent', { summary: 'orphan', parent_ref: 'n_doesnotexist' }],
      ['a dependency on an unknown ref', { summary: 'waits', depends_on: ['no-such-ref'] }],
      ['a kind of two words', { summary: 'odd', kind: 'two words' }],
      ['a property of 70 KB', { summary: 'heavy', properties: { blob: 'b'.repeat(70_000) } }],
      ['a misspelt parent_ref', { summary: 'odd field', parentRef: node() }],
      ['a lone surrogate in its summary', { summary: 'broken \ud800 text' }],
    ]
    const [fault, item] = rng.pick(faults)
    const nodes = Array.from({ length: n }, (_, i) =>
      i === bad ? item : { ref: `r${i}`, summary: `half ${rng.int(1e9)}` },
    )
    return {
      what: `graph_plan of ${n} nodes, node ${bad} with ${fault}`,
      body: toolCall('graph_plan', { project: ctx.graph, nodes }),
      expect: 'reject',
    }
  }
  if (roll === 1) {
    const updates: Array<Record<string, unknown>> = [...new Set(Array.from({ length: n }, node))].map(
      (id) => ({ node_id: id, notes: `half ${rng.int(1e9)}` }),
    )
    updates.splice(rng.int(updates.length + 1), 0, { node_id: 'n_doesnotexist', summary: 'x' })
    return {
      what: `graph_update of ${updates.length} updates, one an unknown node`,
      body: toolCall('graph_update', { project: ctx.graph, updates }),
      expect: 'reject',
      mention: ['n_doesnotexist'],
    }
  }
  if (roll === 2) {
    const operations = Array.from({ length: n }, (_, i) =>
      i === bad
        ? { op: 'drop', node_id: 'n_doesnotexist', reason: 'x' }
        : { op: 'move', node_id: node(), new_parent: null },
    )
    return {
      what: `graph_restructure of ${n} operations, operation ${bad} on an unknown node`,
      body: toolCall('graph_restructure', { project: ctx.graph, operations }),
      expect: 'reject',
      mention: ['n_doesnotexist'],
    }
  }
  const nodes = Array.from({ length: n }, (_, i) => ({
    ref: `c${i}`,
    summary: `cycle ${rng.int(1e9)}`,
    depends_on: [`c${(i + 1) % n}`],
  }))
  return {
    what: `graph_plan of ${n} nodes whose dependencies form a cycle`,
    body: toolCall('graph_plan', { project: ctx.graph, nodes }),
    expect: 'reject',
    mention: ['cycle'],
  }
}

export const hostileArguments: Generator = (rng, ctx) => {
  const big = 10_000 + rng.int(5000)
  const mb = () => letters(rng, 1 << 20)
  const node = ctx.nodes[0] ?? 'n_none'
  const variants: Array<() => BadCall> = [
    () => ({
      what: `graph_plan with ${big} nodes`,
      body: toolCall('graph_plan', {
        project: ctx.graph,
        nodes: Array.from({ length: big }, (_, i) => ({ summary: `bulk ${i}` })),
      }),
      expect: 'reject',
      mention: ['nodes'],
    }),
    () => ({
      what: `graph_add_facts with ${big} facts`,
      body: toolCall('graph_add_facts', {
        project: ctx.graph,
        facts: Array.from({ length: big }, (_, i) => ({ from: `a${i}`, rel: 'depends_on', to: `b${i}` })),
      }),
      expect: 'reject',
      mention: ['facts'],
    }),
    () => ({
      what: `graph_update with ${big} updates`,
      body: toolCall('graph_update', {
        project: ctx.graph,
        updates: Array.from({ length: big }, (_, i) => ({ node_id: `n_${i}` })),
      }),
      expect: 'reject',
      mention: ['updates'],
    }),
    () => ({
      what: `graph_connect with ${big} edges`,
      body: toolCall('graph_connect', {
        project: ctx.graph,
        edges: Array.from({ length: big }, (_, i) => ({ from: `n_${i}`, to: `n_${i + 1}` })),
      }),
      expect: 'reject',
      mention: ['edges'],
    }),
    () => {
      const levels = rng.pick([10_000, 10_000, 100_000])
      const where = rng.pick(['properties', 'state'] as const)
      const raw = where === 'state' ? deep(levels) : `{"deep":${deep(levels)}}`
      return {
        what: `graph_update with ${where} nested ${levels} levels deep`,
        body: toolCallWithRaw(
          'graph_update',
          { project: ctx.graph, updates: [{ node_id: node, [where]: null }] },
          ['updates', '0', where],
          raw,
        ),
        expect: 'reject',
      }
    },
    () => {
      const levels = rng.pick([10_000, 100_000])
      const args = { project: ctx.graph, nodes: [{ summary: 'deep', properties: null }] }
      return {
        what: `graph_plan node properties nested ${levels} levels deep`,
        body: toolCallWithRaw('graph_plan', args, ['nodes', '0', 'properties'], `{"deep":${deep(levels)}}`),
        expect: 'reject',
      }
    },
    () => ({
      what: 'graph_query filter nested 10000 levels deep',
      body: toolCallWithRaw(
        'graph_query',
        { project: ctx.graph, filter: null },
        ['filter'],
        `{"properties":${deep(10_000)}}`,
      ),
      expect: 'either',
    }),
    () => {
      const field = rng.pick(['summary', 'notes'])
      return {
        what: `graph_plan with a 1 MB ${field}`,
        body: toolCall('graph_plan', { project: ctx.graph, nodes: [{ summary: 'big', [field]: mb() }] }),
        expect: 'reject',
        mention: [field],
      }
    },
    () => ({
      what: 'graph_search with a 1 MB query',
      body: toolCall('graph_search', { project: ctx.graph, query: mb() }),
      expect: 'reject',
      mention: ['query'],
    }),
    () => ({
      what: 'graph_context with a 1 MB node_id',
      body: toolCall('graph_context', { project: ctx.graph, node_id: mb() }),
      expect: 'reject',
    }),
    () => ({
      what: 'graph_add_facts with 1 MB of text on one line',
      body: toolCall('graph_add_facts', { project: ctx.graph, text: mb() }),
      expect: 'either',
    }),
    () => ({
      what: 'graph_import with 1 MB of mermaid',
      body: toolCall('graph_import', { project: ctx.graph, format: 'mermaid', text: `graph TD\n${mb()}` }),
      expect: 'either',
    }),
    () => ({
      what: 'graph_analyze with a 1000-character question',
      body: toolCall('graph_analyze', { project: ctx.graph, question: letters(rng, 1000) }),
      expect: 'either',
    }),
    () => ({
      what: 'graph_search with a 1000-character query',
      body: toolCall('graph_search', { project: ctx.graph, query: letters(rng, 1000) }),
      expect: 'either',
    }),
  ]
  return rng.pick(variants)()
}

const MARKUP = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(document.cookie)</script>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '[click](javascript:alert(1))',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7} #{7*7} <%= 7*7 %>',
  '</textarea><iframe src=//evil.example>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '&lt;b&gt; &amp; &#x3C;i&#x3E;',
  '\u202eevil\u202c <b>bold</b>',
]

export const markupInText: Generator = (rng, ctx) => {
  const summary = `${rng.pick(MARKUP)} ${rng.int(1e9)}`
  const notes = rng.int(2) ? `${rng.pick(MARKUP)}\n${rng.pick(MARKUP)}` : undefined
  const property: [string, string] | undefined = rng.int(2) ? ['html', rng.pick(MARKUP)] : undefined
  const item = {
    summary,
    ...(notes ? { notes } : {}),
    ...(property ? { properties: { [property[0]]: property[1] } } : {}),
  }
  return {
    what: `graph_plan with markup ${JSON.stringify(summary).slice(0, 60)}`,
    body: toolCall('graph_plan', { project: ctx.graph, nodes: [item], mode: 'force' }),
    expect: 'accept',
    stores: { summary, notes, property },
  }
}
