import { edgesByNode } from '../analysis-graph.ts'
import { fail, meta, type Graph } from '../graph.ts'
import type { Failure, Result } from '../types.ts'
import { Collector, checkText, type Parsed } from './facts.ts'

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
export function parseDSL(text: string): Result<Parsed> {
  const big = checkText(text, 'dsl')
  if (big) return big
  const c = new Collector()
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  for (let n = 0; n < lines.length; n++) {
    const at = `line ${n + 1}`
    const toks = tokenize(lines[n]!, at)
    if ('ok' in toks) return toks
    if (toks.length === 0) continue
    if (toks.length === 2 || toks.length > 3) {
      return fail(
        'parse_error',
        `${at}: expected 'A relation B' or a single name, got ${toks.length} words; put names with spaces in double quotes, e.g. AuthService depends_on "User repository"`,
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
  }
  return c.result()
}

const BARE = /^[\p{L}\p{N}_.\-/+&@!?'()[\]{}<>=*,;|~$%^]+$/u

/** A name as the DSL reads it back: bare when it can be, else quoted with escapes. */
export function dslName(name: string, kind?: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = name.replace(/[\u0000-\u001f\u007f]+/g, ' ')
  const bare = BARE.test(flat) && !flat.includes(':') && !flat.startsWith('#')
  const s = bare ? flat : `"${flat.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
  return kind && kind !== 'concept' ? `${s}:${kind}` : s
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
  const roots = [...s.roots].sort((a, b) => (a === m.root ? -1 : b === m.root ? 1 : a < b ? -1 : 1))
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
    const kids = s.children.get(id) ?? []
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
