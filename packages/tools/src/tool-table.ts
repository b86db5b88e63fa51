/**
 * The tool tables of the READMEs, generated from the tool definitions (name, access, `docs`), so
 * the documentation cannot drift from what the server serves. `pnpm docs:tools` rewrites the marked
 * blocks; tool-table.test.ts fails when a README's block differs from what this would write.
 */
import type { Tool } from './tool.ts'

/** README files holding the work surface's table, from the repository root. */
export const TOOL_TABLE_FILES = ['README.md', 'packages/tools/README.md'] as const

const BEGIN = '<!-- tools:work: generated from the tool definitions by `pnpm docs:tools`; edit those -->'
const END = '<!-- /tools:work -->'

/** One row per tool: name, who may call it, what it does, the keys of its result, an example call. */
export function toolTable(tools: readonly Tool[]): string {
  const rows = tools.map((t) => {
    if (!t.docs) throw new Error(`tool ${t.name} has no docs: give it { does, example } in its definition`)
    const keys = Object.keys(t.output.shape).filter((k) => k !== 'resolved')
    const returns = keys.map((k) => `\`${k}\``).join(', ')
    return `| \`${t.name}\` | ${ACCESS[t.access]} | ${cell(t.docs.does)} | ${returns} | \`${example(t.docs.example)}\` |`
  })
  return ['| tool | access | does | returns | example |', '|---|---|---|---|---|', ...rows].join('\n')
}

const ACCESS: Record<Tool['access'], string> = {
  read: 'read',
  write: 'write',
  mixed: 'read (writes on request)',
}

/** `markdown` with its marked block replaced by the table; an error names a file without markers. */
export function withToolTable(markdown: string, tools: readonly Tool[], file: string): string {
  const start = markdown.indexOf(BEGIN)
  const end = markdown.indexOf(END)
  if (start < 0 || end < start)
    throw new Error(`${file} has no tool table block: add the lines\n${BEGIN}\n${END}\nwhere the table goes`)
  return `${markdown.slice(0, start)}${BEGIN}\n\n${toolTable(tools)}\n\n${markdown.slice(end)}`
}

/** Pipes would end a cell, line breaks a row. */
function cell(text: string): string {
  // The lookbehind starts a match only where a run of blanks starts: a run with no line break in it
  // is read once, not again from each of its characters.
  return text.replace(/\|/g, '\\|').replace(/(?<!\s)\s*\n\s*/g, ' ')
}

/** JSON as people write it in prose: `{"a": 1, "b": [2, 3]}`. */
function example(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(example).join(', ')}]`
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${example(v)}`)
      .join(', ')}}`
  return JSON.stringify(value)
}
