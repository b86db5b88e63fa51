import { describe, expect, it } from 'vitest'
import { Patience } from './patience.ts'

/** A clock the test moves by hand: what the agent's patience counts is events, not the machine. */
function manual() {
  let t = 0
  return { now: () => t, advance: (ms: number) => void (t += ms) }
}

describe('an agent waits 30 s of the server being up, not 30 s of the wall clock', () => {
  it('a restart does not use up the patience of a call made just before the kill', () => {
    const clock = manual()
    const up = new Patience(clock.now)
    const deadline = up.deadline(30_000)
    clock.advance(1_000)
    up.down() // killed
    clock.advance(45_000) // a slow restart at load 30
    up.up()
    expect(deadline.passed()).toBe(false)
    clock.advance(29_000)
    expect(deadline.passed()).toBe(false)
    clock.advance(1_001)
    expect(deadline.passed()).toBe(true)
  })

  it('while the server is down the deadline does not pass, and a kill during a kill changes nothing', () => {
    const clock = manual()
    const up = new Patience(clock.now)
    const deadline = up.deadline(10)
    up.down()
    up.down()
    clock.advance(1_000_000)
    expect(deadline.passed()).toBe(false)
    up.up()
    up.up()
    clock.advance(11)
    expect(deadline.passed()).toBe(true)
  })

  it('with no fault it is the wall clock', () => {
    const clock = manual()
    const deadline = new Patience(clock.now).deadline(500)
    clock.advance(500)
    expect(deadline.passed()).toBe(false)
    clock.advance(1)
    expect(deadline.passed()).toBe(true)
  })
})
