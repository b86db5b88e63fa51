import { edgesByNode } from '../analysis-graph.ts'
import { drawnTree } from '../drawn-order.ts'
import { fail, meta, type Graph } from '../graph.ts'
import type { Failure, Result } from '../types.ts'
import { Collector, checkText, type Parsed } from './facts.ts'
import { DEFAULT_KIND } from '../vocabulary.ts'

/*
 * The line DSL: one fact per line, for people and agents who think in relationships.
 *
 *   # a comment (also after a fact: `A depends_on B  # why`)
 *   AuthService                                      a lone name declares a node
 *   AuthService:task depends_on "User repository":concept
 *   Backend contains AuthService                     tree: AuthService goes under Backend
 *   AuthService part_of Backend                      the same, written from the child
 *
 * A name is a bare word (anything without spaces, quotes or a leading #) or a double-quoted string
 * with \" and \\ escapes. `:kind` after a name sets its kind. The relation is one word, lower-cased,
 * '-' read as '_': any word is an edge type, except `contains`/`parent_of` (the right side's tree
 * parent is the left side) and `part_of`/`child_of` (the left side's parent is the right side).
 */

interface Tok {
  name: string
  quoted: boolean
  kind?: string
}

const KIND = /^[\p{L}\p{N}_-]+$/u
const REL = /^[\p{L}\p{N}_-]+$/u
const SPACE = /\s/u

function tokenize(line: string, at: string): Tok[] | Failure {
  const out: Tok[] = []
  let i = 0
  while (i < line.length) {
    if (SPACE.test(line[i]!)) {
      i++
      continue
    }
    if (line[i] === '#') break
    let tok: Tok
    if (line[i] === '"') {
      let name = ''
      let j = i + 1
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && (line[j + 1] === '"' || line[j + 1] === '\\')) j++
        name += line[j]
      }
      if (j >= line.length) return fail('parse_error', `${at}: unterminated quote; close the name with "`)
      if (name.trim() === '') return fail('parse_error', `${at}: empty name ""`)
      i = j + 1
      tok = { name, quoted: true }
      if (line[i] === ':') {
        let k = i + 1
        while (k < line.length && !SPACE.test(line[k]!)) k++
        tok.kind = line.slice(i + 1, k)
        if (!KIND.test(tok.kind)) {
          return fail(
            'parse_error',
            `${at}: kind ${JSON.stringify(tok.kind)} must be one word (letters, digits, _ or -)`,
          )
        }
        i = k
      }
      if (i < line.length && !SPACE.test(line[i]!)) {
        return fail('parse_error', `${at}: expected a space after "${name}"`)
      }
    } else {
      let j = i
      while (j < line.length && !SPACE.test(line[j]!)) j++
      const word = line.slice(i, j)
      if (word.includes('"')) {
        return fail(
          'parse_error',
          `${at}: stray quote in ${word}; quote the whole name, e.g. "User repository"`,
        )
      }
      // The last ':' splits off a kind when what follows is one: "v1:2:task" is v1:2 of kind task.
      const c = word.lastIndexOf(':')
      const kind = c > 0 ? word.slice(c + 1) : ''
      tok = KIND.test(kind) ? { name: word.slice(0, c), quoted: false, kind } : { name: word, quoted: false }
      i = j
    }
    out.push(tok)
  }
  return out
}

/** Reads the DSL; a failure names the line. `nodes` lists every name in order of first mention. */
/**
 * A Mermaid file given as DSL, refused by what it is: its lines would otherwise read as nodes named
 * `mindmap` and `root((Root))`. Mermaid comments (`%%`) and blank lines before the header are skipped.
 */
