// Preloaded into the agent by agent-start.bench.ts (`node --import`): when the process exits, writes
// to $PLEXUS_MODULES_OUT the files it loaded, ES modules (seen by a load hook) and CommonJS ones
// (require.cache, which holds what CommonJS packages such as pg require in turn).
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire, register } from 'node:module'
import { fileURLToPath } from 'node:url'

const out = process.env.PLEXUS_MODULES_OUT
if (out) {
  writeFileSync(`${out}.esm`, '')
  register('./agent-start.hooks.mjs', import.meta.url, { data: { file: `${out}.esm` } })
  process.on('exit', () => {
    const esm = readFileSync(`${out}.esm`, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith('file:'))
      .map((url) => fileURLToPath(url.split('?')[0]))
    const cjs = Object.keys(createRequire(import.meta.url).cache)
    writeFileSync(out, JSON.stringify([...new Set([...esm, ...cjs])]))
  })
}
