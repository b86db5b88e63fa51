// Graph ids made from free text (a person's name, a directory): readable, and unique by a hash of what
// they were made from. One rule for private graphs (scopes.ts) and memory's project graphs.
import { createHash } from 'node:crypto'

/** Lower-case letters and digits with single dashes between runs, at most `max` characters. */
export function slug(text: string, max: number): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '')
}

/** The first `n` hex characters of the SHA-256 of `text`. */
export function shortHash(text: string, n: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, n)
}

/**
 * `<slug of readable>-<hash of source>`: `Claude Code` → `claude-code-5d41a2`. The slug is at most 40
 * characters (`fallback` when nothing readable is left); the hash keeps two sources apart that slug alike.
 */
export function slugId(readable: string, source: string, fallback: string, hashChars: number): string {
  return `${slug(readable, 40) || fallback}-${shortHash(source, hashChars)}`
}
