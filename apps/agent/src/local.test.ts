/**
 * The agent's local copies (`plexus mcp`, local.ts, on the file store): shared safely by agents on
 * one cache, and, like the server's data files, readable by their owner only.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LocalGraphs } from './local.ts'

let root = ''
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true })
})

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8)

/** Every file and folder under `dir`, with its mode. */
function modes(dir: string): Array<[string, string]> {
  const out: Array<[string, string]> = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    out.push([p, mode(p)])
    if (e.isDirectory()) out.push(...modes(p))
  }
  return out
}

describe('the local cache on disk', () => {
  it('creates its folders 0700 and every file 0600, whatever the umask left', async () => {
    root = mkdtempSync(join(tmpdir(), 'plexus-cache-'))
    const cacheDir = join(root, 'cache')
    const graphs = new LocalGraphs({ cacheDir })
    const { doc } = await graphs.copy('g')
    doc.getMap('meta').set('title', 'Secret plans')
    graphs.close()
    expect(mode(cacheDir)).toBe('700')
    expect(mode(join(cacheDir, 'local'))).toBe('700')
    const all = modes(join(cacheDir, 'local'))
    expect(all.length).toBeGreaterThan(1)
    for (const [path, m] of all) {
      expect([path, m]).toEqual([path, statSync(path).isDirectory() ? '700' : '600'])
    }
  })

  it('tightens a folder an older build left open', async () => {
    root = mkdtempSync(join(tmpdir(), 'plexus-cache-'))
    const cacheDir = join(root, 'cache')
    mkdirSync(join(cacheDir, 'local'), { recursive: true })
    chmodSync(join(cacheDir, 'local'), 0o755)
    const graphs = new LocalGraphs({ cacheDir })
    const { doc } = await graphs.copy('g')
    doc.getMap('meta').set('title', 'x')
    graphs.close()
    expect(mode(join(cacheDir, 'local'))).toBe('700')
  })
})

describe('LocalGraphs on the file store', () => {
  it('two agents sharing a cache keep each other’s offline edits', async () => {
    root = mkdtempSync(join(tmpdir(), 'plexus-local-'))
    const cacheDir = root
    const a = new LocalGraphs({ cacheDir })
    const b = new LocalGraphs({ cacheDir })
    ;(await a.copy('g')).doc.getMap('nodes').set('from-a', 1)
    ;(await b.copy('g')).doc.getMap('nodes').set('from-b', 2)
    a.close()
    b.close()
    const c = new LocalGraphs({ cacheDir })
    expect((await c.copy('g')).doc.getMap('nodes').toJSON()).toEqual({ 'from-a': 1, 'from-b': 2 })
    expect((await c.list()).map((g) => g.id)).toEqual(['g'])
    c.close()
  })

  it('folds the log into one snapshot when a graph is closed with more than one entry', async () => {
    root = mkdtempSync(join(tmpdir(), 'plexus-local-'))
    const cacheDir = root
    const dir = join(cacheDir, 'local', 'g.graph')
    for (let i = 0; i < 3; i++) {
      const agent = new LocalGraphs({ cacheDir })
      ;(await agent.copy('g')).doc.getMap('nodes').set(`n${i}`, i)
      agent.close()
      // A close appends one entry and folds the log when that makes two: [snapshots, log entries].
      const snapshots = readdirSync(dir).filter((f) => f.startsWith('snapshot-'))
      expect([snapshots.length, readdirSync(join(dir, 'log')).length]).toEqual(
        [
          [0, 1],
          [1, 0],
          [1, 1],
        ][i],
      )
    }
    const agent = new LocalGraphs({ cacheDir })
    expect((await agent.copy('g')).doc.getMap('nodes').toJSON()).toEqual({ n0: 0, n1: 1, n2: 2 })
    agent.close()
  })
})
