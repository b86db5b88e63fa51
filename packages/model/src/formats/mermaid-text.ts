// Mermaid label text both ways: entity codes (Mermaid's #quot; and HTML's &amp;) and line breaks.

const NAMED: Record<string, string> = {
  quot: '"',
  amp: '&',
  lt: '<',
  gt: '>',
  apos: "'",
  nbsp: '\u00a0',
  num: '#',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  copy: '©',
  reg: '®',
  hearts: '♥',
  rarr: '→',
  larr: '←',
  laquo: '«',
  raquo: '»',
}

const codePoint = (cp: number, m: string): string =>
  cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : m

/** Mermaid's `#quot;`, `#9829;` and HTML's `&amp;`, `&#9829;`, `&#x2665;` decoded; unknown codes left as written. */
export function decodeEntities(s: string): string {
  return s.replace(
    /([#&])(#?)(x[0-9a-f]{1,6}|\d{1,7}|[a-z]{2,8});/gi,
    (m, lead: string, hash: string, c: string) => {
      if (lead === '#' && hash) return m
      const numeric = lead === '#' || hash === '#'
      if (/^x[0-9a-f]+$/i.test(c) && (hash === '#' || lead === '#'))
        return codePoint(parseInt(c.slice(1), 16), m)
      if (/^\d+$/.test(c) && numeric) return codePoint(Number(c), m)
      return NAMED[c.toLowerCase()] ?? m
    },
  )
}

/**
 * A label as a one-line name (quotes and markdown backticks off, entities decoded, `<br>` and line breaks
 * as one space) and, when that lost something, the label as Mermaid shows it, kept for the way back.
 */
export function mermaidText(raw: string): { name: string; label?: string } {
  let s = raw.trim()
  if (s.startsWith('"') && s.endsWith('"') && s.length >= 2) s = s.slice(1, -1)
  let md = false
  if (s.startsWith('`') && s.endsWith('`') && s.length >= 2) {
    s = s.slice(1, -1)
    md = true
  }
  const shown = decodeEntities(s)
  const name = shown
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const label = md ? '`' + shown.trim() + '`' : shown.trim()
  return label === name ? { name } : { name, label }
}

/** Mermaid entity codes for what would end a quoted label or be read as markup. */
export function mermaidLabel(s: string, keepBreaks = false): string {
  // Markup kept (a label as Mermaid showed it): a line break is `<br>` outside markdown, where Mermaid
  // reads line breaks themselves; other control characters are never written.
  const md = keepBreaks && s.startsWith('`') && s.endsWith('`')
  const lines = keepBreaks && !md ? s.replace(/\r?\n/g, '<br>') : s
  // eslint-disable-next-line no-control-regex
  const flat = lines.replace(md ? /[\u0000-\u0009\u000b-\u001f\u007f]+/g : /[\u0000-\u001f\u007f]+/g, ' ')
  const code = (ch: string): string => `#${ch.codePointAt(0)};`
  const escape = (t: string): string => t.replace(keepBreaks ? /[#"&]/g : /[#"<>&`]/g, code)
  // In math only what would end the label is coded: KaTeX escapes what it draws (`a<b` is math, not
  // markup), and Mermaid sanitises the label after KaTeX, as it does for the source file.
  return mathApart(flat, escape, (t) => t.replace(/"/g, code))
}

/**
 * Text with its `$$…$$` math (KaTeX, which Mermaid renders without decoding entity codes: `&` written
 * `#38;` fails) given to `inMath`, the rest to `outside`. Unpaired `$$` is not math.
 */
function mathApart(s: string, outside: (t: string) => string, inMath: (t: string) => string): string {
  const parts = s.split('$$')
  // Odd parts are between a `$$` and the next; the last part is after every `$$`, so never math.
  return parts.map((p, i) => (i % 2 === 1 && i < parts.length - 1 ? inMath(p) : outside(p))).join('$$')
}
