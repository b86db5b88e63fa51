// Markdown outlines, as markmap reads them: headings nest by level, list items under the heading
// above them and under each other. The text between a heading and the next (paragraphs, code, tables,
// quotes) is the heading's notes; the blocks of a list item after its first paragraph are the item's
// notes (markmap draws those blocks as leaves: here they stay with the node they explain). A title
// that is a link is the link's text with the URL as the node's link; a title with other inline marks
// keeps its Markdown in the `markdown` property for the way back; a task item (`- [x] done`) is its
// text with `checked`, as markmap's checkbox plugin shows it. Markdown has no ids: nodes are matched by
// their place in the tree.
//
// Parsed with markdown-it's token stream (CommonMark preset), the parser markmap itself uses, so the
// nodes are the ones markmap draws. Chosen by measurement over micromark/mdast (the parser remark
// stands on), which this file used first: on the same 5,000-topic outline (bench/formats.bench.ts,
// "Markdown parsers" table, one run) mdast-util-from-markdown took seconds and micromark's bare event
// stream, without building mdast, nearly as long (its state machine per character is the cost, not
// the tree), while markdown-it's tokens took a few hundred milliseconds. markdown-it is about 100 kB
// minified with its entity table, no DOM. Block tokens carry their line range (`map`), so notes are
// cut from the source lines exactly as written. markdown-it stops reading, without a word, at
// `maxNesting` levels of blocks; a nesting check around its block tokenizer refuses such a file instead
// (each list level is two, and the parser recurses per level: the limit keeps well inside the stack).
import type { Failure, Graph, Json } from '@plexus/model'
import MarkdownIt from 'markdown-it'
import type { Token } from 'markdown-it'
import { fail } from './fail.ts'
import { LINKS_PAST, Ledger } from './ledger.ts'
import { titleOf, type Outline, type Topic } from './outline.ts'

const FRONT = /^---\r?\n[\s\S]*?\r?\n---\r?\n/
/** Block levels markdown-it reads (a list level is two: the list and its item). */
const MAX_NESTING = 1000

function parser(): MarkdownIt {
  const md = new MarkdownIt('commonmark', { html: true })
  // Not in the typed options; markdown-it reads it from md.options (the preset says 20).
  ;(md.options as { maxNesting?: number }).maxNesting = MAX_NESTING
  // Links as written (markdown-it would percent-encode them and drop javascript: ones as links,
  // leaving their brackets in the title): the model keeps a link as text and checks it where it is used.
  md.normalizeLink = (url) => url
  md.validateLink = () => true
  const tokenize = md.block.tokenize.bind(md.block)
  md.block.tokenize = (state, start, end) => {
    if (state.level >= MAX_NESTING && start < end) (state.env as Env).tooDeep ??= start
    tokenize(state, start, end)
  }
  return md
}
let shared: MarkdownIt | undefined
interface Env {
  tooDeep?: number
}

/** The text of inline tokens as markmap shows it: text, code, inline HTML, image alt; a line break a space. */
function plainOf(ts: readonly Token[]): string {
  let s = ''
  for (const t of ts) {
    if (t.type === 'text' || t.type === 'code_inline' || t.type === 'image') s += t.content
    // An HTML comment shows nothing (markmap's `<!-- markmap: fold -->` is an option); other HTML as written.
    else if (t.type === 'html_inline' && !t.content.startsWith('<!--')) s += t.content
    else if (t.type === 'softbreak' || t.type === 'hardbreak') s += '\n'
  }
  return s
}

const TASK = /^\[([ xX])\][ \t]/

