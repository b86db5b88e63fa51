import { describe, expect, it } from 'vitest'
import { rng } from '../../../../packages/model/src/test/harness.ts'
import {
  CELL,
  Marks,
  markOf,
  paintAll,
  paintCells,
  type LayerGeometry,
  type MarkedNode,
  type Painter,
} from './minimap-marks.ts'

const SEEDS = Number(process.env.PLEXUS_SEEDS ?? 3)
const FIRST = Number(process.env.PLEXUS_SEED ?? 1)
const W = 176
const H = 116

/**
 * A canvas that keeps, per pixel, the fills that cover it since it was last cleared: what a real canvas
 * shows there is a function of that list. Marks are whole pixels, so coverage is all or nothing.
 */
class FakeCanvas implements Painter {
  fillStyle: unknown = ''
  globalAlpha = 1
  readonly px: string[][] = Array.from({ length: W * H }, () => [])
  private path: Array<[number, number, number, number]> = []
  private clipMask: Uint8Array | null = null
  private readonly stack: Array<Uint8Array | null> = []

  private covered(): Uint8Array {
    const m = new Uint8Array(W * H)
    for (const [x, y, w, h] of this.path)
      for (let j = Math.max(0, y); j < Math.min(H, y + h); j++)
        for (let i = Math.max(0, x); i < Math.min(W, x + w); i++) m[j * W + i] = 1
    if (this.clipMask) for (let k = 0; k < m.length; k++) m[k]! &= this.clipMask[k]!
    return m
  }
  beginPath() {
    this.path = []
  }
  rect(x: number, y: number, w: number, h: number) {
    this.path.push([x, y, w, h])
  }
  fill() {
    const m = this.covered()
    const op = `${String(this.fillStyle)}@${this.globalAlpha}`
    m.forEach((on, k) => on && this.px[k]!.push(op))
  }
  clip() {
    this.clipMask = this.covered()
  }
  clearRect(x: number, y: number, w: number, h: number) {
    const saved = this.path
    this.path = [[x, y, w, h]]
    this.covered().forEach((on, k) => on && (this.px[k] = []))
    this.path = saved
  }
  save() {
    this.stack.push(this.clipMask)
  }
  restore() {
    this.clipMask = this.stack.pop() ?? null
  }
}

const colour = { actionable: 'green', blocked: 'red', waiting: 'amber', resolved: 'grey' }
const STATUSES = Object.keys(colour)
/** A layer where nodes are a few pixels wide and often overlap, as at a few thousand nodes. */
const geometry: LayerGeometry = { origin: { x: 0, y: 0 }, scale: 0.04, pad: 6 }

describe('the minimap layer patched cell by cell', () => {
  it('shows what drawing it whole shows, through random adds, moves, resizes, recolours and removals', () => {
    for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
      const r = rng(seed)
      const nodes = new Map<string, MarkedNode>()
      const random = (): MarkedNode => ({
        position: { x: Math.round(r() * 3800), y: Math.round(r() * 2400) },
        measured: { width: 60 + Math.round(r() * 200), height: 20 + Math.round(r() * 60) },
        data: { status: STATUSES[Math.floor(r() * STATUSES.length)]! },
      })
      for (let i = 0; i < 300; i++) nodes.set(`n${i}`, random())
      const marks = new Marks(W, H)
      const canvas = new FakeCanvas()
      for (const [id, n] of nodes) marks.set(id, markOf(n, geometry), new Set())
      paintAll(canvas, marks.values(), colour, W, H)
      let next = 300
      for (let step = 0; step < 150; step++) {
        const at = `seed ${seed} step ${step}`
        const ids = [...nodes.keys()]
        const changed: string[] = []
        for (let k = 1 + Math.floor(r() * 4); k > 0; k--) {
          const op = r()
          const id = ids[Math.floor(r() * ids.length)]!
          const n = nodes.get(id)
          if (op < 0.3 || !n) {
            const add = `n${next++}`
            nodes.set(add, random())
            changed.push(add)
          } else if (op < 0.5) {
            nodes.set(id, {
              ...n,
              position: { x: n.position.x + (r() - 0.5) * 400, y: n.position.y + (r() - 0.5) * 400 },
            })
            changed.push(id)
          } else if (op < 0.6) {
            nodes.set(id, { ...n, measured: { width: 60 + r() * 200, height: 20 + r() * 60 } })
            changed.push(id)
          } else if (op < 0.8) {
            nodes.set(id, { ...n, data: { status: STATUSES[Math.floor(r() * STATUSES.length)]! } })
            changed.push(id)
          } else {
            nodes.delete(id)
            changed.push(id)
          }
        }
        const dirty = new Set<number>()
        for (const id of changed) {
          const n = nodes.get(id)
          marks.set(id, n ? markOf(n, geometry) : null, dirty)
        }
        paintCells(canvas, marks, dirty, colour)

        const fresh = new Marks(W, H)
        for (const [id, n] of nodes) fresh.set(id, markOf(n, geometry), new Set())
        if (marks.size !== fresh.size)
          expect.fail(`${at}: ${marks.size} marks, a fresh build has ${fresh.size}`)
        for (let c = 0; c < fresh.cols * fresh.rows; c++) {
          const a = [...marks.cell(c)].sort().join()
          const b = [...fresh.cell(c)].sort().join()
          if (a !== b) expect.fail(`${at}: cell ${c} holds ${a}, a fresh build ${b}`)
        }
        const whole = new FakeCanvas()
        paintAll(whole, fresh.values(), colour, W, H)
        for (let k = 0; k < W * H; k++) {
          const a = canvas.px[k]!.join()
          const b = whole.px[k]!.join()
          if (a !== b) expect.fail(`${at}: pixel ${k % W},${Math.floor(k / W)} is ${a}, drawn whole ${b}`)
        }
      }
    }
  })

  it('draws again only the cells a change covers', () => {
    const marks = new Marks(W, H)
    const n: MarkedNode = {
      position: { x: 100, y: 100 },
      measured: { width: 150, height: 40 },
      data: { status: 'actionable' },
    }
    marks.set('a', markOf(n, geometry), new Set())
    const dirty = new Set<number>()
    marks.set('a', markOf({ ...n, data: { status: 'resolved' } }, geometry), dirty)
    const m = marks.get('a')!
    expect(dirty.size).toBe(Math.ceil((m.x + m.w) / CELL) - Math.floor(m.x / CELL))
    const none = new Set<number>()
    marks.set('a', markOf({ ...n, data: { status: 'resolved' } }, geometry), none)
    expect(none.size).toBe(0)
  })
})
