import { describe, expect, it } from 'vitest'
import {
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
