import type { XY } from './geometry.ts'

/** A move seen from a peer is drawn over this long: a little more than the drag writer's interval. */
const GLIDE_MS = 70
/** Bigger changes (a layout, an import) are drawn at once. */
export const GLIDE_MAX_NODES = 50
/** So are longer jumps. */
const GLIDE_MAX_DISTANCE = 400

/**
 * Interpolation of moves made elsewhere. A peer's drag arrives as up to 20 positions a second; each new
 * position starts a short glide from where the node is drawn, and `step` is called every frame while
 * any glide runs, so the canvas draws the way between positions instead of steps.
 */
export class Glides {
  private readonly glides = new Map<string, { from: XY; to: XY; t0: number }>()
  private frame = 0

  constructor(private readonly step: (ids: string[]) => void) {}

  start(id: string, shown: XY, to: XY): void {
    if (shown.x === to.x && shown.y === to.y) return
    if (Math.abs(shown.x - to.x) + Math.abs(shown.y - to.y) > GLIDE_MAX_DISTANCE) {
      this.glides.delete(id)
      return
    }
    this.glides.set(id, { from: { ...shown }, to: { ...to }, t0: performance.now() })
    if (!this.frame && typeof requestAnimationFrame === 'function')
      this.frame = requestAnimationFrame(this.tick)
  }

  /** Where a gliding node is drawn now, or null when it is not gliding (any more). */
  at(id: string): XY | null {
    const g = this.glides.get(id)
    if (!g) return null
    const t = Math.min(1, (performance.now() - g.t0) / GLIDE_MS)
    if (t >= 1) {
      this.glides.delete(id)
      return null
    }
    return { x: g.from.x + (g.to.x - g.from.x) * t, y: g.from.y + (g.to.y - g.from.y) * t }
  }

  private tick = (): void => {
    this.frame = 0
    this.step([...this.glides.keys()])
    if (this.glides.size) this.frame = requestAnimationFrame(this.tick)
  }
}
