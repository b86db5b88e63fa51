/**
 * `pnpm docs:tools`: rewrites the tool tables of the READMEs from the tool definitions
 * (tool-table.ts). Run it after changing a tool's name, access or docs.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { TOOL_TABLE_FILES, withToolTable } from './tool-table.ts'
import { TOOLS } from './tools/index.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
for (const file of TOOL_TABLE_FILES) {
  const path = root + file
  const before = readFileSync(path, 'utf8')
  const after = withToolTable(before, TOOLS, file)
  if (after !== before) writeFileSync(path, after)
  console.log(`${file}: ${after === before ? 'up to date' : 'rewritten'}`)
}
