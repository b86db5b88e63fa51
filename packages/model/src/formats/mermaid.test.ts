import { describe, expect, it } from 'vitest'
import { writeEdge } from '../edges.ts'
import { write } from '../graph.ts'
import { importGraph } from './index.ts'
import { TEXT_LIMIT } from './facts.ts'
import { mermaidLabel, mermaidText, parseMermaid, toMermaid } from './mermaid.ts'
import { ok, setup, shape } from './test-helpers.ts'

const facts = (text: string): string[] =>
  ok(parseMermaid(text)).facts.map(
    (f) => `${f.from.name} -${f.rel}${f.label ? `(${f.label})` : ''}-> ${f.to.name}`,
  )

describe('parseMermaid', () => {
  it('reads every node shape, with labels quoted or not', () => {
    const r = ok(
      parseMermaid(
        [
          'flowchart TD',
          '  a[Square] --> b(Round)',
          '  c{Decision} --> d((Circle))',
          '  e>Flag] --> f[["Sub routine"]]',
          '  g[(Database)] --> h{{Hex}}',
          '  i([Stadium]) --> j[/Slanted/]',
          '  k["Quoted #quot;label#quot; with #35;1 and #9829;"] --> l@{ shape: rect, label: "New syntax" }',
          '  plain --> m[Line<br/>break]',
        ].join('\n'),
      ),
    )
    expect(r.nodes.map((n) => n.name)).toEqual([
      'Square',
      'Round',
      'Decision',
      'Circle',
      'Flag',
      'Sub routine',
      'Database',
      'Hex',
      'Stadium',
      'Slanted',
      'Quoted "label" with #1 and ♥',
      'New syntax',
      'plain',
      'Line break',
    ])
  })

  it('reads chains, & groups and every link style; link text becomes the edge type', () => {
    expect(facts('graph LR\nA --> B --> C')).toEqual(['A -relates_to-> B', 'B -relates_to-> C'])
    expect(facts('graph LR\nA & B --> C & D')).toEqual([
      'A -relates_to-> C',
      'A -relates_to-> D',
      'B -relates_to-> C',
      'B -relates_to-> D',
    ])
    expect(
      facts(
        'graph LR\nA -- depends on --> B\nC -->|Calls API!| D\nE -.-> F\nG ==> H\nI --- J\nK --o L\nM <--> N\nO -. uses .-> P\nQ ~~~ R',
      ),
    ).toEqual([
      'A -depends_on(depends on)-> B',
      'C -calls_api(Calls API!)-> D',
      'E -relates_to-> F',
      'G -relates_to-> H',
      'I -relates_to-> J',
      'K -relates_to-> L',
      'M -relates_to-> N',
      'O -uses-> P',
      // An invisible link is still a link to Mermaid (it counts it and lays it out): kept, with its arrow.
      'Q -relates_to-> R',
    ])
    expect(facts('graph TD;A-->|depends_on|B;B-->C')).toEqual(['A -depends_on-> B', 'B -relates_to-> C'])
  })

  it('makes subgraphs parents, keeps classes as kinds, and ignores styling and comments', () => {
    const r = ok(
      parseMermaid(
        [
          '---',
          'title: ignored front matter',
          '---',
          'flowchart TB',
          '%% a comment',
          '%%{init: {"theme": "dark"}}%%',
          'subgraph backend [Back end]',
          '  direction LR',
          '  api:::task --> db',
          '  subgraph inner',
          '    cache',
          '  end',
          'end',
          'ui -->|contains| widget',
          'classDef task fill:#f9f',
          'class api task',
          'style ui fill:#bbf',
          'linkStyle 0 stroke:#f00',
          'click ui "https://example.com"',
          'ui --> backend',
        ].join('\n'),
      ),
    )
    const names = new Map(r.nodes.map((n) => [n.key, n]))
    expect(names.get('backend')!.name).toBe('Back end')
    expect(names.get('api')!.kind).toBe('task')
    expect(r.parents.map((p) => `${p.child}<${p.parent}`)).toEqual([
      'api<backend',
      'db<backend',
      'inner<backend',
      'cache<inner',
      'widget<ui',
    ])
    expect(r.facts.map((f) => `${f.from.key}>${f.to.key}`)).toEqual(['api>db', 'ui>backend'])
  })

  it.each([
    ['A[Unclosed --> B', 'line 3: unclosed [ (expected ])'],
    ['end', "line 3: 'end' without a subgraph"],
    ['A --> ', 'line 3: expected a node id'],
    ['A ?? B', 'line 3: expected a link like -->'],
  ])('names the line of an error: %s', (text, message) => {
    const r = parseMermaid(`flowchart TD\nA --> B\n${text}`)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toContain(message)
  })

  it('refuses other diagram types, unclosed subgraphs and oversized text', () => {
    const seq = parseMermaid('sequenceDiagram\nAlice->>Bob: hi')
    expect(seq.ok === false && seq.message).toContain('line 1: only flowcharts can be imported')
    const open = parseMermaid('graph TD\nsubgraph s\nA --> B')
    expect(open.ok === false && open.message).toContain("never closed with 'end'")
    const big = parseMermaid('graph TD\n' + 'A --> B\n'.repeat(TEXT_LIMIT / 8 + 1))
    expect(big.ok === false && big.reason).toBe('too_large')
  })
})

