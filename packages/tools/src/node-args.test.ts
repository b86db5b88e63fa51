import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { NODE_ARGS } from './node-args.ts'
import { TOOLS } from './tools/index.ts'

/** Whether `path` (node-args.ts syntax) reaches a string field of the zod object `schema`. */
function reaches(schema: z.ZodTypeAny, steps: string[]): boolean {
  let s = schema
  for (const raw of steps) {
    while (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodTypeAny
    if (!(s instanceof z.ZodObject)) return false
    const each = raw.endsWith('[]')
    let next = (s.shape as Record<string, z.ZodTypeAny>)[each ? raw.slice(0, -2) : raw]
    if (!next) return false
    while (next instanceof z.ZodOptional || next instanceof z.ZodNullable)
      next = next.unwrap() as z.ZodTypeAny
    if (each) {
      if (!(next instanceof z.ZodArray)) return false
      next = next.element as z.ZodTypeAny
    }
    s = next
  }
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodTypeAny
  return s instanceof z.ZodString
}

describe('the node arguments resolved from labels', () => {
  it('name tools that exist, and each tool has at least one of its listed paths', () => {
    for (const [name, paths] of Object.entries(NODE_ARGS)) {
      const t = TOOLS.find((x) => x.name === name)
      expect(t, name).toBeDefined()
      const live = paths.filter((p) => reaches(t!.input, p.replace(/\*$/, '').split('.')))
      expect(live.length, `${name}: none of ${paths.join(', ')} is in its schema`).toBeGreaterThan(0)
    }
  })
})
