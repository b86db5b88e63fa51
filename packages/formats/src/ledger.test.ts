// The ledger's sentences are what a person reads in the toast and an agent in the result: each must
// read as English for one and for many. Real files from the corpus (corpus/SOURCES.md) that hit the
// kinds whose nouns carry a qualifier ("hook (style, image or plugin)", "relation from a topic to
// itself"), where adding an "s" to the end of the phrase made "hook (style, image or plugin)s".
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importFile } from './index.ts'
import { Ledger } from './ledger.ts'
import { fresh, ok } from './test/graph.ts'

const corpus = (p: string): string => readFileSync(join(import.meta.dirname, 'corpus', p), 'utf8')
const details = (format: 'freemind' | 'graphml', p: string): string[] =>
  ok(importFile(fresh().g, format, corpus(p))).lost.map((l) => l.detail)

describe('the ledger words each loss for one and for many', () => {
  it("Freeplane's functions map", () => {
    expect(details('freemind', 'freemind/freeplane-functions.mm')).toEqual([
      '16 FreeMind fonts dropped',
      '75 FreeMind hooks (style, image or plugin) dropped',
      '18 rich-text titles read as plain text (the HTML kept as a property)',
      '24 FreeMind edge styles dropped',
      '4 FreeMind clouds dropped',
      '2 FreeMind attributes kept as properties',
      '7 relations from a topic to itself dropped',
    ])
  })

  it("a yFiles GraphML file from igraph's tests", () => {
    expect(details('graphml', 'graphml/igraph-yfiles.graphml')).toEqual([
      '12 GraphML graphics values (yEd shapes) dropped',
      '8 GraphML ports dropped',
      '3 GraphML data keys kept as properties',
      '1 relation repeated between the same topics kept once',
      '1 relation from a topic to itself dropped',
    ])
  })

  it('a noun with a qualifier and no plural given is a mistake in the code, refused at once', () => {
    const l = new Ledger()
    expect(() => l.add('x', 'link past the first of a node', 'dropped')).toThrow(/plural/)
    l.add('y', 'GraphML port', 'dropped', 2)
    expect(l.entries()[0]!.detail).toBe('2 GraphML ports dropped')
  })
})