describe('parseMermaid, the forms the issue names', () => {
  it('keeps a node in the first subgraph that names it, decodes entities, lists duplicate links', () => {
    const text = [
      'flowchart TB',
      '  subgraph one',
      '    a1 --> a2',
      '  end',
      '  subgraph two',
      '    a2 --> b1["Fish &amp; chips #lt;3"]',
      '  end',
      '  a1 --> a2',
    ].join('\n')
    const p = ok(parseMermaid(text))
    expect(p.parents.map((l) => `${l.child}<${l.parent}`)).toEqual(['a1<one', 'a2<one', 'b1<two'])
    expect(p.nodes.find((n) => n.key === 'b1')!.name).toBe('Fish & chips <3')
    const { g } = setup()
    const r = ok(importGraph(g, 'mermaid', text))
    expect(r.edges).toBe(2)
    expect(r.skipped).toEqual(["line 8: 'a1' relates_to 'a2' repeats line 3; the graph keeps one such edge"])
  })

  it('reads continued statements, text links without spaces, edge ids, o--o and x--x, accDescr blocks', () => {
    const p = ok(
      parseMermaid(
        [
          'flowchart LR',
          '  accDescr {',
          '    two lines',
          '    of description',
          '  }',
          '  A ==text=== B',
          '  B --text--> C',
          '  C e1@--> D',
          '  D o--o E',
          '  E x--x F',
          '  F -->',
          '    G',
        ].join('\n'),
      ),
    )
    expect(
      p.facts.map((f) => `${f.from.key} ${f.rel} ${f.to.key} ${JSON.stringify(f.properties ?? {})}`),
    ).toEqual([
      'A text B {"arrow":"==="}',
      'B text C {}',
      'C relates_to D {"mermaid_id":"e1"}',
      'D relates_to E {"arrow":"o--o"}',
      'E relates_to F {"arrow":"x--x"}',
      'F relates_to G {}',
    ])
  })

  it('says "not supported" with the line for another diagram type, and names the line of an error', () => {
    const seq = parseMermaid('\n%% a comment\nsequenceDiagram\n  A->>B: hi')
    expect(seq.ok === false && seq.message).toBe(
      'line 3: only flowcharts can be imported (flowchart TD, graph LR); a sequenceDiagram is not supported',
    )
    const bad = parseMermaid('flowchart TD\n  A --> B\n  C[unclosed --> D')
    expect(bad.ok === false && bad.message).toMatch(/^line 3: unclosed/)
  })
})

describe('toMermaid', () => {
  it('escapes labels so markup survives as text, and decodes back to the same string', () => {
    const hostile = '<img src=x onerror=alert(1)> "quoted" #tag & `code`'
    const label = mermaidLabel(hostile)
    expect(label).not.toMatch(/[<>"`]/)
    expect(mermaidText(label).name).toBe(hostile)
  })

  it('round-trips names, kinds, the tree and edge types through an import', () => {
    const { g, root } = setup()
    write(g, (w) => {
      w.newNode('a', { summary: 'Auth service', kind: 'task', parent: root })
      w.newNode('b', { summary: '<img src=x onerror=alert(1)>', parent: 'a' })
      w.newNode('c', { summary: 'Ünïcødé 日本語 "q"', kind: 'question', parent: root })
      w.newNode('d', { summary: 'Same', parent: root })
      w.newNode('e', { summary: 'Same', parent: 'c' })
      writeEdge(w, { from: 'a', to: 'c', type: 'depends_on' })
      writeEdge(w, { from: 'b', to: 'd', type: 'relates_to' })
      writeEdge(w, { from: 'd', to: 'e', type: 'blocks' })
    })
    const text = toMermaid(g)
    // The tree as subgraphs under no added root; kinds as classes; edge types as link text.
    expect(text).toContain('subgraph a ["Auth service"]')
    expect(text).toContain('class a task')
    expect(text).toContain('-->|"depends_on"|')
    expect(text).not.toContain('contains')
    const back = setup()
    const r = ok(importGraph(back.g, 'mermaid', text))
    // Two nodes named Same stay two: Mermaid has ids.
    expect(r).toMatchObject({ created: 5, matched: 0, edges: 3 })
    expect(shape(back.g)).toEqual(shape(g))
  })

  it('writes back what the file said: direction, subgraphs, shapes, arrows, edge text, classes and styles', () => {
    const src = [
      'flowchart RL',
      '  subgraph be [Back end]',
      '    direction TB',
      '    api([API]) -. calls .-> db[(Store)]',
      '  end',
      '  user((User)) ==>|"uses<br>daily"| api',
      '  api e1@x--x user',
      '  user:::person',
      '  classDef person fill:#f96',
      '  style db fill:#bbf',
    ].join('\n')
    const { g } = setup()
    ok(importGraph(g, 'mermaid', src))
    const out = toMermaid(g)
    expect(out.split('\n')[0]).toBe('flowchart RL')
    for (const want of [
      'subgraph be ["Back end"]',
      'direction TB',
      'api(["API"])',
      'db[("Store")]',
      'user(("User")):::person',
      'api -.->|"calls"| db',
      'user ==>|"uses<br>daily"| api',
      'api e1@x--x user',
      'classDef person fill:#f96',
      'style db fill:#bbf',
    ])
      expect(out).toContain(want)
    expect(out).not.toMatch(/contains|relates_to/)
  })

  it('stops at the limit and says what it left out', () => {
    const { g, root } = setup()
    write(g, (w) => {
      for (let i = 0; i < 10; i++) w.newNode(`x${i}`, { summary: `X${i}`, parent: root })
      writeEdge(w, { from: 'x0', to: 'x9' })
    })
    const text = toMermaid(g, { limit: 5 })
    expect(text.match(/\["/g)).toHaveLength(5)
    expect(text).toContain('%% 5 more nodes and 1 edges to them are not shown (limit 5)')
    expect(ok(parseMermaid(text)).nodes).toHaveLength(5)
  })
})
