import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SCHEMA_VERSION } from '../packages/model/src/index.ts'
import { startServer } from '../apps/sync/src/start-server.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const web = join(root, 'apps/web')

function newest(dir: string): number {
  let t = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

/** Builds the web app when its sources (or the model's) are newer than the build. */
function buildWeb(): void {
  const index = join(web, 'dist/index.html')
  const built = existsSync(index) ? statSync(index).mtimeMs : 0
  const sources = Math.max(
    newest(join(web, 'src')),
    newest(join(web, 'public')),
    newest(join(root, 'packages/model/src')),
    statSync(join(web, 'index.html')).mtimeMs,
  )
  if (built > sources && !process.env.PLEXUS_E2E_REBUILD) return
  console.log('e2e: building apps/web')
  execFileSync(join(web, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
  })
}

/** Builds the app and starts the real sync server on a free port with a fresh data directory. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  buildWeb()
  const dataDir = mkdtempSync(join(tmpdir(), 'plexus-e2e-'))
  // One schema newer than the web app: versions.spec's "newer build" raises a graph past the app's
  // version, which a server of the app's own version refuses (docs/versions.md, rule 5).
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webDist: join(web, 'dist'),
    newestSchema: SCHEMA_VERSION + 1,
  })
  process.env.PLEXUS_URL = server.url
  console.log(`e2e: server at ${server.url} (data in ${dataDir})`)
  return async () => {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
