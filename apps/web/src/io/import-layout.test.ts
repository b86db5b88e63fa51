import { describe, expect, it } from 'vitest'
import { withRegexBudget } from '../../../../packages/model/src/test/regex-budget.ts'
import { mermaidDirection } from './import-layout.ts'

describe('mermaidDirection', () => {
  it('reads the header direction, LR when there is none', () => {
    expect(mermaidDirection('flowchart TD\nA --> B')).toBe('TD')
    expect(mermaidDirection('\n\n  graph rl\nA')).toBe('RL')
    expect(mermaidDirection('A --> B')).toBe('LR')
  })
  it('regression: 50,000 blank lines before no header (quadratic; found by formats/inventory.test.ts)', () => {
    expect(withRegexBudget(() => mermaidDirection(`${'\n'.repeat(50_000)}x`))).toBe('LR')
  })
})
