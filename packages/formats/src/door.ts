// Which format a file is: by its extension, and for the extensions two formats share (`.mmd` holds a
// flowchart or a mindmap, `.xml` any of the XML formats) by its first words. One table says what each
// format's files are called; every message that lists what Plexus reads is made from it.
import { FORMATS, type Format } from '@plexus/model'

export type FileFormat = Format | 'opml' | 'freemind' | 'markdown' | 'mindmap' | 'xmind' | 'graphml'

export interface FileInfo {
  /** Extensions without the dot; the first is the one an export is saved with. */
  extensions: readonly string[]
  label: string
  mime: string
  /** The file is bytes (a zip), not text: over MCP it travels as base64. */
  binary?: true
}

export const FILES: Readonly<Record<FileFormat, FileInfo>> = {
  json: { extensions: ['json'], label: 'Plexus JSON backup', mime: 'application/json; charset=utf-8' },
  mermaid: { extensions: ['mmd', 'mermaid'], label: 'Mermaid flowchart', mime: 'text/plain; charset=utf-8' },
  mindmap: { extensions: ['mmd', 'mermaid'], label: 'Mermaid mindmap', mime: 'text/plain; charset=utf-8' },
  canvas: { extensions: ['canvas'], label: 'JSON Canvas', mime: 'application/json; charset=utf-8' },
  dsl: { extensions: ['txt', 'dsl', 'plexus'], label: 'the line DSL', mime: 'text/plain; charset=utf-8' },
  opml: { extensions: ['opml'], label: 'OPML outline', mime: 'text/x-opml; charset=utf-8' },
  freemind: {
    extensions: ['mm'],
    label: 'FreeMind/Freeplane map',
    mime: 'application/x-freemind; charset=utf-8',
  },
  markdown: {
    extensions: ['md', 'markdown'],
    label: 'Markdown outline',
    mime: 'text/markdown; charset=utf-8',
  },
  xmind: { extensions: ['xmind'], label: 'XMind', mime: 'application/vnd.xmind.workbook', binary: true },
  graphml: { extensions: ['graphml'], label: 'GraphML', mime: 'application/graphml+xml; charset=utf-8' },
}

export const FILE_FORMATS: readonly FileFormat[] = [
  ...FORMATS,
  'mindmap',
  'opml',
  'freemind',
  'markdown',
  'xmind',
  'graphml',
]

export function isFileFormat(v: unknown): v is FileFormat {
  return typeof v === 'string' && (FILE_FORMATS as readonly string[]).includes(v)
}

const extOf = (name: string): string =>
  name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : ''

/** The format a file name says (`.mmd` is a flowchart until its text says mindmap: see sniffFormat). */
export function formatOfFile(name: string): FileFormat | null {
  const ext = extOf(name)
  if (!ext) return null
  for (const f of FILE_FORMATS) if (FILES[f].extensions.includes(ext)) return f
  if (ext === 'xml') return 'graphml'
  return null
}

/** The first line that is not blank, a comment or front matter, as Mermaid skips them. */
function mermaidHeader(text: string): string {
  const body = text.replace(/^\uFEFF/, '').replace(/^---\n[\s\S]*?\n---\n/, '')
  for (const line of body.split('\n')) {
    const t = line.trim()
    if (!t || t.startsWith('%%') || /^```|^~~~/.test(t)) continue
    return t
  }
  return ''
}

/** A Mermaid text whose header (past front matter, comments and a ```mermaid fence) is `mindmap`. */
export function isMindmap(text: string): boolean {
  return /^mindmap\b/.test(mermaidHeader(text))
}

/** The format, from the name and the start of the text: a `.mmd` whose header is `mindmap` is a mindmap; a `.xml` by its root element. */
export function sniffFormat(name: string, head: string): FileFormat | null {
  const f = formatOfFile(name)
  if (f === 'mermaid' && isMindmap(head)) return 'mindmap'
  if (extOf(name) === 'xml') {
    const root = /<([A-Za-z][\w:-]*)[\s>/]/.exec(
      // An unclosed declaration, comment or doctype runs to the end (each otherwise scanned to the
      // end from every start: quadratic).
      head.replace(/<\?[\s\S]*?(?:\?>|$)|<!--[\s\S]*?(?:-->|$)|<!DOCTYPE[^>]*>?/g, ''),
    )
    const tag = root?.[1]
    if (tag === 'opml') return 'opml'
    if (tag === 'map') return 'freemind'
    if (tag === 'graphml') return 'graphml'
    return null
  }
  return f
}

/** The message for a file no format is known for: what Plexus reads instead. */
export function unsupportedFile(name: string): string {
  const ext = extOf(name)
  const seen = new Set<string>()
  const parts: string[] = []
  for (const f of FILE_FORMATS) {
    const exts = FILES[f].extensions.map((e) => '.' + e).join('/')
    const key = `${exts} ${FILES[f].label}`
    if (seen.has(key)) continue
    seen.add(key)
    parts.push(`${exts} (${FILES[f].label})`)
  }
  return `${name}: not a supported format${ext ? ` (.${ext})` : ''}. Plexus reads ${parts.join(', ')}.`
}
