import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { StartError, startServer } from './start-server.ts'

const root = mkdtempSync(join(tmpdir(), 'plexus-server-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('startServer', () => {
  it('refuses a data directory it cannot write, saying why and what to do', async () => {
    const file = join(root, 'a-file')
    writeFileSync(file, 'not a directory')
    const start = startServer({ port: 0, dataDir: file })
    await expect(start).rejects.toBeInstanceOf(StartError)
    await expect(start).rejects.toThrow(
      /cannot write to the data directory .*a-file \(it is a file, not a directory\)/,
    )
    await expect(start).rejects.toThrow(/--data DIR/)
  })
})
