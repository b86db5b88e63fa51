/**
 * The bad calls of the mcp-input phase: one seeded generator per kind. A call is a raw HTTP request
 * to `/mcp` (so anything can be sent), what the server should do with it, and what a refusal must
 * name for an agent to act on it.
 */
import { halfValid, hostileArguments, markupInText, schemaInvalid } from './mcp-arguments.ts'
import { rpc, toolCall, type BadCall } from './mcp-calls.ts'
import { baseArgs, type ToolInfo } from './mcp-schema.ts'
import type { Rng } from './suite.ts'

export const MCP_KINDS = [
  'json-rpc garbage',
  'schema-invalid arguments',
  'half-valid batches',
  'hostile arguments',
  'markup in text',
  'unknown tools',
  'unknown graph ids',
  'hostile graph ids',
] as const
export type McpKind = (typeof MCP_KINDS)[number]

export interface McpGenContext {
  graph: string
  tools: ToolInfo[]
  /** Node ids of the graph. */
  nodes: string[]
}

export type Generator = (rng: Rng, ctx: McpGenContext, index: number) => BadCall

const jsonRpcGarbage: Generator = (rng) => {
  const valid = rpc('tools/list')
  const variants: Array<() => BadCall> = [
    () => ({
      what: 'random bytes',
      body: Buffer.from(rng.bytes(1 + rng.int(200))).toString('latin1'),
      expect: 'reject',
    }),
    () => {
      const cut = rng.int(valid.length - 1)
      return { what: `JSON cut at ${cut}`, body: valid.slice(0, cut), expect: 'reject' }
    },
    () => ({ what: 'JSON with trailing garbage', body: valid + '}{x', expect: 'reject' }),
    () => ({ what: 'a JSON scalar', body: rng.pick(['null', '123', '"text"', 'true']), expect: 'reject' }),
    () => {
      const version = rng.pick(['"1.0"', '"3.0"', '2', '2.0', 'null', '""', '["2.0"]'])
      return { what: `jsonrpc ${version}`, body: valid.replace('"2.0"', version), expect: 'reject' }
    },
    () => ({
      what: 'no jsonrpc field',
      body: JSON.stringify({ id: 1, method: 'tools/list' }),
      expect: 'reject',
    }),
    () => ({ what: 'no method', body: JSON.stringify({ jsonrpc: '2.0', id: 1 }), expect: 'reject' }),
    () => {
      const method = rng.pick<unknown>([123, null, {}, ['tools/list']])
      return {
        what: `method ${JSON.stringify(method)}`,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method }),
        expect: 'reject',
      }
    },
    () => {
      const method = rng.pick(['tools/destroy', '', '../../etc/passwd', 'rpc.discover', 'x'.repeat(10_000)])
      return { what: `unknown method "${method.slice(0, 30)}"`, body: rpc(method), expect: 'reject' }
    },
    () => {
      const id = rng.pick([
        '1e308',
        '18446744073709551616',
        '-1',
        '1.5',
        JSON.stringify('i'.repeat(100_000)),
        '{}',
        '[]',
        'true',
      ])
      return {
        what: `id ${id.slice(0, 24)}`,
        body: valid.replace(/"id":\d+/, `"id":${id}`),
        expect: 'either',
      }
    },
    () => {
      const junk = Array.from({ length: 1 + rng.int(100) }, () =>
        rng.pick<unknown>([1, 'x', null, {}, [], { jsonrpc: '2.0' }]),
      )
      return { what: `a batch of ${junk.length} junk entries`, body: JSON.stringify(junk), expect: 'reject' }
    },
    () => ({
      what: 'a batch of one valid call and junk',
      body: `[${valid},${rpc('nope')},{"jsonrpc":"2.0","id":7}]`,
      expect: 'either',
    }),
    () => {
      const params = rng.pick<unknown>([
        [],
        'x',
        1,
        null,
        {},
        { name: 5 },
        { name: 'graph_query', arguments: 'x' },
      ])
      return {
        what: `tools/call params ${JSON.stringify(params)}`,
        body: rpc('tools/call', params),
        expect: 'reject',
      }
    },
    () => ({
      what: 'Content-Type text/plain',
      body: valid,
      headers: { 'content-type': 'text/plain' },
      expect: 'reject',
    }),
    () => ({
      what: 'Accept without event streams',
      body: valid,
      headers: { accept: 'application/json' },
      expect: 'reject',
    }),
    () => ({
      what: 'an unknown session id',
      body: valid,
      headers: { 'mcp-session-id': `s-${rng.int(1e9)}` },
      expect: 'reject',
    }),
    () => ({ what: 'GET without a session', body: '', method: 'GET', expect: 'reject' }),
    () => ({ what: 'PUT', body: valid, method: 'PUT', expect: 'reject' }),
    () => ({
      what: 'initialize with garbage params',
      body: rpc('initialize', { protocolVersion: rng.pick<unknown>([5, null, 'x']), capabilities: 'none' }),
      expect: 'reject',
    }),
    () => ({
      what: 'an unknown notification',
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/x' }),
      expect: 'either',
    }),
  ]
  return rng.pick(variants)()
}

