import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SURFACES } from './surfaces.ts'
import { TOOL_TABLE_FILES, toolTable, withToolTable } from './tool-table.ts'
import { TOOLS } from './tools/index.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const read = (file: string) => readFileSync(root + file, 'utf8')

describe('tool tables generated from the definitions', () => {
  it.each(TOOL_TABLE_FILES)('%s holds the table the definitions give (else run pnpm docs:tools)', (file) => {
    const text = read(file)
    expect(withToolTable(text, TOOLS, file)).toBe(text)
  })

  it('fails on a README whose table lost a tool', () => {
    const text = read('README.md')
    const edited = text.replace(/^\| `graph_suggest` .*\n/m, '')
    expect(edited).not.toBe(text)
    expect(withToolTable(edited, TOOLS, 'README.md')).not.toBe(edited)
  })

  it('gives every work tool an example that its input schema accepts', () => {
    for (const t of TOOLS) {
      expect(t.docs, `${t.name} has docs`).toBeDefined()
      const parsed = t.input.safeParse(t.docs!.example)
      expect(parsed.success, `${t.name}'s example: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
    }
    expect(toolTable(TOOLS).split('\n')).toHaveLength(TOOLS.length + 2)
  })

  // The memory and engine surfaces are documented as a map from each seed tool to the model
  // operation behind it (README.md): every tool served is in it.
  it.each(['memory', 'engine'] as const)('the %s map names exactly the tools served', (surface) => {
    const text = read('README.md')
    const heading = surface === 'memory' ? '| seed 004 tool |' : '| seed 003 tool |'
    const table = text.slice(text.indexOf(heading)).split('\n\n')[0]!
    const named = new Set([...table.matchAll(/`([a-z_]+)[ `]/g)].map((m) => m[1]))
    const served = SURFACES[surface].map((t) => t.name)
    expect([...named].filter((n) => served.includes(n!)).sort()).toEqual([...served].sort())
  })
})
