import type { ReactNode } from 'react'

// A deliberately small markdown renderer that produces React elements only: no HTML string is ever
// built or injected, so nothing in a note can run. Supported: headings, paragraphs with line breaks,
// lists, quotes, rules, fenced code, inline code, bold, italic and http(s)/mailto links.

const SAFE_URL = /^(https?:|mailto:)/i

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = []
  // A link's label holds no `[` and its address no `(`: a run of them is then read once, not again
  // from each of its characters (20,000 `[` took seconds). markdown.test.ts holds it to a budget.
  const re =
    /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[[^[\]]+\]\([^()\s]+\))|(https?:\/\/[^\s<>()]+)/g
  let last = 0
  let m: RegExpExecArray | null
  let i = 0
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index))
    const t = m[0]
    const k = `${key}.${i++}`
    if (m[1]) out.push(<code key={k}>{t.slice(1, -1)}</code>)
    else if (m[2]) out.push(<strong key={k}>{inline(t.slice(2, -2), k)}</strong>)
    else if (m[3]) out.push(<em key={k}>{inline(t.slice(1, -1), k)}</em>)
    else if (m[4]) {
      const close = t.indexOf('](')
      const label = t.slice(1, close)
      const href = t.slice(close + 2, -1)
      out.push(
        SAFE_URL.test(href) ? (
          <a key={k} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {label}
          </a>
        ) : (
          `${label} (${href})`
        ),
      )
    } else if (m[5])
      out.push(
        <a key={k} href={t} target="_blank" rel="noopener noreferrer nofollow">
          {t}
        </a>,
      )
    last = m.index + t.length
  }
  if (last < text.length) out.push(text.slice(last))
  return out
}

function withBreaks(lines: string[], key: string): ReactNode[] {
  const out: ReactNode[] = []
  lines.forEach((l, i) => {
    if (i) out.push(<br key={`${key}.br${i}`} />)
    out.push(...inline(l, `${key}.${i}`))
  })
  return out
}

export function Markdown({ text }: { text: string }) {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const blocks: ReactNode[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]!
    const k = `b${i}`
    if (!line.trim()) {
      i++
      continue
    }
    if (line.startsWith('```')) {
      const body: string[] = []
      i++
      while (i < lines.length && !lines[i]!.startsWith('```')) body.push(lines[i++]!)
      i++
      blocks.push(
        <pre key={k}>
          <code>{body.join('\n')}</code>
        </pre>,
      )
      continue
    }
    const h = /^(#{1,6})\s+(.*)$/.exec(line)
    if (h) {
      const level = Math.min(6, h[1]!.length + 2)
      const Tag = `h${level}` as 'h3'
      blocks.push(<Tag key={k}>{inline(h[2]!, k)}</Tag>)
      i++
      continue
    }
    if (/^(-{3,}|\*{3,})\s*$/.test(line)) {
      blocks.push(<hr key={k} />)
      i++
      continue
    }
    if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      const ordered = /^\s*\d/.test(line)
      const items: ReactNode[] = []
      while (i < lines.length && /^\s*([-*+]|\d+[.)])\s+/.test(lines[i]!)) {
        const item = lines[i]!.replace(/^\s*([-*+]|\d+[.)])\s+/, '')
        const task = /^\[([ xX])\]\s+(.*)$/.exec(item)
        items.push(
          <li key={`${k}.${i}`}>
            {task ? <input type="checkbox" checked={task[1] !== ' '} readOnly disabled /> : null}
            {inline(task ? task[2]! : item, `${k}.${i}`)}
          </li>,
        )
        i++
      }
      blocks.push(ordered ? <ol key={k}>{items}</ol> : <ul key={k}>{items}</ul>)
      continue
    }
    if (line.startsWith('>')) {
      const body: string[] = []
      while (i < lines.length && lines[i]!.startsWith('>')) body.push(lines[i++]!.replace(/^>\s?/, ''))
      blocks.push(<blockquote key={k}>{withBreaks(body, k)}</blockquote>)
      continue
    }
    const para: string[] = []
    while (i < lines.length && lines[i]!.trim() && !/^(#{1,6}\s|```|>|\s*([-*+]|\d+[.)])\s+)/.test(lines[i]!))
      para.push(lines[i++]!)
    if (!para.length) para.push(lines[i++]!)
    blocks.push(<p key={k}>{withBreaks(para, k)}</p>)
  }
  return <div className="md">{blocks}</div>
}
