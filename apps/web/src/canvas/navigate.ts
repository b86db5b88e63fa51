import { meta } from '@plexus/model'
import type { Workspace } from './workspace.ts'

export type Direction = 'left' | 'right' | 'up' | 'down'

/**
 * Keyboard walking of the tree, as it is drawn: left and right go to the parent or to the child nearest
 * in height on that side (so it works on both halves of a mind map), up and down to the previous and
 * next sibling on the same side of the parent, as they sit on the canvas. With nothing selected, the root is selected.
 */
export function walk(ws: Workspace, dir: Direction): string | null {
  const ix = ws.model.g.index
  const s = ix.struct()
  const current = ws.model.selection().at(-1)
  if (!current || !ix.live(current)) {
    const root = meta(ws.model.g).root
    const start = root && ix.live(root) ? root : s.roots[0]
    return start ?? null
  }
  const centre = (id: string) => {
    const p = ws.model.positionOf(id) ?? { x: 0, y: 0 }
    const z = ws.model.sizeOf(id)
    return { x: p.x + z.width / 2, y: p.y + z.height / 2 }
  }
  const y = (id: string) => centre(id).y
  const byY = (ids: readonly string[]) => [...ids].sort((a, b) => y(a) - y(b) || (a < b ? -1 : 1))
  switch (dir) {
    case 'left':
    case 'right': {
      // Spatial: towards the children on that side (nearest in height), else towards the parent. On the
      // left half of a mind map, left goes deeper and right goes back up.
      const me = centre(current)
      const ahead = (id: string) => (dir === 'right' ? centre(id).x > me.x : centre(id).x < me.x)
      const kids = (s.children.get(current) ?? []).filter(ahead)
      if (kids.length)
        return kids.reduce(
          (best, c) => (Math.abs(y(c) - me.y) < Math.abs(y(best) - me.y) ? c : best),
          kids[0]!,
        )
      const p = s.parent.get(current)
      return p && ahead(p) ? p : null
    }
    case 'up':
    case 'down': {
      // Siblings on the same side of their parent only: on a mind map, ↓ at the bottom of the right half
      // stops there instead of jumping to the left half.
      const p = s.parent.get(current)
      const side = (id: string) => (p ? Math.sign(centre(id).x - centre(p).x) : 0)
      const mine = side(current)
      const sibs = byY((p ? (s.children.get(p) ?? []) : s.roots).filter((c) => side(c) === mine))
      const i = sibs.indexOf(current)
      const j = dir === 'up' ? i - 1 : i + 1
      return sibs[j] ?? null
    }
  }
}
