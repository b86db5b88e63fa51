import { describe, expect, it } from 'vitest'
import { rng } from '../test/harness.ts'
import { exportGraph, importGraph, type Format } from './index.ts'
import { ok, setup } from './test-helpers.ts'

// Whatever Plexus exports it can import again, cycles and all (the 5,000-node figures are in
// bench/reports/formats.md; this is the same at a size a test run affords).

const OLD_LIMIT = 512 * 1024

function dependencies(n: number, seed: number): string {
  const rand = rng(seed)
  const name = (i: number): string =>
    `@monorepo-scope/package-with-a-long-name-${i.toString(36)}@${i % 9}.${i % 5}.0`
  const lines: string[] = []
  for (let i = 1; i < n; i++)
    for (let d = 0; d < 4; d++) lines.push(`${name(i)} depends_on ${name(Math.floor(rand() * i))}`)
  for (let c = 0; c < 5; c++) lines.push(`${name(c)} depends_on ${name(n - 1 - c)}`)
  return lines.join('\n') + '\n'
}

describe('scale', () => {
  it('a dependency graph larger than the old text limit, with cycles, imports and round-trips in every format', () => {
    const text = dependencies(1500, 7)
    expect(text.length).toBeGreaterThan(OLD_LIMIT)
    const { g } = setup('Deps', 'deps')
    const r = ok(importGraph(g, 'dsl', text))
    expect(r.created).toBe(1500)
    expect(r.problems.length).toBeGreaterThan(0)
    const edges = r.edges
    for (const f of ['dsl', 'mermaid', 'canvas', 'json'] as Format[]) {
      const out = exportGraph(g, f)
      const back = setup('Deps', 'deps')
      const b = ok(importGraph(back.g, f, out))
      expect([f, b.edges]).toEqual([f, edges])
      const again = ok(importGraph(g, f, out))
      expect([f, again.created, again.edges]).toEqual([f, 0, 0])
    }
  }, 120_000)

  it('a text past what one import takes is refused at the line where it gets there, writing nothing', () => {
    const { g } = setup()
    const before = g.index.nodes.size
    const r = importGraph(g, 'mermaid', 'graph TD\n' + 'A --> B\n'.repeat(100_001))
    expect(r.ok === false && r.reason).toBe('too_large')
    expect(r.ok === false && r.message).toMatch(
      /^line 100002: the text has more than 100000 relations.*Split it/,
    )
    expect(g.index.nodes.size).toBe(before)
  })
})
