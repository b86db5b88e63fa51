import { describe, expect, it } from 'vitest'
import { bounds, overlaps, type Rect } from './geometry.ts'
import { PlacedIndex } from './placed-index.ts'
import { rng } from '../../../../packages/model/src/test/harness.ts'

const SEEDS = Number(process.env.PLEXUS_SEEDS ?? 20)
const FIRST = Number(process.env.PLEXUS_SEED ?? 1)

describe('PlacedIndex', () => {
  it('answers free() and bounds() as a brute-force scan does, through random inserts, moves and removals', () => {
    for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
      const r = rng(seed)
      const index = new PlacedIndex()
      const truth = new Map<string, Rect>()
      const rect = (): Rect => ({
        // Whole and fractional coordinates, negative too (the left half of a mind map).
        x: Math.round((r() - 0.5) * 4000) + (r() < 0.2 ? 0.5 : 0),
        y: Math.round((r() - 0.5) * 3000),
        width: 140 + Math.round(r() * 120),
        height: 45 + Math.round(r() * 40),
      })
      // Start from a bulk load half the time (as the flow model does), else from empty.
      if (r() < 0.5) {
        for (let i = 0; i < 200; i++) truth.set(`n${i}`, rect())
        index.load(truth)
      }
      for (let step = 0; step < 600; step++) {
        const op = r()
        const id = `n${Math.floor(r() * 400)}`
        if (op < 0.45) {
          const q = rect()
          index.set(id, q)
          truth.set(id, q)
        } else if (op < 0.6 && truth.has(id)) {
          // A small move: a drag step or a glide.
          const p = truth.get(id)!
          const q = { ...p, x: p.x + Math.round((r() - 0.5) * 40), y: p.y + Math.round((r() - 0.5) * 40) }
          index.set(id, q)
          truth.set(id, q)
        } else if (op < 0.8) {
          index.delete(id)
          truth.delete(id)
        } else {
          const probe = rect()
          const margin = r() < 0.5 ? 8 : 0
          const want = ![...truth.values()].some((o) => overlaps(probe, o, margin))
          if (index.free(probe, margin) !== want)
            expect.fail(
              `seed ${seed} step ${step}: free(${JSON.stringify(probe)}, ${margin}) should be ${want}`,
            )
        }
        if (index.size !== truth.size) expect.fail(`seed ${seed} step ${step}: size ${index.size}`)
        if (step % 50 === 0)
          expect(index.bounds(), `seed ${seed} step ${step}: bounds`).toEqual(bounds(truth.values()))
      }
      expect(index.bounds(), `seed ${seed}: bounds at the end`).toEqual(bounds(truth.values()))
      expect(new Map(index.entries())).toEqual(truth)
    }
  })

  it('treats touching as free and a margin as the same gap overlaps() keeps', () => {
    const index = new PlacedIndex()
    index.set('a', { x: 0, y: 0, width: 100, height: 50 })
    expect(index.free({ x: 100, y: 0, width: 10, height: 10 }, 0)).toBe(true)
    expect(index.free({ x: 99, y: 0, width: 10, height: 10 }, 0)).toBe(false)
    expect(index.free({ x: 108, y: 0, width: 10, height: 10 }, 8)).toBe(true)
    expect(index.free({ x: 107, y: 0, width: 10, height: 10 }, 8)).toBe(false)
    index.delete('a')
    expect(index.free({ x: 0, y: 0, width: 10, height: 10 }, 8)).toBe(true)
    expect(index.bounds()).toBeNull()
  })
})
