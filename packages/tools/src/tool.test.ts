import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { out, tool } from './tool.ts'

const echo = tool({
  name: 'echo',
  description: 'test',
  input: { text: z.string() },
  output: { text: out.string, count: out.integer },
  access: 'read',
  annotations: { readOnly: true },
  run: async (_ctx, args) => ({ text: args.text }),
})

describe('tool output schemas', () => {
  it('accept a result that leaves keys out, and the labels resolved for node ids', () => {
    expect(echo.output.safeParse({ text: 'a' }).success).toBe(true)
    expect(echo.output.safeParse({ resolved: [{ arg: 'node_id', label: 'x', id: 'n_1' }] }).success).toBe(
      true,
    )
  })

  it('refuse a key the schema does not name, and a value of the wrong type', () => {
    const extra = echo.output.safeParse({ text: 'a', surprise: 1 })
    expect(extra.success).toBe(false)
    expect(extra.error?.issues[0]?.code).toBe('unrecognized_keys')
    expect(echo.output.safeParse({ count: 1.5 }).success).toBe(false)
  })

  it('refuse arguments the input schema does not name', () => {
    expect(echo.input.safeParse({ text: 'a', txt: 'b' }).success).toBe(false)
  })
})
