import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/**
 * Emits `asset-manifest.json`: every file of the build, so the service worker can cache the whole app
 * shell at install time (hashed names are only known after the build).
 */
function assetManifest(): Plugin {
  return {
    name: 'plexus-asset-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((f) => !f.endsWith('.map'))
        .map((f) => '/' + f)
      files.push('/', '/favicon.svg')
      this.emitFile({
        type: 'asset',
        fileName: 'asset-manifest.json',
        source: JSON.stringify(files, null, 1),
      })
    },
  }
}

const server = process.env.PLEXUS_SERVER ?? 'http://127.0.0.1:4100'

export default defineConfig({
  plugins: [react(), assetManifest()],
  build: { target: 'es2022', chunkSizeWarningLimit: 2000, sourcemap: false },
  server: {
    proxy: {
      '/api': server,
      '/mcp': server,
      '/sync': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
})
