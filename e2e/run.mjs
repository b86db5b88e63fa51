// `pnpm test:e2e`: runs the Playwright suite against the real server and Debian's Chromium, and exits
// with the runner's code. Extra arguments go to `playwright test` (e.g. a spec file or `-g name`).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const cli = join(here, 'node_modules/.bin/playwright')
if (!existsSync(cli)) {
  console.error('e2e: @playwright/test is not installed (run pnpm install)')
  process.exit(1)
}
const chromium = process.env.PLEXUS_CHROMIUM ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.error(`e2e: ${chromium} is missing; install Debian's chromium (apt-get install -y chromium)`)
  process.exit(1)
}
const r = spawnSync(cli, ['test', '-c', join(here, 'playwright.config.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: join(here, '..'),
})
process.exit(r.status ?? 1)