export function readMarkdown(text: string): Outline | Failure {
  const ledger = new Ledger()
  const src = text.replace(/^\uFEFF/, '')
  const front = FRONT.exec(src)
  // Front matter is markmap's options and a document's metadata, not part of the outline.
  if (front) ledger.add('markdown-front-matter', 'front matter block', 'left out (options, not outline)')
  const body = front ? src.slice(front[0].length) : src
  const env: Env = {}
  const tokens = (shared ??= parser()).parse(body, env)
  if (env.tooDeep !== undefined)
    return fail(
      'invalid_argument',
      `markdown: blocks nested deeper than ${MAX_NESTING} levels (lists about ${MAX_NESTING / 2} deep) at line ${env.tooDeep + 1 + (front ? front[0].split('\n').length - 1 : 0)}; Plexus reads up to that. Move the deepest branches up or split the file.`,
    )
  const lines = body.split('\n')
  /**
   * A block's lines as written, blank lines after it left out, each unindented by up to `col` spaces
   * (the column of its list item's content: an indented code block keeps its own four).
   */
  const slice = (t: Token, col: number): string => {
    const [from, to] = t.map ?? [0, 0]
    let end = to
    while (end > from && !lines[end - 1]!.trim()) end--
    return lines
      .slice(from, end)
      .map((l) => {
        let i = 0
        while (i < col && l.charCodeAt(i) === 32) i++
        return l.slice(i).replace(/\r$/, '')
      })
      .join('\n')
  }
  /** The column where a list item's content starts: its indent, marker and up to four spaces. */
  const contentColumn = (item: Token): number => {
    const line = lines[item.map?.[0] ?? 0] ?? ''
    let i = 0
    while (line.charCodeAt(i) === 32) i++
    i += item.info.length + item.markup.length
    let spaces = 0
    while (line.charCodeAt(i + spaces) === 32) spaces++
    return i + (spaces >= 1 && spaces <= 4 && i + spaces < line.trimEnd().length ? spaces : 1)
  }
  const roots: Topic[] = []
  const used = new Set<string>()
  const make = (inline: Token | undefined, path: string, task: boolean): Topic => {
    let kids: readonly Token[] = inline?.type === 'text' ? [inline] : (inline?.children ?? [])
    let source = inline?.content ?? ''
    let checked: boolean | undefined
    const m = task && kids[0]?.type === 'text' ? TASK.exec(kids[0].content) : null
    if (m) {
      checked = m[1] !== ' '
      const rest = kids[0]!.content.slice(m[0].length)
      kids = [{ ...kids[0]!, content: rest } as Token, ...kids.slice(1)]
      source = source.replace(TASK, '')
    }
    const plain = plainOf(kids)
    const { title, properties } = titleOf(plain, ledger)
    const links: string[] = []
    let depth = 0
    let onlyLink = kids.length > 0 && kids[0]!.type === 'link_open'
    for (const [i, k] of kids.entries()) {
      if (k.type === 'link_open') {
        links.push(k.attrGet('href') ?? '')
        depth++
      } else if (k.type === 'link_close') {
        depth--
        if (depth === 0 && i !== kids.length - 1) onlyLink = false
      }
    }
    const props: Record<string, Json> = { ...properties }
    if (checked !== undefined) props.checked = checked
    const marked = kids.some((k) => k.type !== 'text' && k.type !== 'softbreak')
    if (!onlyLink && source.trim() !== title && marked) props.markdown = source.trim()
    let key = `${path}/${title}`
    for (let i = 2; used.has(key); i++) key = `${path}/${title}#${i}`
    used.add(key)
    return {
      key,
      title,
      ...(links.length ? { links } : {}),
      ...(Object.keys(props).length ? { properties: props } : {}),
      children: [],
    }
  }
  const addNotes = (t: Topic, s: string): void => {
    t.notes = t.notes ? `${t.notes}\n\n${s}` : s
  }
  /** The index past the block opened at i (its close, or i itself for a block of one token). */
  const after = (i: number): number => {
    const open = tokens[i]!
    if (open.nesting !== 1) return i + 1
    let j = i + 1
    while (!(tokens[j]!.nesting === -1 && tokens[j]!.level === open.level)) j++
    return j + 1
  }
  const stack: Array<{ depth: number; topic: Topic }> = []
  const under = (): { list: Topic[]; path: string; topic?: Topic } => {
    const top = stack[stack.length - 1]
    return top
      ? { list: top.topic.children, path: top.topic.key, topic: top.topic }
      : { list: roots, path: '' }
  }
  /** The list opened at i: its items into `into`; answers the index past it. */
  const readList = (i: number, into: Topic[], path: string): number => {
    const level = tokens[i]!.level
    let j = i + 1
    while (tokens[j]!.level > level) {
      // tokens[j] is a list_item_open at level + 1.
      const itemEnd = after(j) - 1
      let k = j + 1
      const head = tokens[k]!.type === 'paragraph_open' ? tokens[k + 1] : undefined
      const t = make(head, path, true)
      const col = contentColumn(tokens[j]!)
      if (head) k += 3
      while (k < itemEnd) {
        const b = tokens[k]!
        if (b.type === 'bullet_list_open' || b.type === 'ordered_list_open')
          k = readList(k, t.children, t.key)
        else {
          addNotes(t, slice(b, col))
          k = after(k)
        }
      }
      into.push(t)
      j = itemEnd + 1
    }
    return j + 1
  }
  let i = 0
  while (i < tokens.length) {
    const b = tokens[i]!
    if (b.type === 'heading_open') {
      const depth = Number(b.tag.slice(1))
      while (stack.length && stack[stack.length - 1]!.depth >= depth) stack.pop()
      const { list: into, path } = under()
      const t = make(tokens[i + 1], path, false)
      into.push(t)
      stack.push({ depth, topic: t })
      i += 3
    } else if (b.type === 'bullet_list_open' || b.type === 'ordered_list_open') {
      const { list: into, path } = under()
      i = readList(i, into, path)
    } else if (b.type === 'hr' || (b.type === 'html_block' && b.content.trimStart().startsWith('<!--'))) {
      // markmap's own comments (`<!-- markmap: fold -->`) and rules are not content (link
      // definitions make no token).
      i = after(i)
    } else {
      const s = slice(b, 0)
      const { topic } = under()
      if (topic) addNotes(topic, s)
      else {
        // Text before the first heading: a node of its own, as markmap shows it.
        const first = s.split('\n')[0]!
        const t = make(
          { type: 'text', content: first, children: [] as Token[] } as unknown as Token,
          '',
          false,
        )
        const rest = s.split('\n').slice(1).join('\n').trim()
        if (rest) t.notes = rest
        roots.push(t)
      }
      i = after(i)
    }
  }
  return { source: 'markdown', roots, relations: [], ledger }
}

