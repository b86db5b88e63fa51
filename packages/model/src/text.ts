import * as Y from 'yjs'
import type { Writer } from './graph.ts'
import { LIMITS } from './validate.ts'

/**
 * Replaces the content of a Y.Text with `next` by editing only the span that differs, so a concurrent
 * edit elsewhere in the same notes survives the merge character by character.
 */
export function setText(t: Y.Text, next: string): boolean {
  const cur = t.toString()
  if (cur === next) return false
  let start = 0
  const max = Math.min(cur.length, next.length)
  while (start < max && cur.charCodeAt(start) === next.charCodeAt(start)) start++
  let end = 0
  while (
    end < max - start &&
    cur.charCodeAt(cur.length - 1 - end) === next.charCodeAt(next.length - 1 - end)
  ) {
    end++
  }
  // Never split a surrogate pair: step back onto the pair's first half.
  if (start > 0 && isHigh(cur.charCodeAt(start - 1))) start--
  if (end > 0 && isLow(cur.charCodeAt(cur.length - end))) end--
  const del = cur.length - start - end
  if (del > 0) t.delete(start, del)
  const ins = next.slice(start, next.length - end)
  if (ins) t.insert(start, ins)
  return true
}

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff

/** The notes Y.Text of a node, created if a peer left something else there. */
export function notesOf(w: Writer, id: string): Y.Text {
  const m = w.node(id)
  let t = m.get('notes')
  if (!(t instanceof Y.Text)) {
    const old = typeof t === 'string' ? t : ''
    m.set('notes', (t = new Y.Text(old)))
  }
  return t as Y.Text
}

/**
 * Appends a paragraph unless the notes already contain it, or it would take them past LIMITS.notes
 * (what the server refuses): a merge or an enrich then leaves the paragraph where it came from.
 */
export function appendNotes(w: Writer, id: string, text: string): boolean {
  const t = notesOf(w, id)
  const cur = t.toString()
  if (cur.includes(text)) return false
  const add = cur.trim() ? `\n\n${text}` : text
  if (cur.length + add.length > LIMITS.notes) return false
  t.insert(t.length, add)
  w.record(id, 'update', [{ field: 'notes', before: cur, after: cur + add }])
  return true
}

/**
 * Notes merged as memory merges them (seed 004's kg_put_node): the notes there kept as they are, each
 * line of `add` not already a line of them appended on a line of its own; blank lines of `add` dropped.
 * Every surface that merges notes (kg_put_node, graph_update add_notes, graph_plan auto and enrich)
 * goes through here.
 */
export function mergeNoteLines(current: string, add: string | readonly string[]): string {
  const have = new Set(current.split('\n'))
  const extra: string[] = []
  for (const l of typeof add === 'string' ? add.split('\n') : add) {
    if (l.trim() === '' || have.has(l)) continue
    have.add(l)
    extra.push(l)
  }
  if (!extra.length) return current
  return current.trim() === '' ? extra.join('\n') : `${withoutTrailingNewlines(current)}\n${extra.join('\n')}`
}

/** `s` without its trailing newlines: a scan from the end (the pattern `\n+$` is quadratic on many newlines). */
function withoutTrailingNewlines(s: string): string {
  let end = s.length
  while (end > 0 && s.charCodeAt(end - 1) === 10) end--
  return s.slice(0, end)
}
