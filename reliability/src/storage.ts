/**
 * Storage faults: a data directory that cannot be written makes `plexus serve` refuse to start
 * and say why; a disk that fills up while people and agents write makes those writes fail loudly
 * (the writer's connection closes with the reason, an agent's call says nothing was saved,
 * /healthz answers 503) and never drops them silently; once space is back, the clients' own copies
 * are stored and nothing anyone was told was saved is missing.
 *
 * Real faults need a filesystem of their own: a tmpfs mounted for the phase (root only). Without
 * root the disk-full and read-only runs are reported as skipped, not passed.
 */
import { execFileSync } from 'node:child_process'
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { Agent, SyncClient, type Entry } from './peers.ts'
import { runToExit, ServerProcess } from './server.ts'
import { storedDoc, missingEntries } from './stored.ts'
import { Rng, until, type Phase, type PhaseContext } from './suite.ts'

export const storagePhase: Phase = async (ctx) => {
  const failures: string[] = []
  const figures: Record<string, number | string> = {}
  let faults = 0
  let crashes = 0
  const fail = (text: string) => failures.push(text)

  // 1. The data directory is a file.
  const file = join(ctx.tmp, 'not-a-dir')
  writeFileSync(file, 'x')
  faults++
  await expectRefusal(file, 'a file as data directory', fail)

  const probe = join(ctx.tmp, 'probe')
  mkdirSync(probe)
  const mountable = canMount(probe)
  if (mountable !== true) {
    figures['read-only disk'] = `skipped: cannot mount a tmpfs here (${mountable})`
    figures['disk full'] = `skipped: cannot mount a tmpfs here (${mountable})`
    ctx.log(`read-only and full disk runs skipped: cannot mount a tmpfs (${mountable})`)
  } else {
    // 2. A read-only filesystem, empty and with existing data.
    const ro = join(ctx.tmp, 'ro')
    mkdirSync(ro)
    mount(ro, 'ro,size=1m')
    try {
      faults++
      await expectRefusal(ro, 'an empty read-only data directory', fail)
    } finally {
      unmount(ro)
    }
    mount(ro, 'size=16m')
    try {
      const server = new ServerProcess({ dataDir: ro })
      await server.start()
      const agent = new Agent('ro-agent', () => server.url, new Rng(ctx.seed))
      const opened = await agent.call('graph_open', { project: 'kept', goal: 'Survive a read-only disk' })
      if (!opened.ok) fail(`graph_open on a writable disk failed: ${opened.text}`)
      await agent.close()
      await server.stop()
      crashes += server.crashes.length
      execFileSync('mount', ['-o', 'remount,ro', ro])
      faults++
      await expectRefusal(ro, 'a read-only data directory holding graphs', fail)
    } finally {
      unmount(ro)
    }
    figures['read-only disk'] = 'refused to start, said why'

    // 3. The disk fills up during writes.
    const full = join(ctx.tmp, 'full')
    mkdirSync(full)
    mount(full, 'size=24m')
    try {
      const result = await diskFull(ctx, full, fail)
      faults += result.faults
      crashes += result.crashes
      Object.assign(figures, result.figures)
    } finally {
      unmount(full)
    }
  }
  figures['faults injected'] = faults
  return { name: 'storage', figures, failures, crashes }
}

async function expectRefusal(dataDir: string, what: string, fail: (t: string) => void): Promise<void> {
  const run = await runToExit(['serve', '--port', '0', '--data', dataDir])
  if (run.code === 0 || /listening on/.test(run.stdout)) {
    fail(`with ${what}, plexus serve started (exit ${run.code}); it must refuse`)
  } else if (!/cannot write to the data directory/.test(run.stderr)) {
    fail(`with ${what}, plexus serve exited ${run.code} without saying why: ${run.stderr.slice(0, 300)}`)
  } else if (/\n\s+at /.test(run.stderr)) {
    fail(`with ${what}, plexus serve printed a stack trace instead of a message: ${run.stderr.slice(0, 300)}`)
  }
}

