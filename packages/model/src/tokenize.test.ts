import { describe, expect, it } from 'vitest'
import {
  asciiLabelShape,
  exactLabel,
  labelWords,
  unicodeExactLabel,
  unicodeLabelWords,
  unicodeWordTokens,
  wordTokens,
} from './tokenize.ts'
import { rng } from './test/harness.ts'

// ASCII text takes a hand-written scanner; these hold it to the general patterns it stands in for.

/** Random ASCII text weighted towards what labels hold: words, capitals, digits, runs of spaces. */
function asciiText(rand: () => number): string {
  const pieces = ['auth', 'Service', 'HTTP', 'Server', 'x', 'ID', 'v2', '42', 'userRepositories', 'ABCdef']
  let s = ''
  const n = 1 + Math.floor(rand() * 8)
  for (let i = 0; i < n; i++) {
    const r = rand()
    if (r < 0.3) s += pieces[Math.floor(rand() * pieces.length)]
    else if (r < 0.8) s += String.fromCharCode(Math.floor(rand() * 128))
    else s += ' \t\n-_.!?'[Math.floor(rand() * 8)]!.repeat(1 + Math.floor(rand() * 3))
  }
  return s
}

describe('ASCII fast paths', () => {
  it('give the same tokens, label words and exact label as the general patterns (seeded)', () => {
    for (const seed of [1, 2, 3]) {
      const rand = rng(seed)
      for (let i = 0; i < 3000; i++) {
        const s = asciiText(rand)
        const at = `seed ${seed} #${i} ${JSON.stringify(s)}`
        expect(wordTokens(s, 'index'), at).toEqual(unicodeWordTokens(s, 'index'))
        expect(wordTokens(s, 'query'), at).toEqual(unicodeWordTokens(s, 'query'))
        expect(labelWords(s), at).toEqual(unicodeLabelWords(s))
        expect(exactLabel(s), at).toBe(unicodeExactLabel(s))
      }
    }
  })

  it('give the shape of a label without building it (seeded)', () => {
    const plurals = [
      'classes',
      'cases',
      'boxes',
      'quizzes',
      'matches',
      'wishes',
      'parties',
      'ties',
      'bus',
      'Tests',
      'ss',
    ]
    for (const seed of [4, 5]) {
      const rand = rng(seed)
      for (let i = 0; i < 3000; i++) {
        let s = asciiText(rand)
        if (rand() < 0.5) s += ' ' + plurals[Math.floor(rand() * plurals.length)]
        // Past 24 words only the first 24 count.
        if (rand() < 0.05) s = Array.from({ length: 30 }, () => asciiText(rand)).join(' ')
        const words = labelWords(s).slice(0, 24)
        const seq = words.join(' ').length
        const want = exactLabel(s).length * 2 ** 17 + seq * 2 ** 5 + words.length
        expect(asciiLabelShape(s, 24), `seed ${seed} #${i} ${JSON.stringify(s)}`).toBe(want)
      }
    }
    expect(asciiLabelShape('Café', 24)).toBe(-1)
    expect(asciiLabelShape('..a é b..', 24)).toBe(-1)
    expect(asciiLabelShape('x'.repeat(2001), 24)).toBe(-1)
  })

  it('split camelCase the way the patterns do', () => {
    expect(wordTokens('HTTPServer getID aB2C', 'index')).toEqual([
      ['httpserver', 'http', 'server'],
      ['getid', 'get', 'id'],
      ['ab2c', 'a', 'b2', 'c'],
    ])
    expect(labelWords('User-Repositories userRepository')).toEqual([
      'user',
      'repository',
      'user',
      'repository',
    ])
    expect(exactLabel('  ..Auth \t  Service!! ')).toBe('auth service')
  })
})
