/**
 * Invalid and hostile graph ids in the path of `/sync/:graph` for the ws-input phase: traversal,
 * encoded separators, NUL, overlong UTF-8, ids past the length limit and past Node's header limit,
 * names that mean something to JavaScript or SQL, and random mixes of such pieces. An id the rules
 * allow must be accepted; any other refused.
 */
import { GRAPH_ID } from '@plexus/model'
import type { Generator } from './ws-inputs.ts'

/** Ids every run tries first; the rest are drawn from hostile pieces. */
const FIXED_IDS = [
  '..',
  '.',
  '',
  '..%2F..%2Fetc%2Fpasswd',
  '..%2fplexus.db',
  '%2e%2e%2f%2e%2e%2fplexus.db',
  '..%5C..%5Cwindows',
  '%2e%2e',
  '%00',
  'main%00',
  'a%00b',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '%FF%FE',
  'gr%C3%A2ph',
  '%F0%9F%92%A5',
  '%E2%80%AE',
  'UPPER',
  '-lead',
  '_lead',
  '.lead',
  '%20lead',
  'a'.repeat(65),
  'a'.repeat(4096),
  'a'.repeat(20_000),
  'x%2F..%2F..%2Fmain',
  'x/../y',
  '__proto__',
  'constructor',
  'prototype',
  'sqlite_master',
  "x'%3B%20DROP%20TABLE%20graphs%3B--",
  '%27%20OR%20%271%27%3D%271',
  'a..b',
  'con',
  'nul',
]

const PIECES = [
  '..',
  '.',
  '/',
  '%2F',
  '%2f',
  '%5C',
  '%00',
  '%',
  '%zz',
  '%C0%AE',
  '%C3%A9',
  'é',
  '日本',
  '💥',
  '%20',
  'A',
  'a',
  'z',
  '0',
  '9',
  '-',
  '_',
  '~',
  ';',
  "'",
  '"',
  '<',
  '>',
  '|',
  '*',
  '%25',
  '%2e',
  '\\',
  '$',
  '{',
  '}',
]

export const hostileIds: Generator = (rng, ctx, index) => {
  let path: string
  if (index < FIXED_IDS.length) path = FIXED_IDS[index]!
  else {
    const n = 1 + rng.int(12)
    path = Array.from({ length: n }, () => rng.pick(PIECES)).join('')
    if (rng.int(8) === 0) path = path.repeat(1 + rng.int(200))
  }
  const expected = idFromPath(path)
  const shown = path.length > 60 ? `${path.slice(0, 40)}... (${path.length} chars)` : path
  return {
    what: `graph id path "${shown}"`,
    path,
    frames: [],
    expect: expected === null ? 'reject' : 'accept',
  }
}

/** The graph id a path names as URL parsing and percent-decoding read it, or null when it names none. */
export function idFromPath(path: string): string | null {
  let url: URL
  try {
    url = new URL(`ws://plexus.invalid/sync/${path}`)
  } catch {
    return null
  }
  if (!url.pathname.startsWith('/sync/')) return null
  try {
    const id = decodeURIComponent(url.pathname.slice('/sync/'.length))
    return GRAPH_ID.test(id) ? id : null
  } catch {
    return null
  }
}