function mermaidHeader(lines: string[]): Failure | null {
  const i = lines.findIndex((l) => l.trim() !== '' && !l.trim().startsWith('%%'))
  if (i < 0) return null
  const head = lines[i]!.trim().replace(/;$/, '')
  const more = lines.slice(i + 1).some((l) => l.trim() !== '')
  if (head === 'mindmap' && more)
    return fail(
      'invalid_argument',
      `line ${i + 1}: this is a Mermaid mindmap: not supported yet. Plexus reads Mermaid flowcharts, JSON Canvas, the line DSL and Plexus JSON; write the map as DSL facts (Root contains Child), or as a Mermaid flowchart.`,
    )
  const words = head.split(/\s+/)
  if (
    (words[0] === 'flowchart' || words[0] === 'graph') &&
    words.length <= 2 &&
    (words.length === 1 ? more : /^(TB|TD|BT|LR|RL)$/.test(words[1]!))
  )
    return fail(
      'invalid_argument',
      `line ${i + 1}: this is a Mermaid flowchart, not the line DSL; import it as mermaid (a .mmd file, or --format mermaid).`,
    )
  return null
}

export function parseDSL(text: string): Result<Parsed> {
  const big = checkText(text, 'dsl')
  if (big) return big
  const c = new Collector('dsl')
  c.outline = true
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  const mermaid = mermaidHeader(lines)
  if (mermaid) return mermaid
  for (let n = 0; n < lines.length; n++) {
    const at = `line ${n + 1}`
    const read = tokenize(lines[n]!, at)
    if ('ok' in read) return read
    let toks = read
    if (toks.length === 0) continue
    if (toks.length > 3) {
      const split = splitByRelation(toks, at)
      if ('ok' in split) return split
      toks = split
    }
    if (toks.length === 2) {
      return fail(
        'parse_error',
        `${at}: expected 'A relation B' or a single name, got 2 words; put names with spaces in double quotes, e.g. AuthService depends_on "User repository"`,
      )
    }
    const decl = (t: Tok): ReturnType<Collector['node']> => c.node(t.name, t.name, at, t.kind)
    const a = decl(toks[0]!)
    if ('ok' in a) return a
    if (toks.length === 1) continue
    const r = toks[1]!
    if (r.quoted || r.kind !== undefined || !REL.test(r.name)) {
      return fail(
        'parse_error',
        `${at}: the relation ${JSON.stringify(r.name)} must be one unquoted word, e.g. depends_on`,
      )
    }
    const b = decl(toks[2]!)
    if ('ok' in b) return b
    c.relate(a, r.name.toLowerCase().replace(/-/g, '_'), b, at)
    const over = c.over(at)
    if (over) return over
  }
  return c.result()
}

/** Relations written as words, for lines whose names are left unquoted: longest first. */
const PHRASES: ReadonlyArray<readonly string[]> = [
  ['is', 'configured', 'by'],
  ['is', 'part', 'of'],
  ['depends', 'on'],
  ['relates', 'to'],
  ['related', 'to'],
  ['talks', 'to'],
  ['part', 'of'],
  ['child', 'of'],
  ['parent', 'of'],
  ['configured', 'by'],
  ['uses'],
  ['calls'],
  ['contains'],
  ['configures'],
  ['implements'],
  ['requires'],
  ['extends'],
  ['imports'],
  ['includes'],
  ['owns'],
  ['reads'],
  ['writes'],
  ['produces'],
  ['consumes'],
  ['blocks'],
  ['triggers'],
  ['stores'],
  ['persists'],
]

/**
 * `Auth Service depends_on User Repository`: names left unquoted around a relation. The relation is
 * the one snake_case word (`depends_on`) between them, or else the one relation phrase (`depends on`,
 * `uses`); each side becomes one name, its last word's `:kind` the kind. Anything less clear is an
 * error that says to quote, rather than a guess.
 */
