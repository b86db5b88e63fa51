/**
 * Durability: the server is a child process killed with SIGKILL in the middle of a stream of
 * writes. Every update a second client had received (so the server had relayed it) must be there
 * after a restart, because the server appends each update to the store before relaying it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, it } from 'vitest'
import type * as Y from 'yjs'
import { destroyProvider, provider, synced, waitFor } from '../test/server-harness.ts'

const BIN = fileURLToPath(new URL('../../bin/plexus.mjs', import.meta.url))
const children: ChildProcess[] = []
const dirs: string[] = []
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL')
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** Starts `plexus serve` in a child process and resolves with its URL once it listens. */
function serve(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PLEXUS_TOKENS: '', PLEXUS_TOKENS_FILE: '' },
  })
  children.push(child)
  let output = ''
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) resolve({ child, url: match[1]! })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)))
  })
}

/** Resolves when `map` holds `count` entries: checked each time it changes. */
function received(map: Y.Map<unknown>, count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (map.size < count) return
      map.unobserve(check)
      resolve()
    }
    map.observe(check)
    check()
  })
}

/**
 * The test does a fixed amount of work: two server starts (each a process loading the whole server
 * through tsx), 1500 updates each stored before it is relayed, and a restart that replays the log.
 * That is 5-7 s on this project's 2-core machine at load 13 with nothing else of the suite running
 * (3.5-5 s of it the two starts), and several times that when the whole suite runs beside it at load
 * 14, where the 30 s default was passed. Every step waits on an event (the server's "listening"
 * line, a relayed update, the socket closing); the limit only bounds a hang.
 */
const CRASH_TEST_LIMIT_MS = 180_000

it(
  'keeps every relayed update after the server is killed with SIGKILL during writes',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plexus-crash-'))
    dirs.push(dataDir)
    const first = await serve(dataDir)
    const target = { wsUrl: first.url.replace(/^http/, 'ws') + '/sync' }
    const writer = provider(target, 'crash')
    const observer = provider(target, 'crash')
    await Promise.all([synced(writer), synced(observer)])

    let writing = true
    const written = (async () => {
      let i = 0
      while (writing) {
        writer.doc.getMap('checkpoints').set(`k${i++}`, { i, at: 'before the crash' })
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
      return i
    })()
    // Past one compaction (every 1000 updates), so the kill can land on either side of it. Waits on
    // the observer's map changing, not on a clock: at load 14 the 1500 relays took longer than the
    // 30 s this wait once allowed.
    await received(observer.doc.getMap('checkpoints'), 1500)
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))
    writing = false
    const total = await written
    // Whatever reached the observer was relayed, so it must have been stored first.
    await waitFor(() => !observer.wsconnected, 'the observer to notice the crash')
    const seen = [...observer.doc.getMap('checkpoints').keys()]
    destroyProvider(writer)
    destroyProvider(observer)

    const second = await serve(dataDir)
    const fresh = provider({ wsUrl: second.url.replace(/^http/, 'ws') + '/sync' }, 'crash')
    await synced(fresh)
    const restored = fresh.doc.getMap('checkpoints')
    const missing = seen.filter((key) => !restored.has(key))
    expect(missing, `${missing.length} of ${seen.length} relayed updates lost`).toEqual([])
    expect(seen.length).toBeGreaterThanOrEqual(1500)
    expect(total).toBeGreaterThanOrEqual(seen.length)
    destroyProvider(fresh)
    second.child.kill('SIGTERM')
    await new Promise((resolve) => second.child.once('exit', resolve))
  },
  CRASH_TEST_LIMIT_MS,
)