const escape = (s: string): string =>
  s
    .replace(/([\\`*_[\]<>#|!&])/g, '\\$1')
    .replace(/^(\d+)\./, '$1\\.')
    .replace(/^([-+])/, '\\$1')

/** The title as Markdown: the kept Markdown when it still reads as the name, a link when the node has one. */
function inline(t: Topic): string {
  const md = t.properties?.markdown
  const shown =
    typeof md === 'string' ? plainOf((shared ??= parser()).parseInline(md, {})[0]?.children ?? []) : ''
  if (typeof md === 'string' && shown.replace(/\s+/g, ' ').trim() === t.title) return md.replace(/\n/g, ' ')
  const text = t.properties?.untitled === true ? '' : escape(t.title)
  const url = t.links?.[0]
  return url ? `[${text}](<${url.replace(/[<>\n]/g, encodeURIComponent)}>)` : text
}

/** Headings for the first three levels, nested lists below, as markmap reads both. */
export function writeMarkdown(o: Outline, _g: Graph): string {
  const out: string[] = []
  const write = (t: Topic, depth: number, indent: string): void => {
    if ((t.links?.length ?? 0) > 1)
      o.ledger.add(
        'extra-link',
        'link past the first of a node',
        'dropped (a Markdown title holds one link)',
        1,
        LINKS_PAST,
      )
    if (depth < 3 && indent === '') {
      out.push(`${'#'.repeat(depth + 1)} ${inline(t)}`, '')
      if (t.notes) out.push(t.notes, '')
      for (const c of t.children) write(c, depth + 1, depth + 1 < 3 ? '' : ' ')
      return
    }
    const pad = indent.slice(1)
    const check = t.properties?.checked
    out.push(`${pad}- ${check === true ? '[x] ' : check === false ? '[ ] ' : ''}${inline(t)}`)
    if (t.notes) out.push('', ...t.notes.split('\n').map((l) => (l ? `${pad}  ${l}` : '')), '')
    for (const c of t.children) write(c, depth + 1, indent + '  ')
    if (depth === 3 && out[out.length - 1] !== '') out.push('')
  }
  for (const r of o.roots) write(r, 0, '')
  return (
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  )
}
