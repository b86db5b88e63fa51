import type { XY } from './geometry.ts'

/** A move seen from a peer is drawn over this long: a little more than the drag writer's interval. */
const GLIDE_MS = 70
/** Bigger changes (a layout, an import) are drawn at once. */
export const GLIDE_MAX_NODES = 50
/** So are longer jumps. */
const GLIDE_MAX_DISTANCE = 400

/** Time and frames: the browser's, or a test's. */
export interface GlideClock {
  now(): number
  frame(cb: () => void): number
}

const browserClock: GlideClock = {
  now: () => performance.now(),
  frame: (cb) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(cb) : 0),
}

/**
 * Interpolation of moves made elsewhere. A peer's drag arrives as up to 20 positions a second; each new
 * position starts a short glide from where the node is drawn, and `step` is called every frame while
 * any glide runs, so the canvas draws the way between positions instead of steps.
 */
export class Glides {
  private readonly glides = new Map<string, { from: XY; to: XY; t0: number }>()
  private frame = 0

  constructor(
    private readonly step: (ids: string[]) => void,
    private readonly clock: GlideClock = browserClock,
  ) {}

  start(id: string, shown: XY, to: XY): void {
    if (shown.x === to.x && shown.y === to.y) return
    if (Math.abs(shown.x - to.x) + Math.abs(shown.y - to.y) > GLIDE_MAX_DISTANCE) {
      this.glides.delete(id)
      return
    }
    this.glides.set(id, { from: { ...shown }, to: { ...to }, t0: this.clock.now() })
    if (!this.frame) this.frame = this.clock.frame(this.tick)
  }

  /**
   * Where a gliding node is drawn now (its destination once the glide's time is up), or null when it is
   * not gliding. A pure read: anything may ask (a frame's box reads its members); only the frame loop
   * ends a glide, after drawing its node at the end. (`at` used to forget a glide read past its end, so
   * a node read then by anything else stayed drawn mid-way.)
   */
  at(id: string): XY | null {
    const g = this.glides.get(id)
    if (!g) return null
    const t = Math.min(1, (this.clock.now() - g.t0) / GLIDE_MS)
    return { x: g.from.x + (g.to.x - g.from.x) * t, y: g.from.y + (g.to.y - g.from.y) * t }
  }

  /**
   * One frame: every gliding node is drawn where it is now; the glides whose time is up were drawn at
   * their end and are over (whether or not the drawing read them: a frame's own glide is not).
   */
  private tick = (): void => {
    this.frame = 0
    const now = this.clock.now()
    const ids = [...this.glides.keys()]
    const over = [...this.glides].filter(([, g]) => now - g.t0 >= GLIDE_MS)
    this.step(ids)
    // (Restarted meanwhile, it glides on.)
    for (const [id, g] of over) if (this.glides.get(id) === g) this.glides.delete(id)
    if (this.glides.size) this.frame = this.clock.frame(this.tick)
  }
}
