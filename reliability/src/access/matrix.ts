/**
 * The authorization matrix against a `plexus serve` process: the cells, rows and rule of the vitest
 * matrix (packages/tools/src/test/authz-matrix.ts, imported, not copied) run here through the SDK's
 * client over loopback, each graph's state read over the WebSocket as a tab reads it (strict digest:
 * pending structs count). Every tool of every surface × every way of naming its graph × role none,
 * read, write, admin → allowed or refused, and a refused call changed nothing. A tool added to the
 * catalogue without rows is a failure here too (`coverageProblems`).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  MATRIX_TOKENS,
  SURFACE_PATH,
  cells,
  coverageProblems,
  matrixSize,
  runCell,
  type MatrixEnv,
  type Surface,
} from '@plexus/tools/test/authz-matrix'
import { ServerProcess } from '../server.ts'
import { readGraph } from '../state.ts'
import type { PhaseContext } from '../suite.ts'
import type { Tally } from './kit.ts'

const BOSS = MATRIX_TOKENS.find((t) => t.name === 'boss')!.token

/** The matrix's server: its tokens (scoped per graph) from a tokens file. */
export function matrixServer(ctx: PhaseContext): ServerProcess {
  const file = join(ctx.tmp, 'matrix-tokens.json')
  writeFileSync(file, JSON.stringify({ tokens: MATRIX_TOKENS }))
  return new ServerProcess({
    dataDir: join(ctx.tmp, 'matrix'),
    env: { PLEXUS_TOKENS: '', PLEXUS_TOKENS_FILE: '', PLEXUS_AUTH_FAILURE_BURST: '1000000' },
    args: ['--tokens-file', file],
  })
}

export async function matrixAccess(
  server: ServerProcess,
  tally: Tally,
  figures: Record<string, number>,
): Promise<void> {
  for (const p of coverageProblems())
    tally.expect(false, 'the authorization matrix rows', 'a row per tool and naming', p)
  const clients = new Map<string, Client>()
  const env: MatrixEnv = {
    async client(token: string, surface: Surface) {
      const key = `${token} ${surface}`
      let c = clients.get(key)
      if (!c) {
        c = new Client({ name: 'matrix', version: '1.0.0' })
        const url = new URL(`${server.url}${SURFACE_PATH[surface]}`)
        const headers = { Authorization: `Bearer ${token}` }
        await c.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }))
        clients.set(key, c)
      }
      return c
    },
    // Over the wire with the admin token (a private graph, `user.<name>`: with its owner's setup
    // token, the one identity that reaches it); a graph that does not exist reads as the empty document.
    state: async (graph) => {
      const token = graph.startsWith('user.') ? `${graph.slice('user.'.length)}-setup` : BOSS
      return (await readGraph(server.wsUrl, graph, { token })).digest
    },
  }
  let allowed = 0
  let refused = 0
  try {
    for (const c of cells) {
      const v = await runCell(env, c)
      if (v.allowed) {
        allowed++
        tally.expect(v.problem === null, `matrix: ${v.cell}`, 'allowed', v.problem ?? '')
      } else {
        refused++
        tally.refuse(v.problem === null, `matrix: ${v.cell}`, 'refused, nothing changed', v.problem ?? '')
      }
    }
  } finally {
    for (const c of clients.values()) await c.close().catch(() => {})
  }
  const size = matrixSize()
  figures['matrix tools'] = size.tools
  figures['matrix namings'] = size.namings
  figures['matrix cells allowed'] = allowed
  figures['matrix cells refused'] = refused
}
