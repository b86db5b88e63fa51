/**
 * The `plexus` command through its bin launcher, as a user runs it.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { main } from './cli.ts'
import { FORMATS } from '../graphs/model-calls.ts'
import { testServer } from '../test/server-harness.ts'

const BIN = fileURLToPath(new URL('../../bin/plexus.mjs', import.meta.url))
const root = mkdtempSync(join(tmpdir(), 'plexus-cli-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

interface Run {
  code: number
  stdout: string
  stderr: string
}

function plexus(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const clean = {
      ...process.env,
      PLEXUS_TOKENS: '',
      PLEXUS_TOKENS_FILE: '',
      PLEXUS_URL: '',
      PLEXUS_TOKEN: '',
    }
    execFile(process.execPath, [BIN, ...args], { env: { ...clean, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    })
  })
}

/** Runs the CLI in this process, capturing what it prints. */
async function inProcess(args: string[]): Promise<Run> {
  let stdout = ''
  let stderr = ''
  const out = vi
    .spyOn(console, 'log')
    .mockImplementation((...a: unknown[]) => void (stdout += a.join(' ') + '\n'))
  const err = vi
    .spyOn(console, 'error')
    .mockImplementation((...a: unknown[]) => void (stderr += a.join(' ') + '\n'))
  try {
    const code = await main(args, { PLEXUS_DATA: join(root, 'default') })
    return { code, stdout, stderr }
  } finally {
    out.mockRestore()
    err.mockRestore()
  }
}

describe('plexus CLI', () => {
  it('runs through its bin launcher and prints help for each command', async () => {
    const launched = await plexus(['--help'])
    expect(launched).toMatchObject({ code: 0 })
    expect(launched.stdout).toMatch(/serve.*graphs.*import.*export/s)
    // The command list names every format import and export take, not the four of before issue 28.
    for (const verb of ['import FILE', 'export --graph'])
      expect(launched.stdout.split('\n').find((l) => l.includes(verb))).toContain(FORMATS.join(', '))
    expect((await inProcess(['serve', '--help'])).stdout).toMatch(/--port.*PORT.*4100/s)
    expect((await inProcess(['import', '--help'])).stdout).toMatch(/--graph ID/)
    expect((await inProcess(['export', '--help'])).stdout).toMatch(/--format F/)
    expect((await inProcess(['graphs', '--help'])).stdout).toMatch(/--json/)
  })

  it('refuses to serve beyond loopback without tokens, and rejects bad usage with exit code 2', async () => {
    const exposed = await plexus([
      'serve',
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--data',
      join(root, 'exposed'),
    ])
    expect(exposed.code).toBe(2)
    expect(exposed.stderr).toMatch(/Refusing to listen on 0\.0\.0\.0 without tokens/)
    expect(await inProcess(['frobnicate'])).toMatchObject({ code: 2 })
    expect((await inProcess(['export', '--data', root])).stderr).toMatch(/needs --graph/)
    expect((await inProcess(['export', '--graph', '../etc', '--data', root])).stderr).toMatch(
      /invalid graph id/,
    )
    expect((await inProcess(['graphs', '--bogus'])).code).toBe(2)
  })

  it('works on the data directory directly when no server runs', async () => {
    const dataDir = join(root, 'direct')
    expect((await inProcess(['graphs', '--data', dataDir])).stdout).toMatch(/no graphs in data directory/)
    const missing = await inProcess(['export', '--graph', 'nope', '--data', dataDir])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/does not exist/)
    // Reading must not create the directory's database.
    expect(existsSync(join(dataDir, 'plexus.db'))).toBe(false)
  })

  it('goes through the server running on the data directory', async () => {
    const tokens = [{ name: 'ci', role: 'admin' as const, token: 'ci-token-12345' }]
    const server = await testServer({ tokens })
    try {
      const h = server.docs.open('live')
      h.doc.getMap('meta').set('title', 'Live graph')
      h.release()
      const [anonymous, withToken] = await Promise.all([
        plexus(['graphs', '--data', server.dataDir]),
        plexus(['graphs', '--json', '--data', server.dataDir, '--token', 'ci-token-12345']),
      ])
      // Refused by the server: proof the CLI did not read the file behind its back.
      expect(anonymous.code).toBe(1)
      expect(anonymous.stderr).toMatch(/401.*--token/)
      expect(JSON.parse(withToken.stdout)).toMatchObject([{ id: 'live', title: 'Live graph' }])
    } finally {
      await server.dispose()
    }
  })
})

describe('plexus import and export', () => {
  it('says a file of no known format is not a supported format, listing what it reads', async () => {
    // OPML is read since issue 28; an Excalidraw scene (JSON of another tool) is not.
    const file = join(root, 'sketch.excalidraw')
    writeFileSync(file, '{"type":"excalidraw","version":2,"elements":[]}\n')
    const r = await inProcess(['import', file, '--graph', 'plan', '--data', join(root, 'sketch')])
    expect(r.code).not.toBe(0)
    expect(r.stderr).toMatch(
      /not a supported format \(\.excalidraw\)\. Plexus reads \.json.*\.mmd.*\.txt.*\.canvas.*\.opml.*\.mm .*\.md.*\.xmind.*\.graphml/,
    )
    expect(r.stderr).toMatch(/--format/)
  })

  it('imports and exports directly, and through a server its peers see at once', async () => {
    const dataDir = join(root, 'formats')
    const file = join(root, 'plan.txt')
    writeFileSync(file, 'Ship depends_on Build\n')
    const imported = await inProcess(['import', file, '--graph', 'plan', '--data', dataDir])
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stdout).toMatch(/data directory.*"created":2/)
    const out = join(root, 'plan.mmd')
    await inProcess(['export', '--graph', 'plan', '--format', 'mermaid', '--data', dataDir, '--out', out])
    expect(readFileSync(out, 'utf8')).toMatch(/Ship/)
    const server = await testServer({}, dataDir)
    try {
      writeFileSync(file, 'Test depends_on Build\n')
      const viaServer = await plexus(['import', file, '--graph', 'plan', '--data', dataDir])
      expect(viaServer.stdout).toMatch(/server http/)
      expect(JSON.stringify(server.docs.peek('plan')?.getMap('nodes').toJSON() ?? {})).toMatch(/Test/)
    } finally {
      await server.dispose()
    }
  })
})
