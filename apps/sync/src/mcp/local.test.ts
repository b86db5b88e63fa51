import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LocalGraphs } from './local.ts'

let cacheDir = ''
afterEach(() => rmSync(cacheDir, { recursive: true, force: true }))

describe('LocalGraphs on the file store', () => {
  it('two agents sharing a cache keep each other’s offline edits', async () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'plexus-local-'))
    const a = new LocalGraphs({ cacheDir })
    const b = new LocalGraphs({ cacheDir })
    ;(await a.open('g')).doc.getMap('nodes').set('from-a', 1)
    ;(await b.open('g')).doc.getMap('nodes').set('from-b', 2)
    a.close()
    b.close()
    const c = new LocalGraphs({ cacheDir })
    expect((await c.open('g')).doc.getMap('nodes').toJSON()).toEqual({ 'from-a': 1, 'from-b': 2 })
    expect((await c.list()).map((g) => g.id)).toEqual(['g'])
    c.close()
  })

  it('folds the log into one snapshot when a graph is closed with more than one entry', async () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'plexus-local-'))
    const dir = join(cacheDir, 'local', 'g.graph')
    for (let i = 0; i < 3; i++) {
      const agent = new LocalGraphs({ cacheDir })
      ;(await agent.open('g')).doc.getMap('nodes').set(`n${i}`, i)
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
    expect((await agent.open('g')).doc.getMap('nodes').toJSON()).toEqual({ n0: 0, n1: 1, n2: 2 })
    agent.close()
  })
})
