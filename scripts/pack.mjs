#!/usr/bin/env node
// Packs the server (`plexus`) and the stdio agent (`plexus-agent`) the way MCP servers are installed:
// `npm pack` of a folder holding built JavaScript, a bin and a package.json with no workspace
// dependencies, so `npx -y <tarball> mcp` (and, for the server, `… serve`) runs in an empty directory.
//
//   node scripts/pack.mjs [server|agent ...] [--out DIR]     (default: both, into ./packed)
//
// Each app is bundled by esbuild from its TypeScript (the workspace packages and every pure-JavaScript
// dependency inside, so nothing is fetched but what cannot be bundled: better-sqlite3, a native
// module, for the server). Code splitting keeps each command's code in its own chunk: `plexus mcp`
// loads the agent's chunks, not the server's. What the bundles read beside themselves is copied in:
// the PostgreSQL migrations. The web app is not in the tarball (`--web-dist` points a server at a build).
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)))
const args = process.argv.slice(2)
const outAt = args.indexOf('--out')
const OUT = resolve(outAt >= 0 ? args[outAt + 1] : join(ROOT, 'packed'))
const which = args.filter((a, i) => !a.startsWith('--') && (outAt < 0 || i !== outAt + 1))

const APPS = {
  server: {
    dir: 'apps/sync',
    name: 'plexus',
    bin: 'plexus',
    entry: 'src/cli/cli.ts',
    description:
      'Plexus: a local-first graph workstation. `plexus serve` runs the sync and MCP server, `plexus mcp` the stdio MCP agent',
    // Native, so installed rather than bundled; the optional native drivers pg and ws try to load.
    external: ['better-sqlite3', 'pg-native', 'bufferutil', 'utf-8-validate'],
    dependencies: ['better-sqlite3'],
    copy: [['src/storage/postgres/migrations', 'dist/migrations']],
  },
  agent: {
    dir: 'apps/agent',
    name: 'plexus-agent',
    bin: 'plexus-agent',
    entry: 'src/main.ts',
    description:
      "Plexus's stdio MCP agent: the Plexus tools over stdio, a peer of a Plexus server with a local copy of each graph",
    external: ['bufferutil', 'utf-8-validate'],
    dependencies: [],
    copy: [],
  },
}

/** The installed version of a workspace app's dependency, from its own node_modules. */
function versionOf(appDir, name) {
  const pkg = JSON.parse(readFileSync(join(appDir, 'node_modules', name, 'package.json'), 'utf8'))
  return `^${pkg.version}`
}

mkdirSync(OUT, { recursive: true })
for (const key of which.length ? which : Object.keys(APPS)) {
  const app = APPS[key]
  if (!app) throw new Error(`unknown app ${key}: use ${Object.keys(APPS).join(' or ')}`)
  const appDir = join(ROOT, app.dir)
  const own = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'))
  const stage = join(OUT, `${app.name}-package`)
  rmSync(stage, { recursive: true, force: true })
  await build({
    absWorkingDir: appDir,
    entryPoints: { main: app.entry },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: join(stage, 'dist'),
    external: app.external,
    // CommonJS dependencies bundled into ES modules still call require (ws, pg, ioredis).
    banner: {
      js: "import { createRequire as __plexusRequire } from 'node:module'; const require = __plexusRequire(import.meta.url);",
    },
    logLevel: 'warning',
  })
  for (const [from, to] of app.copy) cpSync(join(appDir, from), join(stage, to), { recursive: true })
  mkdirSync(join(stage, 'bin'))
  // The bin calls main: cli.ts runs itself only when it is the script node was given, which it is not here.
  writeFileSync(
    join(stage, 'bin', `${app.bin}.mjs`),
    `#!/usr/bin/env node\nimport { main } from '../dist/main.js'\n\nprocess.exitCode = await main(process.argv.slice(2))\n`,
    { mode: 0o755 },
  )
  cpSync(join(appDir, 'README.md'), join(stage, 'README.md'))
  const manifest = {
    name: app.name,
    version: own.version,
    description: app.description,
    type: 'module',
    engines: { node: '>=20.19' },
    bin: { [app.bin]: `bin/${app.bin}.mjs` },
    files: ['bin', 'dist', 'README.md'],
    dependencies: Object.fromEntries(app.dependencies.map((d) => [d, versionOf(appDir, d)])),
  }
  writeFileSync(join(stage, 'package.json'), JSON.stringify(manifest, null, 2) + '\n')
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', OUT], { cwd: stage })
    .toString()
    .trim()
    .split('\n')
    .pop()
  console.log(join(OUT, tarball))
}