const unknownTools: Generator = (rng, ctx) => {
  const real = rng.pick(ctx.tools).name
  const name = rng.pick([
    real.replace('_', '-'),
    real.toUpperCase(),
    real.slice(0, -1),
    `${real}s`,
    'graph_delete',
    'tools/list',
    '',
    ' ',
    '__proto__',
    'constructor',
    'toString',
    '../graph_query',
    'グラフ',
    'x'.repeat(100_000),
  ])
  const shown = name.length > 40 ? `${name.slice(0, 20)}... (${name.length} chars)` : name
  return {
    what: `tool "${shown}"`,
    body: toolCall(name, { project: ctx.graph }),
    expect: 'reject',
    mention: ['tool'],
  }
}

/** Tools that take a project and do not create it when it is missing. */
const projectTools = (ctx: McpGenContext) =>
  ctx.tools.filter(
    (t) => t.inputSchema.properties?.project && !['graph_open', 'graph_import'].includes(t.name),
  )

const unknownGraphIds: Generator = (rng, ctx, index) => {
  const tools = projectTools(ctx)
  const t = tools[index % tools.length]!
  const id = rng.pick([
    `${ctx.graph}x`,
    ctx.graph.slice(0, -1),
    `ghost-${rng.int(1e6)}`,
    'constructor',
    'con',
    'a..b',
  ])
  return {
    what: `${t.name} on unknown graph ${id}`,
    body: toolCall(t.name, { ...baseArgs(t, ctx.graph), project: id }),
    expect: 'reject',
    mention: [id, 'not found'],
  }
}

const HOSTILE_IDS: unknown[] = [
  '../etc/passwd',
  '..',
  '',
  ' ',
  'UPPER',
  '-lead',
  'a/b',
  'a\\b',
  'a\u0000b',
  '%2e%2e%2f',
  'grâph',
  '💥',
  'a'.repeat(65),
  'a'.repeat(1 << 20),
  "x'; DROP TABLE graphs; --",
  '__proto__',
  12,
  null,
  ['main'],
  { id: 'main' },
  true,
]

const hostileGraphIds: Generator = (rng, ctx, index) => {
  const creators = ctx.tools.filter((t) => ['graph_open', 'graph_import'].includes(t.name))
  const tools = [...projectTools(ctx), ...creators]
  const t = tools[index % tools.length]!
  const id = rng.pick(HOSTILE_IDS)
  const shown =
    typeof id === 'string' && id.length > 30
      ? `${id.slice(0, 20)}... (${id.length} chars)`
      : JSON.stringify(id)
  return {
    what: `${t.name} with project ${shown}`,
    body: toolCall(t.name, { ...baseArgs(t, ctx.graph), project: id }),
    expect: 'reject',
    mention: ['project'],
  }
}

export const GENERATORS: Record<McpKind, Generator> = {
  'json-rpc garbage': jsonRpcGarbage,
  'schema-invalid arguments': schemaInvalid,
  'half-valid batches': halfValid,
  'hostile arguments': hostileArguments,
  'markup in text': markupInText,
  'unknown tools': unknownTools,
  'unknown graph ids': unknownGraphIds,
  'hostile graph ids': hostileGraphIds,
}
