import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Markdown } from './markdown.tsx'

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }))

describe('Markdown', () => {
  it('renders markup in a note as text, never as elements', () => {
    const out = html('<img src=x onerror=alert(1)> and <script>alert(2)</script>')
    expect(out).not.toContain('<img')
    expect(out).not.toContain('<script')
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it('keeps only http, https and mailto links', () => {
    const out = html('[ok](https://example.com) [bad](javascript:alert(1)) <https://x.org>')
    expect(out).toContain('href="https://example.com"')
    expect(out).not.toContain('href="javascript:')
    expect(out).toContain('rel="noopener noreferrer nofollow"')
  })

  it('renders headings, lists, code and emphasis', () => {
    const out = html('# Title\n\nSome **bold** and *it* and `code`.\n\n- one\n- two\n\n```\nx < y\n```')
    expect(out).toContain('<h3>Title</h3>')
    expect(out).toContain('<strong>bold</strong>')
    expect(out).toContain('<em>it</em>')
    expect(out).toContain('<code>code</code>')
    expect(out).toContain('<li>one</li>')
    expect(out).toContain('<pre><code>x &lt; y</code></pre>')
  })
})
