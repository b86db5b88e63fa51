/**
 * Pathological input for every parser's regular expressions, sent to a running server (issue 23: a
 * 70-byte Mermaid import froze it). The patterns are the literals in packages/model/src/formats, found
 * by reading the sources (the inventory of the in-process property test, formats/inventory.test.ts,
 * imported, not copied), and the texts are that test's generator: the pattern's own characters and a
 * few common ones, repeated and nested, up to some 48 KB (fast-check, seeded from the run's seed).
 * Each text goes through REST import in the format that reaches its pattern, framed so it reaches
 * the lines the pattern reads (a Mermaid edge label, a canvas card); every graph is deleted after.
 *
 * Each import must be answered (accepted or refused with a 4xx, never a 5xx nor a hang), and
 * `/healthz`, asked all along from beside, must keep answering: its slowest answer is a figure, and
 * a freeze (an import unanswered in 10 s, `/healthz` slower than 5 s) is a failure. The in-process
 * test holds each pattern to a backtrack budget; this says the server as deployed stays up.
 */
import fc from 'fast-check'
import { inventory, worst } from '@plexus/model/regex-inventory'
import type { ServerProcess } from '../server.ts'
import { sleep, type PhaseContext } from '../suite.ts'
import { auth, http, show, type Tally, type Tokens } from './kit.ts'

type Format = 'json' | 'mermaid' | 'dsl' | 'canvas'

/** How a text reaches the patterns of each format's parser. */
const FRAMES: Record<Format, ReadonlyArray<(t: string) => string>> = {
  mermaid: [(t) => t, (t) => `flowchart TD\n${t}`, (t) => `flowchart TD\nA -->|${t}`],
  dsl: [(t) => t],
  canvas: [
    (t) =>
      JSON.stringify({
        nodes: [{ id: 'c1', type: 'text', text: t, x: 0, y: 0, width: 250, height: 60 }],
        edges: [],
      }),
  ],
  json: [(t) => t, (t) => JSON.stringify({ nodes: [{ id: 'n1', summary: t }], edges: [] })],
}

/** The formats whose import reads a parser file's patterns (by the file's name). */
function formatsOf(file: string): Format[] {
  const name = file.split('/').pop()!
  if (name.startsWith('mermaid')) return ['mermaid']
  if (name.startsWith('canvas')) return ['canvas']
  if (name.startsWith('json')) return ['json']
  if (/^(dsl|facts|knowledge)\b/.test(name)) return ['dsl']
  return ['mermaid', 'dsl', 'canvas', 'json']
}

/** Texts per pattern: a few in the short run, more in the long one. */
const perPattern = (ctx: PhaseContext) => Math.max(2, Math.round(ctx.profile.badInputsPerKind / 300))

export async function parserInputs(
  ctx: PhaseContext,
  server: ServerProcess,
  t: Tokens,
  tally: Tally,
  figures: Record<string, number>,
): Promise<void> {
  const { literals } = inventory(['packages/model/src/formats'])
  const n = perPattern(ctx)
  let healthzMax = 0
  let importMax = 0
  let sent = 0
  let accepted = 0
  let running = true
  // /healthz from beside, all along: how long the server keeps anyone else waiting.
  const pinger = (async () => {
    while (running) {
      const started = Date.now()
      try {
        const r = await http(server.port, 'GET', '/healthz')
        if (r.status !== 200) tally.expect(false, '/healthz during the parser inputs', 'HTTP 200', show(r))
      } catch (error) {
        tally.expect(false, '/healthz during the parser inputs', 'an answer', String(error))
      }
      healthzMax = Math.max(healthzMax, Date.now() - started)
      await sleep(25)
    }
  })()
  try {
    for (const [i, lit] of literals.entries()) {
      const file = lit.at.split(':')[0]!
      const texts = fc.sample(worst(lit.source), { seed: ctx.seed + i, numRuns: n })
      for (const [j, text] of texts.entries()) {
        for (const format of formatsOf(file)) {
          const frames = FRAMES[format]
          const body = frames[(i + j) % frames.length]!(text)
          const graph = `rx-${i}-${j}-${format}`
          const what = `${format} import of ${body.length} characters made for /${lit.source.slice(0, 60)}/ (${lit.at})`
          const started = Date.now()
          let reply
          try {
            reply = await http(
              server.port,
              'POST',
              `/api/graphs/${graph}/import?format=${format}`,
              auth(t.writer),
              body,
            )
          } catch (error) {
            tally.refuse(false, what, 'an answer within 10 s', String(error))
            continue
          }
          const took = Date.now() - started
          importMax = Math.max(importMax, took)
          sent++
          if (reply.status === 200) accepted++
          tally.refuse(reply.status < 500, what, 'accepted or refused with a 4xx', show(reply))
          if (reply.status === 200) {
            const gone = await http(server.port, 'DELETE', `/api/graphs/${graph}`, auth(t.admin))
            tally.expect(gone.status < 300, `deleting ${graph}`, 'HTTP 2xx', show(gone))
          }
        }
      }
    }
  } finally {
    running = false
    await pinger
  }
  tally.expect(
    healthzMax <= 5000,
    '/healthz during the parser inputs',
    'answers within 5 s',
    `${healthzMax} ms`,
  )
  figures['parser patterns'] = literals.length
  figures['parser inputs sent'] = sent
  figures['parser inputs accepted'] = accepted
  figures['parser import slowest (ms)'] = importMax
  figures['healthz slowest during parser inputs (ms)'] = healthzMax
}