function splitByRelation(toks: Tok[], at: string): Tok[] | Failure {
  const plain = (t: Tok) => !t.quoted && t.kind === undefined
  const side = (part: Tok[]): Tok | Failure => {
    if (part.some((t) => t.quoted)) {
      return fail('parse_error', `${at}: quote the whole name or none of it, e.g. "User repository"`)
    }
    if (part.slice(0, -1).some((t) => t.kind !== undefined)) {
      return fail('parse_error', `${at}: a :kind goes after the whole name, e.g. User Repository:service`)
    }
    const last = part[part.length - 1]!
    return { name: part.map((t) => t.name).join(' '), quoted: false, kind: last.kind }
  }
  const cut = (i: number, width: number, rel: string): Tok[] | Failure => {
    const a = side(toks.slice(0, i))
    if ('ok' in a) return a
    const b = side(toks.slice(i + width))
    if ('ok' in b) return b
    return [a, { name: rel, quoted: false }, b]
  }
  const snake = toks.flatMap((t, i) =>
    i > 0 && i < toks.length - 1 && plain(t) && REL.test(t.name) && /[_]/.test(t.name) ? [i] : [],
  )
  if (snake.length === 1) return cut(snake[0]!, 1, toks[snake[0]!]!.name)
  if (snake.length === 0) {
    const words = toks.map((t) => (plain(t) ? t.name.toLowerCase() : null))
    const found: Array<{ i: number; phrase: readonly string[] }> = []
    for (let i = 1; i < toks.length - 1; i++) {
      const phrase = PHRASES.find((p) => i + p.length < toks.length && p.every((w, k) => words[i + k] === w))
      if (phrase) {
        found.push({ i, phrase })
        i += phrase.length - 1
      }
    }
    if (found.length === 1) {
      const { i, phrase } = found[0]!
      const rel = (phrase[0] === 'is' ? phrase.slice(1) : phrase).join('_')
      return cut(i, phrase.length, rel)
    }
  }
  return fail(
    'parse_error',
    `${at}: expected 'A relation B' or a single name, got ${toks.length} words and cannot tell which is the relation; write it in snake_case (depends_on) or put names with spaces in double quotes, e.g. AuthService depends_on "User repository"`,
  )
}

const BARE = /^[\p{L}\p{N}_.\-/+&@!?'()[\]{}<>=*,;|~$%^]+$/u

/** A name as the DSL reads it back: bare when it can be, else quoted with escapes. */
export function dslName(name: string, kind?: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = name.replace(/[\u0000-\u001f\u007f]+/g, ' ')
  const bare = BARE.test(flat) && !flat.includes(':') && !flat.startsWith('#')
  const s = bare ? flat : `"${flat.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
  return kind && kind !== DEFAULT_KIND ? `${s}:${kind}` : s
}

/**
 * The live graph as DSL: the tree as `Parent contains Child` lines (top-level nodes declared alone),
 * then every live edge. Names are summaries, so nodes sharing a summary read back as one node; the
 * header says so when that happens. State, notes and positions are not carried: JSON is the lossless
 * format.
 */
export function toDSL(g: Graph): string {
  const m = meta(g)
  const s = g.index.struct()
  const lines = [`# ${dslComment(m.title || m.id)}`]
  if (m.goal) for (const l of m.goal.split(/\r\n|\r|\n/)) lines.push(`# ${dslComment(l)}`)
  // Siblings in the order the map draws them (drawn-order.ts), the root first.
  const t = drawnTree(g.index, m.root)
  const roots = t.roots
  const order: string[] = []
  const stack = [...roots].reverse()
  const named = (id: string, first: boolean): string => {
    const n = g.index.nodes.get(id)!
    return dslName(n.summary.trim() ? n.summary : n.id, first ? n.kind : undefined)
  }
  while (stack.length) {
    const id = stack.pop()!
    order.push(id)
    if (!s.parent.has(id)) lines.push(named(id, true))
    const kids = t.children(id)
    for (const k of kids) lines.push(`${named(id, false)} contains ${named(k, true)}`)
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!)
  }
  const out = edgesByNode(g.index)
  for (const id of order)
    for (const e of out.get(id) ?? []) lines.push(`${named(id, false)} ${e.type} ${named(e.to, false)}`)
  const names = new Set(order.map((id) => g.index.nodes.get(id)!.summary))
  if (names.size < order.length) {
    lines.splice(
      1,
      0,
      `# note: ${order.length - names.size} node(s) share a summary with another; each name reads back as one node`,
    )
  }
  return lines.join('\n') + '\n'
}

// eslint-disable-next-line no-control-regex
const dslComment = (s: string): string => s.replace(/[\u0000-\u001f\u007f]+/g, ' ')
