/**
 * The authorization matrix (issue 23), in process: the rows, the cells and the rule live in
 * test/authz-matrix.ts (the reliability suite's access phase runs the same cells against a
 * `plexus serve` process). Here each cell runs against a test server with scoped tokens, through the
 * SDK's client, its graph's state read from the server's registry; then the read-role cells again
 * through `plexus mcp`, a peer that works on its own copies. RELIABILITY.md holds the table.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import * as Y from 'yjs'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { SURFACE_PATH, type Surface } from './surfaces.ts'
import {
  MATRIX_TOKENS,
  cells,
  coverageProblems,
  matrixSize,
  runCell,
  seed,
  whoToken,
  type MatrixEnv,
} from './test/authz-matrix.ts'
import { call, httpAgent, ok, stdioAgent, type Agent } from './test/clients.ts'

let server: TestServer
const agents = new Map<string, Agent>()
async function client(token: string, surface: Surface): Promise<Client> {
  const key = `${token} ${surface}`
  let a = agents.get(key)
  if (!a) agents.set(key, (a = await httpAgent(server.url, { token, path: SURFACE_PATH[surface] })))
  return a.client
}

async function state(graph: string): Promise<string | null> {
  if (!(await server.docs.exists(graph))) return null
  const h = await server.docs.openAsync(graph)
  try {
    return Buffer.from(Y.encodeStateAsUpdate(h.doc)).toString('base64')
  } finally {
    h.release()
  }
}

const env: MatrixEnv = { client, state }

beforeAll(async () => {
  server = await testServer({ tokens: MATRIX_TOKENS })
})
afterAll(async () => {
  for (const a of agents.values()) await a.close()
  await server?.dispose()
})

describe('the authorization matrix', () => {
  it('has rows for every tool of every surface, and for every way its schema names a graph', () => {
    expect(coverageProblems()).toEqual([])
  })

  // One test per tool: each runs its namings × roles, so a failure names the tool.
  const byTool = new Map<string, typeof cells>()
  for (const c of cells)
    byTool.set(`${c.surface} ${c.tool}`, [...(byTool.get(`${c.surface} ${c.tool}`) ?? []), c])
  it.each([...byTool.keys()])('%s', { timeout: 120_000 }, async (key) => {
    for (const c of byTool.get(key)!) {
      const v = await runCell(env, c)
      expect(v.problem, v.cell).toBeNull()
    }
  })

  // The same rows through `plexus mcp --tools <surface>`, a peer that works on its own copies: a
  // token that only reads the graph is refused before the copy changes (the server would drop the
  // write, so the answer is what tells). Role read only, and not a session's own level, whose
  // sessions the peer would see only once synced.
  it(
    'over stdio, a token that reads the graph: reads answer, writes are refused',
    { timeout: 600_000 },
    async () => {
      const dirs: string[] = []
      const peers = new Map<Surface, Agent>()
      try {
        const overStdio = cells.filter((c) => c.role === 'read' && c.naming.how !== 'session:user')
        console.log(`authorization matrix over stdio: ${overStdio.length} cells`)
        for (const { surface, tool, naming } of overStdio) {
          let peer = peers.get(surface)
          if (!peer) {
            const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-matrix-'))
            dirs.push(cacheDir)
            const args = ['--tools', surface]
            peers.set(
              surface,
              (peer = await stdioAgent({ server: server.url, cacheDir, token: whoToken('read'), args })),
            )
          }
          const t = await seed(env, surface, naming.how, whoToken('read'))
          // The peer's own session (in its own graph, which it writes), on the seeded project graph.
          if (surface === 'memory' && naming.how !== 'cwd' && naming.how !== 'all')
            t.session = (await ok(peer.client, 'kg_read', { cwd: t.cwd })).session_id
          const r = await call(peer.client, tool, naming.args(t))
          const cell = `stdio ${surface} ${tool} by ${naming.how}${naming.note ? ` (${naming.note})` : ''}: ${r.text.slice(0, 300)}`
          if (naming.need === 'read') expect(r.isError, `allowed: ${cell}`).toBe(false)
          else {
            expect(r.isError, `refused: ${cell}`).toBe(true)
            expect(r.text, `says why: ${cell}`).toMatch(new RegExp(`${naming.need} role`))
          }
        }
      } finally {
        for (const p of peers.values()) await p.close()
        for (const d of dirs) rmSync(d, { recursive: true, force: true })
      }
    },
  )

  it('is the size RELIABILITY.md states', () => {
    const { tools, namings } = matrixSize()
    const stated = `${tools} tools, ${namings} namings,\n${cells.length} cells`
    console.log(`authorization matrix: ${stated.replace('\n', ' ')}`)
    const doc = readFileSync(fileURLToPath(new URL('../../../RELIABILITY.md', import.meta.url)), 'utf8')
    expect(doc.replace(/\s+/g, ' ')).toContain(stated.replace('\n', ' '))
  })
})