async function diskFull(
  ctx: PhaseContext,
  dataDir: string,
  fail: (t: string) => void,
): Promise<{ faults: number; crashes: number; figures: Record<string, number | string> }> {
  const figures: Record<string, number | string> = {}
  const server = new ServerProcess({ dataDir })
  await server.start()
  const rng = new Rng(ctx.seed)
  const agent = new Agent('disk-agent', () => server.url, rng.fork(1))
  const clients: SyncClient[] = []
  const filler = join(dataDir, 'filler')
  try {
    const opened = await agent.call('graph_open', { project: 'disk', goal: 'Survive a full disk' })
    if (!opened.ok) throw new Error(`graph_open failed: ${opened.text}`)
    const writer = new SyncClient('writer', server.wsUrl, 'disk')
    const reader = new SyncClient('reader', server.wsUrl, 'disk')
    clients.push(writer, reader)
    if (!(await until(() => clients.every((c) => c.synced && c.root() !== null), 10_000)))
      throw new Error('clients did not sync')
    const early: Entry[] = []
    for (let i = 0; i < 5; i++) early.push(writer.write(rng)!)
    if (!(await until(() => missingEntries(reader.doc, early).length === 0, 10_000)))
      fail('before the disk filled, the reader did not see the writer’s nodes')

    // Fill every free block, then write until storage refuses (SQLite may reuse space it holds).
    const bytes = fill(filler)
    figures['filler bytes'] = bytes
    const closesBefore = writer.closes.length
    const duringFull: Entry[] = []
    for (let i = 0; i < 200 && writer.closes.length === closesBefore; i++) {
      const entry = writer.write(rng)
      if (entry) duringFull.push(entry)
      await until(() => writer.closes.length > closesBefore, 25, 5)
    }
    const close = writer.closes[closesBefore]
    if (!close) {
      fail('a full disk never made a write fail: 200 writes were accepted')
    } else {
      figures['writer closed with'] = `${close.code} ${close.reason}`
      if (close.code !== 1011 || !/storage refused|full/i.test(close.reason))
        fail(
          `the writer on a full disk was closed with ${close.code} "${close.reason}"; expected 1011 and the reason`,
        )
    }
    const health = await fetch(`${server.url}/healthz`)
    const body = (await health.json()) as { storage?: string }
    figures['healthz while full'] = `${health.status} ${body.storage ?? ''}`.slice(0, 120)
    if (health.status !== 503 || !/full/i.test(body.storage ?? ''))
      fail(
        `/healthz on a full disk answered ${health.status} ${JSON.stringify(body)}; expected 503 and the reason`,
      )
    if (!/nothing of it saved/.test(server.stderr))
      fail('the server log does not say the write was not saved')

    const refused = await agent.call('graph_plan', {
      project: 'disk',
      nodes: [{ summary: 'written while the disk is full' }],
    })
    figures['agent told'] = refused.text.slice(0, 120)
    if (refused.ok)
      fail(`an agent's write on a full disk was answered as done: ${refused.text.slice(0, 200)}`)
    else if (!/not saved/.test(refused.text)) fail(`an agent's refused write did not say so: ${refused.text}`)

    // Space again: the writer's client resends what it holds; everything reaches the reader.
    rmSync(filler)
    const everything = [...early, ...duringFull]
    if (!(await until(() => missingEntries(reader.doc, everything).length === 0, 20_000)))
      fail(
        `after space came back, the reader misses ${missingEntries(reader.doc, everything).length} of the writer's ${everything.length} writes`,
      )
    const after = await agent.call('graph_plan', { project: 'disk', nodes: [{ summary: 'written after' }] })
    if (!after.ok) fail(`an agent's write after space came back failed: ${after.text}`)
    const healthAfter = await fetch(`${server.url}/healthz`)
    if (healthAfter.status !== 200) fail(`/healthz stayed ${healthAfter.status} after space came back`)

    // What is on disk, read straight from the file with the server killed.
    await server.kill()
    const doc = storedDoc(dataDir, 'disk')
    const lost = missingEntries(doc, everything)
    const summaries = [...doc.getMap('nodes').values()].map((n) =>
      (n as { get(k: string): unknown }).get('summary'),
    )
    if (summaries.includes('written while the disk is full'))
      fail('the agent was told its write was not saved, yet it is stored')
    if (!summaries.includes('written after')) fail("the agent's acknowledged write is not stored")
    figures['writes during full disk'] = duringFull.length
    figures['updates lost'] = lost.length + (summaries.includes('written after') ? 0 : 1)
    if (lost.length) fail(`${lost.length} writes are missing from the stored graph after the disk-full run`)
    doc.destroy()
  } finally {
    rmSync(filler, { force: true })
    for (const c of clients) c.destroy()
    await agent.close()
    await server.stop()
  }
  return { faults: 1, crashes: server.crashes.length, figures }
}

/** Writes `path` until the filesystem is full; returns the bytes written. */
function fill(path: string): number {
  const fd = openSync(path, 'w')
  const chunk = Buffer.alloc(64 * 1024, 1)
  let total = 0
  try {
    for (;;) {
      try {
        total += writeSync(fd, chunk)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break
        throw error
      }
    }
    // The last partial blocks.
    for (const size of [4096, 512, 1]) {
      for (;;) {
        try {
          total += writeSync(fd, chunk.subarray(0, size))
        } catch {
          break
        }
      }
    }
  } finally {
    closeSync(fd)
  }
  return total
}

/** True if this process may mount a tmpfs (root, and a sandbox that allows it); else why not. */
function canMount(dir: string): true | string {
  try {
    mount(dir, 'size=1m')
    unmount(dir)
    return true
  } catch (error) {
    const text = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message
    return text.split('\n')[0]!.slice(0, 120)
  }
}

function mount(dir: string, options: string): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' })
}

function unmount(dir: string): void {
  try {
    execFileSync('umount', [dir], { stdio: 'pipe' })
  } catch {
    execFileSync('umount', ['-l', dir], { stdio: 'pipe' })
  }
}
