/**
 * The agent's local copies (`plexus mcp`, local.ts) hold whole graphs: like the server's data files,
 * only their owner may read them.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LocalGraphs } from './local.ts'

let root = ''
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true })
})

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8)

describe('the local cache on disk', () => {
  it('creates its folder 0700 and each graph file 0600, whatever the umask left', () => {
    root = mkdtempSync(join(tmpdir(), 'plexus-cache-'))
    const cacheDir = join(root, 'cache')
    const graphs = new LocalGraphs({ cacheDir })
    return graphs.open('g').then(({ doc }) => {
      doc.getMap('meta').set('title', 'Secret plans')
      graphs.close()
      expect(mode(join(cacheDir, 'local'))).toBe('700')
      expect(mode(cacheDir)).toBe('700')
      expect(mode(join(cacheDir, 'local', 'g.yjs'))).toBe('600')
    })
  })

  it('tightens a folder an older build left open', async () => {
    root = mkdtempSync(join(tmpdir(), 'plexus-cache-'))
    const cacheDir = join(root, 'cache')
    mkdirSync(join(cacheDir, 'local'), { recursive: true })
    chmodSync(join(cacheDir, 'local'), 0o755)
    const graphs = new LocalGraphs({ cacheDir })
    const { doc } = await graphs.open('g')
    doc.getMap('meta').set('title', 'x')
    graphs.close()
    expect(mode(join(cacheDir, 'local'))).toBe('700')
    expect(mode(join(cacheDir, 'local', 'g.yjs'))).toBe('600')
  })
})
