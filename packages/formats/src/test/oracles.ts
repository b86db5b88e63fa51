// What each format's own tools read from a file, as the corpus test's oracle: Mermaid's parser
// (the real `mermaid` package on a jsdom document, loaded by the model's own corpus oracle, and its
// renderer in Chromium) for mindmaps, markmap's own Transformer for Markdown, and for the XML formats
// and XMind the file's elements counted without the readers under test.
import { Transformer } from 'markmap-lib'
import { mermaid } from '../../../model/src/formats/test/mermaid-oracle.ts'

export { renderInChromium } from '../../../model/src/formats/test/mermaid-oracle.ts'

interface MindNode {
  descr: string
  icon?: string
  children: MindNode[]
}

/** The nodes Mermaid's parser reads from a mindmap (throws Mermaid's error when it cannot), in order. */
export async function mindmapNodes(
  text: string,
): Promise<Array<{ text: string; depth: number; icon?: string }>> {
  const m = await mermaid()
  await m.parse(text)
  const d = await m.mermaidAPI.getDiagramFromText(text)
  const root = (d.db as unknown as { getMindmap(): MindNode | null }).getMindmap()
  const out: Array<{ text: string; depth: number; icon?: string }> = []
  const walk = (n: MindNode, depth: number): void => {
    out.push({ text: n.descr, depth, ...(n.icon ? { icon: n.icon } : {}) })
    for (const c of n.children) walk(c, depth + 1)
  }
  if (root) walk(root, 0)
  return out
}

interface MarkmapNode {
  content: string
  payload?: { tag?: string }
  children?: MarkmapNode[]
}

/** The headings and list items markmap draws as nodes. */
export function markmapNodes(md: string): number {
  const { root } = new Transformer().transform(md)
  let n = 0
  const walk = (x: MarkmapNode): void => {
    if (/^(h[1-6]|li)$/.test(x.payload?.tag ?? '')) n++
    for (const c of x.children ?? []) walk(c)
  }
  walk(root as MarkmapNode)
  return n
}

/**
 * Elements named `tag` in an XML text, outside comments, CDATA sections (a yFiles file keeps markup
 * as text there) and Freeplane's `<map_styles>` (style templates: their arrowlink is the default
 * look of a connector, not a relation).
 */
export function countTags(xml: string, tag: string): number {
  const body = xml
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '')
    .replace(/<map_styles>[\s\S]*?<\/map_styles>/g, '')
  return (body.match(new RegExp(`<${tag}[\\s/>]`, 'g')) ?? []).length
}
